"""``/api/v1/health`` says how the node stands - its lag behind the database's head and whether it
hears other nodes (LISTEN) - and answers 503 when it has lost the database, cannot hear the other
nodes or lags beyond its limit, so a load balancer takes it out."""

from __future__ import annotations

import asyncio

import aiohttp
import psycopg
import pytest
from aiohttp.test_utils import TestServer

from kiosk.state.http import HealthSettings
from kiosk.state.service import Service
from kiosk.views import builders as b
from tests.fixtures.actors import PIT


async def health(server: TestServer) -> tuple[int, dict]:
    async with aiohttp.ClientSession() as session:
        async with session.get(server.make_url("/api/v1/health")) as resp:
            return resp.status, await resp.json()


async def wait_health(server: TestServer, status: int, timeout: float = 20.0) -> dict:
    async with asyncio.timeout(timeout):
        while True:
            got, body = await health(server)
            if got == status:
                return body
            await asyncio.sleep(0.05)


@pytest.fixture
def serve(serve_app):
    """Serve a node with a health limit of ``max_lag`` seconds: the server closes when the test ends."""

    async def serve(service: Service, max_lag: float = 5.0) -> TestServer:
        return await serve_app(service, health=HealthSettings(max_lag_seconds=max_lag, timeout=2.0))

    return serve


async def rename(node: Service, name: str):
    return await node.execute(PIT, b.set_display_name("BJ-01", f"Blackjack {name}"))


async def test_a_single_sqlite_node_is_healthy_with_no_one_to_listen_to(sqlite_url, floor, make_service, serve):
    node = await make_service(sqlite_url, floor=floor, tick_seconds=None)
    server = await serve(node)
    written = await rename(node, "one")
    status, body = await health(server)
    assert status == 200 and body["status"] == "ok" and body["store"] == "sqlite"
    assert body["seq"] == body["published"] == written[-1].seq
    assert body["lag"]["events"] == 0 and body["lag"]["seconds"] == 0
    assert body["listening"] is None and "problems" not in body


def _cut_listen(admin_url: str, database: str, allow: bool) -> None:
    """Refuse (or allow again) new connections to ``database`` and end the node's LISTEN
    connection, while the connections the node already holds keep working."""
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'ALTER DATABASE "{database}" ALLOW_CONNECTIONS {"true" if allow else "false"}')
        if not allow:
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = %s AND application_name = 'kiosk-listen'",
                (database,),
            )


async def test_a_node_that_cannot_hear_the_others_falls_behind_and_answers_503(pg_server, floor, make_service, serve):
    url = pg_server.new_database()
    database = url.rsplit("/", 1)[1]
    writer = await make_service(url, floor=floor, tick_seconds=None, node_id="writer")
    node = await make_service(url, floor=floor, tick_seconds=None, node_id="deaf")
    server = await serve(node, max_lag=0.5)
    try:
        body = await wait_health(server, 200)
        assert body["listening"] is True and body["lag"] == {"events": 0, "seconds": 0.0, "limit_seconds": 0.5}
        _cut_listen(pg_server.admin_url, database, allow=False)
        body = await wait_health(server, 503)
        assert body["status"] == "unavailable" and body["listening"] is False
        assert len(body["problems"]) == 1 and body["problems"][0].startswith("not hearing other nodes' changes for ")
        assert body["problems"][0].endswith(" s: the database LISTEN connection is down")
        assert body["error"]["code"] == "store_unavailable"
        written = []
        for i in range(3):
            written += await rename(writer, f"unheard {i}")
        await asyncio.sleep(0.6)
        status, body = await health(server)
        assert status == 503 and body["seq"] == written[-1].seq
        assert body["lag"]["events"] == len(written) and body["lag"]["seconds"] > 0.5
        assert any(
            p.startswith(f"{body['lag']['seconds']:.1f} s ({len(written)} events) behind the database (limit 0.5 s)")
            for p in body["problems"]
        )
        _cut_listen(pg_server.admin_url, database, allow=True)
        body = await wait_health(server, 200)  # it listens again and catches up
        assert body["listening"] is True and body["published"] == body["seq"] == written[-1].seq
    finally:
        _cut_listen(pg_server.admin_url, database, allow=True)


async def test_a_node_that_lost_the_database_answers_503_and_recovers(pg_server, floor, make_service, serve):
    node = await make_service(pg_server.new_database(), floor=floor, tick_seconds=None)
    server = await serve(node)
    await wait_health(server, 200)
    pg_server.stop()
    try:
        body = await wait_health(server, 503)
        assert body["status"] == "unavailable" and "seq" not in body
        assert body["problems"][0].startswith("database: ") and "\n" not in body["problems"][0]
    finally:
        pg_server.start()
    body = await wait_health(server, 200, timeout=30)  # healthy again, LISTEN back within --max-lag
    async with asyncio.timeout(30):
        while body["listening"] is not True:
            await asyncio.sleep(0.05)
            body = (await health(server))[1]
    assert body["status"] == "ok"


async def test_health_says_whether_the_node_signs_its_audit_records(tmp_path, floor, make_service, serve):
    """A node with no audit key writes an unkeyed chain anyone with the database can rewrite:
    ``audit_keyed`` says so to whoever asks, as the start-up line and the console's audit page do."""
    from kiosk.state.auditkey import write_new_key

    unkeyed = await make_service(f"sqlite:///{tmp_path / 'unkeyed.db'}", floor=floor, tick_seconds=None, audit_key=None)
    _, key = write_new_key(tmp_path / "audit.key")
    keyed = await make_service(f"sqlite:///{tmp_path / 'keyed.db'}", floor=floor, tick_seconds=None, audit_key=key)
    for node, signed in ((unkeyed, False), (keyed, True)):
        status, body = await health(await serve(node))
        assert status == 200 and body["audit_keyed"] is signed
        assert key.id not in str(body)  # whether, never which
