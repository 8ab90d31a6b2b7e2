"""The running demo: the backend in-process, the croupier, and live windows or snapshots.

``kiosk demo`` (:mod:`kiosk.cli.demo`) reads its flags, then calls :func:`check` (the demo
floor against the rules, one line per problem), and :func:`render_all` (``--no-serve``: every
table's layout and every display, to PNG) or :func:`run_demo`, which runs in one process, on one
event loop:

* the backend, on a SQLite file in the output folder, seeded from the floor, serving the API on
  127.0.0.1 (the pit, display and dealer tokens and two administrators' tokens are printed, and
  the administrators' also written to 0600 files, so other ``kiosk`` commands can connect and the
  two-person jackpot approval can be tried; a few lines say what to try), signing its audit
  records with a key of its own, ``audit.key`` in the output folder (made on the first run: the
  demo never writes an unkeyed chain, nor uses the machine's key);
* the croupier (:mod:`kiosk.demo.croupier`) playing tri-chro drawings, two-up spins, Caribbean
  jackpot wagers and the occasional hit, at a human pace, through the real API; when a rule
  refuses one of its moves, the demo says so as what it is (the rule refused it, with its
  citation), not as an error;
* one showcase window (:class:`kiosk.ui.demo_windows.Showcase`) filling the screen's available
  area, showing the displays of tables of several games (:data:`kiosk.demo.DEMO_DISPLAYS`: the
  tri-chro result with its lit layout, the two-up lights, the progressive jackpot meter, the
  roulette board, a limits sign) one at a time at full size, fed live by the stream exactly as
  ``kiosk display`` is; its buttons open the pit console (signed in) and a dealer panel for
  :data:`kiosk.demo.DEALER_TABLE` (which the croupier leaves to you), each inside the screen;
* or, with no display (neither ``DISPLAY`` nor ``WAYLAND_DISPLAY`` set, and ``QT_QPA_PLATFORM``
  not ``offscreen``) or one Qt cannot open, headless: it says so in one line, with what to do,
  and writes a PNG of each display every ``snapshot_every`` seconds.

Before it opens windows on X11 it makes sure Qt's X11 plugin can load (:mod:`kiosk.demo.qtlibs`):
missing system libraries are installed with ``apt-get`` when it runs as root, else it names the
one ``apt-get`` line to run and stops.

It runs until Ctrl-C, ``seconds``, the showcase window is closed, or staff exit a display; then
everything it started stops in the reverse order.  What a user can act on ends it with one line (:class:`DemoError`).

The demo opens windows only through :mod:`kiosk.ui`, and loads Qt only where it opens them or
paints: a child process first checks that Qt can open the screen
(:func:`kiosk.ui.display.main.display_problem`).
"""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Callable, Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kiosk.demo import DEALER_TABLE, DEMO_DISPLAYS
from kiosk.demo.croupier import Croupier
from kiosk.demo.qtlibs import ensure_libraries
from kiosk.floor import Floor, FloorError, check_floor, load_floor
from kiosk.state.auditkey import AuditKey, load_key, write_new_key
from kiosk.state.client import KioskClient
from kiosk.state.errors import AuditKeyError, StateError
from kiosk.state.http import create_app, start_site
from kiosk.state.service import Service
from kiosk.ui.display.device_settings import DeviceSettingsError, load_settings
from kiosk.ui.display.main import display_problem, run_on_qt_loop
from kiosk.ui.display.spec import DisplaySpec
from kiosk.views.base import CasinoSettings
from kiosk.views.screen import Subject
from kiosk.views.signs.source import states_from_floor

if TYPE_CHECKING:
    from kiosk.ui.demo_windows import Showcase
    from kiosk.ui.display import DisplayProcess

__all__ = ["DemoError", "Options", "check", "display_specs", "has_display", "render_all", "run_demo"]


class DemoError(Exception):
    """A one-line message for the user; ``exit_code`` is the process exit code."""

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(message)
        self.exit_code = exit_code


