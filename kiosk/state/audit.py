"""The audit trail: append-only records chained by SHA-256.

Each record holds who did what, when, from which token, and (for a state change) a full
copy of the event it recorded.  Its ``hash`` is the SHA-256 of the canonical JSON of all
its other fields, including ``prev_hash``, the hash of the record before it; the first
record's ``prev_hash`` is 64 zeros.  Editing, inserting or deleting any record, or editing
an event behind the audit's back, breaks the chain at a record that :func:`verify_chain`
names.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

__all__ = ["GENESIS_HASH", "AuditReport", "canonical_json", "record_hash", "verify_chain"]

GENESIS_HASH = "0" * 64
_FIELDS = ("n", "seq", "at", "actor", "role", "token_id", "action", "target", "details", "prev_hash")


def canonical_json(value: Any) -> str:
    """JSON with sorted keys, no spaces and no NaN: one text for one value."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def record_hash(record: Mapping[str, Any]) -> str:
    """SHA-256 (hex) of the record's fields other than ``hash``; ``details`` is a dict."""
    body = {name: record[name] for name in _FIELDS}
    return hashlib.sha256(canonical_json(body).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class AuditReport:
    """The result of checking the chain: ``ok``, how many ``records`` were proved, and if not
    ok the number of the ``first_broken`` record and the ``reason`` in one line."""

    ok: bool
    records: int
    first_broken: int | None = None
    reason: str | None = None

    def __str__(self) -> str:
        if self.ok:
            return f"ok: {self.records} records"
        return f"broken at record {self.first_broken}: {self.reason}"


def verify_chain(records: Iterable[Mapping[str, Any]], events: Mapping[int, Mapping[str, Any]]) -> AuditReport:
    """Check every record in order of ``n`` against its hash, its predecessor and its event.

    ``records`` yield dicts with the audit columns (``details`` already parsed);
    ``events`` maps an event's seq to its stored row (``data`` parsed).  Every event must be
    recorded by exactly one audit record whose copy matches it.
    """
    prev = GENESIS_HASH
    expected_n = 1
    count = 0
    seen_seqs: set[int] = set()
    for rec in records:
        n = rec["n"]
        if n != expected_n:
            return AuditReport(False, count, expected_n, f"record {expected_n} is missing (next is {n})")
        if rec["prev_hash"] != prev:
            return AuditReport(False, count, n, "prev_hash does not match the hash of the record before it")
        try:
            digest = record_hash(rec)
        except (TypeError, ValueError, KeyError) as exc:
            return AuditReport(False, count, n, f"record cannot be hashed: {exc}")
        if digest != rec["hash"]:
            return AuditReport(False, count, n, "content does not match its hash (the record was edited)")
        seq = rec["seq"]
        if seq is not None:
            event = events.get(seq)
            recorded = rec["details"].get("event") if isinstance(rec["details"], Mapping) else None
            if event is None:
                return AuditReport(False, count, n, f"event {seq} it records is missing")
            if recorded != dict(event):
                return AuditReport(False, count, n, f"event {seq} differs from what this record holds (the event was edited)")
            seen_seqs.add(seq)
        prev = rec["hash"]
        expected_n += 1
        count += 1
    unrecorded = sorted(set(events) - seen_seqs)
    if unrecorded:
        return AuditReport(False, count, None, f"event {unrecorded[0]} has no audit record")
    return AuditReport(True, count)
