"""The client tells its connection state as events: connected, resuming from seq N, offline since
T (and still retrying), token refused - to callbacks and to async iterators."""

from __future__ import annotations

import asyncio
import socket
from datetime import UTC, datetime

import pytest

from kiosk.state.client import KioskClient, ServerUnreachable, Snapshot
from kiosk.state.client.status import Connected, ConnectionEvents, Offline, Resuming, TokenRefused
from kiosk.state.errors import Unauthorized
from kiosk.state.events import Actor
from kiosk.state.http import StreamSettings
from kiosk.views import builders
from tests.fixtures.ports import free_port

TC = "TC54-01"
PIT = Actor(name="pit-tester", role="pit")


@pytest.fixture
async def service(make_service, demo_floor):
    """A service on the demo floor on a SQLite file, its scheduler ticking."""
    return await make_service(floor=demo_floor)


@pytest.fixture
def start(serve_app):
    """Serve a service on ``port`` with a quick heartbeat: the server closes when the test ends."""

    async def start(service, port):
        return await serve_app(service, port=port, stream=StreamSettings(heartbeat=0.2))

    return start


async def rename(service, name):
    return await service.execute(PIT, builders.set_display_name(TC, name))


async def next_item(stream, timeout=10):
    return await asyncio.wait_for(stream.__anext__(), timeout)


async def until(predicate, timeout=20):
    async with asyncio.timeout(timeout):
        while not predicate():
            await asyncio.sleep(0.02)


async def test_connected_then_offline_resuming_connected_across_a_restart(service, start):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = await start(service, port)
    token = await service.create_token("display", "screen")
    seen, items = [], []
    async with KioskClient(url, token) as client:
        client.on_connection(seen.append)
        stream = client.stream(tables=[TC], backoff_initial=0.05, backoff_max=0.2, reconnect_spread=0.1)
        reader = asyncio.create_task(collect(stream, items))
        await until(lambda: seen)
        snap = items[0]
        assert isinstance(snap, Snapshot) and seen == [Connected(url, snap.seq, at=seen[0].at)]
        first = await rename(service, "one")
        await until(lambda: len(items) == 2)
        await server.close()
        await until(lambda: isinstance(seen[-1], Offline))
        during = await rename(service, "while away")
        server = await start(service, port)
        await until(lambda: isinstance(seen[-1], Connected))
        assert [e.seq for e in items[1:]] == [first[-1].seq, during[-1].seq]
        kinds = [type(e) for e in seen]
        assert kinds[0] is Connected and kinds[-2:] == [Resuming, Connected], kinds
        assert set(kinds[1:-2]) == {Offline}
        offline = seen[1]
        assert offline.reason.startswith(f"lost {url}") and offline.since.tzinfo is UTC
        assert all(e.since == offline.since for e in seen[1:-2])  # one outage, one "since"
        assert seen[-2] == Resuming(url, first[-1].seq, at=seen[-2].at)
        assert seen[-1] == Connected(url, during[-1].seq, at=seen[-1].at)
        await stream.close()
        await reader


async def collect(stream, items):
    async for item in stream:
        items.append(item)


async def test_dead_url_keeps_retrying_with_backoff_and_says_offline():
    url = f"http://127.0.0.1:{free_port()}"
    async with KioskClient(url, "t", connect_timeout=1) as client:
        iterator = client.connection_events()
        stream = client.stream(backoff_initial=0.02, backoff_max=0.16, max_attempts=6)
        started = datetime.now(UTC)
        with pytest.raises(ServerUnreachable, match="after 6 attempts"):
            await next_item(stream, 30)
        await client.close()  # ends the iterator
        seen = [e async for e in iterator]
    assert seen and all(isinstance(e, Offline) for e in seen)
    assert [e.attempts for e in seen] == [1, 2, 3, 4, 5, 6]
    assert len({e.since for e in seen}) == 1 and seen[0].since >= started
    assert "cannot reach" in seen[0].reason and url in seen[0].reason
    waits = [e.retry_in for e in seen[:-1]]
    assert seen[-1].retry_in is None  # it gave up (max_attempts)
    # doubling up to 0.16 s, each wait between half and all of its step
    for wait, step in zip(waits, [0.02, 0.04, 0.08, 0.16, 0.16], strict=False):
        assert step / 2 <= wait <= step


