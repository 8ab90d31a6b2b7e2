"""The floor as it was at a past moment, rebuilt from the event log: what was BJ-01's sign at
21:14 on Saturday?

Every committed event about a table or link carries its whole new state, so the state after
any prefix of the log is a fold (:func:`kiosk.state.replay.rebuild`, the fold ``kiosk audit
verify`` uses).  :func:`state_at` takes the prefix that ends at the **last audit record at or
before the moment** (record ``n``, its hash the audit head the picture is built from) and folds
the events it holds (up to event ``seq``).  The fold of a whole prefix equals the fold of the
last event about each table and link in it (each event replaces its target's state whole, or
removes it), so the store reads only those, by index (:meth:`PastReader.past_rows`; schema 6);
``full=True`` reads and folds the whole prefix instead, which the tests hold equal.

What the state does not hold comes from the log too:

* **The casino and its floor frame** (name, time zone, displays, each table's layout): the
  floor file's frame is recorded as a ``floor_frame`` audit record (:data:`FRAME_ACTION`,
  no event) whenever a node starts with a floor file whose frame differs from the one last
  recorded.  A database written before that (before schema 6) has no such record before its
  first start on this release: for a moment before it, the frame the database holds now
  (``kiosk_meta.floor_frame``, not part of the audit chain) stands in, and
  :attr:`PastState.frame_from` says so.
* **What the displays reported** (:mod:`kiosk.state.showing`): the latest ``display_showing``
  record of each display of the table asked for, at or before record ``n``.

Refused in one line (:mod:`kiosk.state.errors`): a moment in the future (by the caller's
clock) (:class:`BadRequest`), and one before the table or link asked for had its first record,
after it was removed, or for a table the log never had (:class:`NotFound`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, tzinfo
from typing import TYPE_CHECKING, Any, Literal, Protocol
from zoneinfo import ZoneInfo

from kiosk.rules.times import format_utc, parse_utc
from kiosk.state.checkpoint import Checkpoint
from kiosk.state.errors import BadRequest, NotFound
from kiosk.state.replay import rebuild
from kiosk.state.showing import ACTION as SHOWING_ACTION
from kiosk.state.showing import ShowingRecord, records_from_audit

if TYPE_CHECKING:
    from kiosk.state.shapes import LinkState, TableState

__all__ = [
    "FRAME_ACTION",
    "DEFAULT_ZONE",
    "PastReader",
    "PastRows",
    "PastState",
    "Target",
    "describe_moment",
    "state_after",
    "state_at",
]

FRAME_ACTION = "floor_frame"
"""The audit action that records the floor file's frame (casino, displays, layouts) in force."""
DEFAULT_ZONE = "Australia/Brisbane"
"""The casino's zone when no frame says it (``kiosk.views.base.DEFAULT_TIMEZONE``)."""

Target = tuple[Literal["table", "link"], str]
"""What a question is about: ``("table", "BJ-01")`` or ``("link", "CSP-PROG")``."""


@dataclass(frozen=True)
class PastRows:
    """What the store reads for one moment, in one consistent view (:meth:`PastReader.past_rows`).

    ``n``/``head``/``record_at``: the last audit record at or before the moment (0, 64 zeros and
    None when there is none); ``seq``: the last event among records 1 to ``n``; ``events``: the
    fold's input, in seq order, each ``{"seq", "type", "table_id", "link_id", "data", "at"}``
    (the last event about each table and link, or with ``full`` every event up to ``seq``);
    ``first``/``last``: ``(seq, at, type)`` of the first event about the target, and of the last
    one up to ``seq``; ``frame``: the ``floor_frame`` record in force (``{"n", "at",
    "details"}``) and ``stored_frame`` the frame the database holds now; ``reports``: the
    target table's ``display_showing`` records up to ``n`` (newest
    :data:`kiosk.state.showing.RECENT`, as ``GET /audit`` gives them); ``head_now``: the
    database's head now (``{"seq", "n", "hash"}``)."""

    n: int
    head: str
    record_at: str | None
    seq: int
    events: list[dict[str, Any]]
    full: bool = False
    first: tuple[int, str, str] | None = None
    last: tuple[int, str, str] | None = None
    frame: dict[str, Any] | None = None
    stored_frame: str | None = None
    reports: list[dict[str, Any]] = field(default_factory=list)
    head_now: dict[str, Any] = field(default_factory=dict)


class PastReader(Protocol):
    """What :func:`state_at` reads from (the store: ``kiosk.state.store.Store.past_rows``)."""

    async def past_rows(
        self,
        *,
        at: datetime | None = None,
        seq: int | None = None,
        target: Target | None = None,
        full: bool = False,
    ) -> PastRows: ...


