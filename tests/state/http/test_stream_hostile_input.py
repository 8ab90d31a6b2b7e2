"""The stream under hostile input and ending sessions (issue 12): deeply nested JSON and a too
large message close cleanly with documented codes; a revoked or expired token's open stream
ends with 4401. Real server, real SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import logging
from datetime import timedelta

import aiohttp
import pytest

from kiosk.state.http import StreamSettings
from kiosk.views import builders as b
from tests.fixtures.actors import PIT


@pytest.fixture
async def served(service, serve_app):
    """``service`` (tests/state/conftest.py) streaming with quick heartbeats and session checks,
    and a client session: ``(service, server, session)``."""
    server = await serve_app(service, stream=StreamSettings(heartbeat=0.1, session_check=0.1))
    async with aiohttp.ClientSession() as session:
        yield service, server, session


async def _subscribe(session, server, token, **hello):
    ws = await session.ws_connect(server.make_url("/api/v1/stream"))
    await ws.send_str(json.dumps({"type": "subscribe", "token": token, "tables": None, "since": None, **hello}))
    return ws


async def _until_closed(ws, timeout=10.0):
    async with asyncio.timeout(timeout):
        while True:
            msg = await ws.receive()
            if msg.type == aiohttp.WSMsgType.CLOSE:  # the server's close frame: its code and reason
                return msg.data, msg.extra
            assert msg.type == aiohttp.WSMsgType.TEXT, msg


async def test_deeply_nested_subscribe_closes_4400_without_a_traceback(served, caplog):
    svc, server, session = served
    token = await svc.create_token("display", "screen")
    ws = await session.ws_connect(server.make_url("/api/v1/stream"))
    with caplog.at_level(logging.ERROR):
        await ws.send_str("[" * 5000 + "]" * 5000)
        code, reason = await _until_closed(ws)
    assert code == 4400 and "nested" in reason
    assert not [r for r in caplog.records if r.exc_info], caplog.text
    del token


async def test_deeply_nested_ping_after_subscribing_is_answered_not_crashed(served, caplog):
    svc, server, session = served
    token = await svc.create_token("display", "screen")
    ws = await _subscribe(session, server, token)
    kinds = set()
    with caplog.at_level(logging.ERROR):
        await ws.send_str('{"type": "ping", "x": ' + "[" * 5000 + "]" * 5000 + "}")
        async with asyncio.timeout(10):
            while "error" not in kinds:
                msg = await ws.receive()
                assert msg.type == aiohttp.WSMsgType.TEXT, msg
                kinds.add(json.loads(msg.data)["type"])
    assert not ws.closed
    assert not [r for r in caplog.records if r.exc_info], caplog.text
    await ws.close()


async def test_a_message_over_the_limit_closes_1009_as_documented(served):
    svc, server, session = served
    token = await svc.create_token("display", "screen")
    ws = await _subscribe(session, server, token)
    await ws.send_str(json.dumps({"type": "ping", "pad": "x" * 20_000}))
    code, _ = await _until_closed(ws)
    assert code == 1009


async def test_a_revoked_tokens_open_stream_ends_4401(served):
    svc, server, session = served
    token = await svc.create_token("display", "screen")
    ws = await _subscribe(session, server, token)
    ident = next(t["id"] for t in await svc.list_tokens() if t["name"] == "screen")
    await svc.revoke_token(ident)
    await svc.execute(PIT, b.set_display_name("BJ-01", "Blackjack after revoke"))
    seen = []
    async with asyncio.timeout(10):
        while True:
            msg = await ws.receive()
            if msg.type != aiohttp.WSMsgType.TEXT:
                break
            seen.append(json.loads(msg.data))
    assert msg.type == aiohttp.WSMsgType.CLOSE and msg.data == 4401, msg
    assert "revoked" in msg.extra
    assert not [
        m for m in seen if m["type"] == "event" and m["event"]["data"].get("display_name") == "Blackjack after revoke"
    ]


async def test_an_expired_tokens_open_stream_ends_4401_by_the_services_clock(served, clock):
    svc, server, session = served
    token = await svc.create_token("display", "screen", expires_at=clock.now + timedelta(minutes=5))
    ws = await _subscribe(session, server, token)
    clock.advance(minutes=6)
    await svc.execute(PIT, b.set_display_name("BJ-01", "Blackjack after expiry"))
    code, reason = await _until_closed(ws)
    assert code == 4401 and "expired" in reason


async def test_a_token_revoked_on_another_node_ends_the_stream_4401(pg_url, floor, make_service, serve_app):
    node_a = await make_service(pg_url, floor=floor, tick_seconds=None)
    node_b = await make_service(pg_url, floor=floor, tick_seconds=None)
    server = await serve_app(node_a, stream=StreamSettings(heartbeat=0.1, session_check=0.1))
    async with aiohttp.ClientSession() as session:
        token = await node_a.create_token("display", "screen")
        ws = await _subscribe(session, server, token)
        ident = next(t["id"] for t in await node_b.list_tokens() if t["name"] == "screen")
        await node_b.revoke_token(ident)
        code, reason = await _until_closed(ws)
        assert code == 4401 and "revoked" in reason
