"""The ``kiosk`` command.

Each subcommand lives in its own module ``kiosk/cli/<name>.py`` and exposes::

    NAME = "check"                       # the subcommand's name
    HELP = "validate a floor file"       # one line for ``kiosk --help``
    def add_arguments(parser): ...       # argparse arguments
    def run(args) -> int: ...            # the exit code

Modules are discovered, so adding a command never edits this file; a run imports only the
module of the command it runs (``kiosk display`` starts without loading the exporter, the
server or the floor editor), ``kiosk --help`` all of them.  Any
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


def _command_names() -> list[str]:
    """The names of the subcommand modules of this package, without importing them; private
    modules (``_x``, ``__main__``) are not commands."""
    return sorted(info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_"))


def _commands(only: str | None = None) -> Iterator[ModuleType]:
    """The subcommand modules of this package (only ``only``'s when it names one)."""
    names = _command_names()
    for name in [only] if only in names else names:
        module = importlib.import_module(f"{__name__}.{name}")
        if hasattr(module, "NAME") and hasattr(module, "run"):
            yield module


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The ``kiosk`` parser; with ``only`` naming a subcommand, the parser of that one alone
    (what a run of it needs), else of every subcommand."""
    parser = _Parser(prog="kiosk", description="Table-side signage and display system.")
    parser.add_argument("--version", action="version", version=f"kiosk {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for module in _commands(only):
        p = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv[0] if argv else None)
    args = parser.parse_args(argv)
    try:
        return int(args._run(args) or 0)
    except CommandError as exc:
        print(f"kiosk {args.command}: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print(f"kiosk {args.command}: interrupted", file=sys.stderr)
        return 130
