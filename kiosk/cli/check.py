"""``kiosk check``: validate a floor file and layout files against the rules.

Exit 0 when everything is valid (``ok: N tables, M links`` and any ``warning: ...``
lines on stdout); exit 1 with one line per problem or violation on stdout, each naming
the file, table or key and citing the rule.  Never a traceback.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from kiosk.cli._errors import CommandError

__all__ = ["NAME", "HELP", "add_arguments", "run"]

NAME = "check"
HELP = "validate a floor file (and layout files) against the rules"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``kiosk check``."""
    parser.add_argument("--floor", metavar="FILE", help="floor file (TOML, kiosk-floor/1) to validate")
    parser.add_argument(
        "--layout",
        metavar="FILE",
        action="append",
        default=[],
        help="layout file (TOML, kiosk-layout/1) to validate (repeatable)",
    )


def run(args: argparse.Namespace) -> int:
    """Check what the flags name; print one line per problem; return the exit code."""
    if not args.floor and not args.layout:
        raise CommandError("give --floor FILE and/or --layout FILE (see kiosk check --help)")
    failed = False
    summary: list[str] = []
    if args.layout:
        problems = []
        for path in args.layout:
            problems += _layout_problems(Path(path), content=True)
        for line in problems:
            print(line)
        failed |= bool(problems)
        summary.append(f"{len(args.layout)} layout{'s' if len(args.layout) != 1 else ''}")
    if args.floor:
        ok, text = _check_floor(Path(args.floor))
        failed |= not ok
        if text:
            summary.insert(0, text)
    if not failed:
        print("ok: " + ", ".join(summary))
    return 1 if failed else 0


def _check_floor(path: Path) -> tuple[bool, str]:
    from kiosk.floor import FloorError, check_floor, load_floor

    try:
        floor = load_floor(path)
    except FloorError as exc:
        for line in exc.problems:
            print(line)
        return False, ""
    try:
        found = check_floor(floor)
    except ImportError as exc:
        raise CommandError(f"cannot check the rules: {exc}") from None
    except Exception as exc:  # a rule module failing must still give one line
        raise CommandError(f"checking {path.name} failed: {type(exc).__name__}: {exc}") from None
    errors = [v for v in found if getattr(v, "severity", "error") != "warning"]
    warnings = [v for v in found if getattr(v, "severity", "error") == "warning"]
    layout_problems: list[str] = []
    for table in floor.tables.values():
        if table.layout is not None:
            layout_problems += [f"{table.id}: {line}" for line in _layout_problems(table.layout)]
    for v in errors:
        print(_one_line(v.message))
    for line in layout_problems:
        print(line)
    for v in warnings:
        print("warning: " + _one_line(v.message))
    if errors or layout_problems:
        return False, ""
    n, m = len(floor.tables), len(floor.links)
    return True, f"{n} table{'s' if n != 1 else ''}, {m} link{'s' if m != 1 else ''}"


def _layout_problems(path: Path, *, content: bool = False) -> list[str]:
    """The layout file's problems, one line each; with ``content``, also what the seeds require
    printed on the cloth and it lacks (a floor's tables get that from check_floor, with their
    settings)."""
    try:
        from kiosk.scene.cloth_content import cloth_violations
        from kiosk.scene.layout_file import LayoutError, load_layout
    except ImportError as exc:
        raise CommandError(f"cannot check layouts: {exc}") from None
    try:
        layout = load_layout(path)
    except LayoutError as exc:
        return [_one_line(p) for p in (exc.problems or [str(exc)])]
    except Exception as exc:  # a layout loader failure must still give one line
        return [f"{path}: cannot load layout: {type(exc).__name__}: {exc}"]
    if not content:
        return []
    return [_one_line(f"{path}: {v.message}") for v in cloth_violations(layout)]


def _one_line(text: str) -> str:
    return " ".join(str(text).split())
