"""The SQL engine shared by the SQLite and PostgreSQL stores.

Database work runs on dedicated threads, each with its own connection: one writer (the
writes, one transaction at a time, each holding every write that is ready) and four readers
(snapshots, event replays, token checks and, on PostgreSQL, the commands' handlers run on a
snapshot before the writer appends them; they never wait for a writer in WAL mode or under
PostgreSQL's MVCC).  The dialect subclasses open the connections and translate the few
statements that differ.
"""

from __future__ import annotations

import abc
import asyncio
import collections
import contextlib
import itertools
import json
from collections.abc import Callable, Collection, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal, TypeVar

from kiosk.rules.times import format_utc, parse_utc
from kiosk.state.audit import AuditReport, Findings, examine, record_hash
from kiosk.state.errors import AuditKeyError, DatabaseTooNew, StateError, StoreUnavailable
from kiosk.state.events import Actor, Event
from kiosk.state.floorlaw import floor_part, link_part
from kiosk.state.history import FRAME_ACTION, PastRows, Target
from kiosk.state.replay import derive
from kiosk.state.schema import SCHEMA_VERSION, migration_statements
from kiosk.state.showing import ACTION as SHOWING_ACTION
from kiosk.state.showing import RECENT as SHOWING_ROWS
from kiosk.state.showing import ShowingRecord, record_of
from kiosk.state.store._base import ALL, Apply, AuditDraft, AuditQuery, Loaded, Outcome, Store, TokenInsert, TokenRevoke
from kiosk.state.subscription import select_snapshot

__all__ = ["SqlStore"]

T = TypeVar("T")

_EVENT_COLUMNS = "seq, type, table_id, link_id, scope, data, at, actor, token_id, version"
_KEY_META = "audit_key_id"
_TOKEN_SELECT = (
    "SELECT id, hash, role, name, tables, created_at, expires_at, revoked_at, person, displays FROM kiosk_tokens"
)


_LOCK_HEAD = "UPDATE kiosk_head SET seq = seq WHERE id = 1 RETURNING seq, audit_n, audit_hash"
"""Takes the writers' lock (the head row) and reads the head: the end of the event log and of
the audit chain. Everything a writer appends is numbered and chained after it, in one order."""
_FLOOR_VERSION = "floor_version"
"""``kiosk_meta``: a counter that every write changing a table's or link's configuration (the part
the floor law reads, :func:`kiosk.state.floorlaw.floor_part`) raises. A command that read the
whole floor for the law is appended only while it has not moved."""
_ANY = object()  # a command that did not read the whole floor does not rest on its version


class _NothingApplied(Exception):
    """The connection failed before a write transaction began: safe to retry once."""


class _NeedsLock(Exception):
    """A handler read something the versions do not cover (the displays' reports)."""


@dataclass
class _Prepared:
    """A command's outcome, computed without the writers' lock, and the versions it rests on:
    each row it read (or, having read the whole floor, each row it changes) and the floor's."""

    actor: Actor
    outcome: Outcome
    now: datetime
    tables: dict[str, int | None]  # the version read; None: the row did not exist
    links: dict[str, int | None]
    floor: object  # the floor version read (str or None), or _ANY
    changes_floor: bool


_Seen = dict[tuple[str, str], str | None]
"""The rows a locked transaction has read or written: (table, id) -> stored text, None for no
row; (table, "*") present when it holds the whole table."""


@dataclass
class _Request:
    """A write waiting for the writers' lock: what it asks for and, prepared, its outcome."""

    actor: Actor
    apply: Apply
    now: datetime
    tables: Collection[str] | Literal["*"]
    links: Collection[str] | Literal["*"]
    tokens: bool
    prepared: _Prepared | None
    done: Future[list[Event]]


def _holds(p: _Prepared, versions: Mapping[str, Mapping[str, int | None]], floor: str | None) -> bool:
    """Whether every version ``p`` rests on is the one now under the lock."""
    return (
        all(versions["tables"].get(k) == v for k, v in p.tables.items())
        and all(versions["links"].get(k) == v for k, v in p.links.items())
        and (p.floor is _ANY or p.floor == floor)
    )


def _marks(items: Collection[Any]) -> str:
    """The ``?, ?, ...`` of an ``IN (...)`` with one mark per item."""
    return ", ".join("?" for _ in items)


def _version(state: Mapping[str, Any] | None) -> int | None:
    """A row's version as its ``version`` column holds it (None: no row)."""
    return None if state is None else int(state.get("version", 0))


def _next_version(floor: str | None) -> str:
    return str(int(floor or 0) + 1)


