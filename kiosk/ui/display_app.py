"""One display process: full-screen windows fed by the live stream, honest when offline.

:class:`DisplayProcess` owns

* the client's stream of the tables and links its displays show, mirrored in a
  :class:`~kiosk.state.client.LiveState`, and the client's connection events (connected,
  resuming, offline since, token refused);
* one :class:`Screen` per display: a :class:`~kiosk.ui.kiosk_window.KioskWindow` on its configured
  screen with a :class:`~kiosk.ui.scene_widget.SceneWidget`, the view composed for that screen's
  physical area by the view's ``compose`` (``kiosk.views.<view>``), repainted only when the
  composed view state changes;
* a one-second tick (the status of a stale picture ages: "offline since", the jackpot fault after
  30 s; the night brightness schedule; sign rotation), and a 25 frames-per-second tick only
  while a jackpot meter is counting up to a new amount;
* the saved state (:mod:`kiosk.ui.display_cache`): written a moment after each change, shown
  marked offline when the process starts with no server.

Placement: every view is composed for the screen's true physical area, so the scene fills the
screen at its calibrated scale (text sizes in the scene are millimetres of glass).  A screen
whose scale is unknown (not calibrated, implausible reported size) gets a guessed area; pictures
(layouts, meters, lights, results) are then shown fitted, but sign views (``limits``, ``signs``)
show a notice instead, because their 8 mm cannot be guaranteed (001 s459(2), 003 s23(2)).
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import time
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable, Sequence

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QScreen

from kiosk.scene.legibility import short_text
from kiosk.scene.primitives import Scene
from kiosk.state.client import KioskClient, LiveState, Snapshot
from kiosk.state.connection import Connected, Offline, Resuming, TokenRefused
from kiosk.state.errors import Forbidden, StateError, Unauthorized
from kiosk.ui.calibration import ScreenScale, resolve_scale, screen_key
from kiosk.ui.device_settings import DeviceSettings, save_settings
from kiosk.ui.display_cache import CachedState, load_cache, save_cache
from kiosk.ui.kiosk_window import KioskWindow, show_on_screen
from kiosk.ui.meter_count import MeterCount
from kiosk.ui.notices import legibility_notice, notice_scene, token_refused_notice, waiting_notice
from kiosk.ui.scene_widget import SceneWidget
from kiosk.views.base import Area, CasinoSettings, Status

__all__ = ["DisplaySpec", "DisplayProcess", "Screen", "SIGN_VIEWS", "VIEWS", "ordered_screens", "screen_scale"]

log = logging.getLogger(__name__)

VIEWS = ("layout", "limits", "signs", "jackpot", "trichro", "twoup_lights")
SIGN_VIEWS = frozenset({"limits", "signs"})  # signs the law holds to 8 mm: shown at true size or not at all
_GUESS_PX_PER_MM = 96 / 25.4  # the area guessed for a screen of unknown size
_SAVE_DELAY_MS = 1500
_METER_FPS = 25
_STALE_AFTER = timedelta(seconds=25)  # no heartbeat (15 s apart) for this long: the picture is stale


@dataclass(frozen=True)
class DisplaySpec:
    """One screen's job: ``view`` of ``table`` (or of ``link``: a progressive meter) on ``screen``."""

    id: str
    view: str
    table: str | None = None
    link: str | None = None
    screen: int = 0

    @property
    def subject(self) -> str:
        return self.table or self.link or "?"

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "DisplaySpec":
        return cls(id=str(data["id"]), view=str(data["view"]), table=data.get("table"), link=data.get("link"),
                   screen=int(data.get("screen") or 0))


def screen_scale(screen: QScreen, settings: DeviceSettings) -> tuple[str, ScreenScale]:
    """The calibration key of ``screen`` and its scale in device pixels per millimetre."""
    key = screen_key(screen.manufacturer(), screen.model(), screen.serialNumber(), screen.name())
    d = screen.devicePixelRatio() or 1.0
    geo = screen.geometry()
    size = screen.physicalSize()
    return key, resolve_scale(settings, key, round(geo.width() * d), round(geo.height() * d),
                              size.width(), size.height())


def ordered_screens() -> list[QScreen]:
    """The computer's screens numbered as the floor file's ``screen`` counts them: left to right,
    then top to bottom (Qt's own order puts the primary screen first, which moves when the
    primary changes)."""
    return sorted(QGuiApplication.screens(), key=lambda s: (s.geometry().x(), s.geometry().y(), s.name()))


def _compose_function(view: str) -> Callable[..., Any] | None:
    try:
        module = importlib.import_module(f"kiosk.views.{view}")
    except ImportError:
        return None
    return getattr(module, "compose", None)