@dataclass(frozen=True)
class PastState:
    """The floor at moment ``at`` (UTC), as the log says it was.

    ``n`` and ``head``: the last audit record at or before ``at`` and its hash (the audit head
    the picture is built from; ``record_at`` its time); ``seq``: the last event folded;
    ``tables``/``links``: the states (as :class:`kiosk.state.replay.Rebuilt` holds them);
    ``casino``: ``{"name", "timezone"}`` and ``frame``: the floor frame in force
    (:meth:`kiosk.state.floorlaw.FloorFrame.to_json`'s object, or None), ``frame_from`` where
    they come from (``"audit record 12"``, or the stand-in and why); ``reports``: the latest
    ``display_showing`` record of each display of the table asked for (audit records as
    ``GET /api/v1/audit`` gives them, oldest first); ``target``: what was asked for;
    ``events_read``: how many events were folded; ``head_now``: the database's head when asked.
    """

    at: datetime
    n: int
    head: str
    record_at: datetime | None
    seq: int
    tables: Mapping[str, TableState]
    links: Mapping[str, LinkState]
    casino: Mapping[str, str]
    frame: Mapping[str, Any] | None = None
    frame_from: str = ""
    reports: tuple[Mapping[str, Any], ...] = ()
    target: Target | None = None
    events_read: int = 0
    head_now: Mapping[str, Any] = field(default_factory=dict)

    @property
    def zone(self) -> tzinfo:
        """The casino's time zone then."""
        return _zone(self.casino.get("timezone"))

    def showing(self) -> list[ShowingRecord]:
        """:attr:`reports` as :class:`~kiosk.state.showing.ShowingRecord` (oldest first)."""
        return records_from_audit(self.reports)

    def checkpoint_line(self) -> str:
        """A ``kiosk-checkpoint`` line of record :attr:`n` (:mod:`kiosk.state.checkpoint`): kept
        off the machine, ``kiosk audit verify --checkpoints FILE`` proves the records up to it,
        this picture's included, are still as they were."""
        at = self.record_at if self.record_at is not None else self.at
        return Checkpoint(self.n, self.seq, self.head, format_utc(at)).line()

    def to_json(self) -> dict[str, Any]:
        """The body of ``GET /api/v1/state``."""
        return {
            "at": format_utc(self.at),
            "n": self.n,
            "head": self.head,
            "record_at": None if self.record_at is None else format_utc(self.record_at),
            "seq": self.seq,
            "tables": dict(self.tables),
            "links": dict(self.links),
            "casino": dict(self.casino),
            "frame": None if self.frame is None else dict(self.frame),
            "frame_from": self.frame_from,
            "reports": [dict(r) for r in self.reports],
            "target": None if self.target is None else {"kind": self.target[0], "id": self.target[1]},
            "events_read": self.events_read,
            "head_now": dict(self.head_now),
        }

    @classmethod
    def from_json(cls, body: Mapping[str, Any]) -> PastState:
        """The inverse of :meth:`to_json` (what the client reads); ``ValueError`` when it is not one."""
        try:
            target = body.get("target")
            return cls(
                at=parse_utc(body["at"]),
                n=int(body["n"]),
                head=str(body["head"]),
                record_at=None if body.get("record_at") is None else parse_utc(body["record_at"]),
                seq=int(body["seq"]),
                tables=dict(body["tables"]),
                links=dict(body["links"]),
                casino=dict(body["casino"]),
                frame=None if body.get("frame") is None else dict(body["frame"]),
                frame_from=str(body.get("frame_from") or ""),
                reports=tuple(dict(r) for r in body.get("reports") or ()),
                target=None if not target else (target["kind"], str(target["id"])),
                events_read=int(body.get("events_read") or 0),
                head_now=dict(body.get("head_now") or {}),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"not a past state: {str(exc).splitlines()[0] if str(exc) else exc!r}") from None


def _zone(name: Any) -> tzinfo:
    try:
        return ZoneInfo(str(name or DEFAULT_ZONE))
    except (KeyError, ValueError):
        return ZoneInfo(DEFAULT_ZONE)


def describe_moment(moment: datetime, zone: tzinfo) -> str:
    """A moment as a person reads it in a refusal: the casino's time and UTC,
    ``Sat 28 Nov 2026 21:14:00 AEST (11:14:00 UTC)``."""
    local = moment.astimezone(zone)
    utc = moment.astimezone(UTC)
    same_day = local.date() == utc.date()
    return f"{local:%a %d %b %Y %H:%M:%S} {local.tzname()} ({utc:%H:%M:%S} UTC{'' if same_day else f' {utc:%d %b}'})"


def _frame(rows: PastRows) -> tuple[dict[str, Any] | None, dict[str, str], str]:
    """The frame in force, the casino it names and where both come from."""
    frame: dict[str, Any] | None = None
    source = ""
    if rows.frame is not None:
        details = rows.frame.get("details") or {}
        if isinstance(details.get("frame"), Mapping):
            frame = dict(details["frame"])
            source = f"audit record {rows.frame['n']}"
    if frame is None and rows.stored_frame:
        try:
            frame = json.loads(rows.stored_frame)
        except ValueError:
            frame = None
        if isinstance(frame, dict):
            source = (
                "the floor frame the database holds now (no floor_frame audit record at or before"
                " that moment: recorded from schema 6 on)"
            )
        else:
            frame = None
    if frame is None:
        return None, {"name": "", "timezone": DEFAULT_ZONE}, "none (the server was started without a floor file)"
    found = frame.get("casino")
    casino: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    return (
        frame,
        {"name": str(casino.get("name") or ""), "timezone": str(casino.get("timezone") or DEFAULT_ZONE)},
        source,
    )


