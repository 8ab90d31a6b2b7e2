"""GET /api/v1/floor and /floor/logo: a display learns its screens and the casino from the server."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from kiosk.floor import load_floor
from kiosk.state.http import create_app
from kiosk.state.service import Service

DEMO_FLOOR = Path(__file__).resolve().parents[2] / "assets" / "demo_floor.toml"


@pytest.fixture
async def served(tmp_path, request):
    floor = load_floor(DEMO_FLOOR)
    svc = await Service.open(f"sqlite:///{tmp_path / 'kiosk.sqlite3'}", floor=floor)
    token = await svc.create_token("display", "screen")
    server = TestServer(create_app(svc, floor=floor if request.param else None))
    await server.start_server()
    session = aiohttp.ClientSession(headers={"Authorization": f"Bearer {token}"})
    yield floor if request.param else None, server, session
    await session.close()
    await server.close()
    await svc.close()


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
