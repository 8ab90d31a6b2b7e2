"""The audit trail: append-only records chained by SHA-256 (and keyed by HMAC-SHA-256).

Each record holds who did what, when, from which token, and (for a state change) a full
copy of the event it recorded.  Its ``hash`` is the SHA-256 of the canonical JSON of all
its other fields, including ``prev_hash``, the hash of the record before it; the first
record's ``prev_hash`` is 64 zeros.  Editing, inserting or deleting any record, or editing
an event behind the audit's back, breaks the chain at a record that :func:`verify_chain`
names.

With an audit key (:mod:`kiosk.state.auditkey`) each record also carries a ``mac`` of its
hash, which nobody without the key can recompute.  :func:`examine` is the whole of ``kiosk
audit verify``: the chain, the MACs, the head row, checkpoints kept off the machine
(:mod:`kiosk.state.checkpoint`), and the stored state and tokens against what the log says
(:mod:`kiosk.state.replay`).  ``docs/audit.md`` says what each proves.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kiosk.state.auditkey import AuditKey
    from kiosk.state.checkpoint import Checkpoint

__all__ = ["GENESIS_HASH", "AuditReport", "Findings", "canonical_json", "record_hash", "verify_chain", "examine"]

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
    """The result of ``kiosk audit verify``.

    ``ok``: nothing was found.  ``records``: audit records proved before the first broken one.
    ``first_broken``/``reason``: the first broken record (or None) and the first finding in
    one line.  ``problems``: every finding, one line each.  ``notes``: what the check proved
    and what it could not (no key, no checkpoints).  ``keyed_from``: the first record with a
    MAC; ``key_checked``: the MACs were checked with the key.  ``checkpoint``: the newest
    checkpoint the database agrees with.
    """

    ok: bool
    records: int
    first_broken: int | None = None
    reason: str | None = None
    problems: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    keyed_from: int | None = None
    key_checked: bool = False
    checkpoint: Checkpoint | None = None

    def __str__(self) -> str:
        if self.ok:
            return f"ok: {self.records} records"
        if self.first_broken is not None:
            return f"broken at record {self.first_broken}: {self.reason}"
        return f"broken: {self.reason}"

    def to_json(self) -> dict[str, Any]:
        cp = self.checkpoint
        return {
            "ok": self.ok,
            "records": self.records,
            "first_broken": self.first_broken,
            "reason": self.reason,
            "problems": list(self.problems),
            "notes": list(self.notes),
            "keyed_from": self.keyed_from,
            "key_checked": self.key_checked,
            "checkpoint": None if cp is None else {"n": cp.n, "seq": cp.seq, "hash": cp.hash, "at": cp.at},
        }


@dataclass(frozen=True)
class _Chain:
    report: AuditReport
    hashes: dict[int, str]
    keyed_from: int | None


def verify_chain(
    records: Iterable[Mapping[str, Any]], events: Mapping[int, Mapping[str, Any]], key: AuditKey | None = None
) -> AuditReport:
    """Check every record in order of ``n`` against its hash, its predecessor, its event and
    (with ``key``) its MAC; once one record carries a MAC every later one must.

    ``records`` yield dicts with the audit columns (``details`` already parsed, ``mac`` None
    or absent when unkeyed); ``events`` maps an event's seq to its stored row (``data``
    parsed).  Every event must be recorded by exactly one audit record whose copy matches it.
    """
    return _walk(records, events, key).report


def _walk(
    records: Iterable[Mapping[str, Any]], events: Mapping[int, Mapping[str, Any]], key: AuditKey | None
) -> _Chain:
    prev = GENESIS_HASH
    expected_n = 1
    count = 0
    seen_seqs: set[int] = set()
    hashes: dict[int, str] = {}
    keyed_from: int | None = None

    def broken(n: int | None, reason: str) -> _Chain:
        return _Chain(AuditReport(False, count, n, reason, problems=(_where(n, reason),)), hashes, keyed_from)

    for rec in records:
        n = rec["n"]
        if n != expected_n:
            return broken(expected_n, f"record {expected_n} is missing (next is {n})")
        if rec["prev_hash"] != prev:
            return broken(n, "prev_hash does not match the hash of the record before it")
        try:
            digest = record_hash(rec)
        except (TypeError, ValueError, KeyError) as exc:
            return broken(n, f"record cannot be hashed: {exc}")
        if digest != rec["hash"]:
            return broken(n, "content does not match its hash (the record was edited)")
        mac = rec.get("mac")
        if mac:
            keyed_from = n if keyed_from is None else keyed_from
            if key is not None and not key.check(digest, mac):
                return broken(
                    n, "its MAC does not match (rewritten by someone without the audit key, or signed with another key)"
                )
        elif keyed_from is not None:
            return broken(n, f"it has no MAC though every record from {keyed_from} is keyed (MACs removed)")
        seq = rec["seq"]
        if seq is not None:
            event = events.get(seq)
            recorded = rec["details"].get("event") if isinstance(rec["details"], Mapping) else None
            if event is None:
                return broken(n, f"event {seq} it records is missing")
            if recorded != dict(event):
                return broken(n, f"event {seq} differs from what this record holds (the event was edited)")
            seen_seqs.add(seq)
        hashes[n] = digest
        prev = rec["hash"]
        expected_n += 1
        count += 1
    unrecorded = sorted(set(events) - seen_seqs)
    if unrecorded:
        return broken(None, f"event {unrecorded[0]} has no audit record")
    return _Chain(AuditReport(True, count, keyed_from=keyed_from), hashes, keyed_from)


def _where(n: int | None, reason: str) -> str:
    return f"record {n}: {reason}" if n is not None else reason


@dataclass
class Findings:
    """Everything verify reads from a database, in one consistent view.

    ``records``: audit rows in order of ``n`` (``details`` parsed, ``mac`` or None).
    ``events``: seq -> event record (as the audit copy holds it).  ``head``: the head row
    (``seq``, ``n``, ``hash``).  ``tables``/``links``: id -> (version column, parsed state).
    ``tokens``: token rows.  ``key_id``: the key id the database says signs its records.
    """

    records: list[dict[str, Any]]
    events: dict[int, dict[str, Any]]
    head: dict[str, Any]
    tables: dict[str, tuple[int, Any]] = field(default_factory=dict)
    links: dict[str, tuple[int, Any]] = field(default_factory=dict)
    tokens: list[dict[str, Any]] = field(default_factory=list)
    key_id: str | None = None


def examine(
    found: Findings, key: AuditKey | None = None, checkpoints: Sequence[Checkpoint] | None = None
) -> AuditReport:
    """The whole verification: chain and MACs, head row, checkpoints, stored state, tokens."""
    from kiosk.state.checkpoint import check_checkpoints
    from kiosk.state.replay import compare, rebuild

    chain = _walk(found.records, found.events, key)
    problems: list[str] = list(chain.report.problems)
    last = found.records[-1] if found.records else None
    last_n = last["n"] if last else 0
    last_hash = last["hash"] if last else GENESIS_HASH
    last_seq = max(found.events, default=0)
    head = found.head
    if (head.get("n"), head.get("hash"), head.get("seq")) != (last_n, last_hash, last_seq):
        problems.append(
            f"the head row says record {head.get('n')} and event {head.get('seq')}, but the log ends"
            f" at record {last_n} and event {last_seq} (the head or the log was changed)"
        )
    # keys
    notes: list[str] = []
    if key is not None and found.key_id is not None and found.key_id != key.id:
        problems.append(f"the database says its records are signed with key {found.key_id}, not the given key {key.id}")
    if chain.keyed_from is None:
        if found.key_id is not None:
            problems.append(
                f"the database says its records are signed with key {found.key_id}, but no record"
                " carries a MAC (MACs removed)"
            )
        elif key is not None:
            problems.append("no record is signed with the audit key: the chain is unkeyed, or its MACs were removed")
        else:
            notes.append(
                "not keyed: the chain proves only that the records agree with each other; someone with"
                " the file could rewrite it whole (docs/audit.md)"
            )
    elif key is None:
        notes.append(f"keyed from record {chain.keyed_from}, but the MACs were not checked: give the audit key")
    else:
        notes.append(f"keyed from record {chain.keyed_from}: MACs checked with key {key.id}")
    # checkpoints
    newest = None
    if checkpoints is not None:
        cp_problems, newest = check_checkpoints(
            checkpoints,
            chain.hashes if chain.report.ok else {r["n"]: r["hash"] for r in found.records},
            last_n,
            last_seq,
        )
        problems += cp_problems
        if newest is not None:
            notes.append(f"records 1 to {newest.n} are as the server held them at {newest.at} (checkpoint)")
    else:
        notes.append("no checkpoints given: newest records cut from the end cannot be detected (--checkpoints FILE)")
    # state and tokens against the log
    rebuilt = rebuild(found.events[s] for s in sorted(found.events) if "type" in found.events[s])
    stored_tables = {k: state for k, (_, state) in found.tables.items()}
    stored_links = {k: state for k, (_, state) in found.links.items()}
    problems += compare(rebuilt, stored_tables, stored_links)
    for what, rows in (("table", found.tables), ("jackpot link", found.links)):
        for ident, (version, state) in sorted(rows.items()):
            if isinstance(state, Mapping) and state.get("version") != version:
                problems.append(f"{what} {ident}: version column says {version}, its state says {state.get('version')}")
    problems += _token_problems(found.records, found.tokens)
    report = chain.report
    first = report.reason if report.reason is not None else (problems[0] if problems else None)
    return AuditReport(
        ok=not problems,
        records=report.records,
        first_broken=report.first_broken,
        reason=first,
        problems=tuple(problems),
        notes=tuple(notes),
        keyed_from=chain.keyed_from,
        key_checked=key is not None and chain.keyed_from is not None,
        checkpoint=newest,
    )


def _token_problems(records: Sequence[Mapping[str, Any]], tokens: Sequence[Mapping[str, Any]]) -> list[str]:
    """Token rows that the audit trail did not create (or whose fields differ from it)."""
    issued: dict[str, dict[str, Any]] = {}
    for rec in records:
        details = rec.get("details")
        if not isinstance(details, Mapping) or not isinstance(details.get("id"), str):
            continue
        if rec["action"] == "token_created":
            issued[details["id"]] = {
                "role": details.get("role"),
                "name": details.get("name"),
                "tables": details.get("tables"),
                "expires_at": details.get("expires_at"),
                "created_at": rec["at"],
                "revoked_at": None,
                "person": details.get("person"),
                "displays": details.get("displays"),
            }
        elif rec["action"] == "token_revoked" and details["id"] in issued:
            issued[details["id"]]["revoked_at"] = rec["at"]
    out = []
    rows = {row["id"]: row for row in tokens}
    for ident in sorted(set(rows) | set(issued)):
        row, want = rows.get(ident), issued.get(ident)
        if want is None:
            assert row is not None  # every ident is in rows or in issued
            out.append(
                f"token {ident} ({row.get('role')}, {row.get('name')!r}) is not in the audit trail"
                " (inserted behind the service's back)"
            )
        elif row is None:
            out.append(f"token {ident} in the audit trail is missing from the token table")
        else:
            have = {k: row.get(k) for k in want}
            for listed in ("tables", "displays"):
                if isinstance(mine := have[listed], list):
                    have[listed] = sorted(mine)
                if isinstance(recorded := want[listed], list):
                    want = {**want, listed: sorted(recorded)}
            diff = [k for k in want if have[k] != want[k]]
            if diff:
                out.append(
                    f"token {ident}: {diff[0]} differs from the audit trail ({have[diff[0]]!r},"
                    f" recorded {want[diff[0]]!r})"
                )
    return out
