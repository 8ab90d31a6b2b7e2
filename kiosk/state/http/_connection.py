"""One client's connection to the stream: its socket and what it has been sent
(:class:`Connection`), and the exception that ends it with a close code (:class:`StreamClosed`)."""

from __future__ import annotations

import asyncio
from collections import deque

from aiohttp import web

from kiosk.rules.times import format_utc, utc_now
from kiosk.state.errors import StateError
from kiosk.state.events import Actor
from kiosk.state.subscription import Subscription

__all__ = ["Connection", "StreamClosed"]


class StreamClosed(Exception):
    """Raised inside a connection to end it with a close code and reason."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class Connection:
    """The per-client state: its socket, transport and the last sequence number sent."""

    __slots__ = (
        "actor",
        "closing",
        "connected_at",
        "last_sent",
        "report_times",
        "reported",
        "sub",
        "tables",
        "transport",
        "ws",
    )

    def __init__(self, ws: web.WebSocketResponse, transport: asyncio.Transport | None) -> None:
        self.ws = ws
        self.transport = transport
        self.connected_at = format_utc(utc_now())
        self.tables: list[str] | None = None
        self.last_sent = 0
        self.actor: Actor | None = None
        self.closing = False
        self.sub: Subscription | None = None
        # (table id, display id) -> what was last recorded, and its refusal if it was refused
        self.reported: dict[tuple, tuple[tuple, StateError | None]] = {}
        self.report_times: deque[float] = deque()  # when its recent reports were recorded
