"""``kiosk display``: the table-side screens of one computer, full screen, fed live by a server.

Opens one full-screen window per display: every display of the floor the server was started
with (``GET /api/v1/floor``), or those named by ``--display ID``, or the one ``--table ID --view
VIEW [--screen N]`` describes.  The token comes from ``--token-file`` or ``KIOSK_TOKEN``.
Screens are numbered left to right from 0.  ``--set-pin`` stores the staff exit PIN (read from
standard input) in the device settings and exits.  See docs/deploy-display.md.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from kiosk.cli._errors import CommandError
from kiosk.cli._token import add_token_argument, read_token
from kiosk.floor.references import VIEW_GAMES

if TYPE_CHECKING:
    from kiosk.ui.display.device_settings import DeviceSettings

__all__ = ["NAME", "HELP", "add_arguments", "run"]

NAME = "display"
HELP = "show table displays full screen on this computer's screens, live from a server"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--server",
        metavar="URL",
        action="append",
        default=[],
        help="kiosk server (repeat for the nodes of a cluster; default: the device settings)",
    )
    parser.add_argument(
        "--display",
        metavar="ID",
        action="append",
        default=[],
        help="a display of the server's floor to open (repeatable; default: all of them)",
    )
    parser.add_argument(
        "--table",
        metavar="ID",
        help="show this table (with --view) instead of the floor's displays (not a floor display: what it"
        " shows is never evidence of a sign displayed, docs/readings.md A-28)",
    )
    parser.add_argument("--link", metavar="ID", help="show this jackpot link's progressive meter (--view jackpot)")
    parser.add_argument(
        "--view", metavar="VIEW", choices=tuple(VIEW_GAMES), help=f"with --table or --link: {', '.join(VIEW_GAMES)}"
    )
    parser.add_argument(
        "--screen",
        metavar="N",
        type=int,
        default=0,
        help="with --table/--link: the screen, counted left to right from 0 (default 0)",
    )
    add_token_argument(parser)
    parser.add_argument(
        "--settings",
        metavar="FILE",
        type=Path,
        default=None,
        help="device settings file (default: KIOSK_DEVICE_SETTINGS or <user config dir>/kiosk/device.json)",
    )
    parser.add_argument("--windowed", action="store_true", help="ordinary windows instead of full screen (for testing)")
    parser.add_argument("--calibrate", action="store_true", help="open the ruler on every screen first")
    parser.add_argument(
        "--set-pin",
        action="store_true",
        help="read a staff exit PIN (4-12 digits) from standard input, store it hashed, and exit",
    )


def _settings(args: argparse.Namespace) -> tuple[DeviceSettings, Path]:
    from kiosk.ui.display.device_settings import DeviceSettingsError, default_settings_path, load_settings

    path = args.settings or default_settings_path()
    try:
        return load_settings(path), path
    except DeviceSettingsError as exc:
        raise CommandError(str(exc)) from None


def _set_pin(settings: DeviceSettings, path: Path) -> int:
    from kiosk.ui.display.device_settings import hash_pin, save_settings

    pin = sys.stdin.readline().strip()
    try:
        stored = hash_pin(pin)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    save_settings(settings.model_copy(update={"staff_pin": stored}), path)
    print(f"kiosk display: staff PIN stored (hashed) in {path}")
    return 0


def run(args: argparse.Namespace) -> int:
    settings, settings_path = _settings(args)
    if args.set_pin:
        return _set_pin(settings, settings_path)
    servers = list(args.server) or list(settings.servers)
    if not servers:
        raise CommandError("give --server URL (or list servers in the device settings)")
    for url in servers:
        if not url.startswith(("http://", "https://")):
            raise CommandError(f"--server {url}: must start with http:// or https://")
    if (args.table or args.link) and not args.view:
        raise CommandError("--table/--link needs --view VIEW")
    if args.view and not (args.table or args.link):
        raise CommandError("--view needs --table ID or --link ID")
    if args.table and args.link:
        raise CommandError("give --table or --link, not both")
    if args.link and args.view != "jackpot":
        raise CommandError("a link shows its progressive meter: --view jackpot")
    if args.display and args.view:
        raise CommandError("give --display IDs or --table/--view, not both")
    if args.screen < 0:
        raise CommandError("--screen counts from 0")
    token = read_token(args, settings.token_file)
    if not (
        os.environ.get("DISPLAY")
        or os.environ.get("WAYLAND_DISPLAY")
        or os.environ.get("QT_QPA_PLATFORM", "").startswith("offscreen")
    ):
        raise CommandError(
            "no display: DISPLAY and WAYLAND_DISPLAY are unset (QT_QPA_PLATFORM=offscreen to run without one)"
        )

    from kiosk.ui.display.cache import cache_path
    from kiosk.ui.display.main import DisplayOptions, display_problem, run_display
    from kiosk.ui.display.spec import DisplaySpec

    problem = display_problem()
    if problem:
        raise CommandError(f"{problem} (docs/deploy-display.md lists the system libraries)")

    specs = []
    if args.view:
        try:
            specs = [
                DisplaySpec(
                    id=f"{args.table or args.link}-{args.view}",
                    view=args.view,
                    table=args.table,
                    link=args.link,
                    screen=args.screen,
                )
            ]
        except ValueError as exc:
            raise CommandError(str(exc)) from None
    place = None
    if args.windowed:  # ordinary windows, tiled as the demo's
        from kiosk.ui.demo_windows import tiled

        place = tiled()
    options = DisplayOptions(
        servers=servers,
        token=token,
        specs=specs,
        only=list(args.display),
        settings=settings,
        settings_path=settings_path,
        cache_file=cache_path(servers),
        place=place,
        calibrate=args.calibrate,
    )
    return run_display(options)