async def test_a_refused_token_is_told_by_the_stream_and_by_requests(service, start):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    await start(service, port)
    async with KioskClient(url, "not-a-token") as client:
        seen = []
        client.on_connection(seen.append)
        with pytest.raises(Unauthorized):
            await next_item(client.stream())
        with pytest.raises(Unauthorized):
            await client.tables()
    assert [type(e) for e in seen] == [TokenRefused, TokenRefused]
    assert all(e.url == url and e.message for e in seen)


async def test_a_late_listener_is_told_the_latest_state_first():
    hub = ConnectionEvents()
    since = datetime.now(UTC)
    hub.emit(Offline(since, "cannot reach http://127.0.0.1:9", 1, 0.1))
    hub.emit(Connected("http://127.0.0.1:9", 7))
    early, late = [], []
    remove = hub.add_listener(late.append)
    assert [type(e) for e in late] == [Connected]
    events = hub.events()
    first = await events.__anext__()
    assert isinstance(first, Connected) and first.seq == 7
    hub.add_listener(lambda e: 1 / 0)  # a failing listener does not stop the others
    hub.add_listener(early.append)
    remove()
    hub.emit(Resuming("http://127.0.0.1:9", 7))
    assert [type(e) for e in late] == [Connected]
    assert [type(e) for e in early] == [Connected, Resuming]
    assert isinstance(await events.__anext__(), Resuming)
    hub.close()
    with pytest.raises(StopAsyncIteration):
        await events.__anext__()


async def test_a_client_moves_to_another_node_when_its_node_is_lost(pg_url, make_service, demo_floor, start):
    a = await make_service(pg_url, floor=demo_floor, tick_seconds=None, node_id="a")
    b = await make_service(pg_url, floor=demo_floor, tick_seconds=None, node_id="b")
    port_a, port_b = free_port(), free_port()
    url_a, url_b = f"http://127.0.0.1:{port_a}", f"http://127.0.0.1:{port_b}"
    server_a = await start(a, port_a)
    await start(b, port_b)
    token = await a.create_token("pit", "pit-anna")
    seen, items = [], []
    async with KioskClient([url_a, url_b], token) as client:
        client.on_connection(seen.append)
        stream = client.stream(tables=[TC], backoff_initial=0.05, reconnect_spread=0.1)
        reader = asyncio.create_task(collect(stream, items))
        await until(lambda: seen)
        assert seen[-1].url == url_a and client.base_url == url_a
        written = await rename(a, "on a")
        await until(lambda: len(items) == 2)
        await server_a.close()
        version = (await b.snapshot([TC]))["tables"][TC]["version"]
        # the command fails over too: a is gone, b takes it
        written += await client.execute(builders.set_display_name(TC, "via b", expected_version=version))
        assert client.base_url == url_b
        written += await rename(b, "on b")
        await until(lambda: len(items) == 1 + len(written) and isinstance(seen[-1], Connected))
        assert [e.seq for e in items[1:]] == [e.seq for e in written]  # none missed, none twice
        assert seen[-1].url == url_b and stream.url == url_b and stream.reconnects == 1
        await stream.close()
        await reader


class _FloorDns:
    """A name server for one name with one address per node (the sandbox has no DNS server)."""

    def __init__(self, name: str, addresses: list[str]) -> None:
        self.name, self.addresses = name, addresses

    async def resolve(self, host, port=0, family=socket.AF_INET):
        if host != self.name:
            raise OSError(f"unknown host {host}")
        return [
            {
                "hostname": host,
                "host": a,
                "port": port,
                "family": socket.AF_INET,
                "proto": 0,
                "flags": socket.AI_NUMERICHOST,
            }
            for a in self.addresses
        ]

    async def close(self) -> None:
        pass


async def test_a_name_with_several_addresses_spreads_the_clients_and_skips_a_dead_address(service, serve_app):
    from kiosk.state.client import SpreadResolver

    port = free_port()
    await serve_app(service, host="127.0.0.2", port=port)  # only the 2nd address answers
    token = await service.create_token("display", "screen")
    dns = _FloorDns("floor.test", ["127.0.0.1", "127.0.0.2", "127.0.0.3"])
    orders = set()
    for _ in range(12):
        orders.add(tuple(r["host"] for r in await SpreadResolver(dns).resolve("floor.test", port)))
    assert len(orders) > 1  # each client has an order of its own: they spread over the nodes
    for _ in range(6):  # most of them meet a dead address first, and go on to the next
        async with KioskClient(f"http://floor.test:{port}", token, resolver=dns) as client:
            assert (await client.health())["status"] == "ok"
            stream = client.stream(tables=[TC])
            assert isinstance(await next_item(stream), Snapshot)
            await stream.close()
