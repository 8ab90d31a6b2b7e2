"""``kiosk demo``: the embedded default, on the demo floor.

What it does today: checks the demo floor against the rules (one line per problem), renders
every table's layout view to PNG at a stated screen size, then runs the backend in-process on a
SQLite file under the user data dir, seeded from the demo floor, with a pit and a display token
printed for the console and the displays.  The display windows and the console are not built
yet; the README says so.
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from kiosk.cli._errors import CommandError

__all__ = ["NAME", "HELP", "add_arguments", "run"]

NAME = "demo"
HELP = "the embedded demo: check the demo floor, render every layout, serve it on SQLite"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--floor", metavar="FILE", type=Path, default=None,
                        help="floor file (default: the bundled demo floor)")
    parser.add_argument("--out", metavar="DIR", type=Path, default=None,
                        help="where the PNGs and the demo database go (default: <user data dir>/demo)")
    parser.add_argument("--size", metavar="WxH", default="1920x1080", help="screen pixels (default 1920x1080)")
    parser.add_argument("--screen-mm", metavar="WxH", default="527x296",
                        help="screen size in mm (default 527x296, a 24-inch monitor)")
    parser.add_argument("--port", type=int, default=8765, help="port of the embedded server (default 8765)")
    parser.add_argument("--no-serve", action="store_true", help="stop after checking and rendering")


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


def _render_all(floor, floor_path: Path, out: Path, size: str, screen_mm: str) -> None:
    from kiosk.cli import snapshot

    for table_id in sorted(floor.tables):
        args = argparse.Namespace(
            floor=floor_path, server=None, table=table_id, view="layout", size=size, screen_mm=screen_mm,
            out=str(out / f"{table_id}-layout.png"), lit=[], draw=None,
        )
        snapshot.run(args)


async def _tokens(db_url: str, floor) -> dict[str, str]:
    from kiosk.state.errors import StateError
    from kiosk.state.service import Service

    try:
        service = await Service.open(db_url, floor=floor, apply_floor=True)
    except StateError as exc:
        raise CommandError(exc.message) from None
    try:
        return {role: await service.create_token(role, f"demo {role}") for role in ("pit", "dealer", "display")}
    finally:
        await service.close()


def run(args: argparse.Namespace) -> int:
    from platformdirs import user_data_dir

    from kiosk.scene.resources import assets_dir

    floor_path = args.floor or assets_dir() / "demo_floor.toml"
    if not floor_path.is_file():
        raise CommandError(f"--floor {floor_path}: no such file")
    out = args.out or Path(user_data_dir("kiosk")) / "demo"
    out.mkdir(parents=True, exist_ok=True)
    floor = _check(floor_path)
    _render_all(floor, floor_path, out, args.size, args.screen_mm)
    if args.no_serve:
        return 0

    db_url = f"sqlite:///{out / 'demo.sqlite3'}"
    tokens = asyncio.run(_tokens(db_url, floor))
    for role, token in tokens.items():
        print(f"{role} token: {token}")
    from kiosk.cli import serve

    return serve.run(argparse.Namespace(
        db=db_url, floor=floor_path, apply_floor=True, host="127.0.0.1", port=args.port,
        tls_cert=None, tls_key=None, node_id="demo",
    ))
