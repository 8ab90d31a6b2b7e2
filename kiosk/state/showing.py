"""What the displays of a table actually show, as they report it: the evidence for the rules
that depend on a sign being displayed.

A display (one screen: a floor file's ``[[display]]``, named by its id) reports over its
stream (``docs/api.md``, "Reports from a display") each time what its signs say changes: which sign kinds are on its screens (a sign refused for its letter
height, a screen of unknown size or a running time-to-act clock shows none), which announced
changes (scheduled and pending change ids) are on them, and what the jackpot sharing sign
states.  Each report is one ``display_showing`` audit record (target: the table), so the
record of what was shown is part of the chained audit trail compliance reads.  The rules
that once assumed a sign was shown now count from these records:

* a scheduled increase of the minimum table stake (003 s259(3), s295(3)): the notice counts
  from when a display of the table first reported showing it, and must still be shown when the
  change is due (:func:`notice_shown`);
* a poker room commission change (002 r7.3): made at the end of a hand only once a display of
  the table has reported showing the change (:func:`change_announced`);
* the jackpot sharing sign (000 s247(3)): "on the relevant table" when the round was played if
  the latest report of a display of the table shows it stating the configured way of sharing
  (:func:`sign_shown`).

A display's latest report stands until it sends another: a display that loses its server
keeps showing what it showed (marked offline), and says so again when it reconnects; a display
that is shut down reports that it shows nothing first (docs/readings.md A-25).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from kiosk.floor.signs import SIGN_KINDS
from kiosk.rules.text import text_problem
from kiosk.state.errors import BadRequest
from kiosk.state.ids import is_id
from kiosk.state.time_input import parse_when

__all__ = [
    "ACTION",
    "MAX_ITEMS",
    "PER_MINUTE",
    "RECENT",
    "Report",
    "ShowingRecord",
    "change_announced",
    "notice_now",
    "notice_shown",
    "parse_report",
    "record_of",
    "records_from_audit",
    "sign_shown",
]

ACTION = "display_showing"
"""The audit action of a display's report."""
MAX_ITEMS = 64
"""At most this many sign kinds or change ids in one report."""
PER_MINUTE = 60
"""At most this many reports recorded from one display connection in a minute (a report is
sent only when what a display shows changes, so more is a fault, never a display)."""
RECENT = 500
"""The rules read a table's newest this many reports (a report is recorded only when what a
display shows changes, and on each reconnection)."""
_FIELDS = frozenset({"type", "table_id", "display_id", "version", "signs", "notices", "sharing"})


@dataclass(frozen=True)
class Report:
    """One display's report of what it shows for one table (``display_id``: the floor's id of
    the screen, None when the token stands for one display)."""

    table_id: str
    display_id: str | None
    version: int | None
    signs: tuple[str, ...]
    notices: tuple[str, ...]
    sharing: str | None

    def details(self) -> dict[str, Any]:
        """The audit record's details."""
        return {
            "display_id": self.display_id,
            "version": self.version,
            "signs": list(self.signs),
            "notices": list(self.notices),
            "sharing": self.sharing,
        }

    @property
    def key(self) -> tuple:
        """What the report says, without the table version it was drawn at (a report is worth
        recording only when this changes)."""
        return self.signs, self.notices, self.sharing


@dataclass(frozen=True)
class ShowingRecord:
    """A recorded report: which display (its token's id and name, and the screen's display id),
    when, and what it showed."""

    n: int
    at: datetime
    token_id: str | None
    token_name: str
    display_id: str | None
    signs: frozenset[str]
    notices: frozenset[str]
    sharing: str | None

    @property
    def display(self) -> str:
        """The display as people name it: its floor id, else its token's name."""
        return self.display_id or self.token_name

    @property
    def screen(self) -> tuple[str, str | None]:
        """Which display it is: the token and the screen (two screens of one token are two
        displays; so are two computers sharing a token, if their screens' ids differ)."""
        return self.token_id or self.token_name, self.display_id


