"""The store itself: schema versions, refusing a newer or corrupt database, append-only
events and audit, gap-free sequence numbers, URLs, and state surviving a restart."""

from __future__ import annotations

import asyncio
import pathlib
import sqlite3
import subprocess
import sys

import psycopg
import pytest

from kiosk.state.db import default_sqlite_path, parse_db_url
from kiosk.state.errors import BadRequest, DatabaseTooNew, StoreUnavailable
from kiosk.state.schema import SCHEMA_VERSION
from kiosk.state.service import Service
from kiosk.views import builders as b
from tests.fixtures.actors import PIT
from tests.fixtures.floors import lawful_name
from tests.fixtures.paths import ROOT


def _execute_sql(db_url: str, sql: str) -> None:
    """Change the database behind the service's back, as an intruder or a newer kiosk would."""
    if db_url.startswith("sqlite:///"):
        conn = sqlite3.connect(db_url[len("sqlite:///") :])
        try:
            conn.executescript(sql)
        finally:
            conn.close()
    else:
        with psycopg.connect(db_url, autocommit=True) as conn:
            conn.execute(sql)


async def test_new_database_is_migrated_to_the_current_schema(db_url):
    service = await Service.open(db_url, tick_seconds=None)
    try:
        assert (await service.snapshot()) == {"seq": 0, "tables": {}, "links": {}}
        assert await service._store.get_meta("schema_version") == str(SCHEMA_VERSION)
    finally:
        await service.close()
    again = await Service.open(db_url, tick_seconds=None)  # opening again changes nothing
    await again.close()


async def test_database_newer_than_the_code_is_refused(db_url):
    service = await Service.open(db_url, tick_seconds=None)
    await service.close()
    _execute_sql(db_url, f"UPDATE kiosk_meta SET value = '{SCHEMA_VERSION + 1}' WHERE key = 'schema_version'")
    with pytest.raises(DatabaseTooNew) as err:
        await Service.open(db_url, tick_seconds=None)
    assert f"schema version {SCHEMA_VERSION + 1}" in err.value.message and "\n" not in err.value.message


@pytest.mark.parametrize("content", [b"this is not a database at all\n" * 40, b"\x00\xff" * 3000])
async def test_corrupt_sqlite_file_is_refused_and_left_untouched(tmp_path, content):
    path = tmp_path / "kiosk.sqlite3"
    path.write_bytes(content)
    with pytest.raises(StoreUnavailable) as err:
        await Service.open(f"sqlite:///{path}", tick_seconds=None)
    assert str(path) in err.value.message and "\n" not in err.value.message
    assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kiosk.sqlite3"]  # no -wal or -shm created


async def test_damaged_sqlite_pages_are_refused(tmp_path, floor):
    path = tmp_path / "kiosk.sqlite3"
    service = await Service.open(f"sqlite:///{path}", floor=floor, tick_seconds=None)
    await service.close()
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\xee" * (4096 - 100)  # the schema page, after the header
    path.write_bytes(bytes(data))
    with pytest.raises(StoreUnavailable):
        await Service.open(f"sqlite:///{path}", tick_seconds=None)
    assert path.read_bytes() == bytes(data)


async def test_another_programs_sqlite_database_is_refused(tmp_path):
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE customers (name TEXT)")
    conn.commit()
    conn.close()
    with pytest.raises(StoreUnavailable, match="not a kiosk database"):
        await Service.open(f"sqlite:///{path}", tick_seconds=None)


async def test_events_and_audit_are_append_only(db_url, floor):
    service = await Service.open(db_url, floor=floor, tick_seconds=None)
    await service.close()
    for sql in (
        "UPDATE kiosk_events SET type = 'x' WHERE seq = 1",
        "DELETE FROM kiosk_audit WHERE n = 1",
        "UPDATE kiosk_audit SET actor = 'someone else' WHERE n = 2",
    ):
        with pytest.raises((sqlite3.DatabaseError, psycopg.Error), match="append-only"):
            _execute_sql(db_url, sql)


