"""``kiosk console``: the pit console.

``kiosk console --server URL`` opens the console window; staff sign in with a pit or admin token
(typed, from a file only they can read, kept in the platform keyring) or a PIN set on this
computer. ``--token-file`` or ``KIOSK_TOKEN`` sign in at once. ``--server`` may be repeated
for the nodes of a cluster.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from kiosk.cli._errors import CommandError
from kiosk.cli._token import ENV, add_token_argument, read_token

__all__ = ["NAME", "HELP", "add_arguments", "run"]

NAME = "console"
HELP = "the pit console: floor overview, limits and signs, scheduled changes, jackpots, audit, export"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--server",
        metavar="URL",
        action="append",
        required=True,
        help="kiosk server (repeat for the nodes of a cluster)",
    )
    add_token_argument(parser)
    parser.add_argument(
        "--idle-minutes",
        metavar="N",
        type=float,
        default=10.0,
        help="sign out after N minutes without input (default 10)",
    )
    parser.add_argument(
        "--settings",
        metavar="FILE",
        type=Path,
        default=None,
        help="this computer's display settings file (the 'This computer' tab)",
    )


def run(args: argparse.Namespace) -> int:
    for url in args.server:
        if not url.startswith(("http://", "https://")):
            raise CommandError(f"--server {url}: must start with http:// or https://")
    if not 0.5 <= args.idle_minutes <= 24 * 60:
        raise CommandError(f"--idle-minutes must be from 0.5 to 1440, got {args.idle_minutes:g}")
    token = read_token(args) if (args.token_file or os.environ.get(ENV)) else None
    from kiosk.ui.staff.console import ConsoleWindow
    from kiosk.ui.staff.credentials import user_credentials
    from kiosk.ui.staff.main import run_staff_screen

    credentials = user_credentials()
    return run_staff_screen(
        args.server,
        token or "",
        lambda client: ConsoleWindow(
            args.server, credentials, idle_minutes=args.idle_minutes, devices_path=args.settings, token=token
        ),
        size=(1440, 900),
    )
