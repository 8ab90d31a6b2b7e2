"""A flood of idle, half-sent and lying-length connections (issue 12, "Resources"): the server
closes them within its timeouts, holds no more connections than its cap, and health and a
display's stream keep answering throughout. Loopback only, bounded in count and in time."""

from __future__ import annotations

import asyncio
import json
import logging
import time

import aiohttp
import pytest
from aiohttp import web

from kiosk.state.http import ConnectionLimits, GuardedRunner, create_app
from kiosk.views import builders as b
from tests.fixtures.actors import PIT

FLOOD = 300  # connections of each kind of 3: a few hundred in all
CAP = 64


@pytest.fixture
async def guarded(make_service, db_url, floor):
    svc = await make_service(db_url, floor=floor, tick_seconds=None)
    app = create_app(svc, body_timeout=1.0)
    runner = GuardedRunner(
        app, ConnectionLimits(max_connections=CAP, idle_timeout=1.0, request_timeout=1.0), access_log=None
    )
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    try:
        yield svc, runner, port
    finally:
        await runner.cleanup()


async def _open_flood(port: int, token: str) -> list[asyncio.StreamWriter]:
    kinds = [
        b"",  # connects and says nothing
        b"GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n",  # a head that never ends
        (
            b"POST /api/v1/commands HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Authorization: Bearer " + token.encode() + b'\r\nContent-Length: 4000\r\n\r\n{"type"'
        ),  # lies
    ]
    readers = []
    for i in range(FLOOD):
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            continue
        if kinds[i % 3]:
            writer.write(kinds[i % 3])
        readers.append((reader, writer))
    return readers


async def _closed_by_server(reader: asyncio.StreamReader, timeout: float) -> bool:
    try:
        async with asyncio.timeout(timeout):
            while await reader.read(4096):
                pass  # a 408 or nothing, then EOF
        return True
    except (TimeoutError, ConnectionError):
        return False


@pytest.mark.slow
async def test_a_flood_of_idle_half_sent_and_lying_connections_does_not_starve_displays(guarded, caplog):
    svc, runner, port = guarded
    display = await svc.create_token("display", "screen")
    pit = await svc.create_token("pit", "pit")
    caplog.set_level(logging.INFO)
    started = time.monotonic()
    received: list[int] = []
    health_ms: list[float] = []
    peak = 0

    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(force_close=True)) as session:
        ws = await session.ws_connect(f"http://127.0.0.1:{port}/api/v1/stream")
        await ws.send_str(json.dumps({"type": "subscribe", "token": display, "tables": ["BJ-01"], "since": None}))
        while json.loads((await ws.receive()).data)["type"] != "ready":
            pass

        async def read_stream():
            async for msg in ws:
                body = json.loads(msg.data)
                if body["type"] == "event":
                    received.append(body["event"]["seq"])

        reading = asyncio.create_task(read_stream())
        flood = await _open_flood(port, pit)
        written = []
        for i in range(20):  # the floor keeps working while the flood is on
            events = await svc.execute(PIT, b.set_display_name("BJ-01", f"Blackjack {i}"))
            written.append(events[-1].seq)
            t0 = time.monotonic()
            async with session.get(f"http://127.0.0.1:{port}/api/v1/health") as r:
                assert r.status == 200
            health_ms.append((time.monotonic() - t0) * 1000)
            peak = max(peak, runner.connection_count)
            await asyncio.sleep(0.05)
        closed = await asyncio.gather(*(_closed_by_server(r, 5.0) for r, _ in flood))
        for _, writer in flood:
            writer.close()
        async with asyncio.timeout(5):
            while not received or received[-1] < written[-1]:
                await asyncio.sleep(0.05)
        reading.cancel()
        await ws.close()

    assert received == written, "the display missed or doubled an event during the flood"
    assert all(closed), f"{closed.count(False)} of {len(flood)} flood connections were still open"
    assert peak <= CAP
    assert max(health_ms) < 2000, health_ms
    assert runner.guard.evicted > 0
    assert time.monotonic() - started < 60
    errors = [r for r in caplog.records if r.levelname == "ERROR" or r.exc_info]
    assert not errors, [r.getMessage() for r in errors]
