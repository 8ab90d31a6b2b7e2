"""Start a display process: Qt and aiohttp on one qasync loop (``kiosk display`` calls :func:`run_display`).

The loop is started with ``asyncio.Runner(loop_factory=qasync.QEventLoop)`` (docs/architecture.md, Pitfalls); the
windows are opened before the first network call, so a screen shows "connecting" (or the saved
picture, marked offline) at once.  SIGTERM and SIGINT close the windows and end the process
with exit code 0; staff's *Exit display* does the same.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Coroutine, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar
from zoneinfo import ZoneInfo

from kiosk.state.client import KioskClient, event_logo_files, logo_file
from kiosk.state.client.status import TokenRefused
from kiosk.state.errors import Forbidden, StateError, Unauthorized
from kiosk.state.wire import FloorSummary
from kiosk.ui.display.device_settings import DeviceSettings
from kiosk.views.base import CasinoSettings, patron_help_of

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from kiosk.ui.display.app import Place
    from kiosk.ui.display.spec import DisplaySpec

__all__ = [
    "DisplayOptions",
    "display_problem",
    "ensure_qt_application",
    "run_on_qt_loop",
    "run_display",
    "casino_from_summary",
]

T = TypeVar("T")


@dataclass
class DisplayOptions:
    """What ``kiosk display`` was asked to do."""

    servers: Sequence[str]
    token: str
    specs: Sequence[DisplaySpec] = ()  # the displays named on the command line
    only: Sequence[str] = ()  # --display IDs: the floor's displays to open (empty: all)
    settings: DeviceSettings = DeviceSettings()
    settings_path: Path | None = None
    cache_file: Path | None = None
    place: Place | None = None  # where the windows go (default: full screen; --windowed: tiled)
    calibrate: bool = False


def display_problem() -> str | None:
    """Why Qt cannot open the screen here, in one line (``None`` when it can).

    Qt ends the whole process (no exception) when its platform plugin cannot start, e.g. the X11
    plugin without ``libxcb-cursor0``; so try in a child process first.  Offscreen always works.
    """
    if os.environ.get("QT_QPA_PLATFORM", "").startswith("offscreen"):
        return None
    probe = "from PySide6.QtGui import QGuiApplication; QGuiApplication([])"
    try:
        done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"Qt could not start ({exc.__class__.__name__})"
    if done.returncode == 0:
        return None
    lines = [line.strip() for line in done.stderr.splitlines() if line.strip()]
    # Qt prints its libxcb-cursor0 hint whenever the X11 plugin fails: a refused connection first
    hint = (
        next((line for line in lines if "could not connect" in line), None)
        or next((line for line in lines if "is needed" in line), None)
        or (lines[0] if lines else "no reason given")
    )
    return f"Qt cannot open the display: {hint.split(': ', 1)[-1].rstrip('.')}"[:300]


def ensure_qt_application() -> QApplication:
    """The running QApplication (created with the process's arguments if there is none)."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        app = QApplication([sys.argv[0] if sys.argv else "kiosk"])
    assert isinstance(app, QApplication)  # windows need a QApplication, not a bare QCoreApplication
    app.setQuitOnLastWindowClosed(False)  # the process ends when asked to, not when a window closes
    return app


def casino_from_summary(
    summary: Mapping[str, Any] | None,
    settings: DeviceSettings,
    logo: Path | None,
    event_logos: Mapping[str, Path] | None = None,
) -> CasinoSettings:
    """The casino settings a display composes with: the floor's, else the device's time zone;
    ``logo`` and ``event_logos`` are the files fetched from the server (002 r2.2 for the latter)."""
    casino = (summary or {}).get("casino") or {}
    try:
        zone = ZoneInfo(casino.get("timezone") or settings.timezone)
    except (KeyError, ValueError):
        zone = settings.zone
    helps = casino.get("help") or {}
    return CasinoSettings(
        name=casino.get("name") or "",
        timezone=zone,
        logo=logo,
        event_logos=tuple(sorted((event_logos or {}).items())),
        patron_help=patron_help_of(
            [str(p) for p in helps.get("patrons") or ()],
            {str(k): [str(p) for p in v] for k, v in (helps.get("patrons_by_language") or {}).items()},
        ),
        languages=tuple(str(lang) for lang in helps.get("languages") or ("en",)),
        help_idle_s=float(helps.get("idle_seconds") or 45.0),
    )


def _specs(options: DisplayOptions, summary: Mapping[str, Any] | None) -> tuple[list[DisplaySpec], str | None]:
    from kiosk.ui.display.spec import DisplaySpec

    if options.specs:
        return list(options.specs), None
    try:
        listed = [DisplaySpec.from_json(d) for d in (summary or {}).get("displays") or []]
    except (KeyError, TypeError, ValueError) as exc:
        return [], f"the server's floor lists a display this kiosk cannot show: {exc}"
    if options.only:
        known = {s.id: s for s in listed}
        missing = [d for d in options.only if d not in known]
        if missing and summary is not None:
            return (
                [],
                f"no display {missing[0]!r} on the server's floor; displays: {', '.join(sorted(known)) or 'none'}",
            )
        listed = [known[d] for d in options.only if d in known]
    if not listed and summary is not None:
        return [], "the server's floor names no displays; give --table ID --view VIEW"
    return listed, None


async def _main(options: DisplayOptions) -> int:
    started = time.monotonic()
    # SIGTERM/SIGINT from the first moment: a stop asked for while starting up is kept
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    previous = {
        sig: signal.signal(sig, lambda *_: loop.call_soon_threadsafe(stop.set))
        for sig in (signal.SIGTERM, signal.SIGINT)
    }
    try:
        return await _run(options, started, stop)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _saved_logos(folder: Path | None, summary: FloorSummary | None) -> tuple[Path | None, dict[str, Path]]:
    """The logo files saved in ``folder`` for ``summary`` (what :meth:`KioskClient.floor_logo` and
    :meth:`~KioskClient.floor_event_logos` saved there before), without asking the server."""
    if folder is None:
        return None, {}
    logo = logo_file(folder, summary)
    return (logo if logo is not None and logo.is_file() else None), {
        t: path for t, path in event_logo_files(folder, summary).items() if path.is_file()
    }


def _contents(logo: Path | None, event_logos: Mapping[str, Path]) -> list[bytes | None]:
    paths = [logo, *event_logos.values()]
    return [path.read_bytes() if path is not None and path.is_file() else None for path in paths]


async def _run(options: DisplayOptions, started: float, stop: asyncio.Event) -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QGuiApplication

    from kiosk.ui.display.app import SETTLE_MS, DisplayProcess, settle_memory
    from kiosk.ui.display.blanking import inhibit_blanking
    from kiosk.ui.display.cache import load_cache
    from kiosk.ui.display.spec import DisplaySpec

    def opened(
        specs: Sequence[DisplaySpec], summary: FloorSummary | None, logos: tuple[Path | None, dict[str, Path]]
    ) -> DisplayProcess:
        process = DisplayProcess(
            client,
            specs,
            options.settings,
            settings_path=options.settings_path,
            cache_file=options.cache_file,
            casino=casino_from_summary(summary, options.settings, *logos),
            place=options.place,
        )
        process.floor_summary = summary
        for signal_, words in ((process.all_showing, "its view"), (process.all_live, "its view live")):
            signal_.connect(
                lambda words=words: print(
                    f"kiosk display: every screen shows {words}, {time.monotonic() - started:.2f} s after start",
                    flush=True,
                )
            )
        process.all_live.connect(lambda: QTimer.singleShot(SETTLE_MS, settle_memory))
        process.open_windows()
        if cached is not None:
            process.restore(cached)
        return process

    cached, problem = load_cache(options.cache_file) if options.cache_file else (None, None)
    if problem:
        print(f"kiosk display: {problem}", file=sys.stderr)
    client = KioskClient(list(options.servers), options.token)
    folder = options.cache_file.parent if options.cache_file else None
    # the saved picture at once, marked offline since it was last heard, before any network call
    # (docs/deploy-display.md): the displays, casino and logos of the floor saved with it
    early: DisplayProcess | None = None
    saved_logos = _saved_logos(folder, cached.floor if cached is not None else None)
    if cached is not None and cached.floor is not None:
        saved_specs, saved_error = _specs(options, cached.floor)
        if saved_error is None and saved_specs:
            early = opened(saved_specs, cached.floor, saved_logos)
            print(f"kiosk display: {inhibit_blanking(QGuiApplication.platformName())}", flush=True)
    saved_contents = _contents(*saved_logos)
    summary: FloorSummary | None = None
    refused: str | None = None
    try:
        summary = await client.floor_summary()
    except (Unauthorized, Forbidden) as exc:
        refused = str(exc)
    except StateError as exc:  # unreachable: start from what was saved
        print(f"kiosk display: {exc}; showing the saved state", file=sys.stderr)
    if summary is None and cached is not None:
        summary = cached.floor
    specs, error = _specs(options, summary)
    if error:
        if early is not None:
            await early.stop()
        await client.close()
        print(f"kiosk display: {error}", file=sys.stderr)
        return 2
    if not specs:
        # nothing to show yet (no server, nothing saved): one window that says why
        specs = [DisplaySpec(id="display", view="layout", table="(no display configured yet)")]
    logos: tuple[Path | None, dict[str, Path]] = (None, {})
    if summary and folder is not None:
        logo, event_logos = await asyncio.gather(
            client.floor_logo(folder, summary), client.floor_event_logos(folder, summary)
        )
        logos = (logo, event_logos)
    same_floor = cached is not None and summary == cached.floor
    if early is not None and same_floor and logos == saved_logos and _contents(*logos) == saved_contents:
        process = early  # the floor is as it was saved: the windows stay, the stream makes them live
    else:
        if early is not None:  # the floor changed while this display was off: open it as it is now
            await early.stop()
        process = opened(specs, summary, logos)
        if early is None:
            print(f"kiosk display: {inhibit_blanking(QGuiApplication.platformName())}", flush=True)
    if refused is not None:
        process.on_connection(TokenRefused(refused, url=client.base_url))
    if options.calibrate:
        for screen in process.screens:
            screen.window.ruler.open(screen.scale.px_per_mm)
    try:
        if refused is None:
            process.start()
        names = ", ".join(f"{s.spec.id} on screen {s.spec.screen}" for s in process.screens)
        print(f"kiosk display: showing {names}", flush=True)
        staff = asyncio.ensure_future(process.stopped.wait())
        asked = asyncio.ensure_future(stop.wait())
        await asyncio.wait([staff, asked], return_when=asyncio.FIRST_COMPLETED)
        staff.cancel()
        asked.cancel()
    finally:
        await process.stop()
        await client.close()
    return 0


def run_on_qt_loop(main: Coroutine[Any, Any, T]) -> T:
    """Run ``main`` to the end on a qasync event loop over the process's QApplication."""
    import qasync

    ensure_qt_application()
    with asyncio.Runner(loop_factory=qasync.QEventLoop) as runner:
        return runner.run(main)


def run_display(options: DisplayOptions) -> int:
    """Run the display until stopped; returns the exit code."""
    return run_on_qt_loop(_main(options))
