"""What the displays' reports say of a scheduled change's notice, for pit staff in a hurry.

A higher minimum table stake at manila or draw poker needs its notice shown on the table's
displays for 20 minutes up to the change (003 s259(3), s295(3)) unless all players agreed.
:func:`notice_state` reads the displays' reports (:mod:`kiosk.state.showing`) and returns a
:class:`NoticeState` (what is known, and whether the change will be refused as things stand)
alongside the words the console shows, so the console styles a row from the state, never from
its own English.  It counts exactly what the service counts: counting reports only (a display
of the table, its own token), on the sign that carries the notice (docs/readings.md A-28);
:func:`commission_words` says the same of a poker commission change (002 r7.3).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from kiosk.rules.changes import NOTICE_PERIOD
from kiosk.rules.times import parse_utc
from kiosk.state.shapes import ScheduledChange, TableState
from kiosk.state.showing import (
    ShowingRecord,
    change_announced,
    commission_signs,
    notice_now,
    notice_shown,
    scheduled_notice_signs,
    unannounced_signs,
)

__all__ = ["NoticeState", "Shown", "commission_words", "notice_state", "notice_words"]

_STAKE_RULES = {"manila_poker": "003 s259(3)", "draw_poker": "003 s295(3)"}

Local = Callable[[datetime, str], str]
"""Shows a UTC time in the casino's time zone: ``local(moment, "%H:%M")``."""


class Shown(Enum):
    """What the displays' reports say of a notice."""

    AGREED = "agreed"  # all players agreed: the change needs no notice
    UNKNOWN = "unknown"  # the reports could not be read
    NOT_SHOWN = "not_shown"  # no display has shown it
    TAKEN_DOWN = "taken_down"  # shown, then no display showed it any more
    SHOWN = "shown"  # shown now, on at least one display


@dataclass(frozen=True)
class NoticeState:
    """A scheduled change's notice: what is ``shown``, and whether the change will be
    ``refused`` as things stand (its notice not shown for 20 minutes before it, 003 s259(3),
    s295(3))."""

    shown: Shown
    refused: bool = False

    @property
    def stands_out(self) -> bool:
        """A change that will fail, or whose notice nobody can vouch for: shown in alarm."""
        return self.refused or self.shown is Shown.UNKNOWN


def notice_state(
    table: TableState, item: ScheduledChange, records: list[ShowingRecord] | None, local: Local
) -> tuple[NoticeState, str]:
    """The state of the notice of scheduled change ``item`` of ``table``, and what the console
    says of it: shown since when and on how many displays, taken down, or not shown (and what
    follows).  ``records`` ``None``: the reports could not be read."""
    agreed = item.get("agreement")
    if agreed:
        return NoticeState(Shown.AGREED), f"all players agreed, confirmed by {agreed['confirmed_by']}"
    if records is None:
        return (
            NoticeState(Shown.UNKNOWN),
            "whether the displays show its notice is not known (the audit trail could not be read)",
        )
    on = scheduled_notice_signs(table.get("game", ""), item.get("limits") or {})  # the signs that carry it
    since, down = notice_shown(records, item["id"], signs=on)
    when = parse_utc(item["effective_at"])
    new = (item.get("limits") or {}).get("minimum_table_stake_cents")
    rule = _STAKE_RULES.get(table.get("game", ""))
    needed = (
        rule is not None
        and isinstance(new, int)
        and new > ((table.get("limits") or {}).get("minimum_table_stake_cents") or 0)
    )
    if since is None:
        if not needed:
            return NoticeState(Shown.NOT_SHOWN), "its notice is not shown on any display"
        return NoticeState(Shown.NOT_SHOWN, refused=True), (
            f"NOTICE NOT SHOWN on any display: unless shown by {local(when - NOTICE_PERIOD, '%H:%M')} "
            f"the change will be refused ({rule})"
        )
    if down is not None:
        return NoticeState(Shown.TAKEN_DOWN, refused=needed), f"notice TAKEN DOWN at {local(down, '%H:%M:%S')}" + (
            f": the change will be refused unless it is shown again by {local(when - NOTICE_PERIOD, '%H:%M')} ({rule})"
            if needed
            else ""
        )
    displays = len(notice_now(records, item["id"], signs=on))
    text = f"notice shown since {local(since, '%H:%M:%S')} on {displays} display{'s' if displays != 1 else ''}"
    late = needed and when - since < NOTICE_PERIOD
    if late:
        text += f": less than 20 minutes before the change, which will be refused ({rule})"
    return NoticeState(Shown.SHOWN, refused=late), text


def notice_words(table: TableState, item: ScheduledChange, records: list[ShowingRecord] | None, local: Local) -> str:
    """What the console says of the notice of scheduled change ``item`` (:func:`notice_state`)."""
    return notice_state(table, item, records, local)[1]


def commission_words(table: TableState, change_id: str, records: list[ShowingRecord] | None) -> str:
    """What a pending poker commission change waits for (002 r7.3: the table signs changed): the
    displays that show it, and every sign stating the commission that does not show it yet."""
    if records is None:
        return "whether the table's displays show it is not known (the audit trail could not be read) (002 r7.3)"
    signs = commission_signs(table)
    shown = change_announced(records, change_id, signs=signs)
    if not shown:
        return "the table's displays to show it: NOT SHOWN yet (002 r7.3)"
    missing = unannounced_signs(records, change_id, signs)
    if missing:
        return f"shown on {', '.join(shown)}, but not yet on its {' and '.join(missing)} sign (002 r7.3)"
    return f"shown on {', '.join(shown)} (002 r7.3)"
