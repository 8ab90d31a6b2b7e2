"""What ``kiosk audit verify`` detects after each kind of tampering with the database file,
with and without the audit key, with and without checkpoints kept off the machine.

The expected matrix below is the table in ``docs/audit.md``; a cell that changes fails here.
"""

from __future__ import annotations

import hashlib
import pathlib
import subprocess
import sys

import pytest

from kiosk.state.auditkey import AuditKey, find_key, load_key, write_new_key
from kiosk.state.checkpoint import CheckpointWriter, read_checkpoints
from kiosk.state.errors import AuditKeyError
from kiosk.state.service import Service
from kiosk.views import builders as b
from tests.fixtures.actors import DEALER, PIT
from tests.fixtures.paths import ROOT
from tests.fixtures.tamper import Attacker

KEY = AuditKey(bytes(range(32)), "test")


async def _busy(url: str, floor, key: AuditKey | None, checkpoints: pathlib.Path | None = None) -> None:
    service = await Service.open(url, floor=floor, tick_seconds=None, audit_key=key)
    try:
        await service.create_token("dealer", "Dana Dealer")
        await service.execute(PIT, b.set_display_name("BJ-01", "Blackjack"))
        await service.execute(DEALER, b.trichro_no_more_bets("TC54-01"))
        await service.execute(DEALER, b.trichro_draw("TC54-01", ["red", "gold*"]))
        if checkpoints is not None:
            head = await service.audit_head()
            writer = CheckpointWriter(checkpoints)
            writer.write(head["n"], head["seq"], head["hash"])
            writer.close()
        await service.execute(PIT, b.set_display_name("BJ-01", "Blackjack late"))
        if checkpoints is not None:
            head = await service.audit_head()
            writer = CheckpointWriter(checkpoints)
            writer.write(head["n"], head["seq"], head["hash"])
            writer.close()
    finally:
        await service.close()


async def _verify(url: str, key: AuditKey | None, checkpoints: pathlib.Path | None):
    service = await Service.open(url, tick_seconds=None, audit_key=key, verify_only=True)
    try:
        return await service.verify_audit(None if checkpoints is None else read_checkpoints(checkpoints))
    finally:
        await service.close()


def _seq_of(attacker: Attacker, type_: str) -> int:
    return attacker.sql(f"SELECT seq FROM kiosk_events WHERE type = '{type_}' ORDER BY seq LIMIT 1")[0][0]


TAMPERING = {
    "edit a table's stored state": lambda a: a.edit_state("BJ-01", "display_name", "Min $5"),
    "edit an event, recompute later hashes": lambda a: a.edit_event_and_rehash(
        _seq_of(a, "trichro_no_more_bets"), "rule", "forged"
    ),
    "cut the newest event, rewind head and state": lambda a: a.cut_newest(1, rewind_state=True),
    "cut the newest event, rewind the head only": lambda a: a.cut_newest(1, rewind_state=False),
    "cut the newest event, rewind the state only": lambda a: a.cut_newest(1, rewind_state=True, rewind_head=False),
    "delete an audit record": lambda a: a.delete_audit_record(3),
    "delete a table's row": lambda a: a.delete_table_row("TU-01"),
    "insert an admin token": lambda a: a.insert_token(hashlib.sha256(b"mallory").hexdigest()),
    "give a token to another person": lambda a: a.reassign_token("Dana Dealer", "Pat Pit"),
    "remove every MAC": lambda a: a.strip_macs(),
}

# (key, checkpoints) -> detected?  None: not applicable (nothing to strip without a key)
EXPECTED = {
    "edit a table's stored state": {(False, False): True, (True, False): True, (False, True): True, (True, True): True},
    "edit an event, recompute later hashes": {
        (False, False): False,
        (True, False): True,
        (False, True): True,
        (True, True): True,
    },
    "cut the newest event, rewind head and state": {
        (False, False): False,
        (True, False): False,
        (False, True): True,
        (True, True): True,
    },
    "cut the newest event, rewind the head only": {
        (False, False): True,
        (True, False): True,
        (False, True): True,
        (True, True): True,
    },
    "cut the newest event, rewind the state only": {
        (False, False): True,
        (True, False): True,
        (False, True): True,
        (True, True): True,
    },
    "delete an audit record": {(False, False): True, (True, False): True, (False, True): True, (True, True): True},
    "delete a table's row": {(False, False): True, (True, False): True, (False, True): True, (True, True): True},
    "insert an admin token": {(False, False): True, (True, False): True, (False, True): True, (True, True): True},
    "give a token to another person": {
        (False, False): True,
        (True, False): True,
        (False, True): True,
        (True, True): True,
    },
    "remove every MAC": {(False, False): None, (True, False): True, (False, True): None, (True, True): True},
}


CASES = [
    pytest.param(kind, key, cps, id=f"{kind}-{'key' if key else 'no-key'}-{'checkpoints' if cps else 'no-checkpoints'}")
    for kind, cells in EXPECTED.items()
    for (key, cps), detected in cells.items()
    if detected is not None
]


