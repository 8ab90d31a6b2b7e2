"""A display on another computer draws a poker table's event logo (002 r2.2): the floor summary
names each poker table's logo kind, ``GET /api/v1/floor/event_logo/{table_id}`` gives the file,
and the client saves it (keeping the one saved before when the server cannot give it now)."""

from __future__ import annotations

import socket

import aiohttp
import pytest

from kiosk.state.client import KioskClient
from kiosk.state.wire import FloorSummary
from kiosk.views.base import CasinoSettings


@pytest.fixture
async def served(make_service, serve_app, demo_floor):
    svc = await make_service(floor=demo_floor)
    token = await svc.create_token("display", "screen")
    server = await serve_app(svc, floor=demo_floor)
    async with KioskClient(str(server.make_url("/")), token) as client:
        yield demo_floor, server, token, client


async def test_the_summary_names_the_event_logos_and_the_server_gives_them(served, tmp_path):
    floor, server, token, client = served
    summary = await client.floor_summary()
    assert summary["casino"] is not None and summary["casino"]["event_logos"] == {"PK-01": "svg"}
    headers = {"Authorization": f"Bearer {token}"}
    async with aiohttp.ClientSession(headers=headers) as session:
        async with session.get(server.make_url("/api/v1/floor/event_logo/PK-01")) as r:
            assert r.status == 200 and r.content_type == "image/svg+xml"
            assert await r.read() == floor.tables["PK-01"].poker_settings.event_logo.read_bytes()
        for other in ("PK-02", "BJ-01", "NOPE"):  # no event logo: 404, one line
            async with session.get(server.make_url(f"/api/v1/floor/event_logo/{other}")) as r:
                body = await r.json()
                assert (
                    r.status == 404 and body["error"]["code"] == "not_found" and "002 r2.2" in body["error"]["message"]
                )
    async with aiohttp.ClientSession() as anonymous:
        async with anonymous.get(server.make_url("/api/v1/floor/event_logo/PK-01")) as r:
            assert r.status == 401

    saved = await client.floor_event_logos(tmp_path / "cache", summary)
    assert saved == {"PK-01": tmp_path / "cache" / "event_logo-PK-01.svg"}
    assert saved["PK-01"].read_bytes() == floor.tables["PK-01"].poker_settings.event_logo.read_bytes()
    casino = CasinoSettings.from_summary(summary, None, event_logos=saved)
    assert casino.event_logo_of("PK-01") == saved["PK-01"] and casino.event_logo_of("PK-02") is None


async def test_a_logo_that_cannot_be_fetched_is_the_one_saved_before(tmp_path):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # nothing listens here once the socket is closed
    summary: FloorSummary = {
        "casino": {"name": "C", "timezone": "UTC", "logo": None, "event_logos": {"PK-01": "png", "../x": "png"}},
        "displays": [],
    }
    async with KioskClient(f"http://127.0.0.1:{port}", "token", connect_timeout=1.0) as client:
        assert await client.floor_event_logos(tmp_path, summary) == {}
        (tmp_path / "event_logo-PK-01.png").write_bytes(b"\x89PNG\r\n\x1a\n")
        assert await client.floor_event_logos(tmp_path, summary) == {"PK-01": tmp_path / "event_logo-PK-01.png"}
        older: FloorSummary = {"casino": {"name": "C", "timezone": "UTC", "logo": None}, "displays": []}
        assert await client.floor_event_logos(tmp_path, older) == {}  # a server older than event logos
