"""A client's connection state, told as events (not attributes to poll).

:class:`~kiosk.state.client.KioskClient` and its streams emit, in the order they happen:

- :class:`Resuming` - connected to ``url``, replaying everything after ``from_seq``;
- :class:`Connected` - caught up on ``url``: everything up to ``seq`` has been yielded and live
  events follow;
- :class:`Offline` - no server can be reached since ``since`` (the first failure of this outage;
  repeated with a growing ``attempts`` while the client keeps retrying, ``retry_in`` seconds
  apart);
- :class:`TokenRefused` - a server refused the token (HTTP 401/403 or stream close 4401/4403);
  retrying cannot help until the token is replaced.

A screen shows "live" after :class:`Connected`, "stale since T" after :class:`Offline` and a
fault with its reason after :class:`TokenRefused`::

    client.on_connection(lambda event: print(event))       # a callback, or
    async for event in client.connection_events():         # an async iterator
        ...

A listener added late is first told the latest event, so it never starts in the dark.
"""

from __future__ import annotations

import asyncio
import collections
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import datetime

from kiosk.rules.times import utc_now

__all__ = [
    "Connected",
    "ConnectionEvent",
    "ConnectionEvents",
    "Offline",
    "Resuming",
    "TokenRefused",
]

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Resuming:
    """Connected to ``url`` and replaying the events after ``from_seq`` missed while away."""

    url: str
    from_seq: int
    at: datetime = field(default_factory=utc_now)


@dataclass(frozen=True)
class Connected:
    """Caught up on ``url``: every event up to ``seq`` has been delivered; live events follow."""

    url: str
    seq: int
    at: datetime = field(default_factory=utc_now)


@dataclass(frozen=True)
class Offline:
    """No server reached since ``since`` (UTC); ``reason`` is the latest failure in one line.

    ``attempts`` counts the failed connection attempts of this outage; ``retry_in`` is the
    number of seconds until the next one (None when the client has stopped trying).
    """

    since: datetime
    reason: str
    attempts: int = 1
    retry_in: float | None = None
    at: datetime = field(default_factory=utc_now)


@dataclass(frozen=True)
class TokenRefused:
    """``url`` refused the client's token: ``message`` is the server's one-line reason."""

    message: str
    url: str = ""
    at: datetime = field(default_factory=utc_now)


ConnectionEvent = Connected | Resuming | Offline | TokenRefused


class _Iterator:
    """One async iterator over a :class:`ConnectionEvents`; registered when created."""

    def __init__(self, hub: ConnectionEvents, backlog: int) -> None:
        self._hub = hub
        self.queue: collections.deque[ConnectionEvent] = collections.deque(maxlen=backlog)
        self.wake = asyncio.Event()

    def __aiter__(self) -> _Iterator:
        return self

    async def __anext__(self) -> ConnectionEvent:
        while not self.queue:
            if self._hub.closed:
                self._hub._iterators.discard(self)
                raise StopAsyncIteration
            self.wake.clear()
            await self.wake.wait()
        return self.queue.popleft()


class ConnectionEvents:
    """Hands each connection event to every callback and async iterator listening.

    Callbacks run synchronously, in the order added; one that raises is logged and the others
    still run. Each async iterator holds at most ``backlog`` unread events (the oldest are
    dropped: the latest state is what matters).
    """

    def __init__(self, backlog: int = 64) -> None:
        self._callbacks: list[Callable[[ConnectionEvent], None]] = []
        self._iterators: set[_Iterator] = set()
        self._backlog = backlog
        self._latest: ConnectionEvent | None = None
        self.closed = False

    def add_listener(self, callback: Callable[[ConnectionEvent], None]) -> Callable[[], None]:
        """Call ``callback(event)`` for each event (first with the latest one, if any).

        Returns a function that removes the listener.
        """
        self._callbacks.append(callback)
        if self._latest is not None:
            self._call(callback, self._latest)

        def remove() -> None:
            if callback in self._callbacks:
                self._callbacks.remove(callback)

        return remove

    def events(self) -> AsyncIterator[ConnectionEvent]:
        """Every event from now on (the latest one first, if any), until :meth:`close`."""
        iterator = _Iterator(self, self._backlog)
        if self._latest is not None:
            iterator.queue.append(self._latest)
        if not self.closed:
            self._iterators.add(iterator)
        return iterator

    def emit(self, event: ConnectionEvent) -> None:
        """Tell every listener about ``event``."""
        self._latest = event
        for callback in list(self._callbacks):
            self._call(callback, event)
        for iterator in self._iterators:
            iterator.queue.append(event)
            iterator.wake.set()

    def close(self) -> None:
        """End every async iterator (after the events it has not read yet)."""
        self.closed = True
        for iterator in self._iterators:
            iterator.wake.set()

    @staticmethod
    def _call(callback: Callable[[ConnectionEvent], None], event: ConnectionEvent) -> None:
        try:
            callback(event)
        except Exception:
            _log.exception("connection listener %r failed on %s", callback, type(event).__name__)