@dataclass(frozen=True)
class Options:
    """How the demo runs (``kiosk demo``'s flags)."""

    port: int = 8765  # of the embedded server (0: any free port)
    displays: Sequence[str] = ()  # the floor's displays to open (empty: DEMO_DISPLAYS)
    headless: bool = False  # no windows even when a display is available
    pace: float = 1.0  # the croupier's pauses, scaled
    seconds: float | None = None  # stop after this long (None: when asked to)
    snapshot_every: float = 10.0  # headless: seconds between snapshots of the displays


def check(floor_path: Path) -> Floor:
    """The floor at ``floor_path``, checked against the rules: one line per problem printed,
    and a :class:`DemoError` (exit code 1) when it cannot be loaded or breaks a rule."""
    try:
        floor = load_floor(floor_path)
    except FloorError as exc:
        for problem in exc.problems:
            print(problem)
        raise DemoError(f"the floor file {floor_path} has {len(exc.problems)} problem(s)", 1) from None
    found = check_floor(floor)
    errors = [v for v in found if v.severity == "error"]
    for v in found:
        print(f"{'warning: ' if v.severity == 'warning' else ''}{v.message}")
    if errors:
        raise DemoError(f"the floor breaks {len(errors)} rule(s); see kiosk check --floor {floor_path}", 1)
    print(f"checked {floor_path}: {len(floor.tables)} tables, {len(floor.links)} jackpot link(s)")
    return floor


def render_all(floor: Floor, out: Path, pixels: tuple[int, int], screen_mm: tuple[float, float]) -> int:
    """Every table's layout and every display of the floor, composed as the displays compose
    them (:func:`kiosk.ui.display.snapshots.render_view`), to PNG in ``out``; returns how many."""
    from kiosk.ui.display.snapshots import render_view  # paints with Qt

    tables, links = states_from_floor(floor)
    settings = CasinoSettings.from_floor(floor)
    now = datetime.now(UTC)
    wanted = [(f"{table_id}-layout", Subject("layout", table=table_id)) for table_id in sorted(floor.tables)]
    wanted += [(display_id, Subject.of_display(display)) for display_id, display in sorted(floor.displays.items())]
    for name, subject in wanted:
        try:
            _, image = render_view(subject, tables, links, settings, now, pixels, screen_mm)
        except (LookupError, ValueError) as exc:
            raise DemoError(f"{subject.view} of {subject.name}: {str(exc).splitlines()[0]}") from None
        path = out / f"{name}.png"
        if not image.save(str(path)):  # PNG, by its suffix
            raise DemoError(f"cannot write {path}")
    return len(wanted)


def has_display() -> bool:
    """Whether windows can be shown: an X11 or Wayland display, or Qt told to draw offscreen."""
    return bool(
        os.environ.get("DISPLAY")
        or os.environ.get("WAYLAND_DISPLAY")
        or os.environ.get("QT_QPA_PLATFORM", "").startswith("offscreen")
    )


def display_specs(floor: Floor, wanted: Sequence[str]) -> list[DisplaySpec]:
    """The displays of ``floor`` named in ``wanted`` (default: :data:`~kiosk.demo.DEMO_DISPLAYS`
    that the floor has, else all of its displays)."""
    chosen = list(wanted) or [d for d in DEMO_DISPLAYS if d in floor.displays] or sorted(floor.displays)
    missing = [d for d in chosen if d not in floor.displays]
    if missing:
        raise DemoError(
            f"--display {missing[0]}: no such display on the floor; displays: {', '.join(sorted(floor.displays))}"
        )
    return [
        DisplaySpec(
            id=d,
            view=floor.displays[d].view,
            table=floor.displays[d].table,
            link=floor.displays[d].link,
            screen=floor.displays[d].screen,
        )
        for d in chosen
    ]


NO_DISPLAY = (
    "no display to open windows on (DISPLAY and WAYLAND_DISPLAY are unset: run it in a desktop"
    " session, or with ssh -X, or set DISPLAY)"
)
"""Why the demo runs headless when there is no display, and what to do about it."""