class Screen(QObject):
    """One display's window and what it shows."""

    def __init__(self, spec: DisplaySpec, window: KioskWindow, scale: ScreenScale, key: str) -> None:
        super().__init__(window)
        self.spec = spec
        self.window = window
        self.widget: SceneWidget = window.view
        self.scale = scale
        self.key = key
        self.state: Any = None  # the ViewState shown (None: a notice)
        self.notice: str | None = None  # why a notice is shown instead of the view
        self.frame = 0
        self.frame_started = time.monotonic()
        self.meter: MeterCount | None = None
        self.counting = False
        self.paints = 0

    def area(self) -> Area:
        """The physical area of the window, from the screen's scale (a guess when unknown)."""
        d = self.widget.devicePixelRatioF() or 1.0
        k = self.scale.px_per_mm or _GUESS_PX_PER_MM
        w, h = max(1, self.window.width()), max(1, self.window.height())
        return Area(w * d / k, h * d / k)

    def shown_scale(self, scene: Scene) -> float:
        """Millimetres of glass per millimetre of ``scene`` once fitted into the window (1.0 when the
        scene was composed for this screen's calibrated area)."""
        if not self.scale.px_per_mm:
            return 1.0
        d = self.widget.devicePixelRatioF() or 1.0
        fit = min(self.window.width() / scene.width_mm, self.window.height() / scene.height_mm)
        return fit * d / self.scale.px_per_mm

    def show_scene(self, scene: Scene) -> None:
        self.widget.set_scene(scene)
        self.paints += 1


