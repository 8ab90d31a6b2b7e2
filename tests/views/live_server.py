"""A real ``kiosk`` server (service on a SQLite file + the aiohttp API) on its own event loop
in a background thread, so a test can run command-line code (which runs its own loop) against it."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

from aiohttp import web

from kiosk.state.events import Actor


class LiveServer:
    """``url``; ``token(role)``; ``run(coro_fn)`` runs ``coro_fn(service)`` on the server's loop."""

    def __init__(self, folder: Path, floor: Any) -> None:
        self._folder, self._floor = folder, floor
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.service: Any = None
        self._runner: web.AppRunner | None = None
        self.url = ""

    def start(self) -> LiveServer:
        self._thread.start()
        self.call(self._start())
        return self

    async def _start(self) -> None:
        from kiosk.state.http import create_app
        from kiosk.state.service import Service

        self.service = await Service.open(
            f"sqlite:///{self._folder / 'live.sqlite3'}", floor=self._floor, tick_seconds=None
        )
        self._runner = web.AppRunner(create_app(self.service, floor=self._floor))
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.url = f"http://127.0.0.1:{port}"

    def call(self, coro) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout=60)

    def token(self, role: str) -> str:
        return self.call(self.service.create_token(role, f"test {role}"))

    def execute(self, role: str, command: dict) -> Any:
        return self.call(self.service.execute(Actor(name=f"test {role}", role=role), command))

    def snapshot(self) -> dict:
        return self.call(self.service.snapshot())

    def stop(self) -> None:
        async def stop() -> None:
            if self._runner is not None:
                await self._runner.cleanup()
            if self.service is not None:
                await self.service.close()

        try:
            self.call(stop())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(timeout=30)
            self.loop.close()