def qt_platform() -> str:
    """The Qt platform plugin windows will open with: ``xcb`` on X11 (Qt's default on Linux with
    ``DISPLAY`` set), ``offscreen``, or another that ``QT_QPA_PLATFORM`` names."""
    named = os.environ.get("QT_QPA_PLATFORM", "").split(":")[0].split(";")[0].strip()
    if named:
        return named
    if os.environ.get("WAYLAND_DISPLAY") and not os.environ.get("DISPLAY"):
        return "wayland"
    return "xcb"


def run_demo(floor: Floor, out: Path, options: Options) -> int:
    """Run the demo of ``floor`` (its database and snapshots in ``out``) until it is stopped;
    with windows when a display is there and Qt can open it, else headless.  The exit code."""
    specs = display_specs(floor, options.displays)
    windows = has_display() and not options.headless

    def say(text: str) -> None:
        print(f"kiosk demo: {text}", flush=True)

    platform = qt_platform() if windows else "offscreen"
    if platform in ("xcb", "offscreen"):
        lacking = ensure_libraries(platform, say=say)
        if lacking is not None:
            then = "then run make demo again" + (" (or kiosk demo --headless)" if windows else "")
            raise DemoError(f"{lacking}, {then}", 1)
    problem = display_problem() if windows else None
    if windows and problem is None:
        return run_on_qt_loop(_Demo(floor, out, specs, options, windows=True).run())
    why = problem or ("--headless" if options.headless else NO_DISPLAY)
    say(f"{why}: running headless - serving, playing, and writing snapshots to {out / 'snapshots'}")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    return asyncio.run(_Demo(floor, out, specs, options, windows=False).run())


def _demo_key(out: Path) -> AuditKey:
    """The demo's own audit key, ``out/audit.key``: made (mode 0600) on the first run, read after."""
    path = out / "audit.key"
    try:
        return load_key(path) if path.exists() else write_new_key(path)[1]
    except StateError as exc:
        raise DemoError(exc.message) from None


