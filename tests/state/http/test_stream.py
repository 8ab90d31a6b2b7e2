"""The WebSocket stream: snapshot, live events, resume, filters, heartbeats, slow clients.

Real Service on a real SQLite file, real aiohttp server and raw WebSocket clients.
"""

from __future__ import annotations

import asyncio
import json
import socket

import aiohttp
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk.state.events import Actor
from kiosk.state.http import HUB_KEY, StreamSettings, create_app, start_site
from kiosk.views import builders as b

TC = "TC54-01"
BJ = "BJ-01"
PIT = Actor(name="pit-tester", role="pit")


@pytest.fixture
async def service(make_service, db_url, demo_floor):
    """A service on the demo floor, on a real SQLite file and on a real PostgreSQL database."""
    return await make_service(db_url, floor=demo_floor)


@pytest.fixture
def start(serve_app, service):
    """Serve the service with these stream settings: the server closes when the test ends."""

    async def start(**settings):
        return await serve_app(service, stream=StreamSettings(**settings))

    return start


@pytest.fixture
async def server(start):
    return await start(heartbeat=0.1)


@pytest.fixture
async def token(service):
    """A display token issued for MP-01's signs screen: its reports may leave the display id out."""
    return await service.create_token("display", "screen-1", displays=["D-MP-01-signs"])


@pytest.fixture
async def session():
    async with aiohttp.ClientSession() as s:
        yield s


async def rename(service, table_id, name):
    return await service.execute(PIT, b.set_display_name(table_id, name))


async def connect(session, server, bearer, *, header=True, **hello):
    headers = {"Authorization": f"Bearer {bearer}"} if header else {}
    ws = await session.ws_connect(server.make_url("/api/v1/stream"), headers=headers)
    await ws.send_str(json.dumps({"type": "subscribe", **hello}))
    return ws


async def next_message(ws, skip=("heartbeat",), timeout=10):
    async with asyncio.timeout(timeout):
        while True:
            msg = await ws.receive()
            if msg.type != aiohttp.WSMsgType.TEXT:
                return msg
            data = json.loads(msg.data)
            if data["type"] not in skip:
                return data


async def events_until(ws, last_seq, timeout=20):
    """Collect event messages until seq ``last_seq``; returns the events."""
    got = []
    while not got or got[-1]["seq"] < last_seq:
        data = await next_message(ws, skip=("heartbeat", "ready"), timeout=timeout)
        assert isinstance(data, dict), f"stream ended: {data}"
        assert data["type"] == "event", data
        got.append(data["event"])
    return got


async def test_snapshot_then_ready_then_live_events_in_order(service, server, session, token):
    ws = await connect(session, server, token)
    snap = await next_message(ws)
    assert snap["type"] == "snapshot"
    assert TC in snap["tables"] and snap["links"]
    ready = await next_message(ws)
    assert ready == {"type": "ready", "seq": snap["seq"]}
    committed = []
    for i in range(5):
        committed += await rename(service, TC, f"Name {i}")
    got = await events_until(ws, committed[-1].seq)
    assert got == [e.to_json() for e in committed]
    await ws.close()


async def test_token_in_the_first_message(service, server, session, token):
    ws = await connect(session, server, token, header=False, token=token)
    assert (await next_message(ws))["type"] == "snapshot"
    await ws.close()


@pytest.mark.parametrize(
    "hello,header,code,needle",
    [
        ({}, False, 4401, "token"),
        ({"token": "wrong"}, False, 4401, "unauthorized"),
        ({"tables": ["NOPE-9"]}, True, 4404, "NOPE-9"),
        ({"tables": "TC54-01"}, True, 4400, "tables"),
        ({"tables": []}, True, 4400, "tables"),
        ({"tables": [5]}, True, 4400, "tables"),
        ({"since": -1}, True, 4400, "since"),
        ({"since": 1.5}, True, 4400, "since"),
        ({"since": True}, True, 4400, "since"),
        ({"colour": "red"}, True, 4400, "colour"),
    ],
)
async def test_bad_subscribe_messages_close_with_a_code_and_reason(server, session, token, hello, header, code, needle):
    ws = await connect(session, server, token, header=header, **hello)
    msg = await next_message(ws)
    assert msg.type == aiohttp.WSMsgType.CLOSE
    assert msg.data == code
    assert needle in msg.extra and "\n" not in msg.extra


