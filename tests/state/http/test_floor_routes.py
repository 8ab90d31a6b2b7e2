"""GET /api/v1/floor and /floor/logo: a display learns its screens and the casino from the server."""

from __future__ import annotations

import socket

import aiohttp
import pytest

from kiosk.state.client import KioskClient
from kiosk.state.http.floor_routes import floor_summary
from kiosk.state.wire import FloorSummary


@pytest.fixture
async def served(request, make_service, serve_app, demo_floor):
    """The demo floor's service serving the floor file (``request.param``) or not, and a session with
    a display token: ``(the floor served or None, server, session)``."""
    svc = await make_service(floor=demo_floor)
    token = await svc.create_token("display", "screen")
    floor = demo_floor if request.param else None
    server = await serve_app(svc, floor=floor)
    async with aiohttp.ClientSession(headers={"Authorization": f"Bearer {token}"}) as session:
        yield floor, server, session


@pytest.mark.parametrize("served", [True], indirect=True)
async def test_floor_lists_every_display_and_the_casino(served):
    floor, server, session = served
    async with session.get(server.make_url("/api/v1/floor")) as r:
        assert r.status == 200
        body = await r.json()
    assert body["casino"]["name"] == floor.casino.name
    assert body["casino"]["timezone"] == str(floor.casino.timezone)
    assert [d["id"] for d in body["displays"]] == sorted(floor.displays)
    first = floor.displays[body["displays"][0]["id"]]
    assert body["displays"][0] == {
        "id": first.id,
        "table": first.table,
        "link": first.link,
        "view": first.view,
        "screen": first.screen,
    }
    async with session.get(server.make_url("/api/v1/floor/logo")) as r:
        if floor.casino.logo is None:
            assert r.status == 404
        else:
            assert r.status == 200 and await r.read() == floor.casino.logo.read_bytes()


@pytest.mark.parametrize("served", [False], indirect=True)
async def test_without_a_floor_file_no_displays(served):
    _, server, session = served
    async with session.get(server.make_url("/api/v1/floor")) as r:
        assert r.status == 200 and await r.json() == {"casino": None, "displays": []}
    async with session.get(server.make_url("/api/v1/floor/logo")) as r:
        assert r.status == 404 and (await r.json())["error"]["code"] == "not_found"


@pytest.mark.parametrize("served", [True], indirect=True)
async def test_floor_needs_a_token(served):
    _, server, _ = served
    async with aiohttp.ClientSession() as anonymous:
        async with anonymous.get(server.make_url("/api/v1/floor")) as r:
            assert r.status == 401


@pytest.fixture
async def client(served):
    """A KioskClient with the display token of ``served``."""
    _, server, session = served
    token = session.headers["Authorization"].removeprefix("Bearer ")
    async with KioskClient(str(server.make_url("/")), token) as kiosk_client:
        yield kiosk_client


@pytest.mark.parametrize("served", [True], indirect=True)
async def test_the_client_reads_the_floor_summary_and_saves_the_logo(served, client, tmp_path):
    floor, _, _ = served
    summary = await client.floor_summary()
    assert summary == floor_summary(floor)
    assert summary["casino"] is not None and summary["casino"]["logo"] == "png"
    logo = await client.floor_logo(tmp_path / "cache", summary)
    assert logo == tmp_path / "cache" / "logo.png"
    assert logo.read_bytes() == floor.casino.logo.read_bytes()


@pytest.mark.parametrize("served", [False], indirect=True)
async def test_the_client_reads_a_floor_without_a_file_and_no_logo(client, tmp_path):
    summary = await client.floor_summary()
    assert summary == {"casino": None, "displays": []}
    assert await client.floor_logo(tmp_path / "cache", summary) is None
    assert not (tmp_path / "cache").exists()


async def test_a_logo_that_cannot_be_fetched_is_the_one_saved_before(tmp_path):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # nothing listens here once the socket is closed
    summary: FloorSummary = {"casino": {"name": "Coral Coast", "timezone": "UTC", "logo": "svg"}, "displays": []}
    async with KioskClient(f"http://127.0.0.1:{port}", "token", connect_timeout=1.0) as client:
        assert await client.floor_logo(tmp_path, summary) is None
        (tmp_path / "logo.svg").write_text("<svg/>")
        assert await client.floor_logo(tmp_path, summary) == tmp_path / "logo.svg"
        assert await client.floor_logo(tmp_path, {**summary, "casino": None}) is None
