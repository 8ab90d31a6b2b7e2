"""The stream, as Qt signals: what a staff screen reads (the only read path).

:class:`LiveFeed` runs a :class:`~kiosk.state.client.KioskClient` stream on the qasync loop,
keeps a :class:`~kiosk.state.client.LiveState` mirror of the subscribed tables and links, and
emits :attr:`LiveFeed.changed` after each snapshot or event, and :attr:`LiveFeed.connection`
for each connection event of the client (connected, resuming, offline since, token refused).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from kiosk.state.client import KioskClient, LiveState
from kiosk.state.errors import StateError
from kiosk.state.shapes import LinkState, TableState

__all__ = ["LiveFeed"]


class LiveFeed(QObject):
    """A live mirror of some tables (``None``: all) and their links, told as Qt signals."""

    changed = Signal(str, str)  # kind ("snapshot", "table", "link", "event"), id ("" when none)
    connection = Signal(object)  # a kiosk.state.client.status event
    failed = Signal(str)  # the stream ended for good (e.g. the token was refused): one line

    def __init__(self, client: KioskClient, tables: list[str] | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.client = client
        self.tables = tables
        self.state = LiveState()
        self.ready = False
        self._task: asyncio.Task[None] | None = None
        self._remove_listener: Callable[[], None] | None = None

    def start(self) -> None:
        """Begin streaming (idempotent)."""
        if self._task is None:
            self._remove_listener = self.client.on_connection(self.connection.emit)
            self._task = asyncio.ensure_future(self._run())

    async def _run(self) -> None:
        try:
            async for item in self.client.stream(self.tables):
                kind, ident = self.state.apply(item)
                self.ready = True
                self.changed.emit(kind, ident or "")
        except asyncio.CancelledError:
            raise
        except StateError as exc:
            self.failed.emit(" ".join(str(exc).split()) or exc.__class__.__name__)

    def table(self, table_id: str) -> TableState | None:
        return self.state.tables.get(table_id)

    def link(self, link_id: str) -> LinkState | None:
        return self.state.links.get(link_id)

    async def stop(self) -> None:
        """Stop streaming and wait until the stream task has ended."""
        if self._remove_listener is not None:
            self._remove_listener()
            self._remove_listener = None
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
