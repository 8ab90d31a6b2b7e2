"""``kiosk dealer``: the dealer's touch panel at one table.

``kiosk dealer --server URL --table ID`` opens the panel full screen (``--windowed`` for a
desktop window); the token (a dealer token for this table, or a pit/admin token) comes from
``--token-file`` or ``KIOSK_TOKEN``. ``--server`` may be repeated for the nodes of a cluster.
A supervisor enrolled on this computer (``kiosk enrol``) corrects a roulette spin with their
name and PIN.
"""

from __future__ import annotations

import argparse

from kiosk.cli._errors import CommandError
from kiosk.cli._token import add_token_argument, read_token

__all__ = ["NAME", "HELP", "add_arguments", "run"]

NAME = "dealer"
HELP = "the dealer's touch panel for one table: draws, spins, jackpot hits, results"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--server",
        metavar="URL",
        action="append",
        required=True,
        help="kiosk server (repeat for the nodes of a cluster)",
    )
    parser.add_argument("--table", metavar="ID", required=True, help="the table this panel runs")
    add_token_argument(parser)
    parser.add_argument("--windowed", action="store_true", help="an ordinary window instead of full screen")


def run(args: argparse.Namespace) -> int:
    for url in args.server:
        if not url.startswith(("http://", "https://")):
            raise CommandError(f"--server {url}: must start with http:// or https://")
    token = read_token(args)
    _check_table(args.server, token, args.table)
    from kiosk.ui.staff.credentials import user_credentials
    from kiosk.ui.staff.dealer import DealerPanel
    from kiosk.ui.staff.main import run_staff_screen

    credentials = user_credentials()
    return run_staff_screen(
        args.server,
        token,
        lambda client: DealerPanel(client, args.table, credentials=credentials),
        full_screen=not args.windowed,
    )


def _check_table(servers: list[str], token: str, table_id: str) -> None:
    """One line, before any window opens, when the table or the token is wrong.  A server that
    cannot be reached yet is not an error: the panel opens at once, says it is connecting and
    retries, as the displays do (a blank screen at the table helps nobody)."""
    import asyncio

    from kiosk.state.client import KioskClient, ServerUnreachable
    from kiosk.state.errors import StateError

    async def probe() -> None:
        async with KioskClient(servers, token) as client:
            await client.table(table_id)

    try:
        asyncio.run(probe())
    except ServerUnreachable:
        return
    except StateError as exc:
        raise CommandError(f"--table {table_id}: {' '.join(str(exc).split())}") from None
