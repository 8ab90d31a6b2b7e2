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

A report counts for its table only when (:func:`check_report`, docs/readings.md A-28): its
display id is a display of that table in the floor (``FloorFrame.displays``); the token that
sent it is a display token issued for that display (``kiosk token create --role display
--display ID``); and each notice it lists is on a sign it shows that carries the notice
(:func:`kiosk.floor.signs.notice_signs`).  A report that fails is refused and recorded as a
``display_showing_refused`` audit record with the reason and the claimed display; a counting
report's record says ``"counts": true``.  The functions below read counting records only, so a
record written before reports were checked (schema 4) proves nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from kiosk.floor.signs import SIGN_KINDS, notice_signs
from kiosk.rules.changes import STAKE_RULES
from kiosk.rules.text import text_problem
from kiosk.state.errors import BadRequest, Forbidden, RuleRefused, StateError
from kiosk.state.events import Actor
from kiosk.state.ids import is_id
from kiosk.state.time_input import parse_when

if TYPE_CHECKING:
    from kiosk.floor.models import Display

__all__ = [
    "ACTION",
    "COMMISSION_FIELDS",
    "EVIDENCE_RULE",
    "MAX_ITEMS",
    "PER_MINUTE",
    "RECENT",
    "REFUSED_ACTION",
    "STAKE_FIELDS",
    "Report",
    "ShowingRecord",
    "change_announced",
    "check_report",
    "commission_signs",
    "notice_now",
    "notice_shown",
    "parse_report",
    "record_of",
    "records_from_audit",
    "refused_details",
    "scheduled_notice_signs",
    "sign_shown",
    "unannounced_signs",
]

ACTION = "display_showing"
"""The audit action of a display's report that counts for its table."""
REFUSED_ACTION = "display_showing_refused"
"""The audit action of a report refused (:func:`check_report`): who tried, for which display."""
EVIDENCE_RULE = "docs/readings.md A-28"
"""Which reports count as a sign displayed at a table: the reading the refusals cite."""
_EVIDENCE_FOR = "003 s259(3), s295(3); 002 r7.3; 000 s247(3)"
STAKE_FIELDS = ("minimum_table_stake_cents",)
"""003 s259(3), s295(3): the notice is "a sign showing the new minimum" - the signs that announce
a change of the minimum table stake carry it (the minimum table stake sign)."""
COMMISSION_FIELDS = ("rake",)
"""002 r7.3: "the table signs are changed" - the signs that state the commission (the rake sign,
002 r7.1, and the game notice, 002 r6.3) carry a change of it."""
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

    def details(self, *, counts: bool = True) -> dict[str, Any]:
        """The audit record's details (``counts``: it passed :func:`check_report`)."""
        out: dict[str, Any] = {
            "display_id": self.display_id,
            "version": self.version,
            "signs": list(self.signs),
            "notices": list(self.notices),
            "sharing": self.sharing,
        }
        if counts:
            out["counts"] = True
        return out

    @property
    def key(self) -> tuple:
        """What the report says, without the table version it was drawn at (a report is worth
        recording only when this changes)."""
        return self.signs, self.notices, self.sharing


@dataclass(frozen=True)
class ShowingRecord:
    """A recorded report: which display (its token's id and name, and the screen's display id),
    when, and what it showed; ``counts``: it passed :func:`check_report` when it was recorded (a
    record from before reports were checked does not)."""

    n: int
    at: datetime
    token_id: str | None
    token_name: str
    display_id: str | None
    signs: frozenset[str]
    notices: frozenset[str]
    sharing: str | None
    counts: bool = False

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
        details.get("counts") is True,
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


# -- which reports count (docs/readings.md A-28) ------------------------------------------------


def _notice_rule(game: str, item: Mapping[str, Any]) -> str:
    """The rule a change's notice serves: 003 s259(3), s295(3) for a scheduled stake change,
    002 r7.3 for a commission change, 002 r6.9 for another poker room change."""
    patch = item.get("limits") or {}
    if "effective_at" in item and set(STAKE_FIELDS) & set(patch) and game in STAKE_RULES:
        return STAKE_RULES[game]
    if item.get("commission"):
        return "002 r7.3"
    if item.get("notice") is not None:
        return "002 r6.9"
    return EVIDENCE_RULE


