"""``kiosk snapshot``: render a display view headlessly at a stated physical screen size.

The view is composed for the screen's area by :func:`kiosk.views.screen.compose_view`, the one
composition the displays use, from a floor file (the state a fresh server holds) or from a
running server (``--server URL``: what that display would show now, lit areas and meters
included; the token from ``--token-file F`` or ``KIOSK_TOKEN``, never a flag value).
``--size`` is the screen in pixels, ``--screen-mm`` its physical size.  ``--lit AREA`` lights
areas by id; ``--draw red*,gold`` shows a tri-chro drawing as the dealer would enter it: the
service's own handlers run 'no more bets' and the draw on a copy of the state (001 s463(3)).

``--at TIME`` rebuilds the view as it was at a past moment: the event log of a database
(``--db URL``) or of a server (``--server URL``) folded up to the last audit record at or before
TIME (:mod:`kiosk.state.history`), composed by today's code with the casino's frame then
(:mod:`kiosk.views.past`); it prints the event, the audit record and the audit head it was built
from.  ``--db`` without ``--at`` rebuilds the state now.

``--display ID`` (with ``--at TIME``, default now, and ``--db`` or ``--server``) proves what a
display showed: its report in force then names the picture it painted (digest, the ``seq`` of
its state, composer, view, screen); the state after that ``seq`` is rebuilt, the view composed
again and the digests compared (:mod:`kiosk.cli._displayed`): "digest matches the display's
report of 21:14:03 (seq 4121)", or differs (exit 1), or the composer has changed since.
"""

from __future__ import annotations

import argparse
import os
import re
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kiosk.cli._errors import CommandError
from kiosk.cli._sources import AT_HELP, DB_HELP, from_floor, from_server, past_from_db, past_from_server
from kiosk.cli._token import add_token_argument, read_token

if TYPE_CHECKING:
    from kiosk.state.shapes import LinkState, TableState, TriChroGameState
    from kiosk.views.screen import Subject

__all__ = ["NAME", "HELP", "add_arguments", "run", "parse_pair"]

NAME = "snapshot"
HELP = "render a display view to PNG at a stated physical screen size, without a screen"
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
    from kiosk.views.screen import VIEW_NAMES

    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--floor", metavar="FILE", help="floor file (TOML) that configures the table")
    source.add_argument("--server", metavar="URL", help="kiosk backend to read the table's state from (now, or --at)")
    source.add_argument("--db", metavar="URL", help=DB_HELP)
    subject = parser.add_mutually_exclusive_group()
    subject.add_argument("--table", metavar="ID", help="table id (required, or --link, unless --display)")
    subject.add_argument("--link", metavar="ID", help="jackpot link id (its meter: --view jackpot)")
    subject.add_argument(
        "--display",
        metavar="ID",
        help="a display of the floor: rebuild the picture its report in force at --at (default now) names, from"
        " --db or --server, and say whether its digest matches the one the display reported (its report gives the"
        " table, view and screen)",
    )
    parser.add_argument(
        "--view", metavar="VIEW", help=f"what to show: {', '.join(VIEW_NAMES)} (required unless --display)"
    )
    parser.add_argument(
        "--size", metavar="WxH", help="screen size in pixels, e.g. 1920x1080 (required unless --display)"
    )
    parser.add_argument(
        "--screen-mm", metavar="WxH", help="screen size in millimetres, e.g. 527x296 (required unless --display)"
    )
    parser.add_argument("--out", metavar="FILE.png", required=True, help="PNG file to write")
    parser.add_argument("--lit", metavar="AREA", action="append", default=[], help="light this area (repeatable)")
    parser.add_argument(
        "--draw",
        metavar="BALLS",
        help="tri-chro drawing, e.g. red*,gold: show it and light its winning areas (001 s463(3))",
    )
    parser.add_argument("--at", metavar="TIME", help=AT_HELP)
    add_token_argument(parser)


def _px_per_mm(size: tuple[float, float], screen_mm: tuple[float, float]) -> float:
    kx, ky = size[0] / screen_mm[0], size[1] / screen_mm[1]
    if abs(kx - ky) / max(kx, ky) > 0.05:
        raise CommandError(
            f"--size and --screen-mm give non-square pixels ({kx:.2f} px/mm across, {ky:.2f} px/mm down); "
            "check both (they must describe the same screen)"
        )
    return min(kx, ky)


def _with_draw(
    args: argparse.Namespace, tables: dict[str, TableState], links: dict[str, LinkState]
) -> tuple[dict[str, TableState], dict[str, LinkState]]:
    """The states after the dealer called 'no more bets' and entered the drawing (the service's
    handlers, on copies)."""
    from kiosk.rules.games import tri_chro_balls
    from kiosk.state.errors import StateError
    from kiosk.views.builders import simulate, trichro_draw, trichro_no_more_bets
    from kiosk.views.facts import trichro_state

    table = tables.get(args.table) if args.table else None
    gs = trichro_state(table) if table is not None else None
    if table is None or tri_chro_balls(table["game"]) is None or gs is None:
        game = table["game"] if table else "no table"
        raise CommandError(f"--draw is for tri-chro tables; {args.table or args.link} plays {game}")
    tokens = [t.strip() for t in args.draw.split(",")]
    drawing: TriChroGameState = {**gs, "device": "ball_device", "awaiting_inspector": False, "broken_ball": False}
    state: TableState = {**table, "game_state": drawing}  # what is drawn, not how: any device shows it
    commands = [trichro_draw(args.table, tokens)]
    if drawing.get("phase") != "no_more_bets":
        commands.insert(0, trichro_no_more_bets(args.table))
    try:
        tables, links = simulate(commands, {**tables, args.table: state}, links)
    except StateError as exc:
        raise CommandError(f"--draw {args.draw}: {exc.message}") from None
    device = gs["device"]
    drawn = tables[args.table]
    after = trichro_state(drawn)
    assert after is not None  # a drawing changes a table's state, never its game
    tables[args.table] = {**drawn, "game_state": {**after, "device": device, "source": device}}
    return tables, links