def _latest_reports(rows: PastRows) -> tuple[dict[str, Any], ...]:
    """The latest ``display_showing`` record of each display (token and screen), oldest first."""
    latest: dict[tuple[str, str | None], dict[str, Any]] = {}
    for record in sorted((r for r in rows.reports if r.get("action") == SHOWING_ACTION), key=lambda r: r["n"]):
        details = record.get("details") or {}
        latest[(str(record.get("token_id") or record.get("actor")), details.get("display_id"))] = record
    return tuple(sorted(latest.values(), key=lambda r: r["n"]))


def _refuse_missing(rows: PastRows, target: Target, at: datetime, zone: tzinfo) -> None:
    kind, ident = target
    what = "table" if kind == "table" else "jackpot link"
    when = describe_moment(at, zone)
    if rows.first is None:
        raise NotFound(f"no {what} {ident!r} in the event log")
    first_seq, first_at, _ = rows.first
    if first_seq > rows.seq:
        raise NotFound(
            f"{what} {ident} did not exist yet at {when}: its first record is event {first_seq},"
            f" at {describe_moment(parse_utc(first_at), zone)}"
        )
    if rows.last is not None:
        last_seq, last_at, _ = rows.last
        raise NotFound(
            f"{what} {ident} was removed at {describe_moment(parse_utc(last_at), zone)} (event {last_seq});"
            f" it was not on the floor at {when}"
        )
    raise NotFound(f"{what} {ident} was not on the floor at {when}")


def _past(rows: PastRows, at: datetime, target: Target | None) -> PastState:
    frame, casino, frame_from = _frame(rows)
    zone = _zone(casino.get("timezone"))
    folded = rebuild(rows.events)
    if target is not None:
        kind, ident = target
        if ident not in (folded.tables if kind == "table" else folded.links):
            _refuse_missing(rows, target, at, zone)
    elif rows.n == 0:
        raise BadRequest(f"{describe_moment(at, zone)} is before the first audit record: nothing was on the floor")
    return PastState(
        at=at,
        n=rows.n,
        head=rows.head,
        record_at=None if rows.record_at is None else parse_utc(rows.record_at),
        seq=rows.seq,
        tables=folded.tables,  # type: ignore[arg-type]  # JSON from the log: the shapes of kiosk.state.shapes
        links=folded.links,  # type: ignore[arg-type]  # (the store checked them on every write)
        casino=casino,
        frame=frame,
        frame_from=frame_from,
        reports=_latest_reports(rows) if target is not None and target[0] == "table" else (),
        target=target,
        events_read=len(rows.events),
        head_now=rows.head_now,
    )


def _target(table: str | None, link: str | None) -> Target | None:
    if table is not None and link is not None:
        raise BadRequest("ask for a table or a jackpot link, not both")
    if table is not None:
        return ("table", table)
    if link is not None:
        return ("link", link)
    return None


async def state_at(
    reader: PastReader,
    at: datetime,
    *,
    now: datetime,
    table: str | None = None,
    link: str | None = None,
    zone: tzinfo | None = None,
    full: bool = False,
) -> PastState:
    """The floor at ``at`` (aware), folded from the log up to the last audit record at or
    before it; ``table`` or ``link`` names what the question is about (refused, one line, when
    it was not on the floor then).  ``now`` is the caller's clock (a later moment is refused);
    ``zone`` is the zone refusals speak in until the frame then is known (default the
    casino's of the frame now).  ``full`` folds the whole prefix instead of the last event
    about each table and link (the same state, read the slow way)."""
    if at.tzinfo is None:
        raise ValueError("state_at takes an aware time (kiosk.state.time_input.parse_moment reads an operator's)")
    at = at.astimezone(UTC)
    target = _target(table, link)
    if at > now:
        shown = zone or UTC
        raise BadRequest(
            f"{describe_moment(at, shown)} is in the future (now {describe_moment(now, shown)}): nothing to rebuild yet"
        )
    rows = await reader.past_rows(at=at, target=target, full=full)
    return _past(rows, at, target)


async def state_after(
    reader: PastReader,
    seq: int,
    *,
    table: str | None = None,
    link: str | None = None,
    full: bool = False,
) -> PastState:
    """The floor right after event ``seq`` (a display reports the version it composed from):
    :attr:`PastState.at` is that event's time, ``n``/``head`` its audit record."""
    target = _target(table, link)
    if seq < 1:
        raise BadRequest(f"event {seq}: events are numbered from 1")
    rows = await reader.past_rows(seq=seq, target=target, full=full)
    if rows.seq != seq or rows.record_at is None:
        raise NotFound(f"no event {seq} in the log (it ends at event {rows.head_now.get('seq', 0)})")
    return _past(rows, parse_utc(rows.record_at), target)
