"""The database schema, versioned: each migration moves the schema up by one.

The same statements serve SQLite and PostgreSQL (JSON is stored as text; ``{bigint}``
becomes the dialect's 64-bit integer).  ``kiosk_meta`` holds ``schema_version``; a database
whose version is higher than :data:`SCHEMA_VERSION` was written by a newer kiosk and is
refused (:class:`~kiosk.state.errors.DatabaseTooNew`), never downgraded.

Events and audit records are append-only: triggers refuse UPDATE and DELETE on them, and
the audit hash chain (``kiosk.state.audit``) detects any edit made around the triggers;
with an audit key (v2) its MACs detect a rewrite that recomputed the hashes (``docs/audit.md``).
"""

from __future__ import annotations

from typing import Literal

__all__ = ["SCHEMA_VERSION", "MIGRATIONS", "migration_statements"]

Dialect = Literal["sqlite", "postgresql"]

_V1_TABLES = [
    "CREATE TABLE kiosk_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    # The head row serialises every writer (on PostgreSQL across server nodes): each write
    # transaction increments it first, so sequence numbers are gap-free in commit order and
    # each audit record sees the hash of the one before.
    "CREATE TABLE kiosk_head (id INTEGER PRIMARY KEY CHECK (id = 1), seq {bigint} NOT NULL,"
    " audit_n {bigint} NOT NULL, audit_hash TEXT NOT NULL)",
    "CREATE TABLE kiosk_events (seq {bigint} PRIMARY KEY, type TEXT NOT NULL, table_id TEXT,"
    " link_id TEXT, scope TEXT NOT NULL, data TEXT NOT NULL, at TEXT NOT NULL, actor TEXT NOT NULL,"
    " token_id TEXT, version {bigint})",
    "CREATE TABLE kiosk_event_tables (table_id TEXT NOT NULL, seq {bigint} NOT NULL, PRIMARY KEY (table_id, seq))",
    "CREATE TABLE kiosk_tables (id TEXT PRIMARY KEY, version {bigint} NOT NULL, state TEXT NOT NULL)",
    "CREATE TABLE kiosk_links (id TEXT PRIMARY KEY, version {bigint} NOT NULL, state TEXT NOT NULL)",
    "CREATE TABLE kiosk_audit (n {bigint} PRIMARY KEY, seq {bigint}, at TEXT NOT NULL, actor TEXT NOT NULL,"
    " role TEXT, token_id TEXT, action TEXT NOT NULL, target TEXT, details TEXT NOT NULL,"
    " prev_hash TEXT NOT NULL, hash TEXT NOT NULL)",
    "CREATE TABLE kiosk_tokens (id TEXT PRIMARY KEY, hash TEXT NOT NULL UNIQUE, role TEXT NOT NULL,"
    " name TEXT NOT NULL, tables TEXT, created_at TEXT NOT NULL, expires_at TEXT, revoked_at TEXT)",
    "INSERT INTO kiosk_head (id, seq, audit_n, audit_hash) VALUES (1, 0, 0, '" + "0" * 64 + "')",
]

_V1_SQLITE_GUARDS = [
    f"CREATE TRIGGER kiosk_{table}_no_{verb.lower()} BEFORE {verb} ON kiosk_{table}"
    f" BEGIN SELECT RAISE(ABORT, 'kiosk_{table} is append-only'); END"
    for table in ("events", "audit")
    for verb in ("UPDATE", "DELETE")
]

_V1_POSTGRES_GUARDS = [
    "CREATE FUNCTION kiosk_append_only() RETURNS trigger LANGUAGE plpgsql AS $$"
    " BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END $$",
    *(
        f"CREATE TRIGGER kiosk_{table}_append_only BEFORE UPDATE OR DELETE ON kiosk_{table}"
        f" FOR EACH ROW EXECUTE FUNCTION kiosk_append_only()"
        for table in ("events", "audit")
    ),
]

# v2: keyed audit (kiosk.state.auditkey).  ``mac`` is HMAC-SHA-256 of the record's hash under
# a key kept outside the database; NULL for records written without a key (every v1 record).
_V2_KEYED_AUDIT = ["ALTER TABLE kiosk_audit ADD COLUMN mac TEXT"]

# v3: every token belongs to a person (kiosk.state.tokens): the name of a token issued by
# ``kiosk token create`` on the server, or the person of the token that issued it through the
# API.  NULL for a token issued before v3 (its person is its name).
_V3_TOKEN_PERSON = ["ALTER TABLE kiosk_tokens ADD COLUMN person TEXT"]

# v4: the rules read a table's displays' reports of what they show (kiosk.state.showing), which
# are audit records: found by target and action, newest first.
_V4_AUDIT_TARGET = ["CREATE INDEX kiosk_audit_target ON kiosk_audit (target, action, n)"]

# v5: a display token speaks for the displays it was issued for (kiosk.state.tokens): the floor's
# display ids as a JSON list.  NULL for every other token and for a display token issued before
# v5, which speaks for no display until it is re-issued (docs/readings.md A-28).
_V5_TOKEN_DISPLAYS = ["ALTER TABLE kiosk_tokens ADD COLUMN displays TEXT"]

# v6: the state at a past moment (kiosk.state.history) reads only what it needs: the last audit
# record at or before the moment (by time), and the last event about each table and link before
# it (by target), instead of folding the whole log.
_V6_HISTORY = [
    "CREATE INDEX kiosk_audit_at ON kiosk_audit (at, n)",
    "CREATE INDEX kiosk_events_table ON kiosk_events (table_id, seq)",
    "CREATE INDEX kiosk_events_link ON kiosk_events (link_id, seq)",
]

MIGRATIONS: dict[int, dict[Dialect, list[str]]] = {
    1: {
        "sqlite": _V1_TABLES + _V1_SQLITE_GUARDS,
        "postgresql": _V1_TABLES + _V1_POSTGRES_GUARDS,
    },
    2: {"sqlite": _V2_KEYED_AUDIT, "postgresql": _V2_KEYED_AUDIT},
    3: {"sqlite": _V3_TOKEN_PERSON, "postgresql": _V3_TOKEN_PERSON},
    4: {"sqlite": _V4_AUDIT_TARGET, "postgresql": _V4_AUDIT_TARGET},
    5: {"sqlite": _V5_TOKEN_DISPLAYS, "postgresql": _V5_TOKEN_DISPLAYS},
    6: {"sqlite": _V6_HISTORY, "postgresql": _V6_HISTORY},
}

SCHEMA_VERSION = max(MIGRATIONS)

_TYPES = {"sqlite": {"bigint": "INTEGER"}, "postgresql": {"bigint": "BIGINT"}}


def migration_statements(version: int, dialect: Dialect) -> list[str]:
    """The statements that take a database from ``version - 1`` to ``version``."""
    return [stmt.replace("{bigint}", _TYPES[dialect]["bigint"]) for stmt in MIGRATIONS[version][dialect]]
