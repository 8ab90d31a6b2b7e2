"""The live stream as an async iterator that survives drops: :class:`EventStream`.

It is given what it needs of its :class:`~kiosk.state.client.KioskClient` and nothing more: the
:class:`~kiosk.state.client._nodes.Nodes` to try (and to tell which one answered), a function
opening an authenticated WebSocket to a node, and the client's
:class:`~kiosk.state.client.status.ConnectionEvents` to tell how the connection stands.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

import aiohttp

from kiosk.state.client._decode import ServerUnreachable, Snapshot, error_from_body, event_from_json
from kiosk.state.client._nodes import Nodes, describe_failure
from kiosk.state.client.status import Connected, ConnectionEvents, Offline, Resuming, TokenRefused
from kiosk.state.errors import Forbidden, StateError, Unauthorized
from kiosk.state.events import Event
from kiosk.state.wire import (
    CLOSE_ERRORS,
    CLOSE_TOO_SLOW,
    MSG_ERROR,
    MSG_EVENT,
    MSG_HEARTBEAT,
    MSG_READY,
    MSG_SNAPSHOT,
    MSG_SUBSCRIBE,
)

__all__ = ["EventStream"]

log = logging.getLogger(__name__)


class EventStream:
    """An async iterator over the nodes' stream that survives drops (see :meth:`KioskClient.stream`).

    ``last_seq`` is the sequence number of the last item yielded; ``head`` the store's sequence
    number from the latest heartbeat; ``reconnects`` counts resumed connections; ``last_close``
    is the ``(code, reason)`` of the latest server close; ``last_error`` the server's message
    about the latest message it did not take (:meth:`send`); ``url`` the node streamed from;
    ``heard_at`` (UTC) when the server last said anything (an event, a snapshot or a heartbeat:
    a display's jackpot meter is a fault after 30 s of silence).
    Connection events (:mod:`kiosk.state.client.status`) go to the client's listeners.
    """

    def __init__(
        self,
        nodes: Nodes,
        connect: Callable[[str], Awaitable[aiohttp.ClientWebSocketResponse]],
        connection: ConnectionEvents,
        tables: list[str] | None,
        since: int | None,
        backoff_initial: float,
        backoff_max: float,
        max_attempts: int | None,
        reconnect_spread: float = 1.0,
    ) -> None:
        self._nodes = nodes
        self._open = connect
        self._connection = connection
        self.tables = list(tables) if tables else None
        self.last_seq: int | None = since
        self.head: int | None = None
        self.heard_at: datetime | None = None
        self.reconnects = 0
        self.last_close: tuple[int | None, str] | None = None
        self.url: str | None = None
        self.last_error: str | None = None
        self._backoff_initial = backoff_initial
        self._backoff_max = backoff_max
        self._max_attempts = max_attempts
        self._spread = max(0.0, reconnect_spread)
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._closed = False
        self._connected_once = False
        self._iter: AsyncIterator[Snapshot | Event] | None = None

    def __aiter__(self) -> EventStream:
        return self

    async def __anext__(self) -> Snapshot | Event:
        if self._iter is None:
            self._iter = self._run()
        return await self._iter.__anext__()

    async def close(self) -> None:
        """Stop the stream; a pending ``__anext__`` ends with StopAsyncIteration."""
        self._closed = True
        if self._ws is not None:
            await self._ws.close()
        if self._iter is not None:
            try:
                await self._iter.aclose()  # type: ignore[attr-defined]
            except RuntimeError:
                pass  # another task is iterating: it ends at its next step (the socket is closed)

    async def send(self, message: dict[str, Any]) -> bool:
        """Send one message on the stream now (a display's ``showing`` report); ``False`` when
        not connected (send it again after the next ``Connected``)."""
        ws = self._ws
        if ws is None or ws.closed:
            return False
        try:
            await ws.send_str(json.dumps(message, separators=(",", ":")))
        except (ConnectionError, RuntimeError, aiohttp.ClientError):
            return False
        return True

    async def _connect(self, base: str) -> aiohttp.ClientWebSocketResponse:
        ws = await self._open(base)
        await ws.send_str(json.dumps({"type": MSG_SUBSCRIBE, "tables": self.tables, "since": self.last_seq}))
        return ws

    def _refused(self, base: str, exc: StateError) -> StateError:
        if isinstance(exc, (Unauthorized, Forbidden)):
            self._connection.emit(TokenRefused(exc.message, base))
        return exc

    async def _run(self) -> AsyncIterator[Snapshot | Event]:
        nodes = self._nodes
        delay = self._backoff_initial
        failures = 0
        offline_since = datetime.now(UTC)
        reason = "not connected yet"
        order = nodes.order()
        while not self._closed:
            if not order:  # every node failed this round: back off, then try them all again
                wait = delay * (0.5 + random.random() / 2)
                delay = min(delay * 2, self._backoff_max)
                give_up = self._max_attempts is not None and failures >= self._max_attempts
                self._connection.emit(Offline(offline_since, reason, failures, None if give_up else wait))
                if give_up:
                    raise ServerUnreachable(
                        f"cannot reach {' or '.join(nodes.urls)} after {failures} attempts ({reason})"
                    )
                await asyncio.sleep(wait)
                order = nodes.order()
                continue
            base = order.pop(0)
            try:
                self._ws = await self._connect(base)
            except aiohttp.WSServerHandshakeError as exc:
                if exc.status in (401, 403, 404):
                    raise self._refused(base, error_from_body(exc.status, None)) from None
                failures += 1
                reason = f"{base} answered HTTP {exc.status}"
                continue
            except (TimeoutError, aiohttp.ClientConnectionError, OSError) as exc:
                failures += 1
                reason = f"cannot reach {base} ({describe_failure(exc)})"
                continue
            nodes.use(base)
            self.url = base
            if self._connected_once:
                self.reconnects += 1
            self._connected_once = True
            if self.last_seq is not None:
                self._connection.emit(Resuming(base, self.last_seq))
            try:
                async for item in self._receive(self._ws, base):
                    failures = 0
                    delay = self._backoff_initial
                    yield item
            except (Unauthorized, Forbidden) as exc:
                raise self._refused(base, exc) from None
            finally:
                if not self._ws.closed:
                    await self._ws.close()
            if self._closed:
                return
            code, text = self.last_close or (None, "")
            offline_since = datetime.now(UTC)
            reason = f"lost {base}" + (
                f" (close {code}: {text})"
                if code is not None and text
                else f" (close {code})"
                if code is not None
                else ""
            )
            if code == CLOSE_TOO_SLOW:  # the node is fine, resume there
                order = nodes.order()
                self._connection.emit(Offline(offline_since, reason, 0, 0.0))
                continue
            order = nodes.order(avoid=base)
            wait = random.uniform(0, self._spread)
            self._connection.emit(Offline(offline_since, reason, 0, wait))
            await asyncio.sleep(wait)

    async def _receive(self, ws: aiohttp.ClientWebSocketResponse, base: str) -> AsyncIterator[Snapshot | Event]:
        code: int | None = None
        reason = ""
        while True:
            msg = await ws.receive()
            if msg.type == aiohttp.WSMsgType.TEXT:
                self.heard_at = datetime.now(UTC)
                data = json.loads(msg.data)
                kind = data.get("type")
                if kind == MSG_EVENT:
                    event = event_from_json(data["event"])
                    if self.last_seq is not None and event.seq <= self.last_seq:
                        continue  # already yielded before a reconnect
                    self.last_seq = event.seq
                    yield event
                elif kind == MSG_SNAPSHOT:
                    self.last_seq = int(data["seq"])
                    yield Snapshot(
                        int(data["seq"]), data.get("tables") or {}, data.get("links") or {}, bool(data.get("resync"))
                    )
                elif kind == MSG_READY:
                    seq = self.last_seq if self.last_seq is not None else int(data.get("seq") or 0)
                    self._connection.emit(Connected(base, seq))
                elif kind == MSG_HEARTBEAT:
                    self.head = data.get("head")
                elif kind == MSG_ERROR:  # a message this client sent was not taken; the stream goes on
                    error = data.get("error") or {}
                    self.last_error = str(error.get("message") or error)
                    log.warning("the server did not take a message on the stream: %s", self.last_error)
                continue
            if msg.type == aiohttp.WSMsgType.CLOSE:
                code, reason = msg.data, msg.extra or ""
            elif msg.type == aiohttp.WSMsgType.ERROR:
                reason = str(msg.data)
            if msg.type in (
                aiohttp.WSMsgType.CLOSE,
                aiohttp.WSMsgType.CLOSING,
                aiohttp.WSMsgType.CLOSED,
                aiohttp.WSMsgType.ERROR,
            ):
                break
        if code is None:
            code = ws.close_code
        self.last_close = (code, reason)
        if code in CLOSE_ERRORS:
            raise CLOSE_ERRORS[code](reason or f"stream closed by the server (code {code})")
