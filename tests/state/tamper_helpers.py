"""Someone with the SQLite file and a text editor: the tampering ``kiosk audit verify`` is tested against.

Each method changes the file directly (the append-only triggers dropped first, as anyone with
the file can), covering its tracks as far as possible without the audit key: hashes recomputed,
the head row rewound, the stored state made to match.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from kiosk.state.audit import GENESIS_HASH, canonical_json, record_hash

__all__ = ["Attacker"]

_AUDIT = ("n", "seq", "at", "actor", "role", "token_id", "action", "target", "details", "prev_hash", "hash", "mac")


class Attacker:
    def __init__(self, path: str) -> None:
        self.path = path

    def _conn(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path)
        for table in ("events", "audit"):
            for verb in ("update", "delete"):
                conn.execute(f"DROP TRIGGER IF EXISTS kiosk_{table}_no_{verb}")
        return conn

    def sql(self, *statements: str, params: tuple = ()) -> list[tuple]:
        conn = self._conn()
        try:
            rows: list[tuple] = []
            for stmt in statements:
                rows = conn.execute(stmt, params).fetchall()
            conn.commit()
            return rows
        finally:
            conn.close()

    def _records(self, conn) -> list[dict[str, Any]]:
        rows = conn.execute(f"SELECT {', '.join(_AUDIT)} FROM kiosk_audit ORDER BY n").fetchall()
        out = []
        for row in rows:
            rec = dict(zip(_AUDIT, row, strict=True))
            rec["details"] = json.loads(rec["details"])
            out.append(rec)
        return out

    def _rehash_from(self, conn, start_n: int, records: list[dict[str, Any]]) -> None:
        """Recompute every hash from record ``start_n`` on (the MACs cannot be recomputed)."""
        prev = GENESIS_HASH if start_n == 1 else records[start_n - 2]["hash"]
        for rec in records[start_n - 1 :]:
            rec["prev_hash"] = prev
            rec["hash"] = record_hash(rec)
            conn.execute(
                "UPDATE kiosk_audit SET details = ?, prev_hash = ?, hash = ? WHERE n = ?",
                (canonical_json(rec["details"]), rec["prev_hash"], rec["hash"], rec["n"]),
            )
            prev = rec["hash"]
        conn.execute("UPDATE kiosk_head SET audit_hash = ? WHERE id = 1", (prev,))

    # -- the kinds of tampering ------------------------------------------------------------
    def edit_state(self, table_id: str, key: str, value: Any) -> None:
        """Change what displays are served for one table (the log left alone)."""
        conn = self._conn()
        try:
            state = json.loads(conn.execute("SELECT state FROM kiosk_tables WHERE id = ?", (table_id,)).fetchone()[0])
            state[key] = value
            conn.execute("UPDATE kiosk_tables SET state = ? WHERE id = ?", (canonical_json(state), table_id))
            conn.commit()
        finally:
            conn.close()

    def edit_event_and_rehash(self, seq: int, key: str, value: Any) -> int:
        """Edit an event's data and its audit copy, then recompute every later hash; returns its record n."""
        conn = self._conn()
        try:
            data = json.loads(conn.execute("SELECT data FROM kiosk_events WHERE seq = ?", (seq,)).fetchone()[0])
            data[key] = value
            conn.execute("UPDATE kiosk_events SET data = ? WHERE seq = ?", (canonical_json(data), seq))
            records = self._records(conn)
            rec = next(r for r in records if r["seq"] == seq)
            rec["details"]["event"]["data"] = data
            self._rehash_from(conn, rec["n"], records)
            conn.commit()
            return rec["n"]
        finally:
            conn.close()

    def cut_newest(self, events: int, rewind_state: bool = True, rewind_head: bool = True) -> None:
        """Delete the newest ``events`` events with their audit records, rewind the head row to
        the record before them and (``rewind_state``) put back the state the log then says."""
        from kiosk.state.replay import rebuild

        conn = self._conn()
        try:
            head_seq = conn.execute("SELECT seq FROM kiosk_head").fetchone()[0]
            keep_seq = head_seq - events
            first_cut = conn.execute("SELECT min(n) FROM kiosk_audit WHERE seq > ?", (keep_seq,)).fetchone()[0]
            conn.execute("DELETE FROM kiosk_audit WHERE n >= ?", (first_cut,))
            conn.execute("DELETE FROM kiosk_events WHERE seq > ?", (keep_seq,))
            conn.execute("DELETE FROM kiosk_event_tables WHERE seq > ?", (keep_seq,))
            n, digest = conn.execute("SELECT n, hash FROM kiosk_audit ORDER BY n DESC LIMIT 1").fetchone()
            if rewind_head:
                conn.execute("UPDATE kiosk_head SET seq = ?, audit_n = ?, audit_hash = ?", (keep_seq, n, digest))
            if rewind_state:
                rows = conn.execute("SELECT type, table_id, link_id, data FROM kiosk_events ORDER BY seq").fetchall()
                log = rebuild({"type": r[0], "table_id": r[1], "link_id": r[2], "data": json.loads(r[3])} for r in rows)
                for table, states in (("kiosk_tables", log.tables), ("kiosk_links", log.links)):
                    conn.execute(f"DELETE FROM {table}")
                    for ident, state in states.items():
                        conn.execute(
                            f"INSERT INTO {table} (id, version, state) VALUES (?, ?, ?)",
                            (ident, state["version"], canonical_json(state)),
                        )
            conn.commit()
        finally:
            conn.close()

    def delete_audit_record(self, n: int) -> None:
        self.sql("DELETE FROM kiosk_audit WHERE n = ?", params=(n,))

    def delete_table_row(self, table_id: str) -> None:
        self.sql("DELETE FROM kiosk_tables WHERE id = ?", params=(table_id,))

    def insert_token(self, digest: str) -> None:
        """A new admin token nobody issued (the secret's SHA-256 as the hash)."""
        self.sql(
            "INSERT INTO kiosk_tokens (id, hash, role, name, tables, created_at, expires_at, revoked_at)"
            " VALUES ('tok_mallory', ?, 'admin', 'Mallory', NULL, '2026-01-01T00:00:00.000000Z', NULL, NULL)",
            params=(digest,),
        )

    def strip_macs(self) -> None:
        """Remove every MAC and the database's note of its key: pass the chain off as unkeyed."""
        self.sql("UPDATE kiosk_audit SET mac = NULL", "DELETE FROM kiosk_meta WHERE key = 'audit_key_id'")

    def reassign_token(self, name: str, person: str) -> None:
        """Make the token called ``name`` stand for another person (e.g. to approve one's own proposal)."""
        self.sql("UPDATE kiosk_tokens SET person = ? WHERE name = ?", params=(person, name))
