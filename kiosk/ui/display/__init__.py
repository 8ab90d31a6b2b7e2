"""The display process: full-screen windows of the table-side screens, fed live by a server.

The face: :class:`DisplayProcess` (:mod:`.app`, the windows, the model, the ticks, the reports)
and :func:`run_display` (:mod:`.main`, what ``kiosk display`` runs).  The rest of the folder:
``window`` (the kiosk window and its staff panels), ``spec`` (what a display shows, on which
screen), ``calibration`` and ``device_settings`` (this computer's screens and settings),
``cache`` (the state saved for a restart), ``report`` (what the screens show, told to the
server), ``blanking`` (no screen saver) and ``snapshots`` (pictures of displays without a screen).

Both names load on first use: importing a module of this folder (the device settings, the
cache) loads neither Qt nor the network stack, so ``kiosk display`` can ask a child process
whether Qt can open the screen before this process loads it (:func:`.main.display_problem`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kiosk.ui.display.app import DisplayProcess
    from kiosk.ui.display.main import run_display

__all__ = ["DisplayProcess", "run_display"]


def __getattr__(name: str) -> Any:
    if name == "DisplayProcess":
        from kiosk.ui.display.app import DisplayProcess

        return DisplayProcess
    if name == "run_display":
        from kiosk.ui.display.main import run_display

        return run_display
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
