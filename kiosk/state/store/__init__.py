"""The store: where the floor's state, events, audit trail and tokens are kept.

The public face of the package.  :class:`Store` is the interface the service writes
through (one transaction per command: events, new states and audit records together);
:func:`open_store` returns the store a database URL names, SQLite or PostgreSQL.  The
implementations are private: ``_sql`` (shared SQL), ``_sqlite`` and ``_postgres``, the
last imported only when a PostgreSQL URL is opened, so a SQLite node never loads psycopg.
"""

from __future__ import annotations

from kiosk.state.db import parse_db_url
from kiosk.state.store._base import (
    ALL,
    Apply,
    AuditDraft,
    AuditQuery,
    EventDraft,
    Loaded,
    Outcome,
    Store,
    TokenInsert,
    TokenRevoke,
)
from kiosk.state.store._sql import SqlStore

__all__ = [
    "ALL",
    "AuditQuery",
    "Apply",
    "AuditDraft",
    "EventDraft",
    "Loaded",
    "Outcome",
    "SqlStore",
    "Store",
    "TokenInsert",
    "TokenRevoke",
    "open_store",
]


def open_store(db_url: str | None) -> Store:
    """The store a database URL names (not yet opened)."""
    url = parse_db_url(db_url)
    if url.kind == "sqlite":
        from kiosk.state.store._sqlite import SqliteStore

        assert url.path is not None  # parse_db_url gives every sqlite URL its path
        return SqliteStore(url.path)
    from kiosk.state.store._postgres import PostgresStore

    assert url.dsn is not None  # and every postgresql URL its dsn
    return PostgresStore(url.dsn, url.describe())
