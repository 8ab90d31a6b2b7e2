"""Connections the HTTP server holds: bounded in number and in time.

A client that connects and sends nothing, sends half a request, or promises a body it never
sends must not hold a socket (a file descriptor) for ever; a flood of them must not lock out
the displays.  :class:`GuardedRunner` runs an aiohttp application with these limits
(:class:`ConnectionLimits`):

* a connection waiting for a request (just opened, or idle between keep-alive requests) is
  closed after ``idle_timeout`` seconds;
* once a request's first byte has arrived, its whole head must arrive within
  ``request_timeout`` seconds, or the connection is closed (the body is bounded the same way by
  :func:`kiosk.state.http.routes.read_json_object`, which answers 408);
* at most ``max_connections`` are open.  When one more arrives, the oldest connection that has
  no request in progress (idle, or still sending its head) is closed to make room; only when
  every connection is busy with a request or a stream is the new one refused.  So a flood of
  idle, half-sent or lying-length connections costs the displays nothing: their streams and
  ``/api/v1/health`` are requests in progress, never the ones closed.

The server's middleware marks each request's start and end (:func:`mark_request`), which is
how a connection is known to be busy.
"""

from __future__ import annotations

import asyncio
import logging
import resource
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

__all__ = ["ConnectionLimits", "GuardedRunner", "default_max_connections", "mark_body_wait", "mark_request"]

log = logging.getLogger(__name__)

_IDLE, _RECEIVING, _ACTIVE = "idle", "receiving", "active"


def default_max_connections(reserve: int = 128, ceiling: int = 4096) -> int:
    """As many connections as the process's file-descriptor limit allows, less ``reserve`` for
    the database, logs and the floor's files (at most ``ceiling``)."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return ceiling
    return max(16, min(ceiling, soft - reserve))


@dataclass(frozen=True)
class ConnectionLimits:
    """How many connections, and how long each may wait (seconds); see the module's doc."""

    max_connections: int = 0  # 0: default_max_connections()
    idle_timeout: float = 75.0
    request_timeout: float = 15.0

    def resolved(self) -> ConnectionLimits:
        if self.max_connections > 0:
            return self
        return ConnectionLimits(default_max_connections(), self.idle_timeout, self.request_timeout)


class _Guard:
    """The connections of one server, oldest first, with their state."""

    def __init__(self, limits: ConnectionLimits) -> None:
        self.limits = limits.resolved()
        self.handlers: OrderedDict[_GuardedHandler, None] = OrderedDict()
        self.evicted = 0
        self.refused = 0

    def admit(self, handler: _GuardedHandler) -> bool:
        if len(self.handlers) >= self.limits.max_connections:
            victim = next((h for h in self.handlers if h.state != _ACTIVE), None)
            if victim is None:
                self.refused += 1
                return False
            self.evicted += 1
            victim.drop()
        self.handlers[handler] = None
        return True


class _GuardedHandler(RequestHandler):
    """aiohttp's request handler with a deadline while it waits for (the rest of) a request."""

    def __init__(self, guard: _Guard, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._guard = guard
        self.state = _IDLE
        self._deadline: asyncio.TimerHandle | None = None

    def _arm(self, seconds: float) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = self._loop.call_later(seconds, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expired(self) -> None:
        self._deadline = None
        if self.state != _ACTIVE:
            self.drop()

    def drop(self) -> None:
        """Close the connection now (it has no request in progress)."""
        self._disarm()
        self._guard.handlers.pop(self, None)
        transport = self.transport
        if transport is not None:
            transport.abort()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        if not self._guard.admit(self):
            if self._guard.refused % 100 == 1:
                log.warning(
                    "refused %d connection(s): all %d connections are busy",
                    self._guard.refused,
                    self._guard.limits.max_connections,
                )
            transport.abort()  # type: ignore[attr-defined]
            return
        self._arm(self._guard.limits.idle_timeout)

    def connection_lost(self, exc: BaseException | None) -> None:
        self._disarm()
        self._guard.handlers.pop(self, None)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.state == _IDLE and data:
            self.state = _RECEIVING
            self._arm(self._guard.limits.request_timeout)
        super().data_received(data)

    def request_started(self) -> None:
        self.state = _ACTIVE
        self._disarm()

    def body_wanted(self, waiting: bool) -> None:
        """While a handler waits for a request's body the connection counts as receiving (a
        flood of bodies that never come makes room like any half-sent request)."""
        if waiting and self.state == _ACTIVE:
            self.state = _RECEIVING
        elif not waiting and self.state == _RECEIVING:
            self.state = _ACTIVE

    def request_finished(self) -> None:
        if self.state == _ACTIVE and self._guard.handlers.get(self, False) is None:
            self.state = _IDLE
            self._arm(self._guard.limits.idle_timeout)


class _GuardedServer:
    """aiohttp's ``Server`` (the protocol factory) making guarded handlers."""

    def __init__(self, server: web.Server, guard: _Guard) -> None:
        self._server = server
        self.guard = guard

    def __getattr__(self, name: str) -> Any:
        return getattr(self._server, name)

    def __call__(self) -> RequestHandler:
        server = self._server
        return _GuardedHandler(self.guard, server, loop=server._loop, **server._kwargs)


class GuardedRunner(web.AppRunner):
    """``web.AppRunner`` whose connections are bounded by :class:`ConnectionLimits`."""

    def __init__(self, app: web.Application, limits: ConnectionLimits | None = None, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.guard = _Guard(limits or ConnectionLimits())

    async def _make_server(self) -> Any:
        server = await super()._make_server()
        return _GuardedServer(server, self.guard)

    @property
    def connection_count(self) -> int:
        """Connections open right now."""
        return len(self.guard.handlers)


def mark_request(request: web.Request, started: bool) -> None:
    """Tell the connection a request began (it is busy) or ended (it waits again)."""
    protocol = request.protocol
    if isinstance(protocol, _GuardedHandler):
        if started:
            protocol.request_started()
        else:
            protocol.request_finished()


def mark_body_wait(request: web.Request, waiting: bool) -> None:
    """Tell the connection its handler waits for the request's body (or has it)."""
    protocol = request.protocol
    if isinstance(protocol, _GuardedHandler):
        protocol.body_wanted(waiting)