async def test_first_message_must_be_subscribe(server, session, token):
    ws = await session.ws_connect(server.make_url("/api/v1/stream"), headers={"Authorization": f"Bearer {token}"})
    await ws.send_str("not json")
    msg = await next_message(ws)
    assert msg.type == aiohttp.WSMsgType.CLOSE and msg.data == 4400


async def test_silent_client_is_closed_after_the_hello_timeout(service, start, session, token):
    server = await start(hello_timeout=0.2)
    try:
        ws = await session.ws_connect(server.make_url("/api/v1/stream"), headers={"Authorization": f"Bearer {token}"})
        msg = await next_message(ws)
        assert msg.type == aiohttp.WSMsgType.CLOSE and msg.data == 4400
        assert "subscribe" in msg.extra
    finally:
        await server.close()


async def test_table_filter_delivers_only_those_tables(service, server, session, token):
    ws = await connect(session, server, token, tables=[BJ])
    snap = await next_message(ws)
    assert set(snap["tables"]) == {BJ}
    await rename(service, TC, "not for this client")
    mine = await rename(service, BJ, "for this client")
    got = await events_until(ws, mine[-1].seq)
    assert [e["table_id"] for e in got] == [BJ] * len(mine)
    await ws.close()


async def test_resume_replays_exactly_what_was_missed_then_continues_live(service, server, session, token):
    first = await rename(service, TC, "a")
    seen = first[-1].seq
    missed = []
    for i in range(7):
        missed += await rename(service, BJ if i % 2 else TC, f"missed {i}")
    ws = await connect(session, server, token, since=seen)
    replay = await events_until(ws, missed[-1].seq)
    assert replay == [e.to_json() for e in missed]
    assert (await next_message(ws)) == {"type": "ready", "seq": missed[-1].seq}
    live = await rename(service, TC, "live")
    assert await events_until(ws, live[-1].seq) == [e.to_json() for e in live]
    await ws.close()


async def test_resume_from_beyond_the_store_gets_a_fresh_snapshot(service, server, session, token):
    ws = await connect(session, server, token, since=10**9)
    snap = await next_message(ws)
    assert snap["type"] == "snapshot" and snap["resync"] is True and snap["seq"] < 10**9
    await ws.close()


async def test_no_gap_no_duplicate_while_writes_race_with_connects(service, server, session, token):
    """Clients connecting (fresh and resuming) during a burst see a contiguous run of seqs."""
    writes = 60

    async def writer():
        last = None
        for i in range(writes):
            last = (await rename(service, TC if i % 2 else BJ, f"race {i}"))[-1].seq
            await asyncio.sleep(0)
        return last

    async def fresh_client(delay):
        await asyncio.sleep(delay)
        ws = await connect(session, server, token)
        snap = await next_message(ws)
        return ws, snap["seq"]

    async def resuming_client(delay):
        await asyncio.sleep(delay)
        since = (await service.snapshot(tables=[]))["seq"]
        ws = await connect(session, server, token, since=max(0, since - 3))
        return ws, max(0, since - 3)

    write_task = asyncio.create_task(writer())
    clients = await asyncio.gather(
        *(fresh_client(d / 100) for d in range(0, 10, 2)), *(resuming_client(d / 100) for d in range(1, 10, 2))
    )
    last = await write_task
    for ws, start_seq in clients:
        got = await events_until(ws, last) if start_seq < last else []
        assert [e["seq"] for e in got] == list(range(start_seq + 1, last + 1))
        await ws.close()


async def test_heartbeat_carries_the_last_sent_and_the_store_seq(service, server, session, token):
    await rename(service, TC, "before")
    ws = await connect(session, server, token, tables=[BJ])
    snap = await next_message(ws)
    beat = await next_message(ws, skip=("ready",))
    assert beat["type"] == "heartbeat"
    assert beat["seq"] == snap["seq"]
    head = (await service.snapshot(tables=[]))["seq"]
    assert beat["head"] == head
    assert beat["at"].endswith("Z")
    await ws.send_str(json.dumps({"type": "ping"}))
    assert await next_message(ws, skip=("ready", "heartbeat")) == {"type": "pong", "seq": snap["seq"]}
    await ws.close()


