"""The live event stream: WebSocket ``/api/v1/stream``.

Protocol (documented for integrators in ``docs/api.md``; the message types and close codes
are named in :mod:`kiosk.state.wire`):

1. The client connects, with ``Authorization: Bearer <token>`` or without it, and sends one
   text message within ``hello_timeout`` seconds::

       {"type": "subscribe", "token": "...", "tables": ["tc-1"] | null, "since": 41 | null}

   ``token`` is needed only when the header was not sent; ``tables`` null means every table;
   ``since`` is the last sequence number the client saw (resume) or null (fresh start).
2. The server answers a fresh start with ``{"type": "snapshot", "seq": n, "tables": {...},
   "links": {...}}``, a resume with every missed event (``events_since``), then
   ``{"type": "ready", "seq": n}`` and then live events, each
   ``{"type": "event", "event": {"seq": ..., "type": ..., ...}}`` in sequence order, never a gap,
   never a duplicate (the subscription is opened before the snapshot or replay is read, and
   anything at or below the last sent sequence number is skipped).
3. Every ``heartbeat`` seconds: ``{"type": "heartbeat", "seq": last_sent, "head": store_seq,
   "at": "...Z"}``; WebSocket pings run as well (aiohttp heartbeat). A client may send
   ``{"type": "ping"}`` and gets ``{"type": "pong", "seq": last_sent}``.  A display sends
   ``{"type": "showing", "table_id": ..., "display_id": ..., "signs": [...], "notices": [...],
   "sharing": ..., "version": n}`` when what a screen shows of a subscribed table changes
   (:mod:`kiosk.state.showing`); the server records it (an audit record) when it differs from
   the last one recorded on this connection for that table and screen, and answers
   ``{"type": "showing_recorded", "table_id": ...}``; a report that does not count for the table
   (not a display of it in the floor, a token not issued for that display, a notice without its
   sign) is recorded as refused and answered with an error.  A message the server cannot take is
   answered ``{"type": "error", "error": {"code", "message", "rule"?}}`` and the stream goes on.
4. A client that falls more than ``queue_size`` events behind is cut off with close code 4008
   and the reason ``"too slow: resume from seq N"``; it holds no memory on the server beyond its
   bounded queue and socket buffers. Other close codes: 4400 bad subscribe message, 4401 bad or
   missing token, 4403 forbidden, 4404 unknown table, 1001 server shutting down, 1011 internal
   error, 1013 store unavailable (try again later).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import struct
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from kiosk.rules.times import format_utc, utc_now
from kiosk.state.errors import BadRequest, Forbidden, RuleRefused, StateError, StoreUnavailable, Unauthorized
from kiosk.state.events import Event
from kiosk.state.http._catchup import CatchUp
from kiosk.state.http._connection import Connection, StreamClosed
from kiosk.state.http.auth import ACTOR_KEY
from kiosk.state.http.jsonbody import parse_json_object
from kiosk.state.showing import PER_MINUTE, parse_report
from kiosk.state.subscription import Subscription
from kiosk.state.wire import (
    CLOSE_BAD_REQUEST,
    CLOSE_CODES,
    CLOSE_GOING_AWAY,
    CLOSE_INTERNAL,
    CLOSE_TOO_SLOW,
    CLOSE_TRY_AGAIN,
    CLOSE_UNAUTHORIZED,
    MSG_ERROR,
    MSG_EVENT,
    MSG_HEARTBEAT,
    MSG_PING,
    MSG_PONG,
    MSG_READY,
    MSG_SHOWING,
    MSG_SHOWING_RECORDED,
    MSG_SUBSCRIBE,
)

if TYPE_CHECKING:
    from kiosk.state.service import Service

__all__ = ["StreamHub", "StreamSettings"]

log = logging.getLogger(__name__)


_HELLO_FIELDS = frozenset({"type", "token", "tables", "since"})
_MAX_CLIENT_MESSAGE = 16 * 1024


@dataclass(frozen=True)
class StreamSettings:
    """Tuning of the stream hub.

    ``queue_size``: events a client may fall behind before it is cut off (close 4008).
    ``heartbeat``: seconds between application heartbeats. ``ping_interval``: seconds between
    WebSocket pings (a client that does not answer is dropped), None to disable.
    ``hello_timeout``: seconds to wait for the subscribe message. ``session_check``: seconds
    between checks that each connection's token is still valid (revoked on another node);
    a revocation on this node and an expiry end the stream before the next event. ``send_buffer_bytes``: the
    kernel send buffer and transport write limit per client (bounds memory), None for the
    system default. ``close_timeout``: seconds to wait for a close handshake before dropping the
    connection. ``replay_page``: events read per ``events_since`` call when resuming.
    """

    queue_size: int = 1000
    heartbeat: float = 15.0
    ping_interval: float | None = 20.0
    hello_timeout: float = 10.0
    send_buffer_bytes: int | None = 64 * 1024
    close_timeout: float = 5.0
    replay_page: int = 500
    session_check: float = 5.0


def _open_transport(conn: Connection) -> asyncio.Transport | None:
    """``conn``'s transport while it can be written to; None when it has none or is closing."""
    transport = conn.transport
    if transport is None or conn.closing or conn.ws.closed or transport.is_closing():
        return None
    return transport


