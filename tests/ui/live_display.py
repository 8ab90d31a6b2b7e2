"""Helpers of the display tests: a real ``kiosk serve`` process, a display process on the qasync
loop, waiting without blocking the loop, and reading what a screen shows."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import qasync
from PySide6.QtCore import QEvent
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from kiosk.floor import load_floor
from kiosk.scene.legibility import text_runs_of
from kiosk.state.client import KioskClient
from kiosk.ui.display.app import DisplayProcess
from kiosk.ui.display.device_settings import DeviceSettings
from kiosk.ui.display.main import casino_from_summary
from kiosk.ui.display.window import KioskWindow

ROOT = Path(__file__).resolve().parents[2]
DEMO_FLOOR = ROOT / "assets" / "demo_floor.toml"
KIOSK = [sys.executable, "-m", "kiosk.cli"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served:
    """``kiosk serve`` on a SQLite file with the demo floor, on a fixed port (so it can be killed
    and started again at the same URL)."""

    def __init__(self, folder: Path, floor: Path = DEMO_FLOOR) -> None:
        self.db = f"sqlite:///{folder / 'kiosk.sqlite3'}"
        self.floor = floor
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.tokens = {role: self._token(role) for role in ("display", "pit")}

    def _token(self, role: str) -> str:
        # the display token runs every screen of the floor (docs/readings.md A-28)
        screens = (
            [a for d in sorted(load_floor(self.floor).displays) for a in ("--display", d)] if role == "display" else []
        )
        done = subprocess.run(
            [*KIOSK, "token", "create", "--role", role, "--name", f"test {role}", *screens, "--db", self.db],
            capture_output=True,
            text=True,
            env=self.env,
            cwd=ROOT,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip().splitlines()[-1].strip()

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [*KIOSK, "serve", "--db", self.db, "--floor", str(self.floor), "--port", str(self.port)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=self.env,
            cwd=ROOT,
        )
        line = self.proc.stdout.readline()
        assert "listening on" in line, f"kiosk serve did not start: {line} {self.proc.stderr.read()}"

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(timeout=30)
            self.proc.stdout.close()
            self.proc.stderr.close()
            self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            finally:
                self.kill()


@pytest.fixture
def served(tmp_path):
    """A running ``kiosk serve`` with the demo floor (import this fixture into a test module)."""
    server = Served(tmp_path)
    server.start()
    yield server
    server.stop()


def run(coro):
    """Run a test scenario on the qasync loop, as ``kiosk display`` runs."""
    with asyncio.Runner(loop_factory=qasync.QEventLoop) as runner:
        return runner.run(coro)


async def open_display(served, specs, *, settings: DeviceSettings | None = None, wait: bool = True, **kw):
    """A display process of ``specs`` streaming from ``served``; ``(client, process)``."""
    settings = settings or DeviceSettings()
    client = KioskClient(served.url, served.tokens["display"])
    summary = await client.floor_summary()
    process = DisplayProcess(client, specs, settings, casino=casino_from_summary(summary, settings, None), **kw)
    process.floor_summary = summary
    process.open_windows()
    process.start()
    if wait:
        for screen in process.screens:
            await wait_for(
                lambda s=screen: s.state is not None or s.notice not in (None, "waiting"),
                what=f"{screen.spec.id} to show its view",
            )
    return client, process


async def close_display(client, process) -> None:
    """Stop the display; no window and no task may outlive it."""
    await process.stop()
    await client.close()
    await asyncio.sleep(0.1)
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    left = [w for w in QApplication.topLevelWidgets() if isinstance(w, KioskWindow)]
    assert not left, f"windows left open: {[w.windowTitle() for w in left]}"
    pending = [t for t in asyncio.all_tasks() if t is not asyncio.current_task() and not t.done()]
    assert not pending, f"tasks left running: {pending}"


async def wait_for(condition: Callable[[], Any], timeout: float = 20.0, what: str = "condition") -> Any:
    """Poll ``condition`` on the running loop (Qt and asyncio both run meanwhile)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        await asyncio.sleep(0.05)


def texts(scene) -> list[str]:
    """Every line of text a scene shows."""
    return [run.text for run in text_runs_of(scene)]