async def test_messages_after_subscribing_other_than_ping_get_an_error_reply(server, session, token):
    ws = await connect(session, server, token)
    await next_message(ws)
    await ws.send_str(json.dumps({"type": "subscribe"}))
    reply = await next_message(ws, skip=("ready", "heartbeat"))
    assert reply["type"] == "error" and "ping" in reply["error"]["message"]
    await ws.close()


async def _showing_records(service, table_id):
    from kiosk.state.store import AuditQuery

    return await service.audit_records(AuditQuery(target=table_id, action="display_showing"))


async def test_a_display_reports_what_it_shows_once_per_change(service, server, session, token):
    ws = await connect(session, server, token, tables=["MP-01"])
    await next_message(ws)
    version = (await service.snapshot(["MP-01"]))["tables"]["MP-01"]["version"]
    report = {
        "type": "showing",
        "table_id": "MP-01",
        "version": version,
        "signs": ["minimum_table_stake"],
        "notices": [],
        "sharing": None,
    }
    for _ in range(3):  # the same report again (a refresh) is not recorded twice
        await ws.send_str(json.dumps(report))
        assert await next_message(ws, skip=("ready", "heartbeat")) == {"type": "showing_recorded", "table_id": "MP-01"}
    await ws.send_str(json.dumps({**report, "signs": ["limits", "minimum_table_stake"]}))
    await next_message(ws, skip=("ready", "heartbeat"))
    records = await _showing_records(service, "MP-01")
    assert [r["details"]["signs"] for r in records] == [["limits", "minimum_table_stake"], ["minimum_table_stake"]]
    assert records[0]["actor"] == "screen-1"
    assert (await service.snapshot(["MP-01"]))["tables"]["MP-01"]["version"] == version  # no new version
    await ws.close()


@pytest.mark.parametrize(
    "message, problem",
    [
        ({"type": "showing", "table_id": "BJ-01", "signs": []}, "does not subscribe to table BJ-01"),
        ({"type": "showing", "table_id": "MP-01", "signs": ["nonsense"]}, "unknown sign kind"),
        ({"type": "showing", "table_id": "MP-01", "extra": 1}, "unknown field"),
    ],
)
async def test_a_bad_report_gets_an_error_and_the_stream_goes_on(service, server, session, token, message, problem):
    ws = await connect(session, server, token, tables=["MP-01"])
    snap = await next_message(ws)
    await ws.send_str(json.dumps(message))
    reply = await next_message(ws, skip=("ready", "heartbeat"))
    assert reply["type"] == "error" and problem in reply["error"]["message"], reply
    await ws.send_str(json.dumps({"type": "ping"}))
    assert await next_message(ws, skip=("ready", "heartbeat")) == {"type": "pong", "seq": snap["seq"]}
    assert await _showing_records(service, "MP-01") == []
    await ws.close()


async def test_a_display_flooding_reports_is_held_to_a_rate(service, server, session, token):
    ws = await connect(session, server, token, tables=["MP-01"])
    await next_message(ws)
    replies = []
    for i in range(62):  # each report differs from the one before, so each would be recorded
        await ws.send_str(json.dumps({"type": "showing", "table_id": "MP-01", "signs": [], "notices": [f"s{i}"]}))
        replies.append(await next_message(ws, skip=("ready", "heartbeat")))
    assert [r["type"] for r in replies[:60]] == ["showing_recorded"] * 60
    assert [r["type"] for r in replies[60:]] == ["error", "error"] and "60" in replies[60]["error"]["message"]
    assert len(await _showing_records(service, "MP-01")) == 60
    await ws.close()


