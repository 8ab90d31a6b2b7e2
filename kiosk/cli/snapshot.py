"""``kiosk snapshot``: render a display view headlessly at a stated physical screen size.

``--size`` is the screen in pixels, ``--screen-mm`` its physical size; the pixels per millimetre
follow, and the view is fitted and centred on that screen.  ``--lit AREA`` lights areas by id,
``--draw red*,gold`` lights the winning areas of a tri-chro drawing (001 s463(3)(b)).
"""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path

from kiosk.cli._errors import CommandError

__all__ = ["NAME", "HELP", "VIEWS", "add_arguments", "run", "parse_pair"]

NAME = "snapshot"
HELP = "render a display view to PNG at a stated physical screen size, without a screen"
VIEWS = ("layout",)
_PAIR = re.compile(r"\s*(\d+(?:\.\d+)?)\s*[xX]\s*(\d+(?:\.\d+)?)\s*")


def parse_pair(text: str, what: str, *, integers: bool) -> tuple[float, float]:
    """``"1920x1080"`` to ``(1920, 1080)``; raises :class:`CommandError` naming the flag."""
    m = _PAIR.fullmatch(text or "")
    if not m:
        raise CommandError(f"{what} must be WIDTHxHEIGHT, e.g. {'1920x1080' if integers else '527x296'}; got {text!r}")
    w, h = float(m.group(1)), float(m.group(2))
    if integers and (not w.is_integer() or not h.is_integer()):
        raise CommandError(f"{what} must be whole pixels, got {text!r}")
    if w <= 0 or h <= 0:
        raise CommandError(f"{what} must be greater than zero, got {text!r}")
    if integers and (w > 8192 or h > 8192):
        raise CommandError(f"{what} is too large (at most 8192 pixels a side), got {text!r}")
    return w, h


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``kiosk snapshot``."""
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--floor", metavar="FILE", help="floor file (TOML) that configures the table")
    source.add_argument("--server", metavar="URL", help="kiosk backend to read the table from")
    parser.add_argument("--table", metavar="ID", required=True, help="table id in the floor")
    parser.add_argument("--view", metavar="VIEW", required=True, help=f"what to show: {', '.join(VIEWS)}")
    parser.add_argument("--size", metavar="WxH", required=True, help="screen size in pixels, e.g. 1920x1080")
    parser.add_argument("--screen-mm", metavar="WxH", required=True, help="screen size in millimetres, e.g. 527x296")
    parser.add_argument("--out", metavar="FILE.png", required=True, help="PNG file to write")
    parser.add_argument("--lit", metavar="AREA", action="append", default=[], help="light this area (repeatable)")
    parser.add_argument(
        "--draw", metavar="BALLS", help="tri-chro drawing, e.g. red*,gold: light its winning areas (001 s463(3))"
    )


def _px_per_mm(size: tuple[float, float], screen_mm: tuple[float, float]) -> float:
    kx, ky = size[0] / screen_mm[0], size[1] / screen_mm[1]
    if abs(kx - ky) / max(kx, ky) > 0.05:
        raise CommandError(
            f"--size and --screen-mm give non-square pixels ({kx:.2f} px/mm across, {ky:.2f} px/mm down); "
            "check both (they must describe the same screen)"
        )
    return min(kx, ky)


def _lit_areas(args: argparse.Namespace, game: str) -> frozenset[str]:
    lit = set(args.lit)
    if args.draw is not None:
        from kiosk.rules.games import tri_chro_balls
        from kiosk.rules.trichro import winning_wagers

        balls = tri_chro_balls(game)
        if balls is None:
            raise CommandError(f"--draw is for tri-chro tables; table {args.table} plays {game}")
        tokens = [t.strip() for t in args.draw.split(",")]
        try:
            lit |= winning_wagers(balls, tokens)
        except ValueError as exc:
            raise CommandError(f"--draw {args.draw}: {exc}") from None
    return frozenset(lit)


def run(args: argparse.Namespace) -> int:
    """Render the view and write the PNG; exit 0."""
    if args.server is not None:
        raise CommandError(
            "--server is not available yet: snapshot needs the backend's table state client "
            "(kiosk.state.client) wired in; use --floor FILE"
        )
    if args.view not in VIEWS:
        raise CommandError(f"--view {args.view!r} cannot be snapshot; views: {', '.join(VIEWS)}")
    size = parse_pair(args.size, "--size", integers=True)
    screen_mm = parse_pair(args.screen_mm, "--screen-mm", integers=False)
    k = _px_per_mm(size, screen_mm)
    out = Path(args.out)
    if out.suffix.lower() != ".png":
        raise CommandError(f"--out must name a .png file, got {args.out!r}")
    if not out.parent.is_dir():
        raise CommandError(f"--out: folder {out.parent} does not exist")

    from kiosk.floor import load_floor
    from kiosk.floor.errors import FloorError
    from kiosk.scene.layout import LayoutError, build_scene, load_layout
    from kiosk.scene.resources import default_layout_path

    try:
        floor = load_floor(args.floor)
    except FloorError as exc:
        more = f" (and {len(exc.problems) - 1} more: run kiosk check --floor)" if len(exc.problems) > 1 else ""
        raise CommandError(f"{exc.problems[0]}{more}") from None
    table = floor.tables.get(args.table)
    if table is None:
        known = ", ".join(sorted(floor.tables)) or "none"
        raise CommandError(f"no table {args.table!r} in {args.floor}; tables: {known}")
    layout_file = table.layout or default_layout_path(table.game)
    try:
        layout = load_layout(layout_file)
    except LayoutError as exc:
        more = f" (and {len(exc.problems) - 1} more)" if len(exc.problems) > 1 else ""
        raise CommandError(f"{exc.problems[0]}{more}") from None
    lit = _lit_areas(args, table.game)
    try:
        scene = build_scene(
            layout, game_name=table.display_name, casino_name=floor.casino.name, logo=floor.casino.logo, lit=lit,
            features=table.layout_features(),
        )
    except ValueError as exc:
        raise CommandError(str(exc)) from None

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # headless unless told otherwise
    from kiosk.render.qt import fit_transform, render_png

    w, h = int(size[0]), int(size[1])
    # the screen shows w/k x h/k mm; fit the drawing into that, then convert to pixels
    fit_k, _ = fit_transform(scene, screen_mm[0], screen_mm[1])
    image = render_png(scene, w, h, px_per_mm=fit_k * k)
    if not image.save(str(out), "PNG"):
        raise CommandError(f"cannot write {out}")
    print(f"{out}: {w}x{h} px, {args.view} of table {args.table} ({table.game}), "
          f"{fit_k * 100:.1f} % of true size on a {screen_mm[0]:g}x{screen_mm[1]:g} mm screen")
    return 0