def _ids(value: Any, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > MAX_ITEMS or not all(is_id(v) for v in value):
        raise BadRequest(f"showing.{key}: must be a list of at most {MAX_ITEMS} ids")
    return tuple(sorted(set(value)))


def parse_report(message: Mapping[str, Any]) -> Report:
    """Check a display's ``{"type": "showing", ...}`` message; :class:`BadRequest` in one line."""
    unknown = sorted(set(message) - _FIELDS)
    if unknown:
        raise BadRequest(f"showing: unknown field {unknown[0]!r} (allowed: {', '.join(sorted(_FIELDS))})")
    table_id = message.get("table_id")
    if not is_id(table_id):
        raise BadRequest("showing.table_id: must be the id of the table the report is about")
    display_id = message.get("display_id")
    if display_id is not None and not is_id(display_id):
        raise BadRequest("showing.display_id: must be the floor's id of the display (its screen), or null")
    version = message.get("version")
    if version is not None and (isinstance(version, bool) or not isinstance(version, int) or version < 0):
        raise BadRequest("showing.version: must be the table's version drawn (a whole number) or null")
    signs = _ids(message.get("signs", []), "signs")
    unknown_kind = next((k for k in signs if k not in SIGN_KINDS), None)
    if unknown_kind is not None:
        raise BadRequest(f"showing.signs: unknown sign kind {unknown_kind!r}")
    notices = _ids(message.get("notices", []), "notices")
    sharing = message.get("sharing")
    if sharing is not None:
        problem = text_problem(sharing, limit=500)
        if problem is not None:
            raise BadRequest(f"showing.sharing: {problem}")
    return Report(table_id, display_id, version, signs, notices, sharing)


def record_of(n: int, at: datetime, token_id: str | None, token_name: str, details: Mapping[str, Any]) -> ShowingRecord:
    """A :class:`ShowingRecord` from a ``display_showing`` audit record's fields."""
    return ShowingRecord(
        int(n),
        at,
        token_id,
        token_name,
        details.get("display_id"),
        frozenset(details.get("signs") or ()),
        frozenset(details.get("notices") or ()),
        details.get("sharing"),
    )


def records_from_audit(rows: Iterable[Mapping[str, Any]]) -> list[ShowingRecord]:
    """The records of ``display_showing`` audit records as ``GET /api/v1/audit`` returns them
    (any order), oldest first; other records are skipped."""
    out = [
        record_of(
            r["n"], parse_when(r["at"], "audit record at"), r.get("token_id"), str(r["actor"]), r.get("details") or {}
        )
        for r in rows
        if r.get("action") == ACTION
    ]
    return sorted(out, key=lambda r: r.n)


def _latest(records: Iterable[ShowingRecord]) -> dict[tuple[str, str | None], ShowingRecord]:
    latest: dict[tuple[str, str | None], ShowingRecord] = {}
    for record in sorted(records, key=lambda r: r.n):
        latest[record.screen] = record
    return latest


def notice_shown(records: Sequence[ShowingRecord], change_id: str) -> tuple[datetime | None, datetime | None]:
    """``(shown_from, taken_down_at)`` of the notice of change ``change_id``: when the current
    unbroken run of at least one display showing it began (``None``: never shown), and, if no
    display shows it now, when the last one stopped (``None``: still shown)."""
    showing: set[tuple[str, str | None]] = set()
    since: datetime | None = None
    down: datetime | None = None
    for record in sorted(records, key=lambda r: r.n):
        who = record.screen
        if change_id in record.notices:
            if not showing:
                since, down = record.at, None
            showing.add(who)
        elif who in showing:
            showing.discard(who)
            if not showing:
                down = record.at
    return since, (None if showing else down)


def notice_now(records: Sequence[ShowingRecord], change_id: str) -> list[ShowingRecord]:
    """The latest reports, one per display, that show the notice of change ``change_id``."""
    return [r for r in _latest(records).values() if change_id in r.notices]


def change_announced(records: Sequence[ShowingRecord], change_id: str) -> list[str]:
    """The displays that have reported showing the announcement of change ``change_id``."""
    return sorted({r.display for r in records if change_id in r.notices})


def sign_shown(records: Sequence[ShowingRecord], kind: str, *, says: str | None = None) -> list[ShowingRecord]:
    """The latest reports, one per display, that show sign ``kind`` (stating ``says``, when
    given: the jackpot sharing sign's way of sharing)."""
    return [r for r in _latest(records).values() if kind in r.signs and (says is None or r.sharing == says)]
