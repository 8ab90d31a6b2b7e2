"""The ``kiosk`` command.

Each subcommand lives in its own module ``kiosk/cli/<name>.py`` and exposes::

    NAME = "check"                       # the subcommand's name
    HELP = "validate a floor file"       # one line for ``kiosk --help``
    def add_arguments(parser): ...       # argparse arguments
    def run(args) -> int: ...            # the exit code

Modules are discovered, so adding a command never edits this file.  Any
:class:`CommandError` (or ``ValueError`` from our own validation) a command raises
becomes one line on stderr and exit code 2; nothing a user types yields a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import NoReturn

from kiosk import __version__
from kiosk.cli._errors import CommandError

__all__ = ["CommandError", "build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, no usage dump
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _commands() -> Iterator[ModuleType]:
    """The subcommand modules of this package; private modules (``_x``, ``__main__``) are not."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "NAME") and hasattr(module, "run"):
            yield module


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="kiosk", description="Table-side signage and display system.")
    parser.add_argument("--version", action="version", version=f"kiosk {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for module in _commands():
        p = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args._run(args) or 0)
    except CommandError as exc:
        print(f"kiosk {args.command}: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print(f"kiosk {args.command}: interrupted", file=sys.stderr)
        return 130
