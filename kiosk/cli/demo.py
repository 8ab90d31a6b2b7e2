"""``kiosk demo``: the embedded default, on the demo floor.

Checks the demo floor against the rules (one line per problem), then runs in one process, on
one event loop:

* the backend, in-process, on a SQLite file under the user data dir, seeded from the demo
  floor, serving the API on 127.0.0.1 (the pit and display tokens are printed, so other
  ``kiosk`` commands can connect);
* the demo driver (:mod:`kiosk.views.demo_driver`): a croupier playing tri-chro drawings,
  two-up spins, Caribbean jackpot wagers and the occasional hit, at a human pace, through the
  real API;
* display windows for tables of several games (:data:`DEMO_DISPLAYS`: the tri-chro result with
  its lit layout, the two-up lights, the progressive jackpot meter, the roulette board, a limits
  sign), tiled over the screen, fed live by the stream exactly as ``kiosk display`` is.

With no display (neither ``DISPLAY`` nor ``WAYLAND_DISPLAY`` set, and ``QT_QPA_PLATFORM`` not
``offscreen``) it says so in one line and runs headless: serves, drives, and writes a PNG of each
demo display every ``--snapshot-every`` seconds.  ``--no-serve`` only checks the floor and
renders every table's layout.  Ctrl-C stops it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
from datetime import UTC
from pathlib import Path

from kiosk.cli._errors import CommandError

__all__ = ["NAME", "HELP", "add_arguments", "run"]

NAME = "demo"
DISPLAY_SHARE = 0.6
"""The share of the screen's width, from the left, the display windows tile; the pit console and
the dealer panel stand one above the other in the rest, so no window covers another."""

DEALER_TABLE = "TU-01"
"""The table whose dealer panel the demo opens (the croupier leaves it to you)."""

HELP = "the embedded demo: the backend on SQLite, a croupier playing the tables, live display windows"
# the tri-chro result view shows the drawn balls beside the lit layout
DEMO_DISPLAYS = ("D-TC54-01-result", "D-TU-01-lights", "D-CSP-PROG-meter", "D-RO-01-layout", "D-BJ-01-limits")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--floor", metavar="FILE", type=Path, default=None, help="floor file (default: the bundled demo floor)"
    )
    parser.add_argument(
        "--out",
        metavar="DIR",
        type=Path,
        default=None,
        help="where the PNGs and the demo database go (default: <user data dir>/demo)",
    )
    parser.add_argument("--size", metavar="WxH", default="1920x1080", help="screen pixels (default 1920x1080)")
    parser.add_argument(
        "--screen-mm", metavar="WxH", default="527x296", help="screen size in mm (default 527x296, a 24-inch monitor)"
    )
    parser.add_argument("--port", type=int, default=8765, help="port of the embedded server (default 8765)")
    parser.add_argument("--no-serve", action="store_true", help="only check the floor and render every layout")
    parser.add_argument(
        "--display",
        metavar="ID",
        action="append",
        default=[],
        help=f"a display of the floor to open (repeatable; default: {', '.join(DEMO_DISPLAYS)})",
    )
    parser.add_argument("--headless", action="store_true", help="no windows even when a display is available")
    parser.add_argument("--pace", type=float, default=1.0, help="the croupier's pauses, scaled (default 1.0)")
    parser.add_argument("--seconds", type=float, default=None, help="stop after this many seconds (default: Ctrl-C)")
    parser.add_argument(
        "--snapshot-every",
        metavar="S",
        type=float,
        default=10.0,
        help="headless: seconds between snapshots of the displays (default 10)",
    )


def _check(floor_path: Path):
    from kiosk.floor import check_floor, load_floor
    from kiosk.floor.errors import FloorError

    try:
        floor = load_floor(floor_path)
    except FloorError as exc:
        for problem in exc.problems:
            print(problem)
        raise CommandError(f"the floor file {floor_path} has {len(exc.problems)} problem(s)", 1) from None
    found = check_floor(floor)
    errors = [v for v in found if v.severity == "error"]
    for v in found:
        print(f"{'warning: ' if v.severity == 'warning' else ''}{v.message}")
    if errors:
        raise CommandError(f"the floor breaks {len(errors)} rule(s); see kiosk check --floor {floor_path}", 1)
    print(f"checked {floor_path}: {len(floor.tables)} tables, {len(floor.links)} jackpot link(s)")
    return floor


def _render_all(floor, out: Path, size: str, screen_mm: str) -> None:
    """Every table's layout and every display of the floor, composed as the displays compose
    them (:func:`kiosk.cli.snapshot.render_view`), to PNG."""
    from datetime import datetime

    from kiosk.cli.snapshot import parse_pair, render_view
    from kiosk.views.base import CasinoSettings
    from kiosk.views.screen import Subject
    from kiosk.views.signs.source import states_from_floor

    pixels = tuple(int(v) for v in parse_pair(size, "--size", integers=True))
    mm = parse_pair(screen_mm, "--screen-mm", integers=False)
    tables, links = states_from_floor(floor)
    settings = CasinoSettings.from_floor(floor)
    now = datetime.now(UTC)
    wanted = [(f"{table_id}-layout", Subject("layout", table=table_id)) for table_id in sorted(floor.tables)]
    wanted += [(display_id, Subject.of_display(display)) for display_id, display in sorted(floor.displays.items())]
    for name, subject in wanted:
        try:
            _, image = render_view(subject, tables, links, settings, now, pixels, mm)
        except (LookupError, ValueError) as exc:
            raise CommandError(f"{subject.view} of {subject.name}: {str(exc).splitlines()[0]}") from None
        path = out / f"{name}.png"
        if not image.save(str(path), "PNG"):
            raise CommandError(f"cannot write {path}")
    print(f"rendered {len(wanted)} views to {out} ({size} px on a {screen_mm} mm screen)")


def has_display() -> bool:
    """Whether windows can be shown: an X11 or Wayland display, or Qt told to draw offscreen."""
    return bool(
        os.environ.get("DISPLAY")
        or os.environ.get("WAYLAND_DISPLAY")
        or os.environ.get("QT_QPA_PLATFORM", "").startswith("offscreen")
    )


def _specs(floor, wanted: list[str]):
    from kiosk.ui.display_spec import DisplaySpec

    chosen = wanted or [d for d in DEMO_DISPLAYS if d in floor.displays] or sorted(floor.displays)
    missing = [d for d in chosen if d not in floor.displays]
    if missing:
        raise CommandError(
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


class _Demo:
    """The running demo: server, driver and either windows or snapshots."""

    def __init__(self, args: argparse.Namespace, floor, out: Path, specs, windows: bool) -> None:
        self.args, self.floor, self.out, self.specs, self.windows = args, floor, out, specs, windows
        self.stop = asyncio.Event()

    async def run(self) -> int:
        from aiohttp import web

        from kiosk.state.client import KioskClient
        from kiosk.state.errors import StateError
        from kiosk.state.http import create_app
        from kiosk.state.service import Service
        from kiosk.views.demo_driver import DemoDriver

        db_url = f"sqlite:///{self.out / 'demo.sqlite3'}"
        try:
            service = await Service.open(db_url, floor=self.floor, apply_floor=True, node_id="demo")
        except StateError as exc:
            raise CommandError(exc.message) from None
        runner = web.AppRunner(
            create_app(service, floor=self.floor), handle_signals=False, access_log=None, shutdown_timeout=2.0
        )
        tasks: list[asyncio.Task] = []
        clients: list[KioskClient] = []
        process = None
        staff: list = []
        try:
            tokens = {role: await service.create_token(role, f"demo {role}") for role in ("pit", "display", "dealer")}
            await runner.setup()
            site = web.TCPSite(runner, "127.0.0.1", self.args.port)
            try:
                await site.start()
            except OSError as exc:
                raise CommandError(
                    f"cannot listen on 127.0.0.1:{self.args.port}: {exc.strerror or exc} (give --port)"
                ) from None
            port = site._server.sockets[0].getsockname()[1] if site._server else self.args.port  # type: ignore[union-attr]
            url = f"http://127.0.0.1:{port}"
            print(f"kiosk demo: serving {url}/api/v1 (SQLite {self.out / 'demo.sqlite3'})", flush=True)
            for role, token in tokens.items():
                print(f"kiosk demo: {role} token: {token}", flush=True)
            pit = KioskClient(url, tokens["pit"])
            clients.append(pit)
            staff_table = DEALER_TABLE if self.windows and DEALER_TABLE in self.floor.tables else None
            played = {tid: t.game for tid, t in self.floor.tables.items() if tid != staff_table}
            driver = DemoDriver(
                pit, played, pace=self.args.pace, on_note=lambda text: print(f"kiosk demo: {text}", flush=True)
            )
            tasks.append(asyncio.ensure_future(driver.run()))
            viewer = KioskClient(url, tokens["display"])
            clients.append(viewer)
            if self.windows:
                process = self._open_windows(viewer)
                staff = self._open_staff_windows(url, tokens, staff_table, clients)
            else:
                tasks.append(asyncio.ensure_future(self._snapshots(viewer)))
            self._on_signals()
            if self.args.seconds is not None:
                asyncio.get_running_loop().call_later(self.args.seconds, self.stop.set)
            waiters = [asyncio.ensure_future(self.stop.wait())]
            if process is not None:
                waiters.append(asyncio.ensure_future(process.stopped.wait()))
            await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
            for w in waiters:
                w.cancel()
            print(f"kiosk demo: stopping ({driver.commands_sent} commands played)", flush=True)
            return 0
        finally:
            for window in staff:
                await window.stop()
                window.deleteLater()
            if process is not None:
                await process.stop()
            for task in tasks:
                task.cancel()
            for task in tasks:
                try:
                    await task
                except (asyncio.CancelledError, StateError):
                    pass
            for client in clients:
                await client.close()
            await runner.cleanup()
            await service.close()

    def _on_signals(self) -> None:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, lambda *_: loop.call_soon_threadsafe(self.stop.set))

    def _open_staff_windows(self, url: str, tokens: dict[str, str], dealer_table: str | None, clients: list) -> list:
        """The pit console, signed in with the demo's pit token, and a dealer panel for a table
        the croupier leaves alone: change a limit and watch the sign, press a button and watch
        the lights."""
        from kiosk.state.client import KioskClient
        from kiosk.ui.console import ConsoleWindow
        from kiosk.ui.console.credentials import Credentials
        from kiosk.ui.dealer import DealerPanel
        from kiosk.ui.display_app import staff_geometry

        console = ConsoleWindow(
            [url],
            Credentials(self.out / "console", use_keyring=False),
            devices_path=self.out / "device.json",
            token=tokens["pit"],
        )
        console_box, dealer_box = staff_geometry(DISPLAY_SHARE)
        console.setGeometry(console_box)
        console.show()
        console.start()
        windows = [console]
        if dealer_table is not None:
            dealer = KioskClient(url, tokens["dealer"])
            clients.append(dealer)
            panel = DealerPanel(dealer, dealer_table)
            panel.setGeometry(dealer_box)
            panel.show()
            panel.start()
            windows.append(panel)
        print(
            f"kiosk demo: pit console and {'a dealer panel for ' + dealer_table if dealer_table else 'no dealer panel'}",
            flush=True,
        )
        return windows

    def _open_windows(self, client):
        from kiosk.ui.device_settings import DeviceSettingsError, load_settings
        from kiosk.ui.display_app import DisplayProcess
        from kiosk.views.base import CasinoSettings

        try:
            settings = load_settings()
        except DeviceSettingsError as exc:
            raise CommandError(str(exc)) from None
        process = DisplayProcess(
            client,
            self.specs,
            settings,
            casino=CasinoSettings.from_floor(self.floor),
            windowed=True,
            tile_share=DISPLAY_SHARE,
        )
        process.open_windows()
        process.start()
        print(f"kiosk demo: {len(process.screens)} display windows: {', '.join(s.id for s in self.specs)}", flush=True)
        return process

    async def _snapshots(self, client) -> None:
        from kiosk.state.errors import StateError
        from kiosk.ui.snapshots import write_snapshots
        from kiosk.views.base import CasinoSettings

        folder = self.out / "snapshots"
        folder.mkdir(parents=True, exist_ok=True)
        casino = CasinoSettings.from_floor(self.floor)
        await asyncio.sleep(min(3.0, self.args.snapshot_every))  # the croupier's first moves
        while True:
            try:
                tables, links = await client.tables(), await client.links()
            except StateError as exc:
                print(f"kiosk demo: snapshot skipped: {exc}", flush=True)
            else:
                written = write_snapshots(self.specs, tables, links, casino, folder)
                print(f"kiosk demo: wrote {len(written)} snapshots to {folder}", flush=True)
            await asyncio.sleep(self.args.snapshot_every)


def run(args: argparse.Namespace) -> int:
    from platformdirs import user_data_dir

    from kiosk.scene.resources import assets_dir

    floor_path = args.floor or assets_dir() / "demo_floor.toml"
    if not floor_path.is_file():
        raise CommandError(f"--floor {floor_path}: no such file")
    if args.pace <= 0:
        raise CommandError("--pace must be greater than 0")
    out = args.out or Path(user_data_dir("kiosk")) / "demo"
    out.mkdir(parents=True, exist_ok=True)
    floor = _check(floor_path)
    if args.no_serve:
        _render_all(floor, out, args.size, args.screen_mm)
        return 0
    specs = _specs(floor, args.display)
    windows = has_display() and not args.headless
    problem = None
    if windows:
        from kiosk.ui.display_main import display_problem

        problem = display_problem()
        windows = problem is None
    if not windows:
        why = problem or ("--headless" if args.headless else "no display (DISPLAY and WAYLAND_DISPLAY are unset)")
        print(
            f"kiosk demo: {why}: running headless - serving, driving, and writing snapshots to {out / 'snapshots'}",
            flush=True,
        )
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        return asyncio.run(_Demo(args, floor, out, specs, False).run())
    from kiosk.ui.display_main import run_on_qt_loop

    return run_on_qt_loop(_Demo(args, floor, out, specs, True).run())
