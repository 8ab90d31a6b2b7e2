"""How every ``kiosk`` command that talks to a server gets its token: ``--token-file F`` or the
``KIOSK_TOKEN`` environment variable, never a command-line value (the process list shows those
to every user of the computer)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from kiosk.cli._errors import CommandError

__all__ = ["add_token_argument", "read_token"]

ENV = "KIOSK_TOKEN"


def add_token_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--token-file`` (and a hidden ``--token`` that refuses, so ``--token SECRET`` is not
    taken for an abbreviation of ``--token-file`` and echoed back as a file name)."""
    parser.add_argument(
        "--token-file",
        metavar="F",
        type=Path,
        default=None,
        help=f"file holding the server token (default: the {ENV} environment variable)",
    )
    parser.add_argument("--token", dest="token_on_command_line", default=None, help=argparse.SUPPRESS)


def read_token(args: argparse.Namespace, default_file: Path | None = None) -> str:
    """The token from ``--token-file``, else ``$KIOSK_TOKEN``, else ``default_file``; one line if none."""
    if getattr(args, "token_on_command_line", None) is not None:
        raise CommandError(
            f"never give the token on the command line (the process list shows it to everyone): "
            f"use --token-file F or {ENV}"
        )
    path = args.token_file or (None if os.environ.get(ENV) else default_file)
    if path is not None:
        try:
            text = Path(path).read_text(encoding="utf-8").strip()
        except OSError as exc:
            raise CommandError(
                f"--token-file {path}: cannot read it ({exc.strerror or exc.__class__.__name__})"
            ) from None
        if not text or len(text.split()) != 1:
            raise CommandError(f"--token-file {path}: must hold one token on one line")
        return text
    token = (os.environ.get(ENV) or "").strip()
    if not token:
        raise CommandError(f"no token: give --token-file F or set {ENV} (never the token itself as a flag)")
    return token
