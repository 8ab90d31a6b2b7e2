"""The async client: commands with mapped exceptions, and a stream that survives drops."""

from __future__ import annotations

import asyncio
import socket

import pytest

from kiosk.state.client import KioskClient, LiveState, ServerUnreachable, Snapshot
from kiosk.state.errors import BadRequest, Conflict, Forbidden, NotFound, RuleRefused, Unauthorized
from kiosk.state.events import Actor, Event
from kiosk.state.http import HUB_KEY, StreamSettings
from kiosk.views import builders as b
from tests.fixtures.ports import free_port

TC = "TC54-01"
BJ = "BJ-01"
PIT = Actor(name="pit-tester", role="pit")


@pytest.fixture
async def service(make_service, demo_floor):
    """A service on the demo floor on a SQLite file, its scheduler ticking."""
    return await make_service(floor=demo_floor)


@pytest.fixture
def start(serve_app, service):
    """Serve the service with these stream settings (on ``port``): the server closes when the test ends."""

    async def start(port=None, **settings):
        return await serve_app(service, port=port, stream=StreamSettings(**settings))

    return start


@pytest.fixture
async def server(start):
    return await start()


def as_json(events):
    return [e.to_json() for e in events]


def base(server):
    return str(server.make_url("/")).rstrip("/")


async def rename(service, table_id, name):
    return await service.execute(PIT, b.set_display_name(table_id, name))


async def test_reads_and_a_command_round_trip(service, server):
    token = await service.create_token("pit", "pit-anna")
    async with KioskClient(base(server) + "/api/v1", token) as client:
        health = await client.health()
        assert health["status"] == "ok" and health["store"] == "sqlite"
        tables = await client.tables()
        assert TC in tables
        version = (await client.table(TC))["version"]
        events = await client.execute(b.set_display_name(TC, "From the client", expected_version=version))
        assert all(isinstance(e, Event) for e in events)
        assert events[-1].actor == "pit-anna" and events[-1].at.tzinfo is not None
        assert (await client.table(TC))["display_name"] == "From the client"
        assert as_json(await client.events_since(events[0].seq - 1)) == as_json(events)
        assert "set_display_name" in await client.command_types()
        assert await client.links()


async def test_errors_raise_the_state_error_classes(service, server):
    pit = await service.create_token("pit", "pit-anna")
    display = await service.create_token("display", "screen")
    async with KioskClient(base(server), pit) as client:
        version = (await client.table(TC))["version"]
        await client.execute(b.set_display_name(TC, "one", expected_version=version))
        with pytest.raises(Conflict):
            await client.execute(b.set_display_name(TC, "two", expected_version=version))
        with pytest.raises(RuleRefused) as refused:
            await client.execute(b.set_signs(TC, [{"kind": "limits", "cap_mm": 5}]))
        assert refused.value.rule and refused.value.status == 422
        with pytest.raises(NotFound):
            await client.table("NOPE-9")
        with pytest.raises(BadRequest):
            await client.execute({"type": "set_display_name", "table_id": TC, "display_name": 5})
        with pytest.raises(BadRequest) as big:
            await client.execute({"type": "set_display_name", "table_id": TC, "display_name": "x" * 70_000})
        assert big.value.status == 413
        with pytest.raises(Forbidden):
            await client.create_token("admin", "me")
    async with KioskClient(base(server), display) as client:
        with pytest.raises(Forbidden):
            await client.execute(b.set_display_name(TC, "x"))
    async with KioskClient(base(server), "wrong") as client:
        with pytest.raises(Unauthorized):
            await client.tables()


async def test_admin_token_and_audit_through_the_client(service, server):
    admin = await service.create_token("admin", "ada")
    async with KioskClient(base(server), admin) as client:
        new = await client.create_token("dealer", "lobby dealer", tables=[TC])
        report = await client.verify_audit()
        assert report["ok"] is True
    async with KioskClient(base(server), new) as client:
        assert TC in await client.tables()


async def test_unreachable_server_raises_server_unreachable():
    async with KioskClient(f"http://127.0.0.1:{free_port()}", "t", timeout=2) as client:
        with pytest.raises(ServerUnreachable):
            await client.health()
        stream = client.stream(max_attempts=2, backoff_initial=0.01)
        with pytest.raises(ServerUnreachable):
            await stream.__anext__()


def test_bad_base_url_is_a_value_error():
    with pytest.raises(ValueError, match="http"):
        KioskClient("ftp://example")


