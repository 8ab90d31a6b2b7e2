"""The shared store: PostgreSQL, for several ``kiosk serve`` nodes on one database.

Writes and reads run on their own connections (psycopg 3) on dedicated threads, exactly
as on SQLite.  Each write transaction ends with ``pg_notify('kiosk_events', seq)``, which
PostgreSQL delivers at commit; every node listens on a dedicated asynchronous connection
(a LISTEN connection must not be shared, psycopg issue 340) and then reads the new events
from the table itself, so a notification lost across a restart loses nothing: on
reconnecting the node catches up from its last sequence number.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, Literal

import psycopg

from kiosk.state.errors import StateError, StoreUnavailable, redact_credentials
from kiosk.state.store._sql import SqlStore

__all__ = ["PostgresStore", "CHANNEL"]

CHANNEL = "kiosk_events"
_log = logging.getLogger(__name__)
_MIGRATION_LOCK = 727_001  # pg_advisory_xact_lock key: one node migrates at a time


class PostgresStore(SqlStore):
    """A :class:`~kiosk.state.store.Store` on PostgreSQL with LISTEN/NOTIFY fan-out."""

    kind = "postgresql"
    dialect = "postgresql"
    _db_errors = (psycopg.Error,)
    optimistic = True

    def __init__(self, dsn: str, describe: str) -> None:
        super().__init__()
        self.dsn = dsn
        self._where = describe
        self._listener: Callable[[int | None], None] | None = None
        self._listen_task: asyncio.Task | None = None
        self._listening = asyncio.Event()
        self._listen_up = False
        self._listen_lost_at: float | None = time.monotonic()

    def _describe(self) -> str:
        return self._where

    def _connect(self, purpose: Literal["writer", "reader"]) -> Any:
        try:
            conn = psycopg.connect(self.dsn, connect_timeout=10, application_name=f"kiosk-{purpose}")
        except psycopg.Error as exc:
            raise StoreUnavailable(f"cannot connect to {self._where}: {_first_line(exc)}") from None
        if purpose == "reader":
            conn.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
        return conn

    def _conn_dead(self, conn: Any) -> bool:
        return bool(conn.closed or conn.broken)

    def _is_connection_error(self, exc: BaseException) -> bool:
        return isinstance(exc, psycopg.OperationalError)

    def _translate(self, exc: BaseException) -> StateError:
        if isinstance(exc, psycopg.OperationalError):
            return StoreUnavailable(
                f"{self._where} is unavailable: {_first_line(exc)}; retry (with expected_version a retry is safe)"
            )
        return StoreUnavailable(f"{self._where}: {_first_line(exc)}")

    def _begin_write(self, conn: Any) -> None:
        # psycopg opens the transaction with the first statement; READ COMMITTED lets each
        # statement after the head-row lock see what the previous writer committed.
        pass

    def _begin_read(self, conn: Any) -> None:
        pass

    def _batch(self, conn: Any) -> Any:
        # psycopg pipeline mode: the write statements go out together and their results are
        # checked once at the end, instead of one round trip each under the writers' lock.
        return conn.pipeline()

    def _after_write(self, cur: Any, last_seq: int) -> None:
        cur.execute("SELECT pg_notify(%s, %s)", (CHANNEL, str(last_seq)))

    def _schema_version(self, cur: Any) -> int:
        cur.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
        cur.execute("SELECT to_regclass('kiosk_meta') IS NOT NULL")
        if not cur.fetchone()[0]:
            cur.execute(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()"
                " AND table_name LIKE 'kiosk%%'"
            )
            if cur.fetchone()[0]:
                raise StoreUnavailable(f"{self._where} has kiosk tables but no schema version; nothing was changed")
            return 0
        cur.execute("SELECT value FROM kiosk_meta WHERE key = 'schema_version'")
        row = cur.fetchone()
        if row is None or not str(row[0]).isdigit():
            raise StoreUnavailable(f"{self._where} has no readable schema version; nothing was changed")
        return int(row[0])

    def _migrate(self, conn: Any) -> None:
        try:
            super()._migrate(conn)
        finally:
            if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                conn.rollback()

    # -- LISTEN ------------------------------------------------------------------------
    def set_remote_listener(self, callback: Callable[[int | None], None]) -> None:
        self._listener = callback
        if self._listen_task is None:
            self._listen_task = asyncio.get_running_loop().create_task(self._listen(), name="kiosk-pg-listen")

    async def wait_listening(self, timeout: float = 10.0) -> None:
        """Wait until the LISTEN connection is established (first time only)."""
        try:
            await asyncio.wait_for(self._listening.wait(), timeout)
        except TimeoutError:
            raise StoreUnavailable(f"{self._where}: could not LISTEN for other nodes' changes") from None

    @property
    def listening(self) -> bool:
        """Whether the LISTEN connection is up right now."""
        return self._listen_up

    @property
    def listen_lost_at(self) -> float | None:
        """``time.monotonic()`` when the LISTEN connection went down (None while it is up)."""
        return None if self._listen_up else self._listen_lost_at

    def _set_listening(self, up: bool) -> None:
        if self._listen_up and not up:
            self._listen_lost_at = time.monotonic()
        self._listen_up = up

    async def _listen(self) -> None:
        delay = 0.05
        while not self._closed:
            conn: psycopg.AsyncConnection | None = None
            try:
                # TCP keepalives: a database host that vanishes without closing the connection
                # is noticed within about 25 s instead of leaving the node deaf.
                conn = await psycopg.AsyncConnection.connect(
                    self.dsn,
                    autocommit=True,
                    connect_timeout=10,
                    application_name="kiosk-listen",
                    keepalives=1,
                    keepalives_idle=10,
                    keepalives_interval=5,
                    keepalives_count=3,
                )
                await conn.execute(f"LISTEN {CHANNEL}")
                delay = 0.05
                self._set_listening(True)
                self._listening.set()
                if self._listener is not None:
                    self._listener(None)  # catch up on what was committed before we listened
                async for note in conn.notifies():
                    if self._listener is not None:
                        try:
                            self._listener(int(note.payload))
                        except ValueError:
                            self._listener(None)
            except asyncio.CancelledError:
                raise
            except psycopg.Error as exc:
                self._set_listening(False)
                _log.warning("PostgreSQL LISTEN connection lost (%s); reconnecting", _first_line(exc))
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)
            finally:
                self._set_listening(False)
                if conn is not None:
                    try:
                        await conn.close()
                    except psycopg.Error:
                        pass

    async def close(self) -> None:
        task, self._listen_task = self._listen_task, None
        if task is not None:
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass
        await super().close()


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return redact_credentials(text.splitlines()[0]) if text else type(exc).__name__