async def test_a_report_that_does_not_count_is_refused_and_recorded_once(service, server, session):
    bj = await service.create_token("display", "bj screen", displays=["D-BJ-01-limits"])
    ws = await connect(session, server, bj, tables=["MP-01"])
    snap = await next_message(ws)
    report = {"type": "showing", "table_id": "MP-01", "display_id": "D-BJ-01-limits", "signs": ["limits"]}
    for _ in range(3):  # a display sends it again each minute: told each time, recorded once
        await ws.send_str(json.dumps(report))
        reply = await next_message(ws, skip=("ready", "heartbeat"))
        assert reply["type"] == "error" and reply["error"]["code"] == "rule_refused", reply
        assert "not a display of table MP-01" in reply["error"]["message"]
        assert reply["error"]["rule"] == "docs/readings.md A-28"
    from kiosk.state.store import AuditQuery

    [refused] = await service.audit_records(AuditQuery(target="MP-01", action="display_showing_refused"))
    assert refused["actor"] == "bj screen" and refused["details"]["display_id"] == "D-BJ-01-limits"
    assert await _showing_records(service, "MP-01") == []
    await ws.send_str(json.dumps({"type": "ping"}))  # the stream goes on
    assert await next_message(ws, skip=("ready", "heartbeat")) == {"type": "pong", "seq": snap["seq"]}
    await ws.close()


async def test_only_a_display_token_reports_what_it_shows(service, server, session):
    pit = await service.create_token("pit", "pit-1")
    ws = await connect(session, server, pit, tables=["MP-01"])
    await next_message(ws)
    await ws.send_str(json.dumps({"type": "showing", "table_id": "MP-01", "signs": ["limits"]}))
    reply = await next_message(ws, skip=("ready", "heartbeat"))
    assert reply["type"] == "error" and reply["error"]["code"] == "forbidden"
    assert "only a display" in reply["error"]["message"]
    await ws.close()


@pytest.mark.slow
async def test_slow_client_is_cut_off_with_a_reason_and_resumes_without_a_gap(service, start, session, token):
    server = await start(queue_size=20, send_buffer_bytes=8192, close_timeout=5, heartbeat=0)
    hub = server.app[HUB_KEY]
    try:
        ws = await connect(session, server, token)
        snap = await next_message(ws)
        await next_message(ws)
        transport = ws._response.connection.transport
        transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        transport.pause_reading()  # the client stops reading: its data piles up on the server
        long_name = "N" * 70
        written = []
        async with asyncio.timeout(120):
            while not hub.cut_off:
                written += await rename(service, TC, f"{long_name}{len(written)}")
                if len(written) % 10 == 0:
                    await asyncio.sleep(0.01)
        transport.resume_reading()
        got = []
        while True:
            # a bound, not a speed: the backlog and the close (close_timeout 5 s) take long under load
            msg = await next_message(ws, skip=("ready", "heartbeat"), timeout=60)
            if isinstance(msg, dict):
                got.append(msg["event"]["seq"])
                continue
            break
        assert msg.type == aiohttp.WSMsgType.CLOSE and msg.data == 4008
        assert msg.extra == f"too slow: resume from seq {got[-1]}"
        assert got == list(range(snap["seq"] + 1, got[-1] + 1))
        assert got[-1] < written[-1].seq  # it really was behind when cut off
        resumed = await connect(session, server, token, since=got[-1])
        rest = await events_until(resumed, written[-1].seq)
        assert [e["seq"] for e in rest] == list(range(got[-1] + 1, written[-1].seq + 1))
        await resumed.close()
    finally:
        await server.close()


async def test_server_shutdown_closes_streams_with_going_away_and_the_resume_point(service, start, session, token):
    server = await start()
    ws = await connect(session, server, token)
    snap = await next_message(ws)
    await next_message(ws)
    await server.close()
    msg = await next_message(ws)
    assert msg.type == aiohttp.WSMsgType.CLOSE and msg.data == 1001
    assert msg.extra.endswith(f"resume from seq {snap['seq']}")