@pytest.mark.parametrize("kind, with_key, with_checkpoints", CASES)
async def test_what_verify_detects(kind, with_key, with_checkpoints, tmp_path, floor):
    expected = EXPECTED[kind][(with_key, with_checkpoints)]
    path = tmp_path / "k.db"
    url = f"sqlite:///{path}"
    key = KEY if with_key else None
    cps = tmp_path / "checkpoints.log" if with_checkpoints else None
    await _busy(url, floor, key, cps)
    before = await _verify(url, key, cps)
    assert before.ok, before.problems
    TAMPERING[kind](Attacker(str(path)))
    report = await _verify(url, key, cps)
    assert (not report.ok) is expected, (kind, report.problems)
    if expected:
        assert report.problems and all("\n" not in line for line in report.problems)


async def test_each_finding_names_what_differs(tmp_path, floor):
    url = f"sqlite:///{tmp_path / 'k.db'}"
    cps = tmp_path / "cp.log"
    await _busy(url, floor, KEY, cps)
    attacker = Attacker(str(tmp_path / "k.db"))
    attacker.edit_state("BJ-01", "display_name", "Min $5")
    attacker.delete_table_row("TU-01")
    attacker.insert_token("ab" * 32)
    report = await _verify(url, KEY, cps)
    text = "\n".join(report.problems)
    assert (
        'table BJ-01: stored state differs from the event log (display_name is "Min $5", the log says "Blackjack late")'
        in text
    )
    assert "table TU-01: missing from the stored state" in text
    assert "token tok_mallory (admin, 'Mallory') is not in the audit trail" in text
    Attacker(str(tmp_path / "k.db")).reassign_token("Dana Dealer", "Pat Pit")
    again = "\n".join((await _verify(url, KEY, cps)).problems)
    assert "person differs from the audit trail ('Pat Pit', recorded 'Dana Dealer')" in again
    assert report.first_broken is None and report.reason == report.problems[0]


async def test_rewritten_history_is_named_at_the_record_and_the_checkpoint(tmp_path, floor):
    url = f"sqlite:///{tmp_path / 'k.db'}"
    cps = tmp_path / "cp.log"
    await _busy(url, floor, KEY, cps)
    attacker = Attacker(str(tmp_path / "k.db"))
    n = attacker.edit_event_and_rehash(_seq_of(attacker, "trichro_no_more_bets"), "rule", "forged")
    keyed = await _verify(url, KEY, None)
    assert keyed.first_broken == n and "MAC does not match" in keyed.reason
    unkeyed = await _verify(url, None, cps)
    assert unkeyed.first_broken is None and any("differs from the checkpoint" in p for p in unkeyed.problems)


async def test_cut_is_named_against_the_checkpoint(tmp_path, floor):
    url = f"sqlite:///{tmp_path / 'k.db'}"
    cps = tmp_path / "cp.log"
    await _busy(url, floor, None, cps)
    Attacker(str(tmp_path / "k.db")).cut_newest(1)
    report = await _verify(url, None, cps)
    assert [p for p in report.problems if "newest records were cut" in p]
    assert report.checkpoint is not None and report.checkpoint.n < read_checkpoints(cps)[-1].n


async def test_verify_says_what_it_proved(tmp_path, floor):
    url = f"sqlite:///{tmp_path / 'k.db'}"
    await _busy(url, floor, None)
    plain = await _verify(url, None, None)
    assert plain.ok and any("not keyed" in n for n in plain.notes) and any("no checkpoints" in n for n in plain.notes)
    url2 = f"sqlite:///{tmp_path / 'k2.db'}"
    await _busy(url2, floor, KEY, tmp_path / "cp.log")
    keyed = await _verify(url2, KEY, tmp_path / "cp.log")
    assert keyed.ok and keyed.key_checked and keyed.keyed_from == 1
    assert any(f"MACs checked with key {KEY.id}" in n for n in keyed.notes)
    assert any("as the server held them" in n for n in keyed.notes)
    unchecked = await _verify(url2, None, None)
    assert unchecked.ok and not unchecked.key_checked and any("not checked" in n for n in unchecked.notes)


async def test_an_old_database_is_keyed_from_the_next_record_and_still_verifies(tmp_path, floor):
    url = f"sqlite:///{tmp_path / 'k.db'}"
    await _busy(url, floor, None)
    before = (await _verify(url, None, None)).records
    service = await Service.open(url, tick_seconds=None, audit_key=KEY)
    await service.execute(PIT, b.set_display_name("BJ-01", "Blackjack keyed"))
    await service.close()
    report = await _verify(url, KEY, None)
    assert report.ok and report.keyed_from == before + 1 and report.records == before + 2
    kinds = Attacker(str(tmp_path / "k.db")).sql("SELECT action, mac IS NOT NULL FROM kiosk_audit ORDER BY n")
    assert kinds[before] == ("audit_key_set", 1) and all(signed for _, signed in kinds[before:])
    assert not any(signed for _, signed in kinds[:before])


