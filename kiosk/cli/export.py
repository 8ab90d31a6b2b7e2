"""``kiosk export``: the tables' signs, or with ``--cloth`` their cloths, as print-ready PDFs,
one file per sign (cloth) or one batch.

From a floor file (``--floor``) or from a running server (``--server``: what pit staff
configured now; the token from ``--token-file`` or ``KIOSK_TOKEN``, never the command line);
with ``--at TIME``, the signs that should have been on the tables then, rebuilt from the event
log of a database (``--db``) or of a server (``--server``) by :mod:`kiosk.state.history`.
Paper ``auto`` (the default: each sign on the smallest of A4, A3 and A2 that holds it at the
8 mm floor), or A5, A4, letter, A3, A2, A1, A0 or ``WxHmm`` for every sign; portrait or
landscape, or a folded ``--tent``; bleed (default 3 mm) with TrimBox and BleedBox,
``--crop-marks`` outside the trim with a slug line (file, table, sign, configuration version,
date); PDF/X-4 structure (:mod:`kiosk.render.pdfx`) for a press condition (``--press``: CMYK
FOGRA39 by default, or sRGB; :mod:`kiosk.render.press`); a manifest beside the files and
``--changed-since`` to write only the signs whose content changed (:mod:`kiosk.render.export`).

Exit codes: 0 every sign written; 3 the signs that fit were written and the rest (no paper
holds them at 8 mm) are listed on stderr, one line each (``--all-or-nothing``: nothing is
written then, exit 2); 2 nothing written (bad input, a sign whose values break a rule, an
unwritable folder); 1 a cloth refused.

``--cloth`` prints each table's layout cloth at 1:1 from a floor file (its layout files are
beside it): one page of the cloth's size, or with ``--paper`` tiles on that paper that overlap
by ``--overlap`` mm, with registration targets, each labelled with its row, column and place in
the assembly order (:mod:`kiosk.render.cloth`).  A cloth that does not print what the seeds
require is not exported: one line per problem, with its citation, and exit 1
(:mod:`kiosk.render.cloth_export`).

The time generated written into each PDF, in this order: ``--generated-at``; the
``SOURCE_DATE_EPOCH`` environment variable (the reproducible-builds convention); for
``--floor``, the floor file's modification time; for ``--at``, that moment; for ``--server``,
the current time to the second.  So re-running on the same floor file (or with the same ``--generated-at``) gives
the same bytes.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from kiosk.cli import CommandError
from kiosk.cli._sources import AT_HELP, DB_HELP, from_floor, from_server, past_from_db, past_from_server
from kiosk.cli._token import add_token_argument, read_token
from kiosk.language import shipped_languages, speaking

if TYPE_CHECKING:
    from rich.progress import Progress

    from kiosk.render.export import ExportResult

__all__ = ["NAME", "HELP", "add_arguments", "run", "generated_time"]

_DEFAULT_OVERLAP_MM = 20.0  # kiosk.render.cloth.DEFAULT_OVERLAP_MM, without importing reportlab for --help
_AUTO_PAPERS = ("A4", "A3", "A2")  # kiosk.render.paper.AUTO_PAPERS (a test holds them equal)
_PRESSES = ("fogra39", "srgb")  # kiosk.render.press.PRESS_CONDITIONS (a test holds them equal)
EXIT_SOME_NOT_WRITTEN = 3
"""Exit code when the signs that fit were written and some that fit no paper were not."""

NAME = "export"
HELP = "export the tables' signs, or their cloths at 1:1, as print-ready PDFs (bleed, crop marks, PDF/X-4, manifest)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``kiosk export``."""
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--floor", metavar="FILE", help="floor file (TOML) that configures the tables")
    source.add_argument(
        "--server", metavar="URL", help="kiosk backend to read the tables from (what is configured now, or --at)"
    )
    source.add_argument("--db", metavar="URL", help=DB_HELP)
    parser.add_argument("--at", metavar="TIME", help=AT_HELP.replace("rebuild it as it was", "the signs as they were"))
    add_token_argument(parser)
    parser.add_argument(
        "--table", metavar="ID", action="append", default=[], help="a table to export (repeatable; default all)"
    )
    parser.add_argument(
        "--sign",
        metavar="KIND",
        action="append",
        default=[],
        help="a sign kind to export (repeatable; default every sign the table shows)",
    )
    parser.add_argument(
        "--cloth",
        action="store_true",
        help="the tables' layout cloths at 1:1 (from --floor): one page of the cloth's size, or tiles with --paper",
    )
    parser.add_argument(
        "--paper",
        help=f"auto, A5, A4, letter, A3, A2, A1, A0 or WIDTHxHEIGHTmm (signs: default auto, each sign on the "
        f"smallest of {', '.join(_AUTO_PAPERS)} that holds it at 8 mm; --cloth: the paper to tile on, "
        "default one page of the cloth's size)",
    )
    parser.add_argument(
        "--orientation",
        choices=("portrait", "landscape"),
        help="default portrait (WxHmm: as written; cloth tiles: the one that needs fewer tiles)",
    )
    parser.add_argument(
        "--overlap",
        type=float,
        metavar="MM",
        help=f"cloth tiles: how far neighbouring tiles overlap, mm (default {_DEFAULT_OVERLAP_MM:g})",
    )
    parser.add_argument(
        "--tent",
        action="store_true",
        help="a table tent: the paper folded across its height, the sign printed both ways up",
    )
    parser.add_argument("--bleed", type=float, default=3.0, metavar="MM", help="bleed around the trim, mm (default 3)")
    parser.add_argument(
        "--crop-marks", action="store_true", help="crop marks outside the trim and bleed (cloth tiles: always)"
    )
    parser.add_argument(
        "--all-or-nothing",
        action="store_true",
        help="write nothing if any sign fits no paper (default: write the rest, list those, exit 3)",
    )
    parser.add_argument(
        "--press",
        choices=_PRESSES,
        default="fogra39",
        help="press condition: fogra39 (default: CMYK artwork, FOGRA39 output intent, offset on coated paper) "
        "or srgb (RGB artwork, sRGB output intent)",
    )
    parser.add_argument("--batch", action="store_true", help="one multi-page PDF: --out names the file")
    parser.add_argument(
        "--out", metavar="PATH", required=True, help="folder for one file per sign, or the PDF of a --batch"
    )
    parser.add_argument(
        "--changed-since", metavar="MANIFEST", help="write only the signs whose content changed since this manifest"
    )
    parser.add_argument(
        "--generated-at", metavar="TIME", help="time generated, ISO 8601 with its zone (e.g. 2026-11-30T09:00:00Z)"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar and no summary line")
    parser.add_argument(
        "--language",
        metavar="LANG",
        default="en",
        help="the language of the signs' words: en (default) or a shipped catalogue, e.g. zh_Hans, vi",
    )


def generated_time(args: argparse.Namespace, at: datetime | None = None) -> datetime:
    """The time generated (see the module docstring); ``at``: the moment of ``--at``."""
    if args.generated_at:
        try:
            when = datetime.fromisoformat(args.generated_at.replace("Z", "+00:00"))
        except ValueError:
            raise CommandError(
                f"--generated-at {args.generated_at!r}: not an ISO 8601 time (e.g. 2026-11-30T09:00:00Z)"
            ) from None
        if when.tzinfo is None:
            raise CommandError(f"--generated-at {args.generated_at!r}: give its time zone (e.g. a trailing Z for UTC)")
        return when.astimezone(UTC)
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch:
        if not epoch.isdigit():
            raise CommandError(f"SOURCE_DATE_EPOCH must be whole seconds since 1970, not {epoch!r}")
        return datetime.fromtimestamp(int(epoch), UTC)
    if at is not None:
        return at.astimezone(UTC)
    if getattr(args, "floor", None):
        return datetime.fromtimestamp(int(Path(args.floor).stat().st_mtime), UTC)
    return datetime.now(UTC).replace(microsecond=0)


def _progress(quiet: bool, what: str) -> tuple[Progress | None, Callable[[int, int], None] | None]:
    """A rich progress bar on a terminal; nothing otherwise."""
    if quiet or not sys.stderr.isatty():
        return None, None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    bar = Progress(TextColumn(what), BarColumn(), MofNCompleteColumn(), transient=True)
    task = bar.add_task("export", total=None)

    def update(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    return bar, update


def run(args: argparse.Namespace) -> int:
    """Export the signs (or the cloths); exit 0, or one line and a non-zero exit."""
    if args.cloth:
        return _run_cloth(args)
    from kiosk.render.export import ExportError, export_signs, plan_signs, read_manifest
    from kiosk.render.paper import AUTO_PAPERS, PageSpec, PaperError, parse_paper
    from kiosk.render.press import press_condition

    if args.token_file and not args.server:
        raise CommandError("--token-file is for --server")
    language = getattr(args, "language", "en")
    if language not in shipped_languages():
        raise CommandError(f"--language {language!r}: no catalogue; shipped: {', '.join(shipped_languages())}")
    if args.overlap is not None:
        raise CommandError("--overlap is for --cloth tiles")
    auto = (args.paper or "auto").strip().lower() == "auto"
    try:
        paper = parse_paper(AUTO_PAPERS[0] if auto else args.paper)
        spec = PageSpec(paper, args.orientation, args.tent, args.bleed, args.crop_marks)
    except PaperError as exc:
        raise CommandError(str(exc)) from None
    out = Path(args.out)
    at, db = getattr(args, "at", None), getattr(args, "db", None)
    past = None
    if at is not None and args.floor:
        raise CommandError("--at rebuilds from an event log: give --db URL or --server URL, not --floor")
    if at is not None or db is not None:
        table = args.table[0] if len(args.table) == 1 else None  # one table: refused if it was not there then
        if args.server:
            with tempfile.TemporaryDirectory() as folder:
                past, _logo = past_from_server(args.server, read_token(args), at, Path(folder), table=table)
        else:
            assert db is not None  # --floor, --server and --db are one required group; --floor was refused
            past = past_from_db(db, at, table=table)
        tables, links = dict(past.tables), dict(past.links)
        tz = past.zone
    elif args.server:
        with tempfile.TemporaryDirectory() as folder:
            tables, links, casino, _where = from_server(args.server, read_token(args), Path(folder))
        tz = casino.timezone
    else:
        tables, links, casino, _where = from_floor(args.floor)
        tz = casino.timezone
    generated = generated_time(args, past.at if past is not None and at is not None else None)
    bar, update = _progress(args.quiet, "exporting signs")
    try:
        changed = read_manifest(args.changed_since) if args.changed_since else None
        skipped: list[str] = []
        with speaking(language):  # the signs' words in the language asked for (kiosk.language)
            jobs = plan_signs(tables, links, table_ids=args.table, kinds=args.sign, timezone_=tz, skipped=skipped)
            if bar is not None:
                bar.start()
            result = export_signs(
                jobs,
                spec,
                out,
                batch=args.batch,
                generated=generated,
                changed_since=changed,
                progress=update,
                papers=AUTO_PAPERS if auto else None,
                strict=args.all_or_nothing,
                press=press_condition(args.press),
            )
    except ExportError as exc:
        raise CommandError(str(exc)) from None
    finally:
        if bar is not None:
            bar.stop()
    if not args.quiet:
        _summary(result, "sign", _papers_used(result) if auto else spec.describe(), out, args, skipped)
        if past is not None:
            from kiosk.state.history import describe_moment
            from kiosk.views.past import built_from

            print(f"the signs as at {describe_moment(past.at, past.zone)}: {built_from(past)}")
    for line in result.refused:
        print(f"kiosk export: not written: {line}", file=sys.stderr)
    return EXIT_SOME_NOT_WRITTEN if result.refused else 0


def _papers_used(result: ExportResult) -> str:
    """``"auto: 37 A4, 2 A3"``: how many signs went on each paper."""
    counts: dict[str, int] = {}
    for sign in result.manifest["signs"]:
        counts[sign["paper"]] = counts.get(sign["paper"], 0) + 1
    return "auto: " + ", ".join(f"{n} {paper}" for paper, n in counts.items())


def _summary(
    result: ExportResult, noun: str, paper: str, out: Path, args: argparse.Namespace, skipped: Sequence[str] = ()
) -> None:
    written = [s for s in result.manifest["signs"] if s["written"]]
    pages = sum(s["pages"] for s in written)
    where = out if args.batch else f"{len(result.files)} files in {out}"
    unchanged = f", {result.unchanged} unchanged" if args.changed_since else ""
    counted = f"{len(written)} {noun}{'s' if len(written) != 1 else ''}, {pages} page{'s' if pages != 1 else ''}"
    print(
        f"{counted} ({paper}): {where}; manifest {result.manifest_path}"
        f"{unchanged}{f'; {len(skipped)} not printed' if skipped else ''}"
    )
    for line in skipped:
        print(f"not printed: {line}")


def _run_cloth(args: argparse.Namespace) -> int:
    """``--cloth``: each table's cloth at 1:1; a cloth that fails the seeds' check is one line
    per problem on stderr and exit 1, nothing written."""
    from kiosk.render.cloth import DEFAULT_OVERLAP_MM, ClothSpec
    from kiosk.render.cloth_export import ClothRefused, export_cloths, plan_cloths
    from kiosk.render.export import ExportError, read_manifest
    from kiosk.render.paper import PaperError, parse_paper
    from kiosk.render.press import press_condition

    if args.server or args.db:
        raise CommandError(
            "--cloth reads the layout files the floor file names, which a server or a database does not hold:"
            " give --floor FILE"
        )
    for flag, given in (("--sign", args.sign), ("--tent", args.tent)):
        if given:
            raise CommandError(f"{flag} is for signs, not --cloth")
    if args.paper is None and (args.overlap is not None or args.orientation is not None):
        raise CommandError("--overlap and --orientation are for cloth tiles: give --paper too")
    try:
        spec = ClothSpec(
            None if args.paper is None else parse_paper(args.paper),
            args.orientation,
            args.bleed,
            args.crop_marks,
            DEFAULT_OVERLAP_MM if args.overlap is None else args.overlap,
        )
    except PaperError as exc:
        raise CommandError(str(exc)) from None
    out = Path(args.out)
    generated = generated_time(args)
    tables, _links, casino, _where = from_floor(args.floor)
    bar, update = _progress(args.quiet, "exporting cloths")
    try:
        changed = read_manifest(args.changed_since) if args.changed_since else None
        jobs = plan_cloths(tables, casino, table_ids=args.table)
        if bar is not None:
            bar.start()
        result = export_cloths(
            jobs,
            spec,
            out,
            batch=args.batch,
            generated=generated,
            changed_since=changed,
            progress=update,
            press=press_condition(args.press),
        )
    except ClothRefused as exc:
        for line in exc.problems:
            print(f"kiosk export: {line}", file=sys.stderr)
        return 1
    except ExportError as exc:
        raise CommandError(str(exc)) from None
    finally:
        if bar is not None:
            bar.stop()
    if not args.quiet:
        _summary(result, "cloth", spec.describe(), out, args)
    return 0
