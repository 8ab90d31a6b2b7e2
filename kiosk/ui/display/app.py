"""One display process: full-screen windows fed by the live stream, honest when offline.

:class:`DisplayProcess` owns

* a :class:`~kiosk.views.display_model.DisplayModel` (Qt-free) fed by the client's stream, its
  heartbeats and its connection events (connected, resuming, offline since, token refused);
  the model recomposes a view only when its inputs changed and tells this process only when
  the composed view state really changed;
* one :class:`Screen` per display: a :class:`~kiosk.ui.display.window.KioskWindow` on its
  configured screen (full screen, or where the ``place`` it is given puts it: the demo tiles
  them, :mod:`kiosk.ui.demo_windows`) whose :class:`~kiosk.ui.widgets.scene_widget.SceneWidget`
  paints the view state's scene (repainting only what changed);
* a one-second tick (the model's clock-driven views: "offline since", the jackpot meter's 30 s
  fault, countdowns; the night brightness schedule; frames shown in turn), and a 25 frames per
  second tick only while a jackpot meter is counting up to a new amount;
* the saved state (:mod:`kiosk.ui.display.cache`): written a moment after each change, shown
  marked offline when the process starts without a server;
* its reports to the server of what each table's screens really show
  (:mod:`kiosk.ui.display.report`), the evidence the sign rules count from;
* help by touch: a player's touch on a table's window opens the ``help`` view of that table
  over its view, turns its pages, cycles the floor's languages (the view and help are then
  composed in it) and returns to the live view after the floor's idle time; what a touch does
  is decided below Qt (:func:`kiosk.views.screens.help.on_touch`), and help never covers a
  round in play (:func:`~kiosk.views.screens.help.may_cover`: it closes as soon as one starts).

Placement: every view is composed for the screen's true physical area (its size in pixels over
its calibrated pixels per millimetre), so the scene fills the screen at true size: 8 mm in the
scene is 8 mm of glass.  A screen whose scale is unknown (not calibrated and an implausible
reported size) gets an area guessed at 96 dpi: pictures (layouts, meters, lights, results) are
shown fitted to it, but the sign views (``limits``, ``signs``) show a notice instead, because
their 8 mm cannot be guaranteed (001 s459(2), 003 s23(2)); so does a sign whose letters, as
shown, measure under 8 mm.  These choices are made below Qt, by
:func:`kiosk.views.screen_state.decide` and :func:`~kiosk.views.screen_state.decide_frame`;
this process paints the view state or the notice they return.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QScreen

from kiosk.language import speaking
from kiosk.scene.primitives import Scene
from kiosk.state.client import EventStream, KioskClient, Snapshot
from kiosk.state.client.status import Connected, ConnectionEvent, Offline, TokenRefused
from kiosk.state.errors import Forbidden, StateError, Unauthorized
from kiosk.state.wire import FloorSummary
from kiosk.ui.display.cache import CachedState, save_cache
from kiosk.ui.display.calibration import ScreenScale, resolve_scale, screen_key
from kiosk.ui.display.device_settings import DeviceSettings, save_settings
from kiosk.ui.display.report import ShowingReporter, report_message
from kiosk.ui.display.spec import DisplaySpec
from kiosk.ui.display.window import KioskWindow, show_on_screen
from kiosk.ui.widgets.scene_widget import SceneWidget
from kiosk.views.base import Area, CasinoSettings, ViewState
from kiosk.views.display_model import DisplayModel
from kiosk.views.meter_count import MeterCount
from kiosk.views.proof import picture_report
from kiosk.views.screen import Subject, compose_view
from kiosk.views.screen_state import Notice, Picture, decide, decide_frame
from kiosk.views.screens.help import may_cover, next_language, on_touch
from kiosk.views.screens.jackpot import JackpotContent, meter_scene
from kiosk.views.signs.frames import Showing

__all__ = ["DisplayProcess", "Place", "Screen", "full_screen", "ordered_screens", "screen_scale"]

log = logging.getLogger(__name__)

_GUESS_PX_PER_MM = 96 / 25.4  # the area guessed for a screen of unknown size
_SAVE_DELAY_MS = 1500
_METER_FPS = 25


def ordered_screens() -> list[QScreen]:
    """The computer's screens numbered as the floor file's ``screen`` counts them: left to right,
    then top to bottom (Qt's own order puts the primary screen first, which moves when the
    primary changes)."""
    return sorted(QGuiApplication.screens(), key=lambda s: (s.geometry().x(), s.geometry().y(), s.name()))


def screen_scale(screen: QScreen, settings: DeviceSettings) -> tuple[str, ScreenScale]:
    """The calibration key of ``screen`` and its scale in device pixels per millimetre."""
    key = screen_key(screen.manufacturer(), screen.model(), screen.serialNumber(), screen.name())
    d = screen.devicePixelRatio() or 1.0
    geo = screen.geometry()
    size = screen.physicalSize()
    return key, resolve_scale(
        settings, key, round(geo.width() * d), round(geo.height() * d), size.width(), size.height()
    )


class Screen(QObject):
    """One display's window and what it shows."""

    def __init__(self, spec: DisplaySpec, window: KioskWindow, scale: ScreenScale, key: str) -> None:
        super().__init__(window)
        self.spec = spec
        self.window = window
        self.widget: SceneWidget = window.view
        self.scale = scale
        self.key = key
        self.state: ViewState | None = None  # the view state shown (None while a notice is)
        self.notice: str | None = None  # why a notice is shown instead of the view
        self.frame = 0
        self.frame_started = time.monotonic()
        self.meter: MeterCount | None = None
        self.counting = False
        self._picture: tuple[ViewState, tuple[int, int], dict[str, Any]] | None = None
        self.help: ViewState | None = None  # the help shown over the view (None: the view is shown)
        self.help_page = 0
        self.idle = QTimer(window)  # help returns to the view after this long without a touch
        self.idle.setSingleShot(True)

    def picture(self, state: ViewState) -> dict[str, Any]:
        """The report's fields of the picture of ``state`` on this window (its digest computed
        once per view state and window size): :func:`kiosk.views.proof.picture_report`.  A meter
        counting up to a new amount paints amounts on the way; the digest is of the amount it
        counts to."""
        d = self.widget.devicePixelRatioF() or 1.0
        px = (round(self.window.width() * d), round(self.window.height() * d))
        if self._picture is None or self._picture[0] is not state or self._picture[1] != px:
            self._picture = (state, px, picture_report(state, px))
        return self._picture[2]

    def area(self) -> Area:
        """The physical area of the window, from the screen's scale (a 96 dpi guess when unknown)."""
        d = self.widget.devicePixelRatioF() or 1.0
        k = self.scale.px_per_mm or _GUESS_PX_PER_MM
        return Area(max(1, self.window.width()) * d / k, max(1, self.window.height()) * d / k)

    def shown_scale(self, scene: Scene) -> float:
        """Millimetres of glass per millimetre of ``scene`` fitted into the window (1.0 when the
        scene was composed for this screen's calibrated area)."""
        if not self.scale.px_per_mm:
            return 1.0
        d = self.widget.devicePixelRatioF() or 1.0
        fit = min(self.window.width() / scene.width_mm, self.window.height() / scene.height_mm)
        return fit * d / self.scale.px_per_mm