def _write_token(path: Path, token: str) -> Path:
    """``token`` in a file only its owner can read (for ``--token-file``); the file's path."""
    path.unlink(missing_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(token + "\n")
    return path


def what_to_try(
    floor: Floor, url: str, windows: bool, dealer_table: str | None, admin_files: Sequence[Path]
) -> list[str]:
    """A few lines saying what to try in the demo of ``floor`` that is running."""
    lines = []
    signed = sorted({d.table for d in floor.displays.values() if d.view == "limits" and d.table})
    if windows:
        lines.append(
            "try: the showcase shows each display in turn (Previous, Next, Hold to stay on one); Pit console"
            " and Dealer panel open above its buttons, and a second press puts them away;"
        )
        if signed:
            lines.append(
                f"try: Pit console: change {signed[0]}'s limits on the Edit table page (checked as you type)"
                " and watch its limits sign;"
            )
        if dealer_table:
            lines.append(f"try: Dealer panel: deal {dealer_table} yourself (the croupier leaves it to you);")
    else:
        what = (
            f"--link {min(floor.links)} --view jackpot" if floor.links else f"--table {min(floor.tables)} --view layout"
        )
        lines.append(f"try: KIOSK_TOKEN=<the display token> kiosk snapshot --server {url} {what} --out view.png;")
    first, second = (str(p) for p in admin_files[:2])
    lines.append(
        f"try: two-person jackpot approval: kiosk console --server {url} --token-file {first} proposes a"
        " new seed on the Jackpots page;"
    )
    lines.append(f"try: ... and a second console, --token-file {second}, approves it (the proposer cannot).")
    return lines


async def _cancel(task: asyncio.Task[None]) -> None:
    task.cancel()
    try:
        await task
    except (asyncio.CancelledError, StateError):
        pass


class _Demo:
    """The running demo: server, croupier and either windows or snapshots."""

    def __init__(self, floor: Floor, out: Path, specs: list[DisplaySpec], options: Options, *, windows: bool) -> None:
        self.floor, self.out, self.specs, self.options, self.windows = floor, out, specs, options, windows
        self.stop = asyncio.Event()

    async def run(self) -> int:
        """Start everything, wait to be stopped, stop everything (in the reverse order)."""
        key = _demo_key(self.out)
        try:
            service = await Service.open(
                f"sqlite:///{self.out / 'demo.sqlite3'}",
                floor=self.floor,
                apply_floor=True,
                operator="kiosk demo",
                node_id="demo",
                audit_key=key,
            )
        except AuditKeyError as exc:  # a database an older demo signed with another key
            raise DemoError(f"{exc.message}; remove {self.out / 'demo.sqlite3'} to start the demo afresh") from None
        except StateError as exc:
            raise DemoError(exc.message) from None
        async with AsyncExitStack() as stack:
            stack.push_async_callback(service.close)
            tokens = {
                role: await service.create_token(
                    role,
                    f"demo {role}",
                    # the demo's display process runs every screen of the floor (docs/readings.md A-28)
                    displays=sorted(self.floor.displays) if role == "display" and self.floor.displays else None,
                )
                for role in ("pit", "display", "dealer")
            }
            # two administrators: a jackpot's seed, rate or sharing changes only when a second one
            # approves (the product's two-person control, docs/api.md)
            admins = [await service.create_token("admin", f"demo administrator {n}") for n in (1, 2)]
            try:
                runner, port = await start_site(
                    create_app(service, floor=self.floor), "127.0.0.1", self.options.port, shutdown_timeout=2.0
                )
            except OSError as exc:
                raise DemoError(
                    f"cannot listen on 127.0.0.1:{self.options.port}: {exc.strerror or exc} (give --port)"
                ) from None
            stack.push_async_callback(runner.cleanup)
            url = f"http://127.0.0.1:{port}"
            print(f"kiosk demo: serving {url}/api/v1 (SQLite {self.out / 'demo.sqlite3'})", flush=True)
            for role, token in tokens.items():
                print(f"kiosk demo: {role} token: {token}", flush=True)
            admin_files = [_write_token(self.out / f"admin-{n}.token", token) for n, token in enumerate(admins, 1)]
            for n, token in enumerate(admins, 1):
                print(f"kiosk demo: admin token {n} (demo administrator {n}): {token}", flush=True)
            print(f"kiosk demo: audit records signed with the demo's own key, {key.source}", flush=True)
            pit = await stack.enter_async_context(KioskClient(url, tokens["pit"]))
            staff_table = DEALER_TABLE if self.windows and DEALER_TABLE in self.floor.tables else None
            played = {tid: t.game for tid, t in self.floor.tables.items() if tid != staff_table}
            showcase: Showcase | None = None

            def note(text: str) -> None:
                print(f"kiosk demo: {text}", flush=True)
                if showcase is not None:
                    showcase.say(text)

            croupier = Croupier(pit, played, pace=self.options.pace, on_note=note)
            stack.push_async_callback(_cancel, asyncio.ensure_future(croupier.run()))
            viewer = await stack.enter_async_context(KioskClient(url, tokens["display"]))
            process = None
            if self.windows:
                showcase, process = self._open_windows(viewer, staff_table)
                stack.callback(showcase.deleteLater)  # (the stack runs backwards) after the display process stopped
                stack.push_async_callback(process.stop)
                showcase.closed.connect(self.stop.set)
                await self._staff_on_demand(stack, showcase, url, tokens, staff_table)
            else:
                stack.push_async_callback(_cancel, asyncio.ensure_future(self._snapshots(viewer)))
            for line in what_to_try(self.floor, url, self.windows, staff_table, admin_files):
                print(f"kiosk demo: {line}", flush=True)
            self._on_signals()
            if self.options.seconds is not None:
                asyncio.get_running_loop().call_later(self.options.seconds, self.stop.set)
            waiters = [asyncio.ensure_future(self.stop.wait())]
            if process is not None:
                waiters.append(asyncio.ensure_future(process.stopped.wait()))
            await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
            for w in waiters:
                w.cancel()
            print(f"kiosk demo: stopping ({croupier.commands_sent} commands played)", flush=True)
            return 0

    def _on_signals(self) -> None:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, lambda *_: loop.call_soon_threadsafe(self.stop.set))

    async def _staff_on_demand(
        self, stack: AsyncExitStack, showcase: Showcase, url: str, tokens: dict[str, str], dealer_table: str | None
    ) -> None:
        """The showcase's buttons open the pit console (signed in with the demo's pit token) and
        a dealer panel for a table the croupier leaves alone, each made on its first press, put
        inside the screen above the showcase's bar at a size it supports, put away by a second
        press while it is on top, and stopped with the demo."""
        from kiosk.ui.demo_windows import place_inside
        from kiosk.ui.staff.console import ConsoleWindow
        from kiosk.ui.staff.credentials import Credentials
        from kiosk.ui.staff.dealer import DealerPanel
        from kiosk.views.showcase import CONSOLE_SIZE, DEALER_SIZE

        dealer = await stack.enter_async_context(KioskClient(url, tokens["dealer"])) if dealer_table else None
        made: dict[str, Any] = {}
        on_top: list[str] = []  # the staff window last brought up, if it is still up

        def toggle(name: str, make: Callable[[], Any], size: tuple[int, int]) -> None:
            """Bring the window up above the showcase's bar, or put it away when it is up on top."""
            window = made.get(name)
            if window is not None and window.isVisible() and on_top == [name]:
                window.hide()
                on_top.clear()
                return
            if window is None:
                window = made[name] = make()
                window.start()
                stack.callback(window.deleteLater)  # after it stopped
                stack.push_async_callback(window.stop)
            place_inside(window, size, showcase.staff_area())
            on_top[:] = [name]

        def console() -> Any:
            return ConsoleWindow(
                [url],
                Credentials(self.out / "console", use_keyring=False),
                devices_path=self.out / "device.json",
                token=tokens["pit"],
            )

        def panel() -> Any:
            assert dealer is not None and dealer_table is not None
            return DealerPanel(dealer, dealer_table)

        showcase.console_requested.connect(lambda: toggle("console", console, CONSOLE_SIZE))
        showcase.dealer_requested.connect(lambda: toggle("dealer", panel, DEALER_SIZE))

    def _open_windows(self, client: KioskClient, dealer_table: str | None) -> tuple[Showcase, DisplayProcess]:
        from kiosk.ui.demo_windows import Showcase
        from kiosk.ui.display import DisplayProcess

        try:
            settings = load_settings()
        except DeviceSettingsError as exc:
            raise DemoError(str(exc)) from None
        showcase = Showcase(dealer_table)
        process = DisplayProcess(
            client, self.specs, settings, casino=CasinoSettings.from_floor(self.floor), place=showcase.place
        )
        process.open_windows()
        showcase.follow(process)
        process.start()
        print(
            f"kiosk demo: the showcase window shows {len(process.screens)} displays in turn: "
            f"{', '.join(s.id for s in self.specs)}",
            flush=True,
        )
        return showcase, process

    async def _snapshots(self, client: KioskClient) -> None:
        from kiosk.ui.display.snapshots import write_snapshots  # paints with Qt

        folder = self.out / "snapshots"
        folder.mkdir(parents=True, exist_ok=True)
        casino = CasinoSettings.from_floor(self.floor)
        await asyncio.sleep(min(3.0, self.options.snapshot_every))  # the croupier's first moves
        while True:
            try:
                tables, links = await client.tables(), await client.links()
            except StateError as exc:
                print(f"kiosk demo: snapshot skipped: {exc}", flush=True)
            else:
                written = write_snapshots(self.specs, tables, links, casino, folder)
                print(f"kiosk demo: wrote {len(written)} snapshots to {folder}", flush=True)
            await asyncio.sleep(self.options.snapshot_every)