def _reason(text: str) -> bytes:
    """A close reason: one line, at most 123 bytes of UTF-8 (RFC 6455 5.5)."""
    raw = " ".join(text.split()).encode("utf-8")
    if len(raw) <= 123:
        return raw
    return raw[:120].decode("utf-8", "ignore").encode("utf-8") + b"..."


class StreamHub:
    """Serves ``/api/v1/stream`` for one Service and tracks the open connections.

    Per connection: the subscribe message, the catch-up (:class:`~kiosk.state.http._catchup.CatchUp`:
    the snapshot or the missed events), then live events pumped from the subscription,
    heartbeats, the display's reports, and the session check that ends a revoked token's stream.
    """

    def __init__(self, service: Service, settings: StreamSettings | None = None) -> None:
        self.service = service
        self.settings = settings or StreamSettings()
        self._connections: set[Connection] = set()
        self._encoded: OrderedDict[int, str] = OrderedDict()
        self._frame: tuple[int, bytes] = (-1, b"")  # the last event's WebSocket frame, shared
        self._taken: list[tuple[Connection, Event]] = []  # events taken for idle pumps, to write
        self._catchup = CatchUp(
            service,
            self._encode,
            self._check_session,
            heartbeat=self.settings.heartbeat,
            replay_page=self.settings.replay_page,
        )
        self._closing = False
        self._revoked: set[str] = set()
        self._watch: asyncio.Task | None = None
        self.cut_off = 0
        """How many slow clients have been cut off (close 4008) since start."""
        service.on_token_revoked(self._token_revoked)

    @property
    def connection_count(self) -> int:
        """How many clients are connected right now."""
        return len(self._connections)

    @property
    def _send_limit(self) -> int:
        """The bytes a client's transport may hold unsent before it counts as full."""
        return self.settings.send_buffer_bytes or 64 * 1024

    def subscribers(self, role: str | None = None) -> list[dict[str, Any]]:
        """The clients streaming from this node now (of ``role``, or all): who, which tables
        (None: all), since when, and the last sequence number sent to them.  WebSocket pings
        drop a peer that stops answering, so a listed client was alive one ping ago."""
        out = []
        for conn in list(self._connections):
            actor = conn.actor
            if actor is None or conn.closing or conn.ws.closed or (role is not None and actor.role != role):
                continue
            out.append(
                {
                    "name": actor.name,
                    "role": actor.role,
                    "token_id": actor.token_id,
                    "tables": conn.tables,
                    "connected_at": conn.connected_at,
                    "last_sent": conn.last_sent,
                }
            )
        return sorted(out, key=lambda c: (c["name"], c["connected_at"]))

    # -- encoding --------------------------------------------------------------------------

    def _encode(self, event: Event) -> str:
        """The event's message text, encoded once and shared by every subscriber."""
        text = self._encoded.get(event.seq)
        if text is None:
            text = json.dumps({"type": MSG_EVENT, "event": event.to_json()}, separators=(",", ":"))
            self._encoded[event.seq] = text
            if len(self._encoded) > 4096:
                self._encoded.popitem(last=False)
        return text

    def _frame_of(self, event: Event) -> bytes:
        """The event's message as one WebSocket frame, built once for every subscriber."""
        seq, frame = self._frame
        if seq != event.seq:
            frame = text_frame(self._encode(event))
            self._frame = (event.seq, frame)
        return frame

    def _take(self, conn: Connection, event: Event) -> bool:
        """The subscription's ``direct``: take ``event`` for ``conn`` if it can be sent now (its
        pump waits with nothing queued): True when taken (or sent before), False to leave it to
        the pump (the socket is full or closing, the session is over).  What is taken is written
        by :meth:`_flush` on the loop's next turn, after the command that made it has its answer
        on the way: the dealer's acknowledgement does not wait for a thousand sockets."""
        if event.seq <= conn.last_sent:
            return True
        transport = _open_transport(conn)
        if (
            transport is None
            or transport.get_write_buffer_size() >= self._send_limit
            or self._session_over(conn) is not None
        ):
            return False
        if not self._taken:
            asyncio.get_running_loop().call_soon(self._flush)
        self._taken.append((conn, event))
        return True

    def _flush(self) -> None:
        """Write every event taken since the last turn, in the order taken, one frame built per
        event for all its subscribers; a connection closing meanwhile is skipped (it resumes
        from its ``last_sent``), as is one whose session ended (its pump closes it)."""
        taken, self._taken = self._taken, []
        for conn, event in taken:
            transport = _open_transport(conn)
            if transport is None:
                continue
            if event.seq <= conn.last_sent or self._session_over(conn) is not None:
                continue
            transport.write(self._frame_of(event))
            conn.last_sent = event.seq

    # -- sessions: a revoked or expired token's stream ends (4401) ---------------------------

    def _session_over(self, conn: Connection) -> str | None:
        """Why ``conn``'s token no longer admits it, or None while it does."""
        actor = conn.actor
        if actor is None:
            return None
        if actor.token_id is not None and actor.token_id in self._revoked:
            return f"token {actor.token_id} was revoked"
        if actor.expires_at is not None and self.service.now() >= actor.expires_at:
            return f"token {actor.token_id} has expired"
        return None

    def _check_session(self, conn: Connection) -> None:
        """Close with 4401 when ``conn``'s session is over (checked before anything is sent)."""
        ended = self._session_over(conn)
        if ended is not None:
            raise StreamClosed(CLOSE_UNAUTHORIZED, f"unauthorized: {ended}")

    def _token_revoked(self, token_id: str) -> None:
        self._revoked.add(token_id)
        self._end_sessions()

    def _end_sessions(self) -> None:
        """End the subscription of every connection whose session is over: its pump then
        closes it with 4401 (the connection's own task closes it, never a second one)."""
        for conn in list(self._connections):
            if conn.sub is not None and self._session_over(conn) is not None:
                conn.sub.close()

    async def _watch_sessions(self) -> None:
        """Every ``session_check`` seconds: end the streams of tokens revoked (on any node) or
        expired (on the service's clock) since the last look."""
        while self._connections:
            await asyncio.sleep(self.settings.session_check)
            ids = {c.actor.token_id for c in self._connections if c.actor is not None and c.actor.token_id}
            if ids:
                try:
                    self._revoked |= await self.service.revoked_tokens(ids)
                except StateError:
                    pass  # the store is away: look again next time
            self._end_sessions()

    # -- connection ------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """The aiohttp handler of ``GET /api/v1/stream``."""
        s = self.settings
        # No permessage-deflate: a zlib context per client costs far more memory than the
        # small event messages save, and each event is encoded once for every subscriber.
        ws = web.WebSocketResponse(
            heartbeat=s.ping_interval,
            max_msg_size=_MAX_CLIENT_MESSAGE,
            timeout=s.close_timeout,
            compress=False,
        )
        if self._closing:
            raise StoreUnavailable(
                "the server is shutting down", public="the server is shutting down; reconnect shortly"
            )
        await ws.prepare(request)
        self._limit_buffers(request)
        conn = Connection(ws, request.transport)
        self._connections.add(conn)
        if self._watch is None or self._watch.done():
            self._watch = asyncio.get_running_loop().create_task(self._watch_sessions(), name="kiosk-stream-sessions")
        try:
            await self._serve(request, conn)
        except StreamClosed as exc:
            await self._close(conn, exc.code, exc.reason)
        except StateError as exc:
            code = CLOSE_CODES.get(exc.status, CLOSE_INTERNAL)
            if exc.status >= 500:
                log.error("stream: %s", exc.message)
            await self._close(conn, code, f"{exc.code}: {exc.public_message}")
        except (ConnectionError, asyncio.CancelledError):
            pass
        except Exception:
            log.exception("stream: internal error")
            await self._close(conn, CLOSE_INTERNAL, f"internal server error; resume from seq {conn.last_sent}")
        finally:
            self._connections.discard(conn)
            if not ws.closed:
                await self._close(conn, CLOSE_GOING_AWAY, f"stream ended: resume from seq {conn.last_sent}")
        return ws

    def _limit_buffers(self, request: web.Request) -> None:
        size = self.settings.send_buffer_bytes
        transport = request.transport
        if size is None or transport is None:
            return
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, size)
        with contextlib.suppress(AttributeError, NotImplementedError):
            transport.set_write_buffer_limits(high=size)

    async def _close(self, conn: Connection, code: int, reason: str) -> None:
        """Close with a code and reason; a peer that does not take the close frame within
        ``close_timeout`` is dropped (its buffers freed), never waited on without bound."""
        ws = conn.ws
        if ws.closed or conn.closing:
            return
        conn.closing = True
        try:
            async with asyncio.timeout(self.settings.close_timeout):
                await ws.close(code=code, message=_reason(reason))
        except (TimeoutError, ConnectionError):
            if conn.transport is not None:
                conn.transport.abort()

    async def _receive_hello(self, ws: web.WebSocketResponse) -> dict[str, Any]:
        try:
            async with asyncio.timeout(self.settings.hello_timeout):
                msg = await ws.receive()
        except TimeoutError:
            raise StreamClosed(
                CLOSE_BAD_REQUEST, f"no subscribe message within {self.settings.hello_timeout:g} s"
            ) from None
        if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
            raise ConnectionResetError("client left before subscribing")
        if msg.type != WSMsgType.TEXT:
            raise BadRequest('the first message must be a JSON text message {"type": "subscribe", ...}')
        return _parse_hello(msg.data)

    async def _serve(self, request: web.Request, conn: Connection) -> None:
        ws = conn.ws
        hello = await self._receive_hello(ws)
        if request.get(ACTOR_KEY) is None:  # no header: the token comes in the subscribe message
            token = hello.get("token")
            if token is None:
                raise Unauthorized('missing token: send the Authorization header or "token" in the subscribe message')
            request[ACTOR_KEY] = await self.service.authenticate(token)
        conn.actor = request[ACTOR_KEY]
        tables: list[str] | None = hello.get("tables")
        since: int | None = hello.get("since")
        conn.tables = tables

        sub = conn.sub = self.service.subscribe(tables=tables, maxsize=self.settings.queue_size)
        pump: asyncio.Task | None = None
        beat: asyncio.Task | None = None
        try:
            await self._catchup.send(conn, tables, since)
            self._check_session(conn)
            await ws.send_str(json.dumps({"type": MSG_READY, "seq": conn.last_sent}))
            pump = asyncio.create_task(self._pump(conn, sub))
            sub.direct = lambda event: self._take(conn, event)
            if self.settings.heartbeat > 0:
                beat = asyncio.create_task(self._heartbeat(conn))
            await self._read(conn)
        finally:
            sub.direct = None
            if pump is not None and not pump.done():
                # The pump may be closing the socket itself (cut off, stream ended): let it finish.
                # Otherwise (the client left) it waits on the subscription and is cancelled now:
                # waiting for it held every closed stream, and the server's shutdown, 5 s.
                await asyncio.wait({pump}, timeout=self.settings.close_timeout if conn.closing else 0)
            for task in (pump, beat):
                if task is not None:
                    task.cancel()
            for task in (pump, beat):
                if task is not None:
                    with contextlib.suppress(asyncio.CancelledError, ConnectionError):
                        await task
            sub.close()

    async def _send_event(self, conn: Connection, sub: Subscription, text: str) -> bool:
        """Send one event; False when the subscription overflowed while the socket was full.

        aiohttp writes the whole frame to the transport before it waits for the socket to
        drain, so the event counts as sent (it follows the data before it) in both cases.
        """
        transport = conn.transport
        if transport is None or transport.get_write_buffer_size() < self._send_limit:
            await conn.ws.send_str(text)
            return True
        # The client is not keeping up: wait for the socket, but stop as soon as the
        # subscription overflows instead of blocking on a client that never reads.
        send = asyncio.ensure_future(conn.ws.send_str(text))
        try:
            while True:
                done, _ = await asyncio.wait({send}, timeout=0.1)
                if done:
                    send.result()
                    return True
                if sub.overflowed:
                    return False
        finally:
            if not send.done():
                send.cancel()

    async def _pump(self, conn: Connection, sub: Subscription) -> None:
        try:
            async for event in sub:
                if event.seq <= conn.last_sent:
                    continue
                ended = self._session_over(conn)
                if ended is not None:
                    await self._close(conn, CLOSE_UNAUTHORIZED, f"unauthorized: {ended}")
                    return
                keep_going = await self._send_event(conn, sub, self._encode(event))
                conn.last_sent = event.seq  # the frame is in the socket's buffer either way
                if not keep_going:
                    break
        except ConnectionError:
            return
        except StateError as exc:
            await self._close(conn, CLOSE_TRY_AGAIN, f"{exc.code}: resume from seq {conn.last_sent}")
            return
        ended = self._session_over(conn)
        if ended is not None:
            await self._close(conn, CLOSE_UNAUTHORIZED, f"unauthorized: {ended}")
        elif sub.overflowed:
            self.cut_off += 1
            log.info("stream: client too slow, cut off at seq %s", conn.last_sent)
            await self._close(conn, CLOSE_TOO_SLOW, f"too slow: resume from seq {conn.last_sent}")
        else:
            await self._close(conn, CLOSE_GOING_AWAY, f"stream ended: resume from seq {conn.last_sent}")

    async def _heartbeat(self, conn: Connection) -> None:
        while not conn.ws.closed:
            await asyncio.sleep(self.settings.heartbeat)
            try:
                head = await self._catchup.head_seq()
            except StateError:
                head = None
            if conn.ws.closed:
                return
            await conn.ws.send_str(
                json.dumps({"type": MSG_HEARTBEAT, "seq": conn.last_sent, "head": head, "at": format_utc(utc_now())})
            )

    async def _read(self, conn: Connection) -> None:
        ws = conn.ws
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            try:
                data = parse_json_object(msg.data, "a message")
            except BadRequest:
                data = None
            kind = data.get("type") if isinstance(data, dict) else None
            if kind == MSG_PING:
                await ws.send_str(json.dumps({"type": MSG_PONG, "seq": conn.last_sent}))
                continue
            try:
                if data is None or kind != MSG_SHOWING:
                    raise BadRequest(
                        'after subscribing, a client may send only {"type": "ping"} or, from a '
                        'display, {"type": "showing", ...}'
                    )
                await self._showing(conn, data)
            except StateError as exc:
                if exc.status >= 500:
                    log.warning("stream: a display's report was not recorded: %s", exc.message)
                error = {"code": exc.code, "message": exc.public_message}
                if exc.rule is not None:
                    error["rule"] = exc.rule
                await ws.send_str(json.dumps({"type": MSG_ERROR, "error": error}))

    async def _showing(self, conn: Connection, data: dict[str, Any]) -> None:
        """Record a display's report of what it shows (once per change on this connection); a
        report that does not count is recorded as refused once and answered with its refusal
        each time it is sent again (:meth:`Service.record_showing`)."""
        report = parse_report(data)
        if conn.tables is not None and report.table_id not in conn.tables:
            raise BadRequest(f"showing.table_id: this stream does not subscribe to table {report.table_id}")
        where = (report.table_id, report.display_id)
        last = conn.reported.get(where)
        if last is not None and last[0] == report.key:
            if last[1] is not None:
                raise last[1]  # refused and recorded already: told again, not recorded again
        else:
            now = asyncio.get_running_loop().time()
            while conn.report_times and now - conn.report_times[0] > 60:
                conn.report_times.popleft()
            if len(conn.report_times) >= PER_MINUTE:
                raise BadRequest(f"showing: at most {PER_MINUTE} changed reports a minute from one display")
            if conn.actor is None:  # set on subscribing, before any message is read
                raise Unauthorized("no valid token")
            try:
                await self.service.record_showing(conn.actor, report)
            except (Forbidden, RuleRefused) as exc:  # recorded as refused (display_showing_refused)
                conn.report_times.append(now)
                conn.reported[where] = (report.key, exc)
                raise
            conn.report_times.append(now)
            conn.reported[where] = (report.key, None)
        await conn.ws.send_str(json.dumps({"type": MSG_SHOWING_RECORDED, "table_id": report.table_id}))

    async def close_all(self) -> None:
        """Close every connection (server shutdown): clients resume from their last seq."""
        self._closing = True
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watch
        conns = list(self._connections)
        await asyncio.gather(
            *(self._close(c, CLOSE_GOING_AWAY, f"server shutting down: resume from seq {c.last_sent}") for c in conns),
            return_exceptions=True,
        )


