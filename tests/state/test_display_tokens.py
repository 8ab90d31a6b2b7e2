"""Display tokens are issued for the floor's displays they speak for (issue 17, section 1): the
binding is checked, kept in the audit trail, and a database of schema 4 is upgraded with its old
display tokens speaking for no display until re-issued.  Real SQLite and PostgreSQL (the HTTP
API: tests/state/http/test_display_tokens.py; the command: tests/cli/test_token.py)."""

from __future__ import annotations

import hashlib
import sqlite3

import psycopg
import pytest

from kiosk.state.errors import BadRequest, Forbidden, NotFound
from kiosk.state.schema import SCHEMA_VERSION, migration_statements
from kiosk.state.showing import REFUSED_ACTION, parse_report
from kiosk.state.store import AuditQuery

SCREENS = ["D-MP-01-signs", "D-MP-01-layout"]


@pytest.fixture
def floor(demo_floor):
    """The demo floor (the directory's ``service`` runs on it)."""
    return demo_floor


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


async def test_a_schema_4_database_is_upgraded_and_its_display_tokens_speak_for_none(make_service, db_url, demo_floor):
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
    service = await make_service(db_url, floor=demo_floor, tick_seconds=None)
    assert await service._store.get_meta("schema_version") == str(SCHEMA_VERSION) and SCHEMA_VERSION >= 5
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
