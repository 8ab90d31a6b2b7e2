"""What every page of the pit console shares once signed in: the client, the live mirror of the
floor (the only read path), the one write path, who is signed in, and the casino's settings."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from kiosk.state.client import KioskClient
from kiosk.state.floorlaw import FloorFrame
from kiosk.ui.staff.credentials import Credentials
from kiosk.ui.staff.live import LiveFeed
from kiosk.ui.staff.ops import Operations
from kiosk.views.base import CasinoSettings
from kiosk.views.console import TIME_FORMAT

__all__ = ["FIELD_FORMAT", "TIME_FORMAT", "ConsoleContext", "local_time"]

FIELD_FORMAT = "ddd dd MMM yyyy HH:mm"
"""The same in a date and time field (Qt's notation), with the year a picker needs."""

T = TypeVar("T")


@dataclass
class ConsoleContext:
    client: KioskClient
    feed: LiveFeed
    ops: Operations
    session: dict[str, Any]  # GET /session: name, role, token_id, tables, expires_at
    casino: CasinoSettings
    server: str
    frame: FloorFrame | None = None  # what the service checks configuration against
    credentials: Credentials | None = None  # the people who sign in here (a second person's approval)
    servers: list[str] = field(default_factory=list)
    tasks: set[asyncio.Task[Any]] = field(default_factory=set)

    def spawn(self, coro: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        """Run a page's coroutine on the loop; :meth:`cancel_tasks` ends those still running."""
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def cancel_tasks(self) -> None:
        tasks = list(self.tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    @property
    def role(self) -> str:
        return str(self.session.get("role"))

    @property
    def is_admin(self) -> bool:
        return self.role == "admin"

    def now(self) -> datetime:
        return datetime.now(UTC)

    def local(self, moment: datetime | str | None, fmt: str = TIME_FORMAT) -> str:
        return local_time(moment, self.casino, fmt)


def local_time(moment: datetime | str | None, casino: CasinoSettings, fmt: str = TIME_FORMAT) -> str:
    """A UTC time (or its text) shown in the casino's time zone."""
    if moment is None or moment == "":
        return ""
    if isinstance(moment, str):
        moment = datetime.fromisoformat(moment.replace("Z", "+00:00"))
    return moment.astimezone(casino.timezone).strftime(fmt)