Place = Callable[[QScreen, list[Screen]], list[Screen]]
"""Shows the windows of the displays on one screen (made, not yet shown) and returns them in the
order it showed them: :func:`full_screen`, or the demo's tiling (:func:`kiosk.ui.demo_windows.tiled`)."""


def full_screen(qscreen: QScreen, screens: list[Screen]) -> list[Screen]:
    """Every window full screen on ``qscreen``, in the floor's order."""
    for screen in screens:
        show_on_screen(screen.window, qscreen)
    return screens


SETTLE_MS = 1000  # after the first live pictures, when the display is idle


def settle_memory() -> None:
    """Collect once, then leave what start-up made (modules, fonts, layouts, the first scenes) out
    of every later collection: a full collection over them took 40-60 ms, more than a frame's
    latency budget, at random moments while a table played (issue 20; ``gc.freeze``).  For the
    display program, a second after :attr:`DisplayProcess.all_live` (``kiosk display``), not for a
    process hosting other work (a test run: what is frozen is never collected)."""
    gc.collect()
    gc.freeze()


class DisplayProcess(QObject):
    """Drives the displays of one computer; see the module doc."""

    view_changed = Signal(str)  # display id, after its picture changed
    all_showing = Signal()  # once: every screen shows its view (not a notice) for the first time
    all_live = Signal()  # once: every screen shows its view live (the saved picture is not)

    def __init__(
        self,
        client: KioskClient,
        specs: Sequence[DisplaySpec],
        settings: DeviceSettings,
        *,
        settings_path: Path | None = None,
        cache_file: Path | None = None,
        casino: CasinoSettings | None = None,
        place: Place | None = None,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        super().__init__()
        if not specs:
            raise ValueError("a display process shows at least one display")
        self.client = client
        self.specs = list(specs)
        self.settings = settings
        self.settings_path = settings_path
        self.cache_file = cache_file
        self.casino = casino or CasinoSettings(name="", timezone=settings.zone)
        self.place = place or full_screen
        self.clock = clock
        # composed for the default area until the windows give each view its screen's area
        self.model = DisplayModel([spec.subject for spec in self.specs], self.casino, clock=clock)
        self.refused: str | None = None
        self.screens: list[Screen] = []
        self.floor_summary: FloorSummary | None = None
        self.stopped = asyncio.Event()
        self._all_showing = False
        self._all_live = False
        self._stream: EventStream | None = None
        self._task: asyncio.Task[None] | None = None
        self._remove_listeners: list[Callable[[], None]] = []
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
        self.reporter = ShowingReporter(self._send_report, self.showing)
        self._report_task: asyncio.Task[None] | None = None
        self.view_changed.connect(self._screen_changed)
        self._remove_listeners.append(self.model.add_listener(self._on_view))
        # the process ends when staff or the system stop it, not when one of its windows closes
        QGuiApplication.setQuitOnLastWindowClosed(False)

    # -- windows -----------------------------------------------------------------------------

    def open_windows(self) -> None:
        """One kiosk window per display on its configured screen (the last screen if there are
        fewer), shown where ``place`` puts it: full screen, or tiled over a desktop (the demo)."""
        screens = ordered_screens()
        per_screen: dict[int, list[DisplaySpec]] = {}
        for spec in self.specs:
            per_screen.setdefault(min(spec.screen, len(screens) - 1), []).append(spec)
        for index, specs in sorted(per_screen.items()):
            qscreen = screens[index]
            placed = self.place(qscreen, [self._window(spec, qscreen) for spec in specs])
            for screen in placed:
                screen.widget.set_brightness(self.settings.brightness_at(self.clock()))
            self.screens.extend(placed)
        for screen in self.screens:
            self.model.set_area(screen.spec.subject, screen.area())
        for screen in self.screens:
            self._show_notice_if_needed(screen)

    def _window(self, spec: DisplaySpec, qscreen: QScreen) -> Screen:
        """The window of one display on ``qscreen``, not yet shown."""
        key, scale = screen_scale(qscreen, self.settings)
        window = KioskWindow(f"{spec.id}: {spec.view} of {spec.name}", self.settings.staff_pin)
        screen = Screen(spec, window, scale, key)
        window.device_px_per_mm = scale.px_per_mm
        window.staff_exit.connect(self._staff_exit)
        window.calibrated.connect(lambda k, s=screen: self.calibrate(s, k))
        window.touched.connect(lambda x, y, s=screen: self.touch(s, x, y))
        screen.idle.setInterval(round(self.casino.help_idle_s * 1000))
        screen.idle.timeout.connect(lambda s=screen: self.close_help(s))
        return screen

    def calibrate(self, screen: Screen, px_per_mm: float) -> None:
        """Staff set this screen's scale with the ruler: store it, recompose its views."""
        self.settings = self.settings.with_calibration(screen.key, px_per_mm, by="staff ruler")
        if self.settings_path is not None:
            save_settings(self.settings, self.settings_path)
        for s in self.screens:
            if s.key == screen.key:
                s.scale = ScreenScale(px_per_mm, "calibrated")
                s.window.device_px_per_mm = px_per_mm
                s.notice = None
                self.model.set_area(s.spec.subject, s.area())
                self._show_notice_if_needed(s)

    def _staff_exit(self) -> None:
        self.stopped.set()

    # -- the stream --------------------------------------------------------------------------

    def restore(self, cached: CachedState) -> None:
        """Show a saved state (after a restart), marked offline since it was last heard."""
        heard = cached.heard_at or cached.saved_at or self.clock()
        offline = Offline(since=heard, reason="started without a server: the saved state")
        self.model.connection(offline)  # first, so each view is composed once, marked offline
        self.model.apply(Snapshot(cached.seq, dict(cached.tables), dict(cached.links)))
        self.model.heard_at = heard
        self.model.connection(offline)  # the views judged by when the server was heard: again, with when it was
        for screen in self.screens:
            self._show_notice_if_needed(screen)

    def start(self) -> None:
        """Begin streaming and ticking (on the running asyncio loop)."""
        self._remove_listeners.append(self.client.on_connection(self.on_connection))
        self._task = asyncio.ensure_future(self._run())
        self._report_task = asyncio.ensure_future(self.reporter.run())
        self._ticker.start()

    async def stop(self) -> None:
        """Stop streaming, save, close every window."""
        self._ticker.stop()
        self._meter_timer.stop()
        if self._save_timer.isActive():
            self._save_timer.stop()
            self.save_now()
        for remove in self._remove_listeners:
            remove()
        self._remove_listeners.clear()
        if self._report_task is not None:
            self._report_task.cancel()
            try:
                await self._report_task
            except asyncio.CancelledError:
                pass
            self._report_task = None
            await self.reporter.blank()  # a display switched off shows no sign
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

    async def _run(self) -> None:
        try:
            self._stream = self.client.stream(self.model.tables)
            async for item in self._stream:
                self.model.apply(item)
                self._save_timer.start()
                for screen in self.screens:
                    if screen.state is None:
                        self._show_notice_if_needed(screen)
        except asyncio.CancelledError:
            raise
        except (Unauthorized, Forbidden) as exc:
            self.on_connection(TokenRefused(str(exc), url=self.client.base_url))
        except StateError as exc:
            log.warning("the stream ended: %s", exc)

    def on_connection(self, event: ConnectionEvent) -> None:
        """A connection event of the client (connected, resuming, offline, token refused)."""
        if isinstance(event, TokenRefused):
            self.refused = event.message or "the token was refused"
        elif isinstance(event, Connected):
            self.refused = None
            self.reporter.reconnected()
        self.model.connection(event)
        for screen in self.screens:
            self._show_notice_if_needed(screen)

    def tick(self) -> None:
        """Once a second: heartbeats and the clock to the model, brightness, frames in turn."""
        heard = self._stream.heard_at if self._stream is not None else None
        if heard is not None and (self.model.heard_at is None or heard > self.model.heard_at):
            self.model.heartbeat(heard)  # a stream heartbeat: the server is there
        else:
            self.model.tick(self.clock())
        self.reporter.tick()
        level = self.settings.brightness_at(self.clock())
        for screen in self.screens:
            screen.widget.set_brightness(level)
            if screen.help is not None:
                table_id = screen.spec.subject.table
                if not may_cover(self.model.live.tables.get(table_id) if table_id else None, self.clock()):
                    self.close_help(screen)
            state = screen.state
            if state is not None and len(state.frames) > 1 and state.frame_seconds:
                if time.monotonic() - screen.frame_started >= state.frame_seconds:
                    screen.frame = (screen.frame + 1) % len(state.frames)
                    screen.frame_started = time.monotonic()
                    self._show_frame(screen)

    def save_now(self) -> None:
        """Write the mirrored state to the cache file (if there is one and anything to save)."""
        model = self.model
        if self.cache_file is None or not (model.live.tables or model.live.links):
            return
        try:
            save_cache(
                self.cache_file,
                CachedState(model.live.seq, model.live.tables, model.live.links, self.floor_summary, model.heard_at),
            )
        except OSError as exc:
            log.warning("cannot save the display state to %s: %s", self.cache_file, exc)

    # -- what the screens show, for the server ------------------------------------------------

    def showing(self) -> dict[str, dict[str, Any]]:
        """Per screen showing a table (by display id), the report of what it shows now: only
        while it shows its view, not a notice in its place."""
        out = {}
        for screen in self.screens:
            table_id = screen.spec.subject.table
            if table_id is None:
                continue
            state = screen.state if screen.notice is None else None
            facts = None if state is None else (state.facts or {}).get("showing")
            shown = facts if isinstance(facts, Showing) else Showing()
            out[screen.spec.id] = report_message(
                table_id,
                screen.spec.id,
                None if state is None else state.version,
                shown.signs,
                shown.notices,
                shown.sharing,
                None if state is None else screen.picture(state),
            )
        return out

    def _screen_changed(self, _display_id: str) -> None:
        self.reporter.changed()

    async def _send_report(self, message: dict[str, Any]) -> bool:
        stream = self._stream
        return False if stream is None else await stream.send(message)

    # -- help by touch ------------------------------------------------------------------------

    def touch(self, screen: Screen, x_px: float, y_px: float) -> None:
        """A player touched ``screen`` at ``(x_px, y_px)`` (logical pixels of its window)."""
        table_id = screen.spec.subject.table
        if table_id is None or screen.notice is not None:
            return  # a link's meter has no help; a notice stays until what it names is fixed
        table = self.model.live.tables.get(table_id)
        shown = screen.help
        at = (0.0, 0.0)
        if shown is not None:
            scene = shown.frames[screen.help_page]
            k = min(screen.window.width() / scene.width_mm, screen.window.height() / scene.height_mm)
            ox, oy = (
                (screen.window.width() - scene.width_mm * k) / 2,
                (screen.window.height() - scene.height_mm * k) / 2,
            )
            at = ((x_px - ox) / k, (y_px - oy) / k)
        action = on_touch(shown, screen.help_page, table, self.clock(), at)
        if action == "ignore":
            return
        if action == "close":
            self.close_help(screen)
            return
        if action == "language":
            subject = screen.spec.subject
            self.model.set_language(subject, next_language(self.casino.languages, self.model.language(subject)))
        screen.help_page = 0 if action in ("open", "language") else screen.help_page + 1
        screen.idle.start()
        self._show_help(screen)

    def close_help(self, screen: Screen) -> None:
        """Back to the live view (Back, the last page turned, the idle time, a round in play)."""
        screen.idle.stop()
        if screen.help is None:
            return
        screen.help, screen.help_page = None, 0
        state = self.model.view(screen.spec.subject)
        screen.state = None  # shown afresh
        if state is not None:
            self._show_state(screen, state)
        else:
            self._show_notice_if_needed(screen)

    def _show_help(self, screen: Screen) -> None:
        """Compose the table's help in the screen's language and show its page, unless a round
        is now in play (then the live view)."""
        subject = screen.spec.subject
        table_id = subject.table
        table = self.model.live.tables.get(table_id) if table_id is not None else None
        if table_id is None or not may_cover(table, self.clock()):
            self.close_help(screen)
            return
        with speaking(self.model.language(subject)):
            state = compose_view(
                Subject("help", table=table_id),
                self.model.live.tables,
                self.model.live.links,
                self.casino,
                self.clock(),
                area=screen.area(),
                connection=self.model.status,
            )
        screen.help = state
        screen.help_page = min(screen.help_page, len(state.frames) - 1)
        screen.state, screen.notice, screen.meter = state, None, None
        screen.frame, screen.frame_started = screen.help_page, time.monotonic()
        self._show_frame(screen)

    # -- painting ----------------------------------------------------------------------------

    def _on_view(self, subject: Subject, state: ViewState) -> None:
        for screen in self.screens:
            if screen.spec.subject == subject:
                self._show_state(screen, state)

    def _decide(self, screen: Screen, state: ViewState | None) -> Picture:
        """What ``screen`` shows with ``state`` (:func:`kiosk.views.screen_state.decide`)."""
        subject = screen.spec.subject
        return decide(
            state,
            subject=subject,
            area=screen.area(),
            server=self.client.base_url,
            refused=self.refused,
            problem=self.model.problem(subject),
            received=bool(self.model.live.tables or self.model.live.links),
            scale_known=screen.scale.known,
            scale_reason=screen.scale.reason,
        )

    def _show_notice_if_needed(self, screen: Screen) -> None:
        """A notice when the view cannot be shown (refused token, nothing yet, a problem), else
        the view if the screen does not show it yet (the model's listener keeps it current)."""
        picture = self._decide(screen, self.model.view(screen.spec.subject))
        if isinstance(picture, ViewState) and screen.state is not None and screen.notice is None:
            return
        self._show(screen, picture)

    def _show_state(self, screen: Screen, state: ViewState) -> None:
        self._show(screen, self._decide(screen, state))

    def _show(self, screen: Screen, picture: Picture) -> None:
        if screen.help is not None:
            if isinstance(picture, ViewState):
                self._show_help(screen)  # the table changed: help again, or the live view if a round began
                return
            screen.help, screen.help_page = None, 0
            screen.idle.stop()
        if isinstance(picture, Notice):
            self._notice(screen, picture)
            return
        fresh = screen.state is None or screen.notice is not None
        screen.state, screen.notice = picture, None
        if fresh or screen.frame >= len(picture.frames):
            screen.frame, screen.frame_started = 0, time.monotonic()
        self._retarget_meter(screen, picture)
        self._show_frame(screen)

    def _notice(self, screen: Screen, notice: Notice) -> None:
        if screen.notice == notice.reason:
            return
        screen.notice, screen.state, screen.meter = notice.reason, None, None
        screen.widget.set_scene(notice.scene)
        self.view_changed.emit(screen.spec.id)

    def _show_frame(self, screen: Screen) -> None:
        state = screen.state
        if state is None:
            return
        scene = state.frames[screen.frame]
        content = state.content  # a meter counts on the jackpot view only
        if screen.meter is not None and screen.meter.counting(time.monotonic()) and isinstance(content, JackpotContent):
            now = time.monotonic()  # the amount on its way, its wheels turning (an odometer)
            amount, roll = screen.meter.shown_at(now), screen.meter.roll_at(now)
            scene = meter_scene(content, amount, self.casino, state.status, roll=roll)
        picture = decide_frame(
            scene, subject=screen.spec.subject, area=screen.area(), shown_scale=screen.shown_scale(scene)
        )
        if isinstance(picture, Notice):
            self._notice(screen, picture)
            return
        screen.widget.set_scene(picture)
        self.view_changed.emit(screen.spec.id)
        if not self._all_showing and all(s.state is not None for s in self.screens):
            self._all_showing = True
            self.all_showing.emit()
        if not self._all_live and all(s.state is not None and s.state.status.is_live for s in self.screens):
            self._all_live = True
            self.all_live.emit()

    def _retarget_meter(self, screen: Screen, state: ViewState) -> None:
        facts = state.facts or {}
        amount = facts.get("amount_cents")
        if not isinstance(amount, int) or not facts.get("current") or not state.status.is_live:
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