async def test_a_client_that_leaves_frees_its_stream_at_once(service, session, token):
    """The handler of a stream whose client closed it ends then, not after ``close_timeout``: it
    held every closed stream, and the server's shutdown, that long. Served as ``kiosk serve``
    serves (aiohttp's test server cancels a handler when its client goes, which hid it)."""
    app = create_app(service, stream=StreamSettings(close_timeout=60))
    runner, port = await start_site(app, "127.0.0.1", 0)
    try:
        hub = app[HUB_KEY]
        ws = await session.ws_connect(
            f"http://127.0.0.1:{port}/api/v1/stream", headers={"Authorization": f"Bearer {token}"}
        )
        await ws.send_str(json.dumps({"type": "subscribe"}))
        await next_message(ws)  # the snapshot
        await next_message(ws)  # ready
        assert hub.connection_count == 1
        await ws.close()
        async with asyncio.timeout(20):  # far under the 60 s it waited before
            while hub.connection_count:
                await asyncio.sleep(0.02)
    finally:
        await runner.cleanup()


_json_scalars = (
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False) | st.text(max_size=12)
)
_json = st.recursive(
    _json_scalars, lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=8), c, max_size=3), max_leaves=8
)


@st.composite
def _hellos(draw):
    hello = {}
    if draw(st.booleans()):
        hello["type"] = draw(st.sampled_from(["subscribe", "ping", ""]) | st.text(max_size=8))
    for key in ("tables", "since", "token", "extra"):
        if draw(st.booleans()):
            hello[key] = draw(st.lists(st.sampled_from([TC, BJ, "NOPE"]), max_size=3) | _json)
    return hello


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hello=_hellos())
async def test_fuzzed_subscribe_messages_get_a_stream_or_a_clean_close(server, session, token, hello):
    ws = await session.ws_connect(server.make_url("/api/v1/stream"), headers={"Authorization": f"Bearer {token}"})
    await ws.send_str(json.dumps(hello))
    msg = await next_message(ws)
    if isinstance(msg, dict):
        assert msg["type"] in ("snapshot", "event", "ready")
        assert hello.get("type") == "subscribe"
    else:
        assert msg.type == aiohttp.WSMsgType.CLOSE
        assert msg.data in (4400, 4401, 4404), (hello, msg)
        assert msg.extra and "\n" not in msg.extra
    await ws.close()


async def test_compression_is_not_negotiated(server, session, token):
    """A browser asks for permessage-deflate; the server declines (bounded memory per client)."""
    ws = await session.ws_connect(
        server.make_url("/api/v1/stream"), compress=15, headers={"Authorization": f"Bearer {token}"}
    )
    assert ws.compress == 0
    assert "Sec-WebSocket-Extensions" not in ws._response.headers
    await ws.close()


async def test_a_broadcast_reaches_every_subscriber_once_and_in_order(service, server, session, token):
    """An event is written straight to the socket of each subscriber waiting for it (one pass
    over them, issue 20) and queued for one still sending earlier events: every subscriber gets
    every event once, in order, the same message, with writes back to back and while clients
    read slowly."""
    clients = []
    for _ in range(40):
        ws = await connect(session, server, token)
        assert (await next_message(ws))["type"] == "snapshot"
        assert (await next_message(ws))["type"] == "ready"
        clients.append(ws)
    committed = []
    for i in range(30):
        committed += await rename(service, TC if i % 3 else BJ, f"Broadcast {i} " + "x" * (i * 2))
        if i % 10 == 0:
            await asyncio.sleep(0.01)  # some arrive to idle pumps, some to busy ones
    for ws in clients:
        got = await events_until(ws, committed[-1].seq)
        assert got == [e.to_json() for e in committed]
        await ws.close()


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70001])
async def test_a_frame_built_once_is_the_frame_aiohttp_writes(size):
    """The frame written to every subscriber is byte for byte the frame aiohttp's own writer
    sends for the same text (RFC 6455 5.2, unmasked; every length encoding)."""
    from aiohttp.http import WebSocketWriter, WSMsgType

    from kiosk.state.http.stream import text_frame

    class Collect:
        def __init__(self):
            self.data = b""

        def write(self, data):
            self.data += bytes(data)

        def is_closing(self):
            return False

    class Protocol:
        _paused = False

    text = ("é" + "a" * size)[:size] if size else ""
    transport = Collect()
    writer = WebSocketWriter(Protocol(), transport, use_mask=False, limit=1 << 30)
    await writer.send_frame(text.encode("utf-8"), WSMsgType.TEXT)
    assert text_frame(text) == transport.data
