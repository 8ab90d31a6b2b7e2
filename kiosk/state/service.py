"""The game-state service: commands in, events out (the seam the HTTP server uses).

``Service.open()`` opens the store (SQLite by default, PostgreSQL for several nodes),
migrates it, loads a floor file if given, and starts applying scheduled changes on its
clock.  ``execute()`` runs one command: shape, role, target, version and the law are
checked, then one transaction stores the events, the new state and the audit records, and
only then are the events published to subscribers.  On PostgreSQL, events committed by
other nodes reach this node's subscribers through LISTEN/NOTIFY.
"""

from __future__ import annotations

import asyncio
import collections
import hashlib
import itertools
import json
import logging
import os
import pathlib
import secrets
import socket
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Literal

from kiosk.rules.times import format_utc, parse_utc, utc_now
from kiosk.state.alerts import ALERT_ACTION
from kiosk.state.audit import AuditReport, canonical_json
from kiosk.state.errors import BadRequest, Forbidden, NotFound, RuleRefused, StateError, Unauthorized, refused
from kiosk.state.events import ROLES, Actor, Event
from kiosk.state.floorlaw import FloorFrame, FloorLaw
from kiosk.state.handlers import APPLY_DUE, COMMAND_TYPES, Context, authorize, due_tables, is_id, make_apply, prepare
from kiosk.state.history import FRAME_ACTION, PastState, state_after, state_at
from kiosk.state.showing import ACTION as SHOWING_ACTION
from kiosk.state.showing import MAX_ITEMS, REFUSED_ACTION, Report, check_report, refused_details
from kiosk.state.store import (
    Apply,
    AuditDraft,
    AuditQuery,
    Loaded,
    Outcome,
    Store,
    TokenInsert,
    TokenRevoke,
    open_store,
)
from kiosk.state.subscription import Subscription, event_concerns
from kiosk.state.tokens import SCOPED_ROLES, actor_from_row, check_name, new_token, parse_expiry, token_digest, token_id

if TYPE_CHECKING:
    from kiosk.floor import Floor
    from kiosk.state.auditkey import AuditKey
    from kiosk.state.checkpoint import Checkpoint

__all__ = ["Service", "Subscription", "AuditReport", "SYSTEM", "LOCAL_OPERATOR"]

_log = logging.getLogger(__name__)

SYSTEM = Actor(name="kiosk scheduler", role="admin")
LOCAL_OPERATOR = Actor(name="local operator", role="admin")
RECENT_EVENTS = 10_000
"""How many of the last published events a node keeps in memory, so that clients resuming
after a lost node replay from memory instead of each reading the database."""
Clock = Callable[[], datetime]
_FRAME_RECORDED = "floor_frame_recorded"
"""``kiosk_meta``: the digest of the floor frame last recorded in the audit trail."""


def _logo_record(logo: Any) -> dict[str, Any] | None:
    """The casino's logo file as the frame record names it: where, and its SHA-256 (so a past
    picture draws it only while the file is the same)."""
    if logo is None:
        return None
    path = pathlib.Path(logo).resolve()
    try:
        digest: str | None = hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        digest = None
    return {"path": str(path), "sha256": digest}


def _recording_frame(apply: Apply, frame: FloorFrame, source: str, recorded: str | None) -> Apply:
    """``apply`` (the floor file's synchronisation), which also records the floor frame in the
    audit trail (a ``floor_frame`` record, no event) when it differs from the one last recorded:
    the casino's name and time zone, the displays and the layouts then are part of the log, so
    a past picture is composed with them (:mod:`kiosk.state.history`)."""
    record = {**json.loads(frame.to_json()), "logo": _logo_record(frame.casino.logo)}
    digest = hashlib.sha256(canonical_json(record).encode("utf-8")).hexdigest()

    def recording(loaded: Loaded) -> Outcome:
        out = apply(loaded)
        if recorded != digest:
            details = {"frame": record, "digest": digest, "source": source}
            out.audit.append(AuditDraft(FRAME_ACTION, None, details))
            out.meta[_FRAME_RECORDED] = digest
        return out

    return recording


