"""start_site serves an application behind the connection limits and reports the port it bound."""

from __future__ import annotations

import socket

import aiohttp
import pytest

from kiosk.state.http import GuardedRunner, create_app, start_site


@pytest.fixture
async def service(make_service):
    """A service on an empty SQLite file: no floor."""
    return await make_service(tick_seconds=None)


async def test_port_0_serves_on_a_free_port_and_says_which(service):
    runner, port = await start_site(create_app(service), "127.0.0.1", 0)
    try:
        assert isinstance(runner, GuardedRunner) and port > 0
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{port}/api/v1/health") as r:
                assert r.status == 200 and (await r.json())["status"] == "ok"
    finally:
        await runner.cleanup()
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", port))  # free again once the runner is cleaned up


async def test_a_port_in_use_is_an_oserror(service):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(OSError):
            await start_site(create_app(service), "127.0.0.1", taken.getsockname()[1])
