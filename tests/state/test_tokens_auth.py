"""Bearer tokens: issued once, stored hashed, roles, tables, expiry and revocation."""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
from datetime import timedelta

import pytest

from kiosk.state.errors import BadRequest, Forbidden, NotFound, Unauthorized
from kiosk.state.service import Service
from kiosk.views import builders as b
from tests.fixtures.actors import ADMIN, PIT
from tests.fixtures.paths import ROOT


async def test_token_roundtrip_and_roles(service):
    secret = await service.create_token("dealer", "Dana Dealer", tables=["TC54-01"])
    assert len(secret) >= 43  # 32 random bytes, URL-safe
    actor = await service.authenticate(secret)
    assert actor.name == "Dana Dealer" and actor.role == "dealer" and actor.tables == frozenset({"TC54-01"})
    assert actor.token_id.startswith("tok_")
    await service.execute(actor, b.trichro_no_more_bets("TC54-01"))
    with pytest.raises(Forbidden):
        await service.execute(actor, b.trichro_no_more_bets("TC63-01"))
    events = await service.events_since(0, tables=["TC54-01"])
    assert events[-1].actor == "Dana Dealer"
    display = await service.authenticate(await service.create_token("display", "Lobby screen"))
    with pytest.raises(Forbidden):
        await service.execute(display, b.set_display_name("BJ-01", "x"))


async def test_unknown_revoked_and_expired_tokens_are_refused(service, clock):
    for junk in ("", "short", "x" * 500, None, 42, "A" * 43):
        with pytest.raises(Unauthorized):
            await service.authenticate(junk)
    secret = await service.create_token("pit", "Pat Pit")
    actor = await service.authenticate(secret)
    await service.revoke_token(actor.token_id)
    with pytest.raises(Unauthorized, match="revoked"):
        await service.authenticate(secret)
    with pytest.raises(BadRequest):
        await service.revoke_token(actor.token_id)
    with pytest.raises(NotFound):
        await service.revoke_token("tok_nothing")
    expiring = await service.create_token("pit", "Temp", expires_at=clock.now + timedelta(hours=1))
    await service.authenticate(expiring)
    clock.advance(hours=1)
    with pytest.raises(Unauthorized, match="expired"):
        await service.authenticate(expiring)


async def test_create_token_validation(service, clock):
    with pytest.raises(BadRequest):
        await service.create_token("boss", "Someone")
    with pytest.raises(BadRequest):
        await service.create_token("pit", "two\nlines")
    with pytest.raises(BadRequest):
        await service.create_token("pit", "")
    with pytest.raises(BadRequest):
        await service.create_token("pit", "Late", expires_at=clock.now - timedelta(seconds=1))
    with pytest.raises(BadRequest):
        await service.create_token("pit", "Naive", expires_at="2030-01-01T00:00:00")
    with pytest.raises(NotFound):
        await service.create_token("dealer", "Nobody", tables=["NO-SUCH"])
    with pytest.raises(Forbidden):
        await service.create_token("admin", "Escalate", actor=PIT)
    assert await service.create_token("admin", "Second admin", actor=ADMIN)


async def test_tokens_are_stored_only_as_sha256(tmp_path, floor):
    path = tmp_path / "k.db"
    service = await Service.open(f"sqlite:///{path}", floor=floor, tick_seconds=None)
    try:
        secret = await service.create_token("admin", "Ada Admin")
        listed = await service.list_tokens()
        assert listed[0]["name"] == "Ada Admin" and "hash" not in listed[0]
    finally:
        await service.close()
    conn = sqlite3.connect(path)
    try:
        dump = "\n".join(conn.iterdump())
    finally:
        conn.close()
    assert secret not in dump
    assert hashlib.sha256(secret.encode()).hexdigest() in dump


def test_kiosk_token_create_prints_the_token_once(tmp_path):
    url = f"sqlite:///{tmp_path / 'k.db'}"

    def run(*a):
        return subprocess.run(
            [sys.executable, "-m", "kiosk.cli", "token", *a],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=120,
        )

    made = run("create", "--role", "pit", "--name", "Pat Pit", "--db", url)
    assert made.returncode == 0, made.stderr
    secret = made.stdout.strip()
    assert len(secret.splitlines()) == 1 and len(secret) >= 43
    listed = run("list", "--db", url)
    assert "Pat Pit" in listed.stdout and secret not in listed.stdout
    token_id = listed.stdout.split()[0]
    assert run("revoke", token_id, "--db", url).returncode == 0
    assert "revoked" in run("list", "--db", url).stdout
    bad = run("create", "--role", "pit", "--name", "X", "--table", "NOPE", "--db", url)
    assert bad.returncode == 1 and "NOPE" in bad.stderr and "Traceback" not in bad.stderr
    expired = run("create", "--role", "pit", "--name", "X", "--expires", "yesterday", "--db", url)
    assert expired.returncode == 1 and len(expired.stderr.splitlines()) == 1