def _whole(value: object) -> bool:
    """Whether ``value`` is a whole number (a bool is not, though Python says it is an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


class Service:
    """One node's view of the floor's state.  Create with :meth:`open`."""

    command_types: tuple[str, ...] = COMMAND_TYPES

    def __init__(
        self,
        store: Store,
        node_id: str,
        clock: Clock = utc_now,
        *,
        remember: int = RECENT_EVENTS,
        audit_key: AuditKey | None = None,
    ) -> None:
        """A service on ``store`` (opened); :meth:`open` opens both and starts the service."""
        self._store = store
        self.node_id = node_id
        self.kind = store.kind
        self._clock = clock
        self._rng = secrets.SystemRandom()
        self._subs: set[Subscription] = set()
        self._publish_lock = asyncio.Lock()
        self._last_published = 0
        self._recent: collections.deque[Event] = collections.deque(maxlen=remember)
        self._tasks: set[asyncio.Task] = set()
        self._ticker: asyncio.Task | None = None
        self._closed = False
        self.audit_key = audit_key
        self._revocation_listeners: list[Callable[[str], None]] = []
        self._law = FloorLaw()  # the floor rules writes are checked against (kiosk.state.floorlaw)
        self.floor_applied: list[str] = []
        """What applying the floor file did (or, in a dry run, would do) to each table and link."""
        self.floor_refusals = 0
        """How many tables and links a dry run found refused (a real run raises the first)."""

    # -- lifecycle ---------------------------------------------------------------------
    @classmethod
    async def open(
        cls,
        db_url: str | None = None,
        *,
        floor: Floor | None = None,
        apply_floor: bool = False,
        operator: str | None = None,
        dry_run: bool = False,
        node_id: str | None = None,
        clock: Clock | None = None,
        tick_seconds: float | None = 1.0,
        audit_key: AuditKey | Literal["auto"] | None = "auto",
        verify_only: bool = False,
        remember: int = RECENT_EVENTS,
    ) -> Service:
        """Open the store named by ``db_url`` (see :mod:`kiosk.state.db`) and the service on it.

        ``floor`` (a :class:`kiosk.floor.Floor`) seeds an empty database; a database that
        differs from it raises :class:`Conflict` listing the differences unless
        ``apply_floor``: then they are the commands of ``operator`` (an administrator, named in
        the audit), through the same controls as the console's (:mod:`kiosk.state.floorapply`);
        :attr:`floor_applied` says what each table and link got.  ``dry_run`` (with
        ``apply_floor``) says so and changes nothing.  ``clock`` returns the current UTC time (tests inject one);
        ``tick_seconds`` is how often due scheduled changes are applied (``None``: only
        when :meth:`apply_due` is called).  ``audit_key`` signs the audit records (an
        :class:`~kiosk.state.auditkey.AuditKey`, None for none, or ``"auto"``: the configured
        key, see :func:`kiosk.state.auditkey.find_key`); a database signed with a key is
        refused without it unless ``verify_only`` (then nothing is written at open).
        ``remember`` is how many recently published events are kept in memory for resuming
        stream clients.
        """
        from kiosk.state.auditkey import find_key

        key = find_key() if audit_key == "auto" else audit_key
        store = open_store(db_url)
        store.audit_key = key
        store.verify_only = verify_only
        await store.open()
        service = cls(
            store,
            node_id or f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}",
            clock or utc_now,
            remember=remember,
            audit_key=key,
        )
        try:
            await service._start(floor, apply_floor, tick_seconds, operator, dry_run)
        except BaseException:
            await service.close()
            raise
        return service

    async def _start(
        self,
        floor: Floor | None,
        apply_floor: bool,
        tick_seconds: float | None,
        operator: str | None = None,
        dry_run: bool = False,
    ) -> None:
        """Catch up with the store, load the floor file (or the floor frame stored before),
        hear other nodes' commits and start the scheduler."""
        self._last_published = await self._store.head_seq()
        if floor is not None:
            await self._load_floor(floor, apply_floor, operator, dry_run)
        else:
            await self._load_frame()
        self._store.set_remote_listener(self._on_remote_commit)
        await self._store.wait_listening()
        if tick_seconds is not None:
            self._ticker = asyncio.get_running_loop().create_task(self._tick(tick_seconds), name="kiosk-scheduler")

    async def close(self) -> None:
        """Stop the scheduler, end every subscription and close the store."""
        if self._closed:
            return
        self._closed = True
        tasks = [t for t in (self._ticker, *self._tasks) if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            try:
                await task
            except (asyncio.CancelledError, StateError):
                pass
        for sub in list(self._subs):
            sub.close()
        await self._store.close()

    async def __aenter__(self) -> Service:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def now(self) -> datetime:
        """The service's clock (aware UTC): it decides when tokens expire and changes are due."""
        return self._now()

    def _now(self) -> datetime:
        now = self._clock()
        if now.tzinfo is None:
            raise ValueError("the service clock must return aware UTC times")
        return now.astimezone(UTC)

    def _ctx(self, actor: Actor, now: datetime) -> Context:
        return Context(actor=actor, now=now, rng=self._rng, law=self._law)

    # -- floor -------------------------------------------------------------------------
    async def _load_floor(self, floor: Floor, apply_floor: bool, operator: str | None, dry_run: bool) -> None:
        from kiosk.floor import check_floor
        from kiosk.state.floorapply import DryRunDone, FloorApplication
        from kiosk.state.floorsync import floor_config, sync_floor

        source = str(floor.source or "floor file")
        errors = [v for v in check_floor(floor) if v.severity == "error"]
        if errors:  # the floor breaks the law or lacks an approval: load nothing
            more = f" (and {len(errors) - 1} more; run kiosk check --floor)" if len(errors) > 1 else ""
            raise refused(f"floor file {os.path.basename(source)}: {errors[0].message}{more}", errors[0].rule)
        config = floor_config(floor)
        stored = await self._store.get_meta("floor_digest")
        frame = FloorFrame.of(floor)
        application = None
        if apply_floor:  # the file's changes are the operator's commands
            actor = Actor(name=check_name(operator or LOCAL_OPERATOR.name, "operator"), role="admin")
            application = FloorApplication(actor, frame, dry_run=dry_run)
        else:
            actor = Actor(name=f"floor file {os.path.basename(source)}", role="admin")
        try:
            events = await self._store.write(
                actor,
                _recording_frame(
                    sync_floor(config, stored, source, frame.to_json(), application),
                    frame,
                    source,
                    await self._store.get_meta(_FRAME_RECORDED),
                ),
                now=self._now(),
                tables="*",
                links="*",
            )
        except DryRunDone:  # rolled back: nothing was written
            assert application is not None
            self.floor_applied, self.floor_refusals = application.lines, application.refusals
            return
        if application is not None:
            self.floor_applied, self.floor_refusals = application.lines, application.refusals
        self._law = FloorLaw(frame)
        await self._deliver(events)

    @property
    def floor_frame(self) -> FloorFrame:
        """The floor file's casino, displays and layouts that writes are checked against."""
        return self._law.frame

    async def _load_frame(self) -> None:
        """The floor frame another node (or an earlier start) stored, for checking writes."""
        text = await self._store.get_meta("floor_frame")
        if text is None:
            return
        try:
            self._law = FloorLaw(FloorFrame.from_json(text))
        except ValueError as exc:
            _log.warning("%s; writes are checked without the floor's displays and approvals", exc)

    # -- commands ----------------------------------------------------------------------
    async def execute(self, actor: Actor, command: dict) -> list[Event]:
        """Run one command for ``actor``; return the committed events (see the module doc)."""
        if not isinstance(actor, Actor):
            raise Unauthorized("no valid token")
        spec, cmd = prepare(actor, command)
        now = self._now()
        ctx = self._ctx(actor, now)
        apply = make_apply(spec, cmd, ctx)
        if spec.floor:  # the floor rules see every table and link (kiosk.state.floorlaw)
            events = await self._store.write(actor, apply, now=now, tables="*", links="*")
        elif spec.target == "table":
            events = await self._store.write(actor, apply, now=now, tables=[cmd["table_id"]])
        else:
            events = await self._store.write(actor, apply, now=now, links=[cmd["link_id"]])
        await self._deliver(events)
        return events

    async def record_showing(self, actor: Actor, report: Report) -> None:
        """Record what a display (``actor``, a display token) reports showing for a table: one
        ``display_showing`` audit record (:mod:`kiosk.state.showing`); no event, no new version
        of the table, so a report never makes anyone's edit conflict.

        A report that does not count for the table (:func:`~kiosk.state.showing.check_report`: not
        a display of the table in the floor, a token that does not speak for that display, a
        notice without the sign that carries it) is recorded as ``display_showing_refused``, with
        the reason and the claimed display, and its refusal raised (403 or 422, one line)."""
        if not isinstance(actor, Actor):
            raise Unauthorized("no valid token")
        now = self._now()
        displays = self._law.frame.displays
        refusal: list[StateError] = []

        def apply(loaded: Loaded) -> Outcome:
            refusal.clear()
            table = loaded.tables.get(report.table_id)
            if table is None:
                raise NotFound(f"unknown table {report.table_id!r}")
            try:
                counted = check_report(report, actor, table, displays)
            except (Forbidden, RuleRefused) as exc:  # refused, and recorded: who tried
                refusal.append(exc)
                return Outcome(audit=[AuditDraft(REFUSED_ACTION, report.table_id, refused_details(report, exc))])
            return Outcome(audit=[AuditDraft(SHOWING_ACTION, report.table_id, counted.details())])

        await self._store.write(actor, apply, now=now, tables=[report.table_id])
        if refusal:
            raise refusal[0]

    async def acknowledge_alert(self, actor: Actor, key: str, target: str, text: str) -> dict[str, Any]:
        """Record that a person (``actor``, a pit or admin token) saw and acknowledged an alert of
        the pit console (a display offline or in fault, a notice that will not be shown in time):
        one ``alert_acknowledged`` audit record about table or link ``target`` with the alert's
        ``key`` and words, who and when (docs/readings.md A-90); no event, no new version.
        Returns the record as ``GET /api/v1/audit`` lists it."""
        if not isinstance(actor, Actor):
            raise Unauthorized("no valid token")
        if actor.role not in ("pit", "admin"):
            raise Forbidden(f"a {actor.role} token cannot acknowledge alerts: pit or admin only")
        for name, value, most in (("key", key, 200), ("text", text, 1000)):
            if not isinstance(value, str) or not value.strip() or len(value) > most:
                raise BadRequest(f"{name}: must be text of 1 to {most} characters")
        if not is_id(target):
            raise BadRequest("target: must be the id of the table or link the alert is about")
        now = self._now()
        details = {"key": key, "text": " ".join(text.split())}

        def apply(loaded: Loaded) -> Outcome:
            if target not in loaded.tables and target not in loaded.links:
                raise NotFound(f"no table or link {target!r}")
            return Outcome(audit=[AuditDraft(ALERT_ACTION, target, details)])

        await self._store.write(actor, apply, now=now, tables=[target], links=[target])
        found = await self._store.audit_records(AuditQuery(target=target, action=ALERT_ACTION, limit=20))
        for record in found:  # newest first: ours, unless someone acknowledged the same moments later
            if record.get("token_id") == actor.token_id and (record.get("details") or {}).get("key") == key:
                return record
        return {"action": ALERT_ACTION, "target": target, "actor": actor.name, "details": details}

    async def apply_due(self) -> list[Event]:
        """Apply every scheduled change that is due on the service's clock; return the events."""
        now = self._now()
        snap = await self._store.snapshot()
        out: list[Event] = []
        for table_id in due_tables(snap["tables"], now):
            cmd = {"type": APPLY_DUE.type, "table_id": table_id, "expected_version": None}
            events = await self._store.write(
                SYSTEM, make_apply(APPLY_DUE, cmd, self._ctx(SYSTEM, now)), now=now, tables="*", links="*"
            )
            await self._deliver(events)
            out += events
        return out

    async def _tick(self, seconds: float) -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                await self.apply_due()
            except StateError as exc:
                _log.warning("scheduled changes not applied: %s", exc.message)

    # -- reads -------------------------------------------------------------------------
    async def snapshot(self, tables: Collection[str] | None = None) -> dict:
        """``{"seq": n, "tables": {id: state}, "links": {id: state}}`` in one consistent view."""
        return await self._store.snapshot(self._table_filter(tables))

    async def events_since(self, seq: int, tables: Collection[str] | None = None, limit: int = 1000) -> list[Event]:
        """Committed events with a sequence number above ``seq``, in order (at most ``limit``)."""
        if not _whole(seq) or seq < 0:
            raise BadRequest(f"seq must be a whole number, 0 or more, not {seq!r}")
        if not _whole(limit) or not 1 <= limit <= 10_000:
            raise BadRequest(f"limit must be 1 to 10000, not {limit!r}")
        return await self._store.events_since(seq, self._table_filter(tables), limit)

    async def health(self) -> dict[str, Any]:
        """How this node stands against the database (raises StoreUnavailable without it).

        ``head``: the database's last sequence number; ``published``: the last one this node
        has handed to its subscribers; ``lag_events`` the difference and ``lag_seconds`` the age
        of the oldest event not yet handed on (0 when caught up); ``listening``: whether the
        node hears other nodes' commits (None on a store that serves one process), and
        ``deaf_seconds`` for how long it has not (0 while it does).
        """
        head = await self._store.head_seq()
        published = self._last_published
        lag_events = max(0, head - published)
        lag_seconds = 0.0
        if lag_events:
            oldest = await self._store.events_since(published, None, 1)
            if oldest:
                lag_seconds = max(0.0, (self._now() - oldest[0].at).total_seconds())
        lost_at = self._store.listen_lost_at
        deaf = 0.0 if lost_at is None else max(0.0, time.monotonic() - lost_at)
        return {
            "head": head,
            "published": published,
            "lag_events": lag_events,
            "lag_seconds": round(lag_seconds, 3),
            "listening": self._store.listening,
            "deaf_seconds": round(deaf, 3),
        }

    async def head_seq(self) -> int:
        """The sequence number of the last committed event."""
        return await self._store.head_seq()

    @staticmethod
    def _table_filter(tables: Collection[str] | None) -> frozenset[str] | None:
        if tables is None:
            return None
        if isinstance(tables, str) or not all(isinstance(t, str) for t in tables):
            raise BadRequest("tables must be a list of table ids")
        bad = next((t for t in tables if not is_id(t)), None)
        if bad is not None:
            raise BadRequest(f"{bad[:70]!r} is not a table id (letters, digits and _.:- only)")
        return frozenset(tables)

    # -- publishing --------------------------------------------------------------------
    def subscribe(self, tables: Collection[str] | None = None, maxsize: int = 1000) -> Subscription:
        """Events committed from now on (by any node), in order; see :class:`Subscription`."""
        sub = Subscription(self._table_filter(tables), maxsize, self._subs.discard)
        if self._closed:
            sub.close()
        else:
            self._subs.add(sub)
        return sub

    @property
    def published_seq(self) -> int:
        """The sequence number of the last event handed to this node's subscribers."""
        return self._last_published

    def remembers(self, seq: int) -> bool:
        """Whether :meth:`recent_events` can answer for everything after ``seq`` from memory."""
        if seq >= self._last_published:
            return True
        return bool(self._recent) and self._recent[0].seq <= seq + 1

    def recent_events(self, seq: int, tables: Collection[str] | None = None) -> list[Event] | None:
        """The events after ``seq`` that this node has published and that concern ``tables``
        (None: every table), in order, from memory - or None when memory does not reach back
        to ``seq`` (ask :meth:`events_since`). What a subscriber would have been given."""
        if not self.remembers(seq):
            return None
        if seq >= self._last_published:
            return []
        wanted = self._table_filter(tables)
        start = seq + 1 - self._recent[0].seq
        tail: Iterable[Event]
        if start < len(self._recent) and self._recent[start].seq == seq + 1:  # no gaps: index
            tail = itertools.islice(self._recent, start, None)
        else:
            tail = (e for e in self._recent if e.seq > seq)
        return [e for e in tail if event_concerns(e, wanted)]

    def _dispatch(self, event: Event) -> None:
        for sub in list(self._subs):
            sub.offer(event)
        self._recent.append(event)
        self._last_published = event.seq

    async def _deliver(self, events: list[Event]) -> None:
        if not events:
            return
        async with self._publish_lock:
            if events[0].seq > self._last_published + 1:
                await self._catch_up()
            for event in events:
                if event.seq > self._last_published:
                    self._dispatch(event)

    async def _catch_up(self) -> None:
        """Publish what other nodes committed since the last published event (lock held)."""
        while True:
            batch = await self._store.events_since(self._last_published, None, 1000)
            for event in batch:
                if event.seq > self._last_published:
                    self._dispatch(event)
            if len(batch) < 1000:
                return

    def _on_remote_commit(self, seq: int | None) -> None:
        if self._closed or (seq is not None and seq <= self._last_published):
            return
        task = asyncio.get_running_loop().create_task(self._pump(), name="kiosk-remote-events")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _pump(self) -> None:
        delay = 0.05
        for attempt in range(12):
            try:
                async with self._publish_lock:
                    await self._catch_up()
                return
            except StateError as exc:  # the database is restarting: try again shortly
                if attempt == 11:
                    _log.warning("could not read events from other nodes: %s", exc.message)
                    return
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)

    # -- tokens and audit ----------------------------------------------------------------
    async def authenticate(self, token: object) -> Actor:
        """The actor a bearer token stands for; :class:`Unauthorized` if unknown, expired or revoked."""
        if not isinstance(token, str) or not 10 <= len(token) <= 200:
            raise Unauthorized("unknown token")
        row = await self._store.find_token(token_digest(token))
        return actor_from_row(row, self._now(), parse_utc)

    async def create_token(
        self,
        role: str,
        name: str,
        tables: Collection[str] | None = None,
        expires_at: datetime | str | None = None,
        *,
        actor: Actor | None = None,
        displays: Collection[str] | None = None,
    ) -> str:
        """Issue a token; the secret is returned once and stored only as its SHA-256.

        ``displays``: the floor's displays a display token speaks for (its reports of what they
        show count, docs/readings.md A-28); ids the stored floor does not have are refused."""
        if role not in ROLES:
            raise BadRequest(f"role must be one of {', '.join(ROLES)}, not {role!r}")
        name = check_name(name, "token name")
        if actor is not None:
            authorize(actor, "admin", "issuing tokens")
        if tables is not None and role not in SCOPED_ROLES:
            raise BadRequest(
                f"tables: only {' and '.join(SCOPED_ROLES)} tokens are limited to tables;"
                f" a {role} token {'only reads' if role == 'display' else 'acts on the whole floor'}"
            )
        display_ids = self._token_displays(role, displays)
        # whose token it is: the issuing token's person, or (issued on the server) the name given
        person = name if actor is None else actor.who
        actor = actor or LOCAL_OPERATOR
        now = self._now()
        expiry = parse_expiry(expires_at, now)
        table_ids = None if tables is None else sorted(self._table_filter(tables) or ())
        secret, ident = new_token(), token_id()

        def apply(loaded: Loaded) -> Outcome:
            missing = [t for t in (table_ids or []) if t not in loaded.tables]
            if missing:
                raise NotFound(f"unknown table {missing[0]!r}")
            expires = None if expiry is None else format_utc(expiry)
            details = {
                "id": ident,
                "role": role,
                "name": name,
                "tables": table_ids,
                "expires_at": expires,
                "person": person,
                "displays": None if display_ids is None else list(display_ids),
            }
            return Outcome(
                tokens=[
                    TokenInsert(
                        ident,
                        token_digest(secret),
                        role,
                        name,
                        None if table_ids is None else tuple(table_ids),
                        format_utc(now),
                        expires,
                        person,
                        display_ids,
                    )
                ],
                audit=[AuditDraft("token_created", ident, details)],
            )

        await self._store.write(actor, apply, now=now, tables=table_ids or ())
        return secret

    def _token_displays(self, role: str, displays: Collection[str] | None) -> tuple[str, ...] | None:
        """The display ids a new token speaks for, checked: a display token's only, each an id of
        the stored floor's displays (when a floor was loaded), at most :data:`MAX_ITEMS`."""
        if displays is None:
            return None
        if role != "display":
            raise BadRequest(f"displays: only a display token speaks for displays; a {role} token reports nothing")
        if isinstance(displays, str) or not all(isinstance(d, str) for d in displays):
            raise BadRequest("displays must be a list of the floor's display ids")
        ids = tuple(sorted(set(displays)))
        if not ids or len(ids) > MAX_ITEMS:
            raise BadRequest(f"displays: give 1 to {MAX_ITEMS} of the floor's display ids")
        bad = next((d for d in ids if not is_id(d)), None)
        if bad is not None:
            raise BadRequest(f"displays: {bad[:70]!r} is not a display id (letters, digits and _.:- only)")
        known = self._law.frame.displays
        unknown = [d for d in ids if d not in known]
        if known and unknown:
            raise NotFound(
                f"displays: unknown display {unknown[0]!r}; the floor's displays: {', '.join(sorted(known))}"
            )
        return ids

    async def revoke_token(self, token_id_: str, *, actor: Actor | None = None) -> None:
        """Revoke a token by its id (``tok_...``); it stops working at once."""
        if actor is not None:
            authorize(actor, "admin", "revoking tokens")
        actor = actor or LOCAL_OPERATOR
        now = self._now()

        def apply(loaded: Loaded) -> Outcome:
            row = loaded.tokens.get(token_id_)
            if row is None:
                raise NotFound(f"unknown token {token_id_!r}")
            if row["revoked_at"] is not None:
                raise BadRequest(f"token {token_id_} is already revoked")
            return Outcome(
                tokens=[TokenRevoke(token_id_, format_utc(now))],
                audit=[AuditDraft("token_revoked", token_id_, {"id": token_id_, "name": row["name"]})],
            )

        await self._store.write(actor, apply, now=now, tokens=True)
        for listener in list(self._revocation_listeners):
            listener(token_id_)

    def on_token_revoked(self, listener: Callable[[str], None]) -> None:
        """Call ``listener(token_id)`` as soon as this node revokes a token (open streams end
        at once; revocations made on another node are found by :meth:`revoked_tokens`)."""
        self._revocation_listeners.append(listener)

    async def revoked_tokens(self, token_ids: Collection[str]) -> set[str]:
        """Which of ``token_ids`` are revoked (by any node)."""
        wanted = set(token_ids)
        if not wanted:
            return set()
        return {
            row["id"]
            for row in await self._store.list_tokens()
            if row["id"] in wanted and row["revoked_at"] is not None
        }

    async def list_tokens(self) -> list[dict[str, Any]]:
        """Every token's id, role, name, tables and times (never a secret or its hash)."""
        return [{k: v for k, v in row.items() if k != "hash"} for row in await self._store.list_tokens()]

    async def verify_audit(self, checkpoints: Sequence[Checkpoint] | None = None) -> AuditReport:
        """Prove the audit chain, the MACs (with this service's audit key), that every event
        matches its record, that the stored state and tokens are what the log says, and (given
        :class:`~kiosk.state.checkpoint.Checkpoint` s) that the database still holds every
        checkpointed record; or say what differs (``docs/audit.md``)."""
        return await self._store.verify_audit(self.audit_key, checkpoints)

    async def audit_records(self, query: AuditQuery) -> list[dict[str, Any]]:
        """The audit records ``query`` selects, newest first."""
        return await self._store.audit_records(query)

    async def audit_head(self) -> dict[str, Any]:
        """``{"seq", "n", "hash"}`` of the last event and audit record (for checkpoints)."""
        return await self._store.audit_head()

    async def state_at(
        self, at: datetime, *, table: str | None = None, link: str | None = None, full: bool = False
    ) -> PastState:
        """The floor as the log says it was at ``at`` (:func:`kiosk.state.history.state_at`;
        a moment after this service's clock is refused)."""
        return await state_at(
            self._store, at, now=self._now(), table=table, link=link, zone=self._law.frame.casino.timezone, full=full
        )

    async def state_after(self, seq: int, *, table: str | None = None, link: str | None = None) -> PastState:
        """The floor right after event ``seq`` (:func:`kiosk.state.history.state_after`)."""
        return await state_after(self._store, seq, table=table, link=link)
