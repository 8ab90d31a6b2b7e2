"""Display tokens over HTTP (issue 17, section 1): ``POST /api/v1/tokens`` issues a display token
for the floor's displays it speaks for (``"displays"``), ``GET /api/v1/tokens`` lists them, and
the stream answers an unbound display token's report with one line saying to re-issue it.  Real
servers on SQLite and PostgreSQL."""

from __future__ import annotations

import json

import aiohttp
import pytest

from tests.fixtures.http_api import assert_refused

SCREENS = ["D-MP-01-signs", "D-MP-01-layout"]


@pytest.fixture
def floor(demo_floor):
    """The demo floor (the directory's ``service`` runs on it)."""
    return demo_floor


async def test_post_tokens_binds_a_display_token_to_its_displays(make_api, service):
    api = await make_api(service)
    status, body = await api.call(
        "POST", "/tokens", body={"role": "display", "name": "MP-01 screens", "displays": SCREENS}
    )
    assert status == 201 and body["displays"] == SCREENS
    assert (await service.authenticate(body["token"])).displays == frozenset(SCREENS)
    for bad, code in (
        ({"role": "display", "name": "x", "displays": "D-MP-01-signs"}, 400),
        ({"role": "display", "name": "x", "displays": [1]}, 400),
        ({"role": "pit", "name": "x", "displays": ["D-MP-01-signs"]}, 400),
        ({"role": "display", "name": "x", "displays": ["GHOST-99"]}, 404),
    ):
        assert_refused(*await api.call("POST", "/tokens", body=bad), code)
    status, body = await api.call("GET", "/tokens")
    listed = {t["name"]: t for t in body["tokens"]}
    assert listed["MP-01 screens"]["displays"] == sorted(SCREENS) and listed["admin-tester"]["displays"] is None


async def test_the_stream_answers_an_unbound_tokens_report_with_re_issue(serve_app, service):
    server = await serve_app(service)
    token = await service.create_token("display", "old screen")
    async with aiohttp.ClientSession() as session, session.ws_connect(server.make_url("/api/v1/stream")) as ws:
        await ws.send_str(json.dumps({"type": "subscribe", "token": token, "tables": ["MP-01"], "since": None}))
        assert (await ws.receive_json())["type"] == "snapshot"
        report = {"type": "showing", "table_id": "MP-01", "display_id": "D-MP-01-signs", "signs": ["limits"]}
        await ws.send_str(json.dumps(report))
        while (reply := await ws.receive_json())["type"] in ("ready", "heartbeat"):
            pass
        assert reply["type"] == "error" and reply["error"]["code"] == "forbidden"
        assert "re-issue" in reply["error"]["message"] and "--display" in reply["error"]["message"]
        assert "\n" not in reply["error"]["message"]
