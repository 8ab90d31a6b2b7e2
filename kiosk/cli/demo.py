"""``kiosk demo``: the embedded default, on the demo floor.

Checks the demo floor against the rules (one line per problem), then runs the demo
(:mod:`kiosk.demo.run`) in one process: the backend on SQLite, a croupier playing the tables
through the real API, and live display windows with the pit console and a dealer panel beside
them; with no display it says so in one line and runs headless, writing a PNG of each demo
display every ``--snapshot-every`` seconds.  ``--no-serve`` only checks the floor and renders
every table's layout.  Ctrl-C stops it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from kiosk.cli._errors import CommandError
from kiosk.demo import DEMO_DISPLAYS

__all__ = ["NAME", "HELP", "add_arguments", "run"]

NAME = "demo"
HELP = "the embedded demo: the backend on SQLite, a croupier playing the tables, live display windows"


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


def run(args: argparse.Namespace) -> int:
    from platformdirs import user_data_dir

    from kiosk.cli.snapshot import parse_pair
    from kiosk.demo.run import DemoError, Options, check, render_all, run_demo
    from kiosk.scene.resources import assets_dir

    floor_path = args.floor or assets_dir() / "demo_floor.toml"
    if not floor_path.is_file():
        raise CommandError(f"--floor {floor_path}: no such file")
    if args.pace <= 0:
        raise CommandError("--pace must be greater than 0")
    out = args.out or Path(user_data_dir("kiosk")) / "demo"
    out.mkdir(parents=True, exist_ok=True)
    try:
        floor = check(floor_path)
        if args.no_serve:
            width, height = parse_pair(args.size, "--size", integers=True)
            screen_mm = parse_pair(args.screen_mm, "--screen-mm", integers=False)
            rendered = render_all(floor, out, (int(width), int(height)), screen_mm)
            print(f"rendered {rendered} views to {out} ({args.size} px on a {args.screen_mm} mm screen)")
            return 0
        options = Options(args.port, args.display, args.headless, args.pace, args.seconds, args.snapshot_every)
        return run_demo(floor, out, options)
    except DemoError as exc:
        raise CommandError(str(exc), exc.exit_code) from None
