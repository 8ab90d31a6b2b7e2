"""What a stream client is sent before live events: the snapshot of a fresh start, or the
events missed since the sequence number it resumes from (:class:`CatchUp`).

Both come from memory when they can: the node's recent events (``Service.recent_events``) and
one snapshot of the whole floor shared by every client that starts while it is recent, so that
the clients of a lost node - hundreds at once - do not each read the database.  What memory
does not reach is replayed from the database page by page.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kiosk.state.events import Event
from kiosk.state.http._connection import Connection, StreamClosed
from kiosk.state.subscription import select_snapshot
from kiosk.state.wire import CLOSE_NOT_FOUND, MSG_SNAPSHOT

if TYPE_CHECKING:
    from kiosk.state.service import Service

__all__ = ["CatchUp"]


class CatchUp:
    """Brings the connections of one stream hub up to date, and reads the store's head for it.

    ``encode`` is the hub's event encoding (each event encoded once for every client);
    ``check_session`` raises :class:`StreamClosed` for a connection whose token no longer
    admits it, and is asked before anything is sent.  ``heartbeat`` and ``replay_page`` are the
    hub's :class:`~kiosk.state.http.stream.StreamSettings`.
    """

    def __init__(
        self,
        service: Service,
        encode: Callable[[Event], str],
        check_session: Callable[[Connection], None],
        *,
        heartbeat: float,
        replay_page: int,
    ) -> None:
        self.service = service
        self._heartbeat = heartbeat
        self._replay_page = replay_page
        self._encode = encode
        self._check_session = check_session
        self._head: tuple[float, int] | None = None
        self._head_read: asyncio.Task | None = None
        self._snapshot: tuple[float, dict[str, Any]] | None = None
        self._snapshot_read: asyncio.Task | None = None

    async def head_seq(self, fresh: bool = False) -> int:
        """The store's head: cached for half a heartbeat, or read now (``fresh``) by one read
        that every caller waiting meanwhile shares."""
        loop = asyncio.get_running_loop()
        cached = self._head
        if not fresh and cached is not None and loop.time() - cached[0] < max(self._heartbeat / 2, 0.05):
            return cached[1]
        reading = self._head_read
        if reading is None or reading.done():
            reading = loop.create_task(self.service.head_seq())
            reading.add_done_callback(_consume)
            self._head_read = reading
        seq = int(await asyncio.shield(reading))
        self._head = (loop.time(), seq)
        return seq

    async def send(self, conn: Connection, tables: list[str] | None, since: int | None) -> None:
        """Send the missed events (resume) or the snapshot (fresh start) and what followed it.

        Both come from memory when they can: the node's recent events (``Service.recent_events``)
        and one snapshot of the whole floor shared by every client that starts while it is
        recent, so that the clients of a lost node - hundreds at once - do not each read the
        database. The subscription was opened before, so nothing published meanwhile is missed.
        """
        if since is not None and await self._resume(conn, tables, since):
            return
        snap = await self._snapshot_with(tables)
        seq = int(snap["seq"])
        message = {
            "type": MSG_SNAPSHOT,
            **select_snapshot(seq, snap["tables"], snap["links"], frozenset(tables) if tables else None),
        }
        if since is not None:
            message["resync"] = True  # the client is ahead of this store: start afresh
        # A separate frame so the snapshot is freed once sent, not held for the connection's life.
        self._check_session(conn)
        await conn.ws.send_str(json.dumps(message, separators=(",", ":")))
        conn.last_sent = seq
        await self._send_missed(conn, tables)

    async def _resume(self, conn: Connection, tables: list[str] | None, since: int) -> bool:
        """Send what followed ``since``; False when ``since`` is beyond the store's head."""
        if tables:
            await self._snapshot_with(tables)
        if since > self.service.published_seq and since > await self.head_seq(fresh=True):
            return False
        # Beyond what this node has published yet: the subscription brings the rest.
        conn.last_sent = since
        await self._send_missed(conn, tables)
        return True

    async def _send_missed(self, conn: Connection, tables: list[str] | None) -> None:
        """The events after ``conn.last_sent`` this node has published: from memory, or from
        the database page by page when memory does not reach back that far."""
        events = self.service.recent_events(conn.last_sent, tables)
        if events is None:
            await self._replay(conn, tables)
            return
        for event in events:
            if event.seq > conn.last_sent:
                self._check_session(conn)  # a token revoked meanwhile is told nothing more
                await conn.ws.send_str(self._encode(event))
                conn.last_sent = event.seq

    async def _replay(self, conn: Connection, tables: list[str] | None) -> None:
        page = self._replay_page
        while True:
            events = await self.service.events_since(conn.last_sent, tables=tables, limit=page)
            for event in events:
                if event.seq > conn.last_sent:
                    self._check_session(conn)
                    await conn.ws.send_str(self._encode(event))
                    conn.last_sent = event.seq
            if len(events) < page:
                return

    async def _snapshot_with(self, tables: list[str] | None) -> dict[str, Any]:
        """The shared floor snapshot, checked to hold ``tables`` (close 4404 naming the first
        that does not exist, after a fresh read in case it was just added)."""
        snap = await self._floor_snapshot()
        if tables and any(t not in snap["tables"] for t in tables):
            snap = await self._floor_snapshot(refresh=True)
            missing = [t for t in tables if t not in snap["tables"]]
            if missing:
                raise StreamClosed(CLOSE_NOT_FOUND, f"not_found: no table {missing[0]!r}")
        return snap

    async def _floor_snapshot(self, refresh: bool = False) -> dict[str, Any]:
        """The whole floor's snapshot, shared: read again only when the node's memory of recent
        events no longer reaches back to it (or it is more than ``replay_page`` events old),
        and then by one read that every client waiting meanwhile shares."""
        cached = self._snapshot
        if cached is not None and not refresh:
            seq = int(cached[1]["seq"])
            if self.service.published_seq - seq <= self._replay_page and self.service.remembers(seq):
                return cached[1]
        loop = asyncio.get_running_loop()
        reading = self._snapshot_read
        if reading is None or reading.done() or refresh:
            reading = loop.create_task(self.service.snapshot())
            reading.add_done_callback(_consume)
            self._snapshot_read = reading
        snap = await asyncio.shield(reading)
        if self._snapshot is None or int(snap["seq"]) >= int(self._snapshot[1]["seq"]):
            self._snapshot = (loop.time(), snap)
        return snap


def _consume(task: asyncio.Task) -> None:
    """Retrieve a shared read's outcome (its waiters may all have gone)."""
    if not task.cancelled():
        task.exception()
