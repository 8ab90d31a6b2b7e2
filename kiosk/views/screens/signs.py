"""The ``signs`` display view: every sign the table shows, in turn.

Each page of each sign (the two-up result cards are three) is a frame shown for
``interval_s`` seconds (default :data:`DEFAULT_INTERVAL_S`, set per display); a notice of a
change ahead counts down to when it takes effect (003 s259(3), s295(3); 002 r6.9).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from kiosk.state.shapes import LinkState, TableState
from kiosk.views.base import DEFAULT_AREA, LIVE, Area, CasinoSettings, Status, ViewState
from kiosk.views.signs.frames import sign_view_state
from kiosk.views.signs.kinds import table_signs

__all__ = ["DEFAULT_INTERVAL_S", "compose"]

DEFAULT_INTERVAL_S = 12.0


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
    """The table's signs as frames shown in turn, ``interval_s`` seconds each (``heard_at`` and
    ``lit`` are not used by this view)."""
    if table is None:
        raise ValueError("the signs view shows a table's signs; it needs a table")
    if not interval_s > 0:
        raise ValueError(f"the signs view's interval must be more than 0 seconds, not {interval_s!r}")
    kinds = [kind for kind, _cap in table_signs(table)]
    return sign_view_state(
        "signs", kinds, table, link, settings, now, area=area, connection=connection, frame_seconds=interval_s
    )