def grab_array(widget) -> np.ndarray:
    """What a widget shows, as an (h, w, 3) uint8 array in device pixels."""
    img = widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB888)
    raw = np.frombuffer(img.constBits(), np.uint8).reshape(img.height(), img.bytesPerLine())
    return raw[:, : img.width() * 3].reshape(img.height(), img.width(), 3).copy()


FLAT_LOWER = set("acemnorsuvwxz")  # lowercase letters with neither ascender nor descender
FLAT_UPPER = set("ABCDEFHIKLMNOPRSTUVWXYZ0123456789")  # capitals and digits sitting on the baseline


def glyph_ink_heights(
    image: np.ndarray, scene, k: float, origin: tuple[float, float]
) -> Iterator[tuple[str, str, float]]:
    """``(run text, character, ink height in px)`` of every flat letter or digit of the scene as
    painted in ``image`` at ``k`` px per mm from ``origin``: from the first to the last row of the
    glyph's columns whose colour moved at least half way from the background to the ink, plus the
    partly covered rows just outside (antialiased edges count by their coverage)."""
    h, w = image.shape[:2]
    for run in text_runs_of(scene):
        if run.rotate_deg or not run.glyphs:
            continue
        ink = np.array(run.fill[:3], dtype=np.float32)
        em = run.size_mm
        for i, ch in enumerate(run.text):
            if ch not in FLAT_LOWER and ch not in FLAT_UPPER or i >= len(run.offsets_mm):
                continue
            left = run.x + run.offsets_mm[i]
            right = run.x + (run.offsets_mm[i + 1] if i + 1 < len(run.offsets_mm) else run.width_mm)
            span = right - left
            x0 = int(origin[0] + (left + span * 0.12) * k)
            x1 = int(np.ceil(origin[0] + (right - span * 0.12) * k))
            y0 = int(origin[1] + (run.y - em * 0.85) * k)
            y1 = int(np.ceil(origin[1] + (run.y + em * 0.05) * k))
            if x1 <= x0 or x0 < 0 or y0 < 2 or x1 > w or y1 > h:
                continue
            box = image[y0:y1, x0:x1].astype(np.float32)
            background = np.median(np.concatenate([box[0], box[-1]]), axis=0)
            reach = np.abs(ink - background).max()
            if reach < 60:
                continue
            coverage = np.clip((np.abs(box - background).max(axis=2)) / reach, 0, 1).max(axis=1)
            inked = np.flatnonzero(coverage > 0.5)
            if not len(inked):
                continue
            top, bottom = int(inked[0]), int(inked[-1])
            edges = (coverage[top - 1] if top > 0 else 0.0) + (
                coverage[bottom + 1] if bottom + 1 < len(coverage) else 0.0
            )
            yield run.text, ch, float(bottom - top + 1 + edges)


async def display_reports(
    server: Any,
    table_id: str,
    *,
    signs: list[str],
    notices: list[str],
    display_id: str | None = None,
    recorded_as: str = "display_showing",
) -> None:
    """A display (a raw stream with the server's display token) reports what it shows of
    ``table_id`` on ``display_id`` (default: the demo floor's ``D-<table>-signs``); returns once the
    server has recorded it (a ``display_showing`` audit record, or ``recorded_as``: e.g.
    ``display_showing_refused`` for a report that does not count)."""
    async with (
        KioskClient(server.url, server.tokens["display"]) as display,
        KioskClient(server.url, server.tokens["pit"]) as pit,
    ):
        before = len((await pit.audit(target=table_id, action=recorded_as))["records"])
        stream = display.stream([table_id])
        try:
            await stream.__anext__()  # the snapshot: connected
            assert await stream.send(
                {
                    "type": "showing",
                    "table_id": table_id,
                    "display_id": display_id or f"D-{table_id}-signs",
                    "signs": signs,
                    "notices": notices,
                    "sharing": None,
                }
            )
            for _ in range(200):
                if len((await pit.audit(target=table_id, action=recorded_as))["records"]) > before:
                    return
                await asyncio.sleep(0.05)
            raise AssertionError(f"the report on {table_id} was not recorded ({stream.last_error})")
        finally:
            await stream.close()