def _out(args: argparse.Namespace) -> Path:
    out = Path(args.out)
    if out.suffix.lower() != ".png":
        raise CommandError(f"--out must name a .png file, got {args.out!r}")
    if not out.parent.is_dir():
        raise CommandError(f"--out: folder {out.parent} does not exist")
    return out


def run(args: argparse.Namespace) -> int:
    """Render the view and write the PNG; exit 0 (``--display``: 1 when the digests differ)."""
    from kiosk.ui.display.snapshots import render_view
    from kiosk.views.screen import Subject

    if getattr(args, "display", None) is not None:
        from kiosk.cli._displayed import run_display

        size = None if args.size is None else parse_pair(args.size, "--size", integers=True)
        return run_display(args, _out(args), None if size is None else (int(size[0]), int(size[1])))
    if args.table is None and getattr(args, "link", None) is None:
        raise CommandError("give --table ID or --link ID (or --display ID, with --db or --server)")
    for flag in ("view", "size", "screen_mm"):
        if getattr(args, flag, None) is None:
            raise CommandError(f"--{flag.replace('_', '-')} is required (unless --display)")
    try:
        subject = Subject(args.view, table=args.table, link=getattr(args, "link", None))
    except ValueError as exc:
        raise CommandError(f"--view: {exc}") from None
    size = parse_pair(args.size, "--size", integers=True)
    screen_mm = parse_pair(args.screen_mm, "--screen-mm", integers=False)
    _px_per_mm(size, screen_mm)
    out = _out(args)
    at = getattr(args, "at", None)
    if at is not None and getattr(args, "floor", None) is not None:
        raise CommandError("--at rebuilds from an event log: give --db URL or --server URL, not --floor")
    if getattr(args, "db", None) is not None or at is not None:
        if args.draw is not None:
            raise CommandError("--draw shows a drawing as the dealer would enter it now; the past is not for --draw")
        return _run_past(args, subject, size, screen_mm, out)
    with tempfile.TemporaryDirectory(prefix="kiosk-snapshot-") as folder:
        if getattr(args, "server", None) is not None:
            tables, links, settings, where = from_server(args.server, read_token(args), Path(folder))
        else:
            tables, links, settings, where = from_floor(args.floor)
        if args.draw is not None:
            tables, links = _with_draw(args, tables, links)
        w, h = int(size[0]), int(size[1])
        try:
            state, image = render_view(
                subject, tables, links, settings, datetime.now(UTC), (w, h), screen_mm, lit=args.lit
            )
        except (LookupError, ValueError) as exc:
            raise CommandError(f"{str(exc).splitlines()[0]} ({where})") from None
    _save(image, out)
    status = "" if state.status.is_live else f", {state.status.kind}"
    print(
        f"{out}: {w}x{h} px, {args.view} of {subject.name} {where}, composed at true size for a "
        f"{screen_mm[0]:g}x{screen_mm[1]:g} mm screen{status}"
    )
    return 0


def _save(image: Any, out: Path) -> None:
    """Write ``image`` (a QImage: Qt is not imported here, kiosk.ui and kiosk.render.qt paint)."""
    if not image.save(str(out), "PNG"):
        raise CommandError(f"cannot write {out}")


def _run_past(
    args: argparse.Namespace, subject: Subject, size: tuple[float, float], screen_mm: tuple[float, float], out: Path
) -> int:
    """The view as it was at ``--at`` (now without it), rebuilt from the event log."""
    from kiosk.render.qt import render_png
    from kiosk.state.history import describe_moment
    from kiosk.views.base import Area
    from kiosk.views.past import built_from, compose_then, logo_then, settings_then

    w, h = int(size[0]), int(size[1])
    with tempfile.TemporaryDirectory(prefix="kiosk-snapshot-") as folder:
        if args.server is not None:
            past, logo = past_from_server(
                args.server, read_token(args), args.at, Path(folder), table=subject.table, link=subject.link
            )
            where, logo_note = f"on {args.server}", ("logo as recorded" if logo is not None else logo_then(past)[1])
        else:
            past = past_from_db(args.db, args.at, table=subject.table, link=subject.link)
            logo, logo_note = logo_then(past)
            where = f"in {args.db}"
        settings = settings_then(past, logo)
        try:
            state = compose_then(subject, past, area=Area(*screen_mm), lit=args.lit, settings=settings)
        except (LookupError, ValueError) as exc:
            raise CommandError(f"{str(exc).splitlines()[0]} ({where}, {describe_moment(past.at, past.zone)})") from None
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # headless unless told otherwise
        image = render_png(state.scene, w, h, px_per_mm=min(w / screen_mm[0], h / screen_mm[1]))
    _save(image, out)
    print(
        f"{out}: {w}x{h} px, {args.view} of {subject.name} {where} as at {describe_moment(past.at, past.zone)},"
        f" composed by today's code at true size for a {screen_mm[0]:g}x{screen_mm[1]:g} mm screen"
    )
    print(f"{built_from(past)}; casino frame from {past.frame_from}; {logo_note}")
    return 0