class DisplayProcess(QObject):
    """Drives the displays of one computer; see the module doc."""

    view_changed = Signal(str)  # display id, after its picture changed
    connection_changed = Signal(str)  # "live", "stale", "fault"

    def __init__(
        self,
        client: KioskClient,
        specs: Sequence[DisplaySpec],
        settings: DeviceSettings,
        *,
        settings_path: Path | None = None,
        cache_file: Path | None = None,
        casino: CasinoSettings | None = None,
        windowed: bool = False,
        clock: Callable[[], datetime] = lambda: datetime.now(timezone.utc),
    ) -> None:
        super().__init__()
        self.client = client
        self.specs = list(specs)
        self.settings = settings
        self.settings_path = settings_path
        self.cache_file = cache_file
        self.casino = casino or CasinoSettings(name="", timezone=settings.zone)
        self.windowed = windowed
        self.clock = clock
        self.live = LiveState()
        self.status = Status.stale(clock())
        self.heard_at: datetime | None = None
        self.refused: str | None = None
        self.screens: list[Screen] = []
        self.floor_summary: dict[str, Any] | None = None
        self._stream = None
        self._task: asyncio.Task | None = None
        self._remove_listener: Callable[[], None] | None = None
        self._ticker = QTimer(self)
        self._ticker.setInterval(1000)
        self._ticker.timeout.connect(self.tick)
        self._meter_timer = QTimer(self)
        self._meter_timer.setInterval(1000 // _METER_FPS)
        self._meter_timer.timeout.connect(self._count_meters)
        self._save_timer = QTimer(self)
        self._save_timer.setSingleShot(True)
        self._save_timer.setInterval(_SAVE_DELAY_MS)
        self._save_timer.timeout.connect(self.save_now)
        self.stopped = asyncio.Event()
        # the process ends when staff or the system stop it, not when one of its windows closes
        QGuiApplication.setQuitOnLastWindowClosed(False)

    # -- windows -----------------------------------------------------------------------------

    def open_windows(self) -> None:
        """One kiosk window per display, on its configured screen (the last screen if there are fewer)."""
        screens = ordered_screens()
        for spec in self.specs:
            qscreen = screens[min(spec.screen, len(screens) - 1)]
            key, scale = screen_scale(qscreen, self.settings)
            window = KioskWindow(f"{spec.id}: {spec.view} of {spec.subject}", self.settings.staff_pin)
            screen = Screen(spec, window, scale, key)
            window.device_px_per_mm = scale.px_per_mm
            window.staff_exit.connect(self._staff_exit)
            window.calibrated.connect(lambda k, s=screen: self.calibrate(s, k))
            self.screens.append(screen)
            if self.windowed:
                geo = qscreen.availableGeometry()
                window.setGeometry(geo.x() + 40 * len(self.screens), geo.y() + 30 * len(self.screens),
                                   geo.width() * 2 // 3, geo.height() * 2 // 3)
                window.show()
            else:
                show_on_screen(window, qscreen)
            window.view.set_brightness(self.settings.brightness_at(self.clock()))
        for screen in self.screens:
            self.repaint_screen(screen)

    def calibrate(self, screen: Screen, px_per_mm: float) -> None:
        """Staff set this screen's scale with the ruler: store it and recompose its views."""
        self.settings = self.settings.with_calibration(screen.key, px_per_mm, by="staff ruler")
        if self.settings_path is not None:
            save_settings(self.settings, self.settings_path)
        for s in self.screens:
            if s.key == screen.key:
                s.scale = ScreenScale(px_per_mm, "calibrated")
                s.window.device_px_per_mm = px_per_mm
                s.state = None
                self.repaint_screen(s)

    def _staff_exit(self) -> None:
        for screen in self.screens:
            screen.window.allow_close()
            screen.window.close()
        self.stopped.set()

    # -- the stream --------------------------------------------------------------------------

    def restore(self, cached: CachedState) -> None:
        """Show a saved state (after a restart), marked offline since it was last heard."""
        self.live.seq, self.live.tables, self.live.links = cached.seq, dict(cached.tables), dict(cached.links)
        self.heard_at = cached.heard_at or cached.saved_at
        self.status = Status.stale(self.heard_at or self.clock())
        for screen in self.screens:
            self.repaint_screen(screen)

    def start(self) -> None:
        """Begin streaming and ticking (on the running asyncio loop)."""
        self._remove_listener = self.client.on_connection(self.on_connection)
        self._task = asyncio.ensure_future(self._run())
        self._ticker.start()

    async def stop(self) -> None:
        self._ticker.stop()
        self._meter_timer.stop()
        if self._save_timer.isActive():
            self._save_timer.stop()
            self.save_now()
        if self._remove_listener is not None:
            self._remove_listener()
            self._remove_listener = None
        if self._stream is not None:
            await self._stream.close()
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, StateError):
                pass
            self._task = None
        for screen in self.screens:
            screen.window.allow_close()
            screen.window.close()
            screen.window.deleteLater()
        self.screens.clear()

    def _subjects(self) -> list[str] | None:
        """The tables to stream: those shown, or every table when a link's meter is shown (its
        member tables' jackpot events move it)."""
        if any(s.link for s in self.specs):
            return None
        tables = sorted({s.table for s in self.specs if s.table})
        return tables or None

    async def _run(self) -> None:
        try:
            self._stream = self.client.stream(self._subjects(), since=None)
            async for item in self._stream:
                self.apply(item)
        except asyncio.CancelledError:
            raise
        except (Unauthorized, Forbidden) as exc:
            self.on_connection(TokenRefused(str(exc), url=self.client.base_url))
        except StateError as exc:
            log.warning("the stream ended: %s", exc)

    def apply(self, item: Any) -> None:
        """Apply a stream item and repaint the displays it concerns."""
        kind, ident = self.live.apply(item)
        self.heard_at = self.clock()
        if self.status.kind != "live" and self.refused is None:
            self.status = Status.live()
            self.connection_changed.emit("live")
        for screen in self.screens:
            if isinstance(item, Snapshot) or kind not in ("table", "link") or self._concerns(screen.spec, kind, ident):
                self.repaint_screen(screen)
        self._save_timer.start()

    def _concerns(self, spec: DisplaySpec, kind: str, ident: str | None) -> bool:
        if kind == "table":
            return spec.table == ident
        link = spec.link or (self.live.tables.get(spec.table or "", {}) or {}).get("link_id")
        return link == ident

    def on_connection(self, event: Any) -> None:
        """A connection event of the client (connected, resuming, offline, token refused)."""
        if isinstance(event, TokenRefused):
            self.refused = event.message or "the token was refused"
            self.status = Status.fault(f"token refused: {self.refused}")
        elif isinstance(event, Offline):
            if self.status.kind == "live":
                self.status = Status.stale(self.heard_at or event.since)
        elif isinstance(event, Connected):
            self.refused = None
            self.heard_at = self.clock()
            self.status = Status.live()
        elif isinstance(event, Resuming):
            return
        else:
            return
        self.connection_changed.emit(self.status.kind)
        for screen in self.screens:
            self.repaint_screen(screen)

    def tick(self) -> None:
        """Once a second: age the status, follow the brightness schedule, rotate signs."""
        now = self.clock()
        heard = getattr(self._stream, "heard_at", None)
        if heard is not None and (self.heard_at is None or heard > self.heard_at):
            self.heard_at = heard  # heartbeats count: the server is there
        if self.status.kind == "live" and self.heard_at is not None and now - self.heard_at > _STALE_AFTER:
            self.status = Status.stale(self.heard_at)  # silent server: no heartbeat for too long
            self.connection_changed.emit("stale")
        level = self.settings.brightness_at(now)
        for screen in self.screens:
            screen.widget.set_brightness(level)
            state = screen.state
            if state is not None and len(state.frames) > 1 and state.frame_seconds:
                if time.monotonic() - screen.frame_started >= state.frame_seconds:
                    screen.frame = (screen.frame + 1) % len(state.frames)
                    screen.frame_started = time.monotonic()
                    self._show_frame(screen)
            if self.status.kind != "live" or screen.spec.view == "jackpot":
                self.repaint_screen(screen)  # "offline since", the meter fault after 30 s

    def save_now(self) -> None:
        if self.cache_file is None or not (self.live.tables or self.live.links):
            return
        try:
            save_cache(self.cache_file, CachedState(self.live.seq, self.live.tables, self.live.links,
                                                    self.floor_summary, self.heard_at))
        except OSError as exc:
            log.warning("cannot save the display state to %s: %s", self.cache_file, exc)

    # -- composing and painting --------------------------------------------------------------

    def compose(self, screen: Screen) -> Any:
        """The view state of ``screen`` now, composed for its physical area."""
        spec = screen.spec
        table = self.live.tables.get(spec.table) if spec.table else None
        link_id = spec.link or (table or {}).get("link_id")
        link = self.live.links.get(link_id) if link_id else None
        compose = _compose_function(spec.view)
        if compose is None:
            raise LookupError(f"view {spec.view!r} is not available")
        extra = {"heard_at": self.heard_at} if spec.view == "jackpot" else {}
        return compose(table, link, self.casino, self.clock(), area=screen.area(), connection=self.status, **extra)

    def repaint_screen(self, screen: Screen) -> None:
        """Recompose ``screen``'s view and paint it if it changed (or the notice it needs)."""
        spec = screen.spec
        area = screen.area()
        if self.refused is not None:
            self._notice(screen, "refused", token_refused_notice(area.width_mm, area.height_mm,
                                                                 self.client.base_url, self.refused))
            return
        have = (spec.table in self.live.tables) if spec.table else (spec.link in self.live.links)
        if not have:
            self._notice(screen, "waiting", waiting_notice(area.width_mm, area.height_mm,
                                                           f"{spec.view} of {spec.subject}", self.client.base_url))
            return
        if spec.view in SIGN_VIEWS and not screen.scale.known:
            self._notice(screen, "uncalibrated", legibility_notice(
                area.width_mm, area.height_mm, spec.view, spec.subject,
                f"this screen's size is unknown ({screen.scale.reason or 'not calibrated'})"))
            return
        try:
            state = self.compose(screen)
        except (ValueError, LookupError) as exc:  # SignTooSmall is a ValueError; an unknown view
            if spec.view in SIGN_VIEWS:
                scene = legibility_notice(area.width_mm, area.height_mm, spec.view, spec.subject, str(exc).rstrip("."))
            else:
                scene = notice_scene(area.width_mm, area.height_mm, "VIEW NOT SHOWN", str(exc), fault=True)
            self._notice(screen, f"error:{exc}", scene)
            return
        if screen.state is not None and state == screen.state and screen.notice is None:
            return
        first = screen.state is None or screen.notice is not None
        screen.state, screen.notice = state, None
        if first or screen.frame >= len(state.frames):
            screen.frame, screen.frame_started = 0, time.monotonic()
        self._retarget_meter(screen, state)
        self._show_frame(screen)

    def _notice(self, screen: Screen, why: str, scene: Scene) -> None:
        if screen.notice == why:
            return
        screen.notice, screen.state = why, None
        screen.show_scene(scene)
        self.view_changed.emit(screen.spec.id)

    def _show_frame(self, screen: Screen) -> None:
        state = screen.state
        scene = state.frames[screen.frame]
        if screen.meter is not None and screen.meter.counting(time.monotonic()):
            from kiosk.views.jackpot import meter_scene

            scene = meter_scene(state.content, screen.meter.shown_at(time.monotonic()), self.casino, state.status)
        if screen.spec.view in SIGN_VIEWS:
            problems = short_text(scene, rule="001 s459(2)", scale=screen.shown_scale(scene))
            if problems:
                area = screen.area()
                self._notice(screen, "short", legibility_notice(area.width_mm, area.height_mm, screen.spec.view,
                                                                screen.spec.subject, problems[0].message))
                return
        screen.show_scene(scene)
        self.view_changed.emit(screen.spec.id)

    def _retarget_meter(self, screen: Screen, state: Any) -> None:
        facts = getattr(state, "facts", None) or {}
        amount = facts.get("amount_cents")
        if not isinstance(amount, int) or not facts.get("current") or state.status.kind != "live":
            screen.meter = None
            return
        now = time.monotonic()
        if screen.meter is None:
            screen.meter = MeterCount.at(amount)
        elif amount != screen.meter.target:
            screen.meter.retarget(amount, now)
        if screen.meter.counting(now) and not self._meter_timer.isActive():
            self._meter_timer.start()

    def _count_meters(self) -> None:
        now = time.monotonic()
        busy = False
        for screen in self.screens:
            if screen.meter is None or screen.state is None:
                continue
            if screen.meter.counting(now):
                busy = screen.counting = True
                self._show_frame(screen)
            elif screen.counting:
                screen.counting = False
                self._show_frame(screen)  # the last step: exactly the amount
        if not busy:
            self._meter_timer.stop()
