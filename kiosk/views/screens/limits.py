"""The ``limits`` display view: the table's limits sign, at true size, 8 mm letters or more.

The sign is the printed one (:mod:`kiosk.views.signs`), composed for the screen area.  A
manila or draw poker table also shows its minimum table stake sign in turn (003 s259(2),
s295(2)); a scheduled change shows its notice with the new value and a countdown to when it
takes effect (003 s259(3), s295(3); 002 r6.9).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from kiosk.state.shapes import LinkState, TableState
from kiosk.views.base import DEFAULT_AREA, LIVE, Area, CasinoSettings, Status, ViewState
from kiosk.views.screens.signs import DEFAULT_INTERVAL_S
from kiosk.views.signs.frames import sign_view_state

__all__ = ["compose"]

_STAKE_GAMES = ("manila_poker", "draw_poker")


def compose(
    table: TableState | None,
    link: LinkState | None,
    settings: CasinoSettings,
    now: datetime,
    *,
    area: Area = DEFAULT_AREA,
    connection: Status = LIVE,
    heard_at: datetime | None = None,
    lit: Iterable[str] = frozenset(),
    interval_s: float = DEFAULT_INTERVAL_S,
) -> ViewState:
    """The table's limits sign (and, for manila and draw poker, its minimum table stake), each
    frame shown ``interval_s`` seconds (``heard_at`` and ``lit`` are not used by this view)."""
    if table is None:
        raise ValueError("the limits view shows a table's limits; it needs a table")
    kinds = ["limits"] + (["minimum_table_stake"] if table["game"] in _STAKE_GAMES else [])
    return sign_view_state(
        "limits", kinds, table, link, settings, now, area=area, connection=connection, frame_seconds=interval_s
    )