async def test_a_keyed_database_refuses_writers_without_its_key(tmp_path, floor):
    url = f"sqlite:///{tmp_path / 'k.db'}"
    await _busy(url, floor, KEY)
    for other in (None, AuditKey(b"\x01" * 32, "other")):
        with pytest.raises(AuditKeyError) as err:
            await Service.open(url, tick_seconds=None, audit_key=other)
        assert KEY.id in err.value.message and "\n" not in err.value.message
    wrong = await _verify(url, AuditKey(b"\x01" * 32, "other"), None)
    assert not wrong.ok and wrong.first_broken == 1 and "MAC does not match" in wrong.reason
    assert any(f"signed with key {KEY.id}, not the given key" in p for p in wrong.problems)


async def test_keyed_chain_on_postgresql(pg_url, floor):
    await _busy(pg_url, floor, KEY)
    report = await _verify(pg_url, KEY, None)
    assert report.ok and report.key_checked


def test_key_files_are_private_and_never_overwritten(tmp_path, monkeypatch):
    path, key = write_new_key(tmp_path / "kiosk" / "audit.key")
    assert path.stat().st_mode & 0o777 == 0o600 and load_key(path).id == key.id
    with pytest.raises(AuditKeyError, match="already exists"):
        write_new_key(path)
    path.chmod(0o644)
    with pytest.raises(AuditKeyError, match="chmod 600"):
        load_key(path)
    path.chmod(0o600)
    bad = tmp_path / "bad.key"
    bad.write_text("not hex")
    bad.chmod(0o600)
    with pytest.raises(AuditKeyError, match="64 hex digits"):
        load_key(bad)
    monkeypatch.setenv("KIOSK_AUDIT_KEY", key.secret.hex())
    assert find_key().id == key.id and key.secret.hex() not in repr(find_key())
    monkeypatch.delenv("KIOSK_AUDIT_KEY")
    monkeypatch.setenv("KIOSK_AUDIT_KEY_FILE", str(path))
    assert find_key().id == key.id


def _kiosk(*args, env=None):
    return subprocess.run(
        [sys.executable, "-m", "kiosk.cli", *args], capture_output=True, text=True, cwd=ROOT, timeout=120, env=env
    )


async def test_kiosk_audit_commands(tmp_path, floor):
    import os

    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"), "PYTHONPATH": str(ROOT)}
    made = _kiosk("audit", "keygen", env=env)
    assert made.returncode == 0 and "wrote audit key" in made.stdout
    key = find_key(tmp_path / "config" / "kiosk" / "audit.key")
    url = f"sqlite:///{tmp_path / 'k.db'}"
    cps = tmp_path / "cp.log"
    await _busy(url, floor, key, cps)
    ok = _kiosk("audit", "verify", "--db", url, "--checkpoints", str(cps), env=env)
    assert ok.returncode == 0 and ok.stdout.startswith("ok: ") and f"MACs checked with key {key.id}" in ok.stdout
    Attacker(str(tmp_path / "k.db")).edit_state("BJ-01", "display_name", "Min $5")
    broken = _kiosk("audit", "verify", "--db", url, "--checkpoints", str(cps), env=env)
    assert broken.returncode == 1 and "table BJ-01: stored state differs" in broken.stdout and broken.stderr == ""
    again = _kiosk("audit", "keygen", env=env)
    assert again.returncode != 0 and "already exists" in again.stderr and len(again.stderr.splitlines()) == 1


async def test_serve_writes_checkpoints_to_its_file_and_log(tmp_path):
    import asyncio
    import os
    import signal

    import aiohttp

    key_path, key = write_new_key(tmp_path / "audit.key")
    url = f"sqlite:///{tmp_path / 'k.db'}"
    cps = tmp_path / "cp.log"
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "kiosk.cli",
        "serve",
        "--port",
        "0",
        "--db",
        url,
        "--floor",
        str(ROOT / "assets" / "demo_floor.toml"),
        "--audit-key",
        str(key_path),
        "--checkpoints",
        str(cps),
        "--checkpoint-every",
        "1",
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        line = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode()
        port = line.split("127.0.0.1:")[1].split("/")[0]
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{port}/api/v1/health") as r:
                assert r.status == 200
        await asyncio.sleep(0.5)
    finally:
        proc.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(proc.wait(), 30) == 0
    log = (await proc.stderr.read()).decode()
    written = read_checkpoints(cps)
    assert written and "kiosk-checkpoint " in log and "Traceback" not in log
    assert cps.stat().st_mode & 0o077 in (0, 0o040)
    logged = tmp_path / "server.log"
    logged.write_text(log)
    assert read_checkpoints(logged)[-1] == written[-1]
    report = await _verify(url, key, logged)
    assert report.ok and report.key_checked and report.checkpoint == written[-1], report.problems
