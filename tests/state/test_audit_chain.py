"""The audit trail: every change recorded, chained by SHA-256, and any edit made behind
the service's back (with the append-only triggers removed) found and named."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import subprocess
import sys

import psycopg
import pytest

from kiosk.state.audit import canonical_json, record_hash
from kiosk.state.service import Service
from kiosk.views import builders as b
from tests.fixtures.actors import DEALER, PIT
from tests.fixtures.paths import ROOT


async def _busy_database(db_url, floor):
    service = await Service.open(db_url, floor=floor, tick_seconds=None)
    try:
        await service.create_token("dealer", "Dana Dealer")
        await service.execute(PIT, b.set_display_name("BJ-01", "Blackjack X"))
        await service.execute(DEALER, b.trichro_no_more_bets("TC54-01"))
        await service.execute(DEALER, b.trichro_draw("TC54-01", ["red", "gold*"]))
        report = await service.verify_audit()
    finally:
        await service.close()
    return report


def _sql(db_url, *statements):
    if db_url.startswith("sqlite:///"):
        conn = sqlite3.connect(db_url[len("sqlite:///") :])
        try:
            rows = None
            for stmt in statements:
                rows = conn.execute(stmt).fetchall()
            conn.commit()
            return rows
        finally:
            conn.close()
    with psycopg.connect(db_url, autocommit=True) as conn:
        rows = None
        for stmt in statements:
            cur = conn.execute(stmt)
            rows = cur.fetchall() if cur.description else None
        return rows


def _unguard(db_url, table):
    if db_url.startswith("sqlite:///"):
        return [f"DROP TRIGGER kiosk_{table}_no_update", f"DROP TRIGGER kiosk_{table}_no_delete"]
    return [f"ALTER TABLE kiosk_{table} DISABLE TRIGGER kiosk_{table}_append_only"]


async def _verify(db_url):
    service = await Service.open(db_url, tick_seconds=None)
    try:
        return await service.verify_audit()
    finally:
        await service.close()


async def test_intact_chain_is_proved(db_url, floor):
    report = await _busy_database(db_url, floor)
    assert report.ok and report.records == len(floor.tables) + 2 + 1 + 1 + 3  # seeding, frame, token, 3 commands
    assert str(report) == f"ok: {report.records} records"


async def test_every_record_says_who_did_what_when_and_from_which_token(db_url, floor):
    await _busy_database(db_url, floor)
    rows = _sql(db_url, "SELECT n, actor, role, token_id, action, target, at, details FROM kiosk_audit ORDER BY n")
    by_action = {row[4]: row for row in rows}
    draw = by_action["trichro_result"]
    assert draw[1:6] == ("Dana Dealer", "dealer", "tok_dealer", "trichro_result", "TC54-01")
    assert draw[6].endswith("Z")
    token = by_action["token_created"]
    assert json.loads(token[7])["role"] == "dealer" and "hash" not in json.loads(token[7])


async def test_edited_audit_record_is_named(db_url, floor):
    await _busy_database(db_url, floor)
    _sql(db_url, *_unguard(db_url, "audit"), "UPDATE kiosk_audit SET actor = 'Mallory' WHERE n = 5")
    report = await _verify(db_url)
    assert not report.ok and report.first_broken == 5 and "edited" in report.reason and report.records == 4


async def test_edited_record_with_a_recomputed_hash_is_still_caught(db_url, floor):
    await _busy_database(db_url, floor)
    row = _sql(
        db_url,
        "SELECT n, seq, at, actor, role, token_id, action, target, details, prev_hash FROM kiosk_audit WHERE n = 3",
    )[0]
    names = ("n", "seq", "at", "actor", "role", "token_id", "action", "target", "details", "prev_hash")
    record = dict(zip(names, row, strict=True))
    record["details"] = json.loads(record["details"])
    record["details"]["event"]["data"]["source"] = "forged"
    forged = canonical_json(record["details"])
    digest = record_hash(record)
    _sql(
        db_url,
        *_unguard(db_url, "audit"),
        f"UPDATE kiosk_audit SET details = '{forged}', hash = '{digest}' WHERE n = 3",
    )
    report = await _verify(db_url)
    assert not report.ok and report.first_broken == 3 and "event" in report.reason


async def test_edited_event_is_caught_at_the_record_that_holds_it(db_url, floor):
    await _busy_database(db_url, floor)
    seq = _sql(db_url, "SELECT seq FROM kiosk_events WHERE type = 'trichro_result'")[0][0]
    n = _sql(db_url, f"SELECT n FROM kiosk_audit WHERE seq = {seq}")[0][0]
    _sql(
        db_url,
        *_unguard(db_url, "events"),
        f"UPDATE kiosk_events SET data = replace(data, 'gold*', 'red*') WHERE seq = {seq}",
    )
    report = await _verify(db_url)
    assert not report.ok and report.first_broken == n and f"event {seq}" in report.reason


async def test_deleted_records_are_caught(db_url, floor):
    await _busy_database(db_url, floor)
    _sql(db_url, *_unguard(db_url, "audit"), "DELETE FROM kiosk_audit WHERE n = 2")
    report = await _verify(db_url)
    assert not report.ok and report.first_broken == 2 and "missing" in report.reason


async def test_removed_last_record_leaves_an_unrecorded_event(db_url, floor):
    await _busy_database(db_url, floor)
    last = _sql(db_url, "SELECT max(n) FROM kiosk_audit")[0][0]
    _sql(db_url, *_unguard(db_url, "audit"), f"DELETE FROM kiosk_audit WHERE n = {last}")
    report = await _verify(db_url)
    assert not report.ok and "no audit record" in report.reason


def _kiosk(*args):
    return subprocess.run(
        [sys.executable, "-m", "kiosk.cli", *args], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


async def test_kiosk_audit_verify_command(tmp_path, floor):
    url = f"sqlite:///{tmp_path / 'k.db'}"
    report = await _busy_database(url, floor)
    ok = _kiosk("audit", "verify", "--db", url)
    assert (
        ok.returncode == 0
        and ok.stdout.splitlines()[0] == f"ok: {report.records} records; the stored state matches the event log"
    )
    _sql(url, *_unguard(url, "audit"), "UPDATE kiosk_audit SET at = '2020-01-01T00:00:00.000000Z' WHERE n = 7")
    broken = _kiosk("audit", "verify", "--db", url)
    assert broken.returncode == 1 and "record 7" in broken.stdout and broken.stderr == ""
    missing = _kiosk("audit", "verify", "--db", f"sqlite:///{tmp_path / 'none.db'}")
    assert missing.returncode == 1 and "Traceback" not in missing.stderr and len(missing.stderr.splitlines()) == 1
    assert not (tmp_path / "none.db").exists()


def test_hash_is_sha256_of_canonical_json():
    record = {
        "n": 1,
        "seq": None,
        "at": "t",
        "actor": "a",
        "role": "admin",
        "token_id": None,
        "action": "x",
        "target": None,
        "details": {"b": 1, "a": [1, 2]},
        "prev_hash": "0" * 64,
    }
    expected = hashlib.sha256(canonical_json(record).encode()).hexdigest()
    assert record_hash({**record, "hash": "ignored"}) == expected
    assert canonical_json({"b": 1, "a": "é"}) == '{"a":"é","b":1}'
    with pytest.raises(ValueError):
        canonical_json({"x": float("nan")})
