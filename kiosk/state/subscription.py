"""A subscriber's bounded queue of events.

Events arrive in sequence order.  If the consumer falls more than ``maxsize`` events
behind, the subscription stops taking events, is marked :attr:`Subscription.overflowed`
and ends once the consumer has drained what it holds (memory stays bounded; the consumer
resumes from :attr:`Subscription.last_seq` with ``events_since``).

A consumer that can take an event at once (the stream, for a socket with room) sets
:attr:`Subscription.direct`: while the consumer waits with nothing queued, :meth:`offer` hands
the event straight to it, so a broadcast to a thousand subscribers is one pass over them rather
than a thousand tasks woken one after the other (issue 20).  The order stays the order of the
events: ``direct`` is called only when everything offered before has been consumed, and what it
takes goes out before anything queued after it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection
from typing import Any

from kiosk.state.events import Event

__all__ = ["Subscription", "event_concerns", "select_snapshot"]


def event_concerns(event: Event, tables: frozenset[str] | None) -> bool:
    """Whether a subscriber to ``tables`` (``None``: all) should see ``event``."""
    if tables is None:
        return True
    concerned = event.extra.get("tables") if event.extra else None
    if concerned is None:
        concerned = (event.table_id,) if event.table_id else ()
    if not concerned:
        return True  # an event about no table in particular goes to everyone
    return not tables.isdisjoint(concerned)


def select_snapshot(
    seq: int, tables: dict[str, Any], links: dict[str, Any], wanted: frozenset[str] | None
) -> dict[str, Any]:
    """The snapshot a subscriber to ``wanted`` (``None``: all) is given: its tables, and the
    jackpot links any of them is on."""
    if wanted is None:
        return {"seq": seq, "tables": tables, "links": links}
    return {
        "seq": seq,
        "tables": {k: v for k, v in tables.items() if k in wanted},
        "links": {k: v for k, v in links.items() if not wanted.isdisjoint(v.get("tables", ()))},
    }


class Subscription:
    """An async iterator of :class:`Event` in sequence order; :meth:`close` ends it."""

    def __init__(
        self, tables: Collection[str] | None, maxsize: object, on_close: Callable[[Subscription], None]
    ) -> None:
        if isinstance(maxsize, bool) or not isinstance(maxsize, int) or maxsize < 1:
            raise ValueError(f"maxsize must be a positive whole number, not {maxsize!r}")
        self.tables = None if tables is None else frozenset(tables)
        self.maxsize = maxsize
        self.overflowed = False
        self.closed = False
        self.last_seq: int | None = None  # the last event handed to the consumer
        self._queue: asyncio.Queue[Event] = asyncio.Queue(maxsize)
        self._wake = asyncio.Event()
        self._on_close = on_close
        self._waiting = False  # the consumer waits in __anext__ with nothing queued
        self.direct: Callable[[Event], bool] | None = None
        """Takes an event at once and returns True, or returns False to have it queued."""

    def offer(self, event: Event) -> None:
        """Called by the service for every committed event, in order."""
        if self.closed or not event_concerns(event, self.tables):
            return
        if self._waiting and self.direct is not None and self._queue.empty() and self.direct(event):
            self.last_seq = event.seq
            return
        try:
            self._queue.put_nowait(event)
        except asyncio.QueueFull:
            self.overflowed = True
            self.close()
            return
        self._wake.set()

    def close(self) -> None:
        """End the subscription; the consumer still receives what was already queued."""
        if not self.closed:
            self.closed = True
            self._on_close(self)
        self._wake.set()

    @property
    def pending(self) -> int:
        """How many events wait for the consumer."""
        return self._queue.qsize()

    def __aiter__(self) -> Subscription:
        return self

    async def __anext__(self) -> Event:
        while True:
            if not self._queue.empty():
                event = self._queue.get_nowait()
                self.last_seq = event.seq
                return event
            if self.closed:
                raise StopAsyncIteration
            self._wake.clear()
            self._waiting = True
            try:
                await self._wake.wait()
            finally:
                self._waiting = False