async def test_state_survives_a_restart(db_url, floor):
    service = await Service.open(db_url, floor=floor, tick_seconds=None)
    await service.execute(PIT, b.set_display_name("BJ-01", "Big Blackjack"))
    before = await service.snapshot()
    await service.close()
    service = await Service.open(db_url, floor=floor, tick_seconds=None)
    try:
        assert await service.snapshot() == before
        events = await service.events_since(before["seq"] - 1)
        assert events[0].data["display_name"] == "Big Blackjack"
    finally:
        await service.close()


async def test_sequence_is_gap_free_under_concurrent_writes(db_url, floor):
    service = await Service.open(db_url, floor=floor, tick_seconds=None)
    try:
        sub = service.subscribe()
        start = (await service.snapshot())["seq"]
        await asyncio.gather(
            *(
                service.execute(PIT, b.set_display_name(t, lawful_name(t, f"name {i}")))
                for i in range(10)
                for t in ("BJ-01", "TU-01", "MP-01")
            )
        )
        seqs = [e.seq for e in await service.events_since(start)]
        assert seqs == list(range(start + 1, start + 31))
        received = [(await asyncio.wait_for(sub.__anext__(), 5)).seq for _ in range(30)]
        assert received == seqs  # published in commit order
        table = (await service.snapshot(["BJ-01"]))["tables"]["BJ-01"]
        assert table["version"] == 11
    finally:
        await service.close()


def test_acknowledged_writes_survive_sigkill(tmp_path, floor_path):
    """A process killed with SIGKILL right after its writes were acknowledged loses none of them."""
    db = tmp_path / "kill.sqlite3"
    script = f"""
import asyncio, os, signal, sys
sys.path.insert(0, {str(ROOT)!r})
from kiosk.floor import load_floor
from kiosk.state.service import Service
from tests.fixtures.actors import PIT
async def main():
    s = await Service.open({f"sqlite:///{db}"!r}, floor=load_floor({str(floor_path)!r}), tick_seconds=None)
    for i in range(25):
        ev = await s.execute(PIT, {{"type": "set_display_name", "table_id": "BJ-01", "display_name": f"Blackjack {{i}}"}})
        print(ev[0].seq, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
asyncio.run(main())
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == -9, out.stderr
    acknowledged = [int(line) for line in out.stdout.split()]
    assert len(acknowledged) == 25

    async def check():
        service = await Service.open(f"sqlite:///{db}", tick_seconds=None)
        try:
            events = await service.events_since(0, limit=10_000)
            assert set(acknowledged) <= {e.seq for e in events}
            assert (await service.snapshot(["BJ-01"]))["tables"]["BJ-01"]["display_name"] == "Blackjack 24"
            assert (await service.verify_audit()).ok
        finally:
            await service.close()

    asyncio.run(check())


def test_database_urls():
    assert parse_db_url(None).path == default_sqlite_path()
    assert default_sqlite_path().name == "kiosk.sqlite3"
    assert parse_db_url("sqlite:////var/lib/k.db").path == pathlib.Path("/var/lib/k.db")
    assert parse_db_url("sqlite:///data/k.db").path == pathlib.Path("data/k.db")
    assert parse_db_url("/tmp/k.db").path == pathlib.Path("/tmp/k.db")
    pg = parse_db_url("postgresql://kiosk:secret@db.local:5432/floor")
    assert pg.kind == "postgresql" and "secret" not in pg.describe()
    assert "hunter2" not in parse_db_url("postgresql://u:hunter2@h/d").describe()
    for bad in ("", "mysql://x/y", "sqlite://", "sqlite:///:memory:", "sqlite:x.db"):
        with pytest.raises(BadRequest):
            parse_db_url(bad)


async def test_unreachable_postgresql_is_a_clear_error():
    with pytest.raises(StoreUnavailable) as err:
        await Service.open("postgresql://nobody@127.0.0.1:1/none", tick_seconds=None)
    assert "\n" not in err.value.message and "127.0.0.1" in err.value.message