def _floor_parts(tables: Mapping[str, Any], links: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """What the floor law reads of each loaded row, before the handler runs."""
    return {k: floor_part(v) for k, v in tables.items()}, {k: link_part(v) for k, v in links.items()}


def _changes_floor(parts: tuple[dict[str, Any], dict[str, Any]], outcome: Outcome) -> bool:
    """Whether ``outcome`` changes what the floor law reads of a table or link."""
    tables, links = parts
    return any(floor_part(s) != tables.get(k, floor_part(None)) for k, s in outcome.tables.items()) or any(
        link_part(s) != links.get(k, link_part(None)) for k, s in outcome.links.items()
    )


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class SqlStore(Store):
    """A store on a DB-API connection; subclasses provide the dialect."""

    dialect: Literal["sqlite", "postgresql"]
    readers = 4
    """Reader connections, each on its own thread: the token checks of a crowd of reconnecting
    clients and the snapshots run side by side instead of one after another."""
    _db_errors: tuple[type[BaseException], ...] = ()
    optimistic = False
    """Run handlers without the writers' lock and append under it only what rests on versions
    that have not moved (PostgreSQL: several nodes write; SQLite's one writer gains nothing)."""

    def __init__(self) -> None:
        self._ready: collections.deque[_Request] = collections.deque()
        self._wexec: ThreadPoolExecutor | None = None
        self._rexecs: list[ThreadPoolExecutor] = []
        self._conns: dict[str, Any] = {}  # "writer", "reader-0", "reader-1", ...: one per thread
        self._next_reader = 0
        self._closed = False
        self.audit_key: Any = None  # an AuditKey, set before open (kiosk.state.auditkey)
        self.verify_only = False  # opened to verify: a keyed database may be opened without its key

    # -- dialect hooks -------------------------------------------------------------
    @abc.abstractmethod
    def _connect(self, purpose: Literal["writer", "reader"]) -> Any:
        """A new connection (called on the thread that will use it)."""

    @abc.abstractmethod
    def _describe(self) -> str:
        """Where the data lives, for messages."""

    @abc.abstractmethod
    def _begin_write(self, conn: Any) -> None:
        """Start a write transaction."""

    @abc.abstractmethod
    def _begin_read(self, conn: Any) -> None:
        """Start a read-only transaction with one consistent view."""

    def _sql(self, text: str) -> str:
        return text if self.dialect == "sqlite" else text.replace("?", "%s")

    def _after_write(self, cur: Any, last_seq: int) -> None:
        """Dialect extra inside the write transaction (PostgreSQL: NOTIFY)."""

    def _is_connection_error(self, exc: BaseException) -> bool:
        return False

    def _translate(self, exc: BaseException) -> StateError:
        return StoreUnavailable(f"{self._describe()}: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}")

    # -- threads ---------------------------------------------------------------------
    async def _run(self, which: Literal["writer", "reader"], fn: Callable[[Any], T]) -> T:
        if self._closed:
            raise StoreUnavailable("the store is closed", public="the server is shutting down; reconnect shortly")
        if which == "writer":
            executor, slot = self._wexec, "writer"
        else:  # the readers take turns: reads (token checks, snapshots) run side by side
            assert self._rexecs, "store not opened"
            index = self._next_reader = (self._next_reader + 1) % len(self._rexecs)
            executor, slot = self._rexecs[index], f"reader-{index}"
        assert executor is not None, "store not opened"
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(executor, self._with_conn, which, fn, True, slot)

    def _with_conn(
        self, which: Literal["writer", "reader"], fn: Callable[[Any], T], retry: bool = True, slot: str | None = None
    ) -> T:
        attr = slot or which
        conn = self._conns.get(attr)
        if conn is None or self._conn_dead(conn):
            self._drop(attr)
            conn = self._connect(which)
            self._conns[attr] = conn
        try:
            return fn(conn)
        except StateError:
            raise
        except _NothingApplied as exc:  # the connection was gone before the write began
            self._drop(attr)
            if retry:
                return self._with_conn(which, fn, False, attr)
            raise self._translate(exc.__cause__ or exc) from None
        except self._db_errors as exc:
            if self._is_connection_error(exc):
                self._drop(attr)
                if which == "reader" and retry:  # reads are safe to repeat on a new connection
                    return self._with_conn(which, fn, False, attr)
            raise self._translate(exc) from exc

    def _conn_dead(self, conn: Any) -> bool:
        return False

    def _batch(self, conn: Any) -> contextlib.AbstractContextManager[Any]:
        """Statements whose results are not read, sent together (a no-op where a statement
        costs no round trip)."""
        return contextlib.nullcontext()

    def _drop(self, attr: str) -> None:
        conn = self._conns.pop(attr, None)
        if conn is not None:
            try:
                conn.close()
            except Exception:  # closing a broken connection may itself fail; it is gone either way
                pass

    # -- lifecycle ---------------------------------------------------------------------
    async def open(self) -> None:
        self._wexec = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"kiosk-{self.dialect}-writer")
        self._rexecs = [
            ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"kiosk-{self.dialect}-reader-{i}")
            for i in range(self.readers)
        ]
        try:
            await self._run("writer", self._migrate)
            await self._run("writer", self._settle_key)
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._closed:
            return
        loop = asyncio.get_running_loop()
        slots = [("writer", self._wexec), *((f"reader-{i}", e) for i, e in enumerate(self._rexecs))]
        for attr, executor in slots:
            if executor is not None:
                await loop.run_in_executor(executor, self._drop, attr)
                executor.shutdown(wait=True)
        self._closed = True

    def _migrate(self, conn: Any) -> None:
        cur = conn.cursor()
        version = self._schema_version(cur)
        if version > SCHEMA_VERSION:
            raise DatabaseTooNew(
                f"{self._describe()} has schema version {version}, newer than this kiosk understands"
                f" ({SCHEMA_VERSION}); upgrade kiosk to use it (nothing was changed)"
            )
        if version == SCHEMA_VERSION:
            return
        self._begin_write(conn)
        try:
            if self._schema_version(cur) < SCHEMA_VERSION:  # another node may have migrated meanwhile
                for step in range(self._schema_version(cur) + 1, SCHEMA_VERSION + 1):
                    for stmt in migration_statements(step, self.dialect):
                        cur.execute(stmt)
                    cur.execute(self._sql("DELETE FROM kiosk_meta WHERE key = 'schema_version'"))
                    cur.execute(
                        self._sql("INSERT INTO kiosk_meta (key, value) VALUES ('schema_version', ?)"), (str(step),)
                    )
            conn.commit()
        except BaseException:
            conn.rollback()
            raise

    def _settle_key(self, conn: Any) -> None:
        """Refuse a key the database is not signed with, or no key for a keyed database; start
        signing an unkeyed database with a new key (an ``audit_key_set`` record, itself signed)."""
        cur = conn.cursor()
        self._begin_read(conn)
        try:
            stored = self._meta(cur, _KEY_META)
        finally:
            conn.rollback()
        key = self.audit_key
        if self.verify_only or stored == (key.id if key else None):
            return
        if stored is not None:
            self._refuse_key(stored)
        actor = Actor(name="kiosk audit key", role="admin")
        self._write(conn, actor, lambda loaded: Outcome(audit=[]), datetime.now(UTC), (), (), False, start_key=True)

    def _refuse_key(self, stored: str | None) -> None:
        key = self.audit_key
        if stored is None:
            raise AuditKeyError(
                f"{self._describe()} is not signed with an audit key but this node has key {key.id};"
                " restart the node so that it signs from the next record"
            )
        if key is None:
            raise AuditKeyError(
                f"{self._describe()} is signed with audit key {stored}; give that key"
                " (--audit-key FILE or KIOSK_AUDIT_KEY_FILE) to write to it"
            )
        raise AuditKeyError(
            f"{self._describe()} is signed with audit key {stored}, not this key ({key.id});"
            " give the key the database was signed with"
        )

    def _meta(self, cur: Any, key: str) -> str | None:
        cur.execute(self._sql("SELECT value FROM kiosk_meta WHERE key = ?"), (key,))
        row = cur.fetchone()
        return None if row is None else row[0]

    @abc.abstractmethod
    def _schema_version(self, cur: Any) -> int:
        """0 for an empty database; refuses a database that is not kiosk's."""

    # -- writes ------------------------------------------------------------------------
    async def write(
        self,
        actor: Actor,
        apply: Apply,
        *,
        now: datetime,
        tables: Collection[str] | Literal["*"] = (),
        links: Collection[str] | Literal["*"] = (),
        tokens: bool = False,
    ) -> list[Event]:
        prepared = None
        if self.optimistic and not tokens:  # the handler and the law run now, without the lock
            prepared = await self._run("reader", lambda conn: self._prepare(conn, actor, apply, now, tables, links))
        request = _Request(actor, apply, now, tables, links, tokens, prepared, Future())
        self._ready.append(request)
        try:
            await self._run("writer", self._write_ready)
        except BaseException:
            try:
                self._ready.remove(request)  # never taken: nothing of it was written
            except ValueError:  # taken by a batch: its answer stands
                return await asyncio.wrap_future(request.done)
            raise
        return await asyncio.wrap_future(request.done)

    def _load(
        self,
        cur: Any,
        want_tables: Collection[str] | Literal["*"],
        want_links: Collection[str] | Literal["*"],
        now: datetime,
        seen: _Seen | None = None,
    ) -> Loaded:
        """The rows a command asked for, with a table's link and a link's tables."""
        loaded = Loaded(
            tables=self._load_rows(cur, "kiosk_tables", want_tables, seen),
            links=self._load_rows(cur, "kiosk_links", want_links, seen),
            now=now,
        )
        # a table's link and a link's tables come along: link commands touch every member
        for table in list(loaded.tables.values()):
            link_id = table.get("link_id")
            if link_id and link_id not in loaded.links:
                loaded.links.update(self._load_rows(cur, "kiosk_links", [link_id], seen))
        for link in list(loaded.links.values()):
            missing = [t for t in link.get("tables", []) if t not in loaded.tables]
            if missing:
                loaded.tables.update(self._load_rows(cur, "kiosk_tables", missing, seen))
        return loaded

    def _write_ready(self, conn: Any) -> None:
        """Write every request that is ready, in the order they came, in one transaction under
        one writers' lock (one commit, one fsync); each gets its events or its own refusal."""
        batch: list[_Request] = []
        while True:
            try:
                batch.append(self._ready.popleft())
            except IndexError:
                break
        if not batch:
            return
        try:
            results = self._write_batch(conn, batch)
        except _NothingApplied:  # the connection was gone: tried again on a new one
            self._ready.extendleft(reversed(batch))
            raise
        except BaseException as exc:
            if isinstance(exc, self._db_errors) and self._is_connection_error(exc):
                self._drop("writer")
            error = self._translate(exc) if isinstance(exc, self._db_errors) else exc
            for request in batch:
                request.done.set_exception(error)
            if not isinstance(exc, Exception):
                raise
            return
        for request, result in zip(batch, results, strict=True):
            if isinstance(result, BaseException):
                request.done.set_exception(result)
            else:
                request.done.set_result(result)

    def _write(
        self,
        conn: Any,
        actor: Actor,
        apply: Apply,
        now: datetime,
        want_tables: Collection[str] | Literal["*"],
        want_links: Collection[str] | Literal["*"],
        want_tokens: bool,
        start_key: bool = False,
    ) -> list[Event]:
        """One command under the lock, in a transaction of its own."""
        request = _Request(actor, apply, now, want_tables, want_links, want_tokens, None, Future())
        (result,) = self._write_batch(conn, [request], start_key)
        if isinstance(result, BaseException):
            raise result
        return result

    def _write_batch(
        self, conn: Any, batch: list[_Request], start_key: bool = False
    ) -> list[list[Event] | BaseException]:
        """Take the writers' lock, then for each request in order: append its prepared outcome
        if every version it rests on still holds (those appended before it in the batch
        included), or else load its rows and run its handler here, under the lock, against the
        state as it is. One transaction; a refused request writes nothing of its own."""
        prepared = [r.prepared for r in batch if r.prepared is not None]
        table_ids = sorted({k for p in prepared for k in p.tables})
        link_ids = sorted({k for p in prepared for k in p.links})
        cur, meta, table_rows, link_rows = (conn.cursor() for _ in range(4))
        self._begin_write(conn)
        try:
            # one batch (one round trip and one commit on PostgreSQL): the writers' lock, then
            # what it guards, read after it; the appends; the commit
            with self._batch(conn):
                try:
                    cur.execute(self._sql(_LOCK_HEAD))  # take the writers' lock and read the head
                    seq, audit_n, audit_hash = cur.fetchone()
                except self._db_errors as exc:
                    if self._is_connection_error(exc):
                        raise _NothingApplied() from exc
                    raise
                meta.execute(
                    self._sql("SELECT key, value FROM kiosk_meta WHERE key IN (?, ?)"), (_KEY_META, _FLOOR_VERSION)
                )
                versions: dict[str, dict[str, int | None]] = {}
                for rows, table, ids in ((table_rows, "kiosk_tables", table_ids), (link_rows, "kiosk_links", link_ids)):
                    if ids:
                        marks = _marks(ids)
                        rows.execute(self._sql(f"SELECT id, version FROM {table} WHERE id IN ({marks})"), ids)
                settings = dict(meta.fetchall())
                versions["tables"] = dict(table_rows.fetchall()) if table_ids else {}
                versions["links"] = dict(link_rows.fetchall()) if link_ids else {}
                signed_by = settings.get(_KEY_META)
                key = self.audit_key
                outcome_key = {}
                if start_key and signed_by is None:
                    outcome_key = {_KEY_META: key.id}
                elif signed_by != (key.id if key else None):  # another node keyed it meanwhile, or keys differ
                    self._refuse_key(signed_by)
                floor = settings.get(_FLOOR_VERSION)
                seen: _Seen = {}  # the rows this transaction has read or written
                results: list[list[Event] | BaseException] = []
                for request in batch:
                    p = request.prepared
                    if p is not None and _holds(p, versions, floor):
                        outcome, changes_floor = p.outcome, p.changes_floor
                    else:
                        try:
                            outcome, changes_floor = self._apply_locked(cur, request, seen)
                        except Exception as exc:
                            if isinstance(exc, self._db_errors):
                                raise  # the transaction is lost: every request of the batch fails
                            results.append(exc)  # refused: nothing of this request is written
                            continue
                    if outcome_key:
                        outcome.audit.append(AuditDraft("audit_key_set", None, {"key_id": key.id}))
                        outcome.meta.update(outcome_key)
                        outcome_key = {}
                    if changes_floor:
                        floor = outcome.meta[_FLOOR_VERSION] = _next_version(floor)
                    events, seq, audit_n, audit_hash = self._append(
                        cur, request.actor, outcome, request.now, seq, audit_n, audit_hash
                    )
                    for table, rows in (("kiosk_tables", outcome.tables), ("kiosk_links", outcome.links)):
                        versions[table.removeprefix("kiosk_")].update({k: _version(v) for k, v in rows.items()})
                        seen.update({(table, k): None if v is None else _dumps(v) for k, v in rows.items()})
                    results.append(events)
                self._set_head(
                    cur, seq, audit_n, audit_hash, any(not isinstance(r, BaseException) and r for r in results)
                )
                conn.commit()
            return results
        except BaseException:
            self._rollback(conn)
            raise

    def _apply_locked(self, cur: Any, request: _Request, seen: _Seen) -> tuple[Outcome, bool]:
        """Load a request's rows inside the locked transaction and run its handler on them."""
        loaded = self._load(cur, request.tables, request.links, request.now, seen)
        if request.tokens:
            cur.execute(self._sql(_TOKEN_SELECT))
            loaded.tokens = {row[0]: self._token_row(row) for row in cur.fetchall()}
        loaded.read_reports = lambda table_id, since: self._showing_rows(cur, table_id, since)
        parts = _floor_parts(loaded.tables, loaded.links)
        outcome = request.apply(loaded)
        self._check_derivable(outcome)
        return outcome, _changes_floor(parts, outcome)

    def _rollback(self, conn: Any) -> None:
        try:
            conn.rollback()
        except Exception:  # a broken connection has rolled back already
            pass

    def _set_head(self, cur: Any, seq: int, audit_n: int, audit_hash: str, notify: bool) -> None:
        cur.execute(
            self._sql("UPDATE kiosk_head SET seq = ?, audit_n = ?, audit_hash = ? WHERE id = 1"),
            (seq, audit_n, audit_hash),
        )
        if notify:
            self._after_write(cur, seq)

    # -- writes prepared outside the writers' lock (PostgreSQL) -------------------------
    def _prepare(
        self,
        conn: Any,
        actor: Actor,
        apply: Apply,
        now: datetime,
        want_tables: Collection[str] | Literal["*"],
        want_links: Collection[str] | Literal["*"],
    ) -> _Prepared | None:
        """Run the command's handler (and the floor law) on a reader's consistent snapshot,
        without the writers' lock, and say which versions it rests on; None when it is to run
        under the lock: it touches a jackpot link, reads what the versions do not cover (display
        reports) or changes tokens or settings."""
        whole = want_tables == ALL or want_links == ALL
        if want_links and not whole:
            return None
        # one statement (one snapshot, one round trip): the floor's version and the rows
        selects, params = ["SELECT 0, key, value FROM kiosk_meta WHERE key = ?"], [_FLOOR_VERSION]
        for n, (table, ids) in enumerate((("kiosk_tables", want_tables), ("kiosk_links", want_links)), 1):
            if ids == ALL:
                selects.append(f"SELECT {n}, id, state FROM {table}")
            elif ids:
                ids = list(dict.fromkeys(ids))
                selects.append(f"SELECT {n}, id, state FROM {table} WHERE id IN ({_marks(ids)})")
                params += ids
        cur = conn.cursor()
        self._begin_read(conn)
        try:
            cur.execute(self._sql(" UNION ALL ".join(selects)), params)
            rows = cur.fetchall()
        finally:
            conn.rollback()
        floor = next((text for n, _, text in rows if n == 0), None)
        loaded = Loaded(
            tables={k: json.loads(text) for n, k, text in rows if n == 1},
            links={k: json.loads(text) for n, k, text in rows if n == 2},
            now=now,
        )
        if not whole and any(t.get("link_id") for t in loaded.tables.values()):
            # a jackpot link's meter moves with every linked table's wagers: an outcome that
            # read it would rarely hold, so it runs under the lock (once, not twice)
            return None

        def reports(table_id: str, since: datetime | None) -> list[ShowingRecord]:
            raise _NeedsLock()

        loaded.read_reports = reports
        tables = {k: _version(v) for k, v in loaded.tables.items()}
        links = {k: _version(v) for k, v in loaded.links.items()}
        parts = _floor_parts(loaded.tables, loaded.links)
        try:
            outcome = apply(loaded)
        except _NeedsLock:
            return None
        self._check_derivable(outcome)
        if outcome.tokens or outcome.meta:
            return None
        if whole:  # the whole floor, for the floor law: the rows it changes, and the floor's version
            tables = {k: tables.get(k) for k in outcome.tables}
            links = {k: links.get(k) for k in outcome.links}
        else:  # every row it read, and the rows it asked for that did not exist
            tables.update({k: None for k in want_tables if k not in tables})
            links.update({k: None for k in want_links if k not in links})
        return _Prepared(actor, outcome, now, tables, links, floor if whole else _ANY, _changes_floor(parts, outcome))

    def _append(
        self, cur: Any, actor: Actor, outcome: Outcome, now: datetime, seq: int, audit_n: int, audit_hash: str
    ) -> tuple[list[Event], int, int, str]:
        """Store ``outcome`` after event ``seq`` and audit record ``audit_n`` (hash ``audit_hash``);
        return its events and the new head."""
        at = self._time_text(now)
        events: list[Event] = []
        for draft in outcome.events:
            seq += 1
            record: dict[str, Any] = {
                "seq": seq,
                "type": draft.type,
                "table_id": draft.table_id,
                "link_id": draft.link_id,
                "tables": sorted(set(draft.tables)),
                "data": draft.data,
                "at": at,
                "actor": actor.name,
                "token_id": actor.token_id,
                "version": draft.version,
            }
            cur.execute(
                self._sql(f"INSERT INTO kiosk_events ({_EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
                (
                    seq,
                    draft.type,
                    draft.table_id,
                    draft.link_id,
                    "tables" if record["tables"] else "global",
                    _dumps(draft.data),
                    at,
                    actor.name,
                    actor.token_id,
                    draft.version,
                ),
            )
            for table_id in record["tables"]:
                cur.execute(self._sql("INSERT INTO kiosk_event_tables (table_id, seq) VALUES (?, ?)"), (table_id, seq))
            audit_n, audit_hash = self._append_audit(
                cur,
                audit_n,
                audit_hash,
                seq,
                at,
                actor,
                draft.type,
                draft.table_id or draft.link_id,
                {"event": record},
            )
            events.append(self._event(record))
        for extra in outcome.audit:
            audit_n, audit_hash = self._append_audit(
                cur, audit_n, audit_hash, None, at, actor, extra.action, extra.target, extra.details
            )
        for table_id, state in outcome.tables.items():
            self._put_row(cur, "kiosk_tables", table_id, state)
        for link_id, state in outcome.links.items():
            self._put_row(cur, "kiosk_links", link_id, state)
        for op in outcome.tokens:
            if isinstance(op, TokenInsert):
                cur.execute(
                    self._sql(
                        "INSERT INTO kiosk_tokens (id, hash, role, name, tables, created_at, expires_at, revoked_at,"
                        " person, displays) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)"
                    ),
                    (
                        op.id,
                        op.hash,
                        op.role,
                        op.name,
                        None if op.tables is None else _dumps(list(op.tables)),
                        op.created_at,
                        op.expires_at,
                        op.person,
                        None if op.displays is None else _dumps(list(op.displays)),
                    ),
                )
            elif isinstance(op, TokenRevoke):
                cur.execute(self._sql("UPDATE kiosk_tokens SET revoked_at = ? WHERE id = ?"), (op.revoked_at, op.id))
        for key, value in outcome.meta.items():
            cur.execute(self._sql("DELETE FROM kiosk_meta WHERE key = ?"), (key,))
            cur.execute(self._sql("INSERT INTO kiosk_meta (key, value) VALUES (?, ?)"), (key, value))
        return events, seq, audit_n, audit_hash

    @staticmethod
    def _check_derivable(outcome: Outcome) -> None:
        """Refuse to store rows the outcome's events do not carry: the state must stay exactly
        what the event log says (``kiosk audit verify`` rebuilds it from the log)."""
        tables, links = derive(outcome.events)
        for what, want, have in (("table", tables, outcome.tables), ("link", links, outcome.links)):
            wrong = sorted(
                k
                for k in set(want) | set(have)
                if k not in want or k not in have or (want[k] != have[k] and _dumps(want[k]) != _dumps(have[k]))
            )
            if wrong:
                raise RuntimeError(f"a write would store {what} {wrong[0]} in a state its events do not carry")

    def _time_text(self, now: datetime) -> str:
        return format_utc(now)

    def _append_audit(
        self,
        cur: Any,
        n: int,
        prev_hash: str,
        seq: int | None,
        at: str,
        actor: Actor,
        action: str,
        target: str | None,
        details: Mapping[str, Any],
    ) -> tuple[int, str]:
        record = {
            "n": n + 1,
            "seq": seq,
            "at": at,
            "actor": actor.name,
            "role": actor.role,
            "token_id": actor.token_id,
            "action": action,
            "target": target,
            "details": details,
            "prev_hash": prev_hash,
        }
        digest = record_hash(record)
        mac = None if self.audit_key is None else self.audit_key.mac(digest)
        cur.execute(
            self._sql(
                "INSERT INTO kiosk_audit (n, seq, at, actor, role, token_id, action, target, details, prev_hash, hash,"
                " mac) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ),
            (
                n + 1,
                seq,
                at,
                actor.name,
                actor.role,
                actor.token_id,
                action,
                target,
                _dumps(details),
                prev_hash,
                digest,
                mac,
            ),
        )
        return n + 1, digest

    def _showing_rows(self, cur: Any, table_id: str, since: datetime | None) -> list[ShowingRecord]:
        """The table's displays' reports made at or after ``since`` (at most the newest
        ``SHOWING_ROWS``), oldest first."""
        cur.execute(
            self._sql(
                "SELECT n, at, actor, token_id, details FROM kiosk_audit WHERE target = ? AND action = ? AND at >= ?"
                " ORDER BY n DESC LIMIT ?"
            ),
            (table_id, SHOWING_ACTION, "" if since is None else format_utc(since), SHOWING_ROWS),
        )
        rows = [
            record_of(n, parse_utc(at), token, who, json.loads(details))
            for n, at, who, token, details in cur.fetchall()
        ]
        return rows[::-1]

    def _load_rows(
        self, cur: Any, table: str, ids: Collection[str] | Literal["*"], seen: _Seen | None = None
    ) -> dict[str, Any]:
        """The rows' states (fresh objects each time). ``seen``: the rows the locked transaction
        has read or written so far (their stored text), which need no round trip again."""
        if seen is not None and (table, ALL) in seen:  # the whole table is known already
            wanted = None if ids == ALL else set(ids)
            return {
                k: json.loads(text)
                for (t, k), text in seen.items()
                if t == table and k != ALL and text is not None and (wanted is None or k in wanted)
            }
        if ids == ALL:
            cur.execute(self._sql(f"SELECT id, state FROM {table}"))
            rows = dict(cur.fetchall())
            if seen is not None:
                seen.update({(table, k): text for k, text in rows.items()})
                seen[(table, ALL)] = ""
            return {k: json.loads(text) for k, text in rows.items()}
        ids = list(dict.fromkeys(ids))
        missing = ids if seen is None else [k for k in ids if (table, k) not in seen]
        found: dict[str, str] = {}
        if missing:
            marks = _marks(missing)
            cur.execute(self._sql(f"SELECT id, state FROM {table} WHERE id IN ({marks})"), missing)
            found = dict(cur.fetchall())
            if seen is not None:
                seen.update({(table, k): found.get(k) for k in missing})
        texts = found if seen is None else {k: seen.get((table, k)) for k in ids}
        return {k: json.loads(text) for k, text in texts.items() if text is not None}

    def _put_row(self, cur: Any, table: str, row_id: str, state: Mapping[str, Any] | None) -> None:
        cur.execute(self._sql(f"DELETE FROM {table} WHERE id = ?"), (row_id,))
        if state is not None:
            cur.execute(
                self._sql(f"INSERT INTO {table} (id, version, state) VALUES (?, ?, ?)"),
                (row_id, int(state.get("version", 0)), _dumps(state)),
            )

    @staticmethod
    def _token_row(row: Sequence[Any]) -> dict[str, Any]:
        return {
            "id": row[0],
            "hash": row[1],
            "role": row[2],
            "name": row[3],
            "tables": None if row[4] is None else json.loads(row[4]),
            "created_at": row[5],
            "expires_at": row[6],
            "revoked_at": row[7],
            "person": row[8],
            "displays": None if row[9] is None else json.loads(row[9]),
        }

    @staticmethod
    def _event(record: dict[str, Any]) -> Event:
        return Event(
            seq=record["seq"],
            type=record["type"],
            table_id=record["table_id"],
            data=record["data"],
            at=parse_utc(record["at"]),
            actor=record["actor"],
            version=record["version"],
            extra={"link_id": record["link_id"], "tables": tuple(record["tables"])},
        )

    # -- reads -------------------------------------------------------------------------
    async def snapshot(self, tables: Collection[str] | None = None) -> dict[str, Any]:
        wanted = None if tables is None else frozenset(tables)

        def read(conn: Any) -> dict[str, Any]:
            cur = conn.cursor()
            self._begin_read(conn)
            try:
                cur.execute(self._sql("SELECT seq FROM kiosk_head WHERE id = 1"))
                seq = cur.fetchone()[0]
                cur.execute(self._sql("SELECT id, state FROM kiosk_tables ORDER BY id"))
                all_tables = {row[0]: json.loads(row[1]) for row in cur.fetchall()}
                cur.execute(self._sql("SELECT id, state FROM kiosk_links ORDER BY id"))
                all_links = {row[0]: json.loads(row[1]) for row in cur.fetchall()}
            finally:
                conn.rollback()
            return select_snapshot(seq, all_tables, all_links, wanted)

        return await self._run("reader", read)

    async def events_since(self, seq: int, tables: Collection[str] | None = None, limit: int = 1000) -> list[Event]:
        def read(conn: Any) -> list[Event]:
            cur = conn.cursor()
            self._begin_read(conn)
            try:
                if tables is None:
                    cur.execute(
                        self._sql(f"SELECT {_EVENT_COLUMNS} FROM kiosk_events WHERE seq > ? ORDER BY seq LIMIT ?"),
                        (seq, limit),
                    )
                else:
                    ids = sorted(set(tables))
                    marks = _marks(ids) or "NULL"
                    cur.execute(
                        self._sql(
                            f"SELECT {_EVENT_COLUMNS} FROM kiosk_events WHERE seq > ? AND (scope = 'global' OR seq IN"
                            f" (SELECT seq FROM kiosk_event_tables WHERE table_id IN ({marks}) AND seq > ?))"
                            " ORDER BY seq LIMIT ?"
                        ),
                        (seq, *ids, seq, limit),
                    )
                rows = cur.fetchall()
                members = self._event_tables(cur, [r[0] for r in rows if r[4] == "tables"])
            finally:
                conn.rollback()
            return [self._event(self._event_record(row, members.get(row[0], []))) for row in rows]

        return await self._run("reader", read)

    def _event_tables(self, cur: Any, seqs: list[int]) -> dict[int, list[str]]:
        out: dict[int, list[str]] = {}
        if not seqs:
            return out
        cur.execute(
            self._sql("SELECT seq, table_id FROM kiosk_event_tables WHERE seq >= ? AND seq <= ? ORDER BY table_id"),
            (min(seqs), max(seqs)),
        )
        wanted = set(seqs)
        for s, table_id in cur.fetchall():
            if s in wanted:
                out.setdefault(s, []).append(table_id)
        return out

    @staticmethod
    def _event_record(row: Sequence[Any], tables: list[str]) -> dict[str, Any]:
        return {
            "seq": row[0],
            "type": row[1],
            "table_id": row[2],
            "link_id": row[3],
            "tables": sorted(tables),
            "data": json.loads(row[5]),
            "at": row[6],
            "actor": row[7],
            "token_id": row[8],
            "version": row[9],
        }

    async def head_seq(self) -> int:
        def read(conn: Any) -> int:
            cur = conn.cursor()
            self._begin_read(conn)
            try:
                cur.execute(self._sql("SELECT seq FROM kiosk_head WHERE id = 1"))
                return cur.fetchone()[0]
            finally:
                conn.rollback()

        return await self._run("reader", read)

    async def find_token(self, digest: str) -> dict[str, Any] | None:
        def read(conn: Any) -> dict[str, Any] | None:
            cur = conn.cursor()
            self._begin_read(conn)
            try:
                cur.execute(
                    self._sql(f"{_TOKEN_SELECT} WHERE hash = ?"),
                    (digest,),
                )
                row = cur.fetchone()
            finally:
                conn.rollback()
            return None if row is None else self._token_row(row)

        return await self._run("reader", read)

    async def list_tokens(self) -> list[dict[str, Any]]:
        def read(conn: Any) -> list[dict[str, Any]]:
            cur = conn.cursor()
            self._begin_read(conn)
            try:
                cur.execute(self._sql(f"{_TOKEN_SELECT} ORDER BY created_at, id"))
                return [self._token_row(row) for row in cur.fetchall()]
            finally:
                conn.rollback()

        return await self._run("reader", read)

    async def get_meta(self, key: str) -> str | None:
        def read(conn: Any) -> str | None:
            cur = conn.cursor()
            self._begin_read(conn)
            try:
                cur.execute(self._sql("SELECT value FROM kiosk_meta WHERE key = ?"), (key,))
                row = cur.fetchone()
            finally:
                conn.rollback()
            return None if row is None else row[0]

        return await self._run("reader", read)

    async def audit_head(self) -> dict[str, Any]:
        def read(conn: Any) -> dict[str, Any]:
            cur = conn.cursor()
            self._begin_read(conn)
            try:
                cur.execute(self._sql("SELECT seq, audit_n, audit_hash FROM kiosk_head WHERE id = 1"))
                seq, n, digest = cur.fetchone()
            finally:
                conn.rollback()
            return {"seq": seq, "n": n, "hash": digest}

        return await self._run("reader", read)

    async def past_rows(
        self,
        *,
        at: datetime | None = None,
        seq: int | None = None,
        target: Target | None = None,
        full: bool = False,
    ) -> PastRows:
        if (at is None) == (seq is None):
            raise ValueError("past_rows: give a moment or an event's seq")

        def read(conn: Any) -> PastRows:
            cur = conn.cursor()
            self._begin_read(conn)
            try:
                return self._past_rows(cur, at, seq, target, full)
            finally:
                conn.rollback()

        return await self._run("reader", read)

    def _past_rows(self, cur: Any, at: datetime | None, seq: int | None, target: Target | None, full: bool) -> PastRows:
        """One read transaction: see :class:`kiosk.state.history.PastRows`.  Every query is
        answered from an index (schema 5), so the time grows with the tables and links, not
        with the events before the moment; ``full`` reads the whole prefix."""
        cur.execute(self._sql("SELECT seq, audit_n, audit_hash FROM kiosk_head WHERE id = 1"))
        head_seq, head_n, head_hash = cur.fetchone()
        head_now = {"seq": head_seq, "n": head_n, "hash": head_hash}
        n = self._record_at(cur, at) if at is not None else self._record_of_event(cur, seq or 0)
        record_at, head, last_seq = None, "0" * 64, 0
        if n:
            cur.execute(self._sql("SELECT at, hash FROM kiosk_audit WHERE n = ?"), (n,))
            record_at, head = cur.fetchone()
            cur.execute(
                self._sql("SELECT seq FROM kiosk_audit WHERE n <= ? AND seq IS NOT NULL ORDER BY n DESC LIMIT 1"), (n,)
            )
            row = cur.fetchone()
            last_seq = int(row[0]) if row is not None else 0
        events = self._past_events(cur, last_seq, full)
        first = last = None
        if target is not None:
            column = "table_id" if target[0] == "table" else "link_id"
            extra = "" if target[0] == "table" else " AND table_id IS NULL"
            cur.execute(
                self._sql(f"SELECT seq, at, type FROM kiosk_events WHERE {column} = ?{extra} ORDER BY seq LIMIT 1"),
                (target[1],),
            )
            found = cur.fetchone()
            first = None if found is None else (int(found[0]), found[1], found[2])
            cur.execute(
                self._sql(
                    f"SELECT seq, at, type FROM kiosk_events WHERE {column} = ?{extra} AND seq <= ?"
                    " ORDER BY seq DESC LIMIT 1"
                ),
                (target[1], last_seq),
            )
            found = cur.fetchone()
            last = None if found is None else (int(found[0]), found[1], found[2])
        cur.execute(
            self._sql(
                "SELECT n, at, details FROM kiosk_audit WHERE target IS NULL AND action = ? AND n <= ?"
                " ORDER BY n DESC LIMIT 1"
            ),
            (FRAME_ACTION, n),
        )
        found = cur.fetchone()
        frame = None
        if found is not None:
            try:
                frame = {"n": int(found[0]), "at": found[1], "details": json.loads(found[2])}
            except ValueError:
                frame = None
        reports: list[dict[str, Any]] = []
        if target is not None and target[0] == "table" and n:
            cur.execute(
                self._sql(
                    "SELECT n, seq, at, actor, role, token_id, action, target, details, prev_hash, hash, mac"
                    " FROM kiosk_audit WHERE target = ? AND action = ? AND n <= ? ORDER BY n DESC LIMIT ?"
                ),
                (target[1], SHOWING_ACTION, n, SHOWING_ROWS),
            )
            reports = [self._audit_record(r) for r in cur.fetchall()][::-1]
        return PastRows(
            n=n,
            head=head,
            record_at=record_at,
            seq=last_seq,
            events=events,
            full=full,
            first=first,
            last=last,
            frame=frame,
            stored_frame=self._meta(cur, "floor_frame"),
            reports=reports,
            head_now=head_now,
        )

    def _record_at(self, cur: Any, at: datetime) -> int:
        """The last audit record at or before ``at`` (0: none): the one with the latest time at
        or before it (by index), and the records right after it stamped at or before it too (a
        write that waited for the writers' lock is stamped when it was asked, a moment before
        the one that went ahead of it)."""
        moment = format_utc(at)
        cur.execute(self._sql("SELECT n FROM kiosk_audit WHERE at <= ? ORDER BY at DESC, n DESC LIMIT 1"), (moment,))
        found = cur.fetchone()
        n = 0 if found is None else int(found[0])
        while n:
            cur.execute(self._sql("SELECT n, at FROM kiosk_audit WHERE n > ? ORDER BY n LIMIT 20"), (n,))
            later = cur.fetchall()
            run = [int(r[0]) for r in itertools.takewhile(lambda r: r[1] <= moment, later)]
            n = run[-1] if run else n
            if len(run) < len(later) or len(later) < 20:
                break
        return n

    def _record_of_event(self, cur: Any, seq: int) -> int:
        """The audit record of event ``seq`` (0: no such event)."""
        cur.execute(
            self._sql(
                "SELECT a.n FROM kiosk_events e JOIN kiosk_audit a ON a.at = e.at AND a.seq = e.seq WHERE e.seq = ?"
            ),
            (seq,),
        )
        found = cur.fetchone()
        return 0 if found is None else int(found[0])

    def _past_events(self, cur: Any, last_seq: int, full: bool) -> list[dict[str, Any]]:
        """The events the fold up to ``last_seq`` needs, in seq order: the last about each table
        and each link (found by a loose index scan of schema 5's indexes), or every one."""
        columns = "seq, type, table_id, link_id, data, at"
        if not last_seq:
            return []
        if not full:
            seqs: list[int] = []
            for column, extra in (("table_id", ""), ("link_id", " AND table_id IS NULL")):
                cur.execute(
                    self._sql(
                        f"WITH RECURSIVE ids(id) AS ("
                        f" SELECT min({column}) FROM kiosk_events"
                        f" UNION ALL SELECT (SELECT min({column}) FROM kiosk_events WHERE {column} > ids.id)"
                        f" FROM ids WHERE ids.id IS NOT NULL)"
                        f" SELECT (SELECT max(seq) FROM kiosk_events WHERE {column} = ids.id{extra} AND seq <= ?)"
                        f" FROM ids WHERE ids.id IS NOT NULL"
                    ),
                    (last_seq,),
                )
                seqs += [int(r[0]) for r in cur.fetchall() if r[0] is not None]
            rows: list[Any] = []
            for start in range(0, len(seqs), 500):
                chunk = sorted(seqs)[start : start + 500]
                marks = _marks(chunk)
                cur.execute(self._sql(f"SELECT {columns} FROM kiosk_events WHERE seq IN ({marks})"), chunk)
                rows += cur.fetchall()
            events = [self._past_event(r) for r in sorted(rows, key=lambda r: r[0])]
            # every event carries its target's state (kiosk.state.replay); one that does not
            # cannot stand for the events before it: then fold the whole prefix
            if all(isinstance(e["data"], Mapping) and isinstance(e["data"].get("state"), Mapping) for e in events):
                return events
        cur.execute(self._sql(f"SELECT {columns} FROM kiosk_events WHERE seq <= ? ORDER BY seq"), (last_seq,))
        return [self._past_event(r) for r in cur.fetchall()]

    @staticmethod
    def _past_event(row: Sequence[Any]) -> dict[str, Any]:
        return {
            "seq": row[0],
            "type": row[1],
            "table_id": row[2],
            "link_id": row[3],
            "data": json.loads(row[4]),
            "at": row[5],
        }

    async def audit_records(self, query: AuditQuery) -> list[dict[str, Any]]:
        where: list[str] = []
        params: list[object] = []
        for column, value in (("target", query.target), ("actor", query.actor), ("action", query.action)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        if query.since is not None:
            where.append("at >= ?")
            params.append(format_utc(query.since))
        if query.until is not None:
            where.append("at < ?")
            params.append(format_utc(query.until))
        if query.before is not None:
            where.append("n < ?")
            params.append(query.before)
        sql = (
            "SELECT n, seq, at, actor, role, token_id, action, target, details, prev_hash, hash, mac FROM kiosk_audit"
            + (" WHERE " + " AND ".join(where) if where else "")
            + " ORDER BY n DESC LIMIT ?"
        )
        params.append(query.limit)

        def read(conn: Any) -> list[dict[str, Any]]:
            cur = conn.cursor()
            self._begin_read(conn)
            try:
                cur.execute(self._sql(sql), tuple(params))
                return [self._audit_record(row) for row in cur.fetchall()]
            finally:
                conn.rollback()

        return await self._run("reader", read)

    async def verify_audit(self, key: Any = None, checkpoints: Any = None) -> AuditReport:
        def read(conn: Any) -> Findings:
            cur = conn.cursor()
            self._begin_read(conn)
            try:
                return self._findings(cur)
            finally:
                conn.rollback()

        found = await self._run("reader", read)
        return examine(found, key, checkpoints)

    def _findings(self, cur: Any) -> Findings:
        cur.execute(self._sql(f"SELECT {_EVENT_COLUMNS} FROM kiosk_events ORDER BY seq"))
        event_rows = cur.fetchall()
        cur.execute(self._sql("SELECT seq, table_id FROM kiosk_event_tables ORDER BY table_id"))
        members: dict[int, list[str]] = {}
        for s, table_id in cur.fetchall():
            members.setdefault(s, []).append(table_id)
        events = {}
        for row in event_rows:
            try:
                events[row[0]] = self._event_record(row, members.get(row[0], []))
            except ValueError:
                events[row[0]] = {"unreadable": True}
        cur.execute(
            self._sql(
                "SELECT n, seq, at, actor, role, token_id, action, target, details, prev_hash, hash, mac"
                " FROM kiosk_audit ORDER BY n"
            )
        )
        records = [self._audit_record(row) for row in cur.fetchall()]
        cur.execute(self._sql("SELECT seq, audit_n, audit_hash FROM kiosk_head WHERE id = 1"))
        row = cur.fetchone()
        head = {"seq": None, "n": None, "hash": None} if row is None else {"seq": row[0], "n": row[1], "hash": row[2]}
        rows = {}
        for table in ("kiosk_tables", "kiosk_links"):
            cur.execute(self._sql(f"SELECT id, version, state FROM {table} ORDER BY id"))
            found = {}
            for ident, version, text in cur.fetchall():
                try:
                    found[ident] = (version, json.loads(text))
                except ValueError:
                    found[ident] = (version, {"unreadable": text[:60]})
            rows[table] = found
        cur.execute(self._sql(_TOKEN_SELECT))
        tokens = []
        for row in cur.fetchall():
            try:
                tokens.append(self._token_row(row))
            except ValueError:
                tokens.append({"id": row[0], "role": row[2], "name": row[3], "tables": "unreadable"})
        return Findings(
            records=records,
            events=events,
            head=head,
            tables=rows["kiosk_tables"],
            links=rows["kiosk_links"],
            tokens=tokens,
            key_id=self._meta(cur, _KEY_META),
        )

    @staticmethod
    def _audit_record(row: Sequence[Any]) -> dict[str, Any]:
        try:
            details = json.loads(row[8])
        except ValueError:
            details = {"unreadable": row[8]}
        names = (
            "n",
            "seq",
            "at",
            "actor",
            "role",
            "token_id",
            "action",
            "target",
            "details",
            "prev_hash",
            "hash",
            "mac",
        )
        record = dict(zip(names, row, strict=True))
        record["details"] = details
        return record