async def test_stream_yields_snapshot_then_events(service, server):
    token = await service.create_token("display", "screen")
    async with KioskClient(base(server), token) as client:
        stream = client.stream(tables=[TC])
        snap = await asyncio.wait_for(stream.__anext__(), 10)
        assert isinstance(snap, Snapshot) and set(snap.tables) == {TC}
        committed = await rename(service, TC, "live")
        got = [await asyncio.wait_for(stream.__anext__(), 10) for _ in committed]
        assert as_json(got) == as_json(committed)
        assert stream.last_seq == committed[-1].seq
        await stream.close()


async def test_unknown_table_in_stream_raises_not_found(service, server):
    token = await service.create_token("display", "screen")
    async with KioskClient(base(server), token) as client:
        with pytest.raises(NotFound, match="NOPE-9"):
            await asyncio.wait_for(client.stream(tables=["NOPE-9"]).__anext__(), 10)


async def test_bad_token_in_stream_raises_unauthorized(service, server):
    async with KioskClient(base(server), "wrong") as client:
        with pytest.raises(Unauthorized):
            await asyncio.wait_for(client.stream().__anext__(), 10)


async def test_stream_resumes_across_a_server_restart_missing_nothing(service, start):
    port = free_port()
    server = await start(port=port)
    token = await service.create_token("display", "screen")
    async with KioskClient(f"http://127.0.0.1:{port}", token) as client:
        stream = client.stream(backoff_initial=0.05, backoff_max=0.2)
        snap = await asyncio.wait_for(stream.__anext__(), 10)
        before = await rename(service, TC, "before the drop")
        for e in before:
            assert (await asyncio.wait_for(stream.__anext__(), 10)).to_json() == e.to_json()
        await server.close()
        during = []
        for i in range(5):  # committed while no server is listening
            during += await rename(service, BJ, f"during {i}")
        server = await start(port=port)
        after = await rename(service, TC, "after")
        expected = during + after
        got = [await asyncio.wait_for(stream.__anext__(), 20) for _ in expected]
        assert as_json(got) == as_json(expected)
        assert stream.reconnects >= 1
        assert stream.last_close is not None and stream.last_close[0] == 1001
        assert snap.seq < got[0].seq
        await stream.close()
    await server.close()


@pytest.mark.slow
async def test_a_client_too_slow_to_read_is_cut_off_and_resumes_with_nothing_missed(service, start):
    server = await start(queue_size=10, send_buffer_bytes=8192, close_timeout=5, heartbeat=0)
    token = await service.create_token("display", "screen")
    try:
        async with KioskClient(base(server), token) as client:
            stream = client.stream(tables=[TC], backoff_initial=0.05)
            snap = await asyncio.wait_for(stream.__anext__(), 10)
            ws = stream._ws
            transport = ws._response.connection.transport
            transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            transport.pause_reading()  # the display stalls
            written = []
            hub = server.app[HUB_KEY]
            async with asyncio.timeout(120):
                while not hub.cut_off:
                    written += await rename(service, TC, "S" * 70 + str(len(written)))
                    if len(written) % 10 == 0:
                        await asyncio.sleep(0.01)
            transport.resume_reading()
            got = []
            async with asyncio.timeout(60):
                while len(got) < len(written):
                    got.append(await stream.__anext__())
            assert as_json(got) == as_json(written)
            assert stream.reconnects == 1
            code, reason = stream.last_close
            assert code == 4008 and reason.startswith("too slow: resume from seq ")
            assert snap.seq < got[0].seq
            await stream.close()
    finally:
        await server.close()


async def test_live_state_mirrors_the_server_from_the_stream(service, server):
    """A display's view built from snapshot + events equals what the server holds."""
    token = await service.create_token("display", "csp screen")
    dealer = Actor(name="dealer-dan", role="dealer")
    async with KioskClient(base(server), token) as client:
        stream = client.stream(tables=["CSP-01"])
        view = LiveState()
        assert view.apply(await asyncio.wait_for(stream.__anext__(), 10)) == ("snapshot", None)
        link_id = next(lid for lid, link in view.links.items() if "CSP-01" in link["tables"])
        changed = []
        committed = await service.execute(dealer, b.jackpot_wagers("CSP-01", count=3))
        committed += await rename(service, "CSP-01", "Reef Stud Deluxe")
        for _ in committed:
            changed.append(view.apply(await asyncio.wait_for(stream.__anext__(), 10)))
        assert ("link", link_id) in changed and ("table", "CSP-01") in changed
        assert view.seq == committed[-1].seq
        assert view.tables["CSP-01"] == await client.table("CSP-01")
        assert view.links[link_id] == await client.link(link_id)
        await stream.close()