def text_frame(text: str) -> bytes:
    """``text`` as one final, unmasked WebSocket text frame (RFC 6455 5.2): a server's frames are
    not masked, so the bytes are the same for every client."""
    payload = text.encode("utf-8")
    n = len(payload)
    if n < 126:
        header = struct.pack("!BB", 0x81, n)
    elif n < 65536:
        header = struct.pack("!BBH", 0x81, 126, n)
    else:
        header = struct.pack("!BBQ", 0x81, 127, n)
    return header + payload


def _parse_hello(text: str) -> dict[str, Any]:
    """Validate the subscribe message; raises BadRequest with a one-line reason."""
    data = parse_json_object(text, "the subscribe message")
    if data.get("type") != MSG_SUBSCRIBE:
        raise BadRequest('the first message must have "type": "subscribe"')
    unknown = sorted(set(data) - _HELLO_FIELDS)
    if unknown:
        raise BadRequest(f"unknown field {unknown[0]!r} in the subscribe message")
    token = data.get("token")
    if token is not None and (not isinstance(token, str) or not token):
        raise BadRequest("token must be a non-empty string")
    tables = data.get("tables")
    if tables is not None:
        if not isinstance(tables, list) or not tables or not all(isinstance(t, str) and t for t in tables):
            raise BadRequest("tables must be a non-empty list of table ids (strings), or null for every table")
        tables = list(dict.fromkeys(tables))
    since = data.get("since")
    if since is not None and (isinstance(since, bool) or not isinstance(since, int) or since < 0):
        raise BadRequest("since must be a whole number >= 0 (the last seq seen) or null")
    return {"token": token, "tables": tables, "since": since}