def check_report(report: Report, actor: Actor, table: Mapping[str, Any], displays: Mapping[str, Display]) -> Report:
    """The report as it counts for ``table`` (its display id filled in when the token speaks for
    one display and the report leaves it out), or its refusal in one line: :class:`Forbidden`
    when the token may not speak for the display, :class:`RuleRefused` when the report cannot
    count at that table.  ``displays``: the floor's displays (``FloorFrame.displays``)."""
    table_id = report.table_id
    if actor.role != "display":
        raise Forbidden(
            f"only a display token reports what a display shows; this is a {actor.role} token ({EVIDENCE_RULE})"
        )
    token = actor.token_id or actor.name
    bound = actor.displays or frozenset()
    if not bound:
        raise Forbidden(
            f"display token {token} ({actor.name}) speaks for no display: re-issue it for its displays"
            f" (kiosk token create --role display --display ID ...) and revoke this one ({EVIDENCE_RULE})"
        )
    display_id = report.display_id
    if display_id is None:
        if len(bound) != 1:
            raise RuleRefused(
                f"showing.display_id: name the display the report is for; token {token} speaks for"
                f" {', '.join(sorted(bound))} ({EVIDENCE_RULE})",
                rule=EVIDENCE_RULE,
            )
        [display_id] = bound
    display = displays.get(display_id)
    if display is None or display.table != table_id:
        where = "no display of the floor" if display is None else f"a display of {display.table or display.link}"
        raise RuleRefused(
            f"display {display_id} is not a display of table {table_id} in the floor ({where}): its report proves"
            f" nothing shown at that table ({_EVIDENCE_FOR}; {EVIDENCE_RULE})",
            rule=EVIDENCE_RULE,
        )
    if display_id not in bound:
        raise Forbidden(
            f"display token {token} speaks for {', '.join(sorted(bound))}, not for display {display_id}"
            f" ({EVIDENCE_RULE})"
        )
    changes = {item["id"]: item for item in [*(table.get("scheduled") or []), *(table.get("pending") or [])]}
    for change_id in report.notices:
        item = changes.get(change_id)
        if item is None:  # applied or cancelled since it was drawn: it counts for nothing now
            continue
        carriers = notice_signs(table["game"], item.get("limits") or {})
        if not carriers.intersection(report.signs):
            rule = _notice_rule(table["game"], item)
            on = " or ".join(sorted(carriers)) or "no"
            raise RuleRefused(
                f"showing.notices: the notice of change {change_id} of table {table_id} is on the {on} sign,"
                f" which this report does not show ({rule}; {EVIDENCE_RULE})",
                rule=rule,
            )
    return report if display_id == report.display_id else replace(report, display_id=display_id)


def refused_details(report: Report, refusal: StateError) -> dict[str, Any]:
    """The details of a ``display_showing_refused`` record: what the report claimed, why it was
    refused and under which rule."""
    return {**report.details(counts=False), "reason": refusal.message, "rule": refusal.rule}


def scheduled_notice_signs(game: str, patch: Mapping[str, Any]) -> frozenset[str]:
    """The signs whose showing is the notice of a scheduled change of ``patch`` at ``game``: for a
    change of the minimum table stake, the signs showing the new minimum (003 s259(3), s295(3):
    :data:`STAKE_FIELDS`), else every sign announcing a field it changes."""
    fields = STAKE_FIELDS if set(STAKE_FIELDS) & set(patch) else tuple(patch)
    return notice_signs(game, fields)


def commission_signs(table: Mapping[str, Any]) -> frozenset[str]:
    """The signs of ``table`` that must show a change of the commission before it is made (002
    r7.3, "the table signs are changed"): every configured sign stating the commission
    (:data:`COMMISSION_FIELDS`: the rake sign, 002 r7.1, and the game notice, 002 r6.3), or, with
    none configured, any of them."""
    carriers = notice_signs(table["game"], COMMISSION_FIELDS)
    configured = {s.get("kind") if isinstance(s, Mapping) else s for s in table.get("signs") or []}
    return carriers & configured or carriers


def _counting(records: Iterable[ShowingRecord]) -> list[ShowingRecord]:
    return sorted((r for r in records if r.counts), key=lambda r: r.n)


def _latest(records: Iterable[ShowingRecord]) -> dict[tuple[str, str | None], ShowingRecord]:
    latest: dict[tuple[str, str | None], ShowingRecord] = {}
    for record in _counting(records):
        latest[record.screen] = record
    return latest


def _shows(record: ShowingRecord, change_id: str, signs: Collection[str] | None) -> bool:
    return change_id in record.notices and (signs is None or not record.signs.isdisjoint(signs))


def notice_shown(
    records: Sequence[ShowingRecord], change_id: str, *, signs: Collection[str] | None = None
) -> tuple[datetime | None, datetime | None]:
    """``(shown_from, taken_down_at)`` of the notice of change ``change_id``: when the current
    unbroken run of at least one display showing it (on one of ``signs``, when given) began
    (``None``: never shown), and, if no display shows it now, when the last one stopped
    (``None``: still shown).  Counting reports only."""
    showing: set[tuple[str, str | None]] = set()
    since: datetime | None = None
    down: datetime | None = None
    for record in _counting(records):
        who = record.screen
        if _shows(record, change_id, signs):
            if not showing:
                since, down = record.at, None
            showing.add(who)
        elif who in showing:
            showing.discard(who)
            if not showing:
                down = record.at
    return since, (None if showing else down)


def notice_now(
    records: Sequence[ShowingRecord], change_id: str, *, signs: Collection[str] | None = None
) -> list[ShowingRecord]:
    """The latest counting reports, one per display, that show the notice of change
    ``change_id`` (on one of ``signs``, when given)."""
    return [r for r in _latest(records).values() if _shows(r, change_id, signs)]


def change_announced(
    records: Sequence[ShowingRecord], change_id: str, *, signs: Collection[str] | None = None
) -> list[str]:
    """The displays whose counting reports showed the announcement of change ``change_id`` (on
    one of ``signs``, when given)."""
    return sorted({r.display for r in _counting(records) if _shows(r, change_id, signs)})


def unannounced_signs(records: Sequence[ShowingRecord], change_id: str, signs: Collection[str]) -> list[str]:
    """The sign kinds among ``signs`` that no counting report has shown with the announcement of
    change ``change_id``."""
    shown = {kind for r in _counting(records) if change_id in r.notices for kind in r.signs}
    return sorted(set(signs) - shown)


def sign_shown(records: Sequence[ShowingRecord], kind: str, *, says: str | None = None) -> list[ShowingRecord]:
    """The latest counting reports, one per display of the table, that show sign ``kind``
    (stating ``says``, when given: the jackpot sharing sign's way of sharing)."""
    return [r for r in _latest(records).values() if kind in r.signs and (says is None or r.sharing == says)]
