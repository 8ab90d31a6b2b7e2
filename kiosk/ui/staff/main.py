"""Start a staff screen (dealer panel, pit console): Qt and aiohttp on one qasync loop.

The loop is started with ``asyncio.Runner(loop_factory=qasync.QEventLoop)``; the window opens
at once (it says "connecting" until the stream's snapshot arrives). Closing the window, SIGTERM
or SIGINT end the process with exit code 0 after the operations in flight have finished.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeAlias

from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QWidget

from kiosk.state.client import KioskClient
from kiosk.ui.display.main import ensure_qt_application

if TYPE_CHECKING:
    from kiosk.ui.staff.console.window import ConsoleWindow
    from kiosk.ui.staff.dealer.panel import DealerPanel

__all__ = ["fill_screen", "run_staff_screen"]

StaffScreen: TypeAlias = "DealerPanel | ConsoleWindow"
"""A staff screen's window: it has ``closed``, ``start`` and ``stop``."""


def fill_screen(window: QWidget) -> None:
    """Show ``window`` full screen on its screen, with or without a window manager.

    On a bare X server (a kiosk session with no window manager) ``showFullScreen()`` alone
    leaves the window at its size hint in the corner: the geometry is set to the screen first,
    as the display windows do (:func:`kiosk.ui.display.window.show_on_screen`).
    """
    screen: QScreen | None = window.screen()
    if screen is None:
        screen = QGuiApplication.primaryScreen()
    if screen is not None:
        window.setGeometry(screen.geometry())
    window.showFullScreen()


async def _main(
    servers: Sequence[str],
    token: str,
    make: Callable[[KioskClient], StaffScreen],
    full_screen: bool,
    size: tuple[int, int],
) -> int:
    client = KioskClient(list(servers), token)
    window = make(client)
    stopped = asyncio.Event()
    window.closed.connect(stopped.set)
    if full_screen:
        fill_screen(window)
    else:
        window.resize(*size)
        window.show()
    window.start()
    loop = asyncio.get_running_loop()
    previous = {
        sig: signal.signal(sig, lambda *_: loop.call_soon_threadsafe(stopped.set))
        for sig in (signal.SIGTERM, signal.SIGINT)
    }
    try:
        await stopped.wait()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        await window.stop()
        window.deleteLater()
        await client.close()
    return 0


def run_staff_screen(
    servers: Sequence[str],
    token: str,
    make: Callable[[KioskClient], StaffScreen],
    *,
    full_screen: bool = False,
    size: tuple[int, int] = (1280, 800),
) -> int:
    """Open the window ``make(client)`` builds (it must have ``closed``, ``start`` and ``stop``)
    and run until it is closed; returns the exit code."""
    import qasync

    ensure_qt_application()
    with asyncio.Runner(loop_factory=qasync.QEventLoop) as runner:
        return runner.run(_main(servers, token, make, full_screen, size))
