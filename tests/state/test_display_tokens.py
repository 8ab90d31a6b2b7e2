"""Display tokens are issued for the floor's displays they speak for (issue 17, section 1):
``kiosk token create --role display --display ID...``, ``POST /api/v1/tokens`` with
``"displays"``; the binding is in the audit trail; a database of schema 4 is upgraded and its
old display tokens speak for no display until re-issued.  Real SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib
import json
import pathlib
import sqlite3
import subprocess
import sys

import aiohttp
import psycopg
import pytest
from aiohttp.test_utils import TestServer

from kiosk.state.errors import BadRequest, Forbidden, NotFound
from kiosk.state.http import create_app
from kiosk.state.schema import SCHEMA_VERSION, migration_statements
from kiosk.state.service import Service
from kiosk.state.showing import REFUSED_ACTION, parse_report
from kiosk.state.store import AuditQuery

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCREENS = ["D-MP-01-signs", "D-MP-01-layout"]


@pytest.fixture
async def service(db_url, demo_floor):
    svc = await Service.open(db_url, floor=demo_floor, tick_seconds=None)
    try:
        yield svc
    finally:
        await svc.close()


def _sql(db_url: str, statements: list[str], params: tuple = ()) -> None:
    if db_url.startswith("sqlite:///"):
        conn = sqlite3.connect(db_url[len("sqlite:///") :])
        try:
            for stmt in statements:
                conn.execute(stmt, params if "?" in stmt else ())
            conn.commit()
        finally:
            conn.close()
    else:
        with psycopg.connect(db_url, autocommit=True) as conn:
            for stmt in statements:
                conn.execute(stmt.replace("?", "%s"), params if "?" in stmt else None)


async def test_a_display_token_speaks_for_the_displays_it_was_issued_for(service):
    secret = await service.create_token("display", "MP-01 screens", displays=list(reversed(SCREENS)))
    actor = await service.authenticate(secret)
    assert actor.displays == frozenset(SCREENS)
    [row] = [t for t in await service.list_tokens() if t["name"] == "MP-01 screens"]
    assert row["displays"] == sorted(SCREENS)
    [issued] = await service.audit_records(AuditQuery(action="token_created"))
    assert issued["details"]["displays"] == sorted(SCREENS)
    plain = await service.authenticate(await service.create_token("display", "lobby"))
    assert plain.displays is None  # reads state; speaks for no display
    assert (await service.verify_audit()).ok


async def test_displays_are_checked_when_a_token_is_issued(service):
    with pytest.raises(BadRequest, match="only a display token"):
        await service.create_token("pit", "Pat", displays=["D-MP-01-signs"])
    with pytest.raises(NotFound, match="GHOST-99"):
        await service.create_token("display", "ghost", displays=["GHOST-99"])
    with pytest.raises(BadRequest, match="1 to 64"):
        await service.create_token("display", "none", displays=[])
    with pytest.raises(BadRequest, match="not a display id"):
        await service.create_token("display", "bad", displays=["two words"])
    assert [t["name"] for t in await service.list_tokens()] == []


async def test_a_token_whose_displays_were_edited_behind_the_services_back_fails_verification(service, db_url):
    secret = await service.create_token("display", "MP-01 screen", displays=["D-MP-01-layout"])
    digest = hashlib.sha256(secret.encode()).hexdigest()
    _sql(db_url, ["UPDATE kiosk_tokens SET displays = ? WHERE hash = ?"], ('["D-MP-01-signs"]', digest))
    report = await service.verify_audit()
    assert not report.ok and any("displays differs" in p for p in report.problems), report.problems


async def test_a_schema_4_database_is_upgraded_and_its_display_tokens_speak_for_none(db_url, demo_floor):
    dialect = "sqlite" if db_url.startswith("sqlite") else "postgresql"
    statements = [stmt for version in range(1, 5) for stmt in migration_statements(version, dialect)]
    secret = "an-old-display-token-issued-before-schema-5"
    _sql(
        db_url,
        [*statements, "INSERT INTO kiosk_meta (key, value) VALUES ('schema_version', '4')"],
    )
    _sql(
        db_url,
        [
            "INSERT INTO kiosk_tokens (id, hash, role, name, tables, created_at, expires_at, revoked_at, person)"
            " VALUES ('tok_old', ?, 'display', 'old screen', NULL, '2026-01-01T00:00:00Z', NULL, NULL, NULL)"
        ],
        (hashlib.sha256(secret.encode()).hexdigest(),),
    )
    service = await Service.open(db_url, floor=demo_floor, tick_seconds=None)
    try:
        assert await service._store.get_meta("schema_version") == str(SCHEMA_VERSION) == "5"
        old = await service.authenticate(secret)  # still reads
        assert old.role == "display" and old.displays is None
        report = parse_report({"type": "showing", "table_id": "MP-01", "display_id": "D-MP-01-signs"})
        with pytest.raises(Forbidden) as err:
            await service.record_showing(old, report)
        assert "speaks for no display" in err.value.message and "re-issue" in err.value.message
        [refused] = await service.audit_records(AuditQuery(target="MP-01", action=REFUSED_ACTION))
        assert refused["token_id"] == "tok_old"
        again = await service.authenticate(await service.create_token("display", "new screen", displays=SCREENS))
        await service.record_showing(again, report)  # the re-issued token's report counts
    finally:
        await service.close()


# -- the HTTP API ---------------------------------------------------------------------------------


async def test_post_tokens_binds_a_display_token_to_its_displays(service):
    admin = await service.create_token("admin", "Ada Admin")
    server = TestServer(create_app(service))
    await server.start_server()
    try:
        async with aiohttp.ClientSession(headers={"Authorization": f"Bearer {admin}"}) as session:

            async def post(body):
                async with session.post(server.make_url("/api/v1/tokens"), json=body) as r:
                    return r.status, await r.json()

            status, body = await post({"role": "display", "name": "MP-01 screens", "displays": SCREENS})
            assert status == 201 and body["displays"] == SCREENS
            assert (await service.authenticate(body["token"])).displays == frozenset(SCREENS)
            for bad, code in (
                ({"role": "display", "name": "x", "displays": "D-MP-01-signs"}, 400),
                ({"role": "display", "name": "x", "displays": [1]}, 400),
                ({"role": "pit", "name": "x", "displays": ["D-MP-01-signs"]}, 400),
                ({"role": "display", "name": "x", "displays": ["GHOST-99"]}, 404),
            ):
                status, body = await post(bad)
                assert status == code and "\n" not in body["error"]["message"], (bad, body)
            async with session.get(server.make_url("/api/v1/tokens")) as r:
                listed = {t["name"]: t for t in (await r.json())["tokens"]}
            assert listed["MP-01 screens"]["displays"] == sorted(SCREENS) and listed["Ada Admin"]["displays"] is None
    finally:
        await server.close()


# -- kiosk token create --display ----------------------------------------------------------------


def test_kiosk_token_create_binds_a_display_token(tmp_path):
    url = f"sqlite:///{tmp_path / 'k.db'}"

    def run(*a):
        return subprocess.run(
            [sys.executable, "-m", "kiosk.cli", "token", *a], capture_output=True, text=True, cwd=ROOT, timeout=120
        )

    made = run("create", "--role", "display", "--name", "MP-01", "--display", "D-MP-01-signs", "--db", url)
    assert made.returncode == 0, made.stderr
    assert len(made.stdout.strip().splitlines()) == 1 and made.stderr == ""
    listed = run("list", "--db", url)
    assert "D-MP-01-signs" in listed.stdout
    unbound = run("create", "--role", "display", "--name", "lobby", "--db", url)
    assert unbound.returncode == 0 and len(unbound.stdout.strip().splitlines()) == 1
    assert "speaks for no display" in unbound.stderr and "--display" in unbound.stderr  # said, not refused
    wrong = run("create", "--role", "pit", "--name", "Pat", "--display", "D-MP-01-signs", "--db", url)
    assert wrong.returncode == 1 and len(wrong.stderr.splitlines()) == 1 and "Traceback" not in wrong.stderr


async def test_the_stream_answers_an_unbound_tokens_report_with_re_issue(service):
    server = TestServer(create_app(service))
    await server.start_server()
    token = await service.create_token("display", "old screen")
    try:
        async with aiohttp.ClientSession() as session, session.ws_connect(server.make_url("/api/v1/stream")) as ws:
            await ws.send_str(json.dumps({"type": "subscribe", "token": token, "tables": ["MP-01"], "since": None}))
            assert (await ws.receive_json())["type"] == "snapshot"
            report = {"type": "showing", "table_id": "MP-01", "display_id": "D-MP-01-signs", "signs": ["limits"]}
            await ws.send_str(json.dumps(report))
            while (reply := await ws.receive_json())["type"] in ("ready", "heartbeat"):
                pass
            assert reply["type"] == "error" and reply["error"]["code"] == "forbidden"
            assert "re-issue" in reply["error"]["message"] and "--display" in reply["error"]["message"]
    finally:
        await server.close()
