"""``kiosk enrol``: a pit supervisor or administrator enrols on this computer.

``kiosk enrol --server URL`` (token from ``--token-file`` or ``KIOSK_TOKEN``) checks the token
with the server, asks twice for the PIN (4 to 8 digits) or password (8 or more characters) that
will stand for it, and keeps it as the console's first sign-in does (the same file, the token
masked): from then on the person picks their name and types their PIN at the pit console, and at
the dealer panel of this computer to correct a roulette spin.  Without a terminal the PIN is read
from the first line of standard input.
"""

from __future__ import annotations

import argparse
import getpass
import sys

from kiosk.cli._errors import CommandError
from kiosk.cli._token import add_token_argument, read_token
from kiosk.views.console import SUPERVISOR_ROLES

__all__ = ["NAME", "HELP", "add_arguments", "run"]

NAME = "enrol"
HELP = "enrol a supervisor on this computer: their name and PIN for the console and dealer panel"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--server",
        metavar="URL",
        action="append",
        required=True,
        help="kiosk server (repeat for the nodes of a cluster; the first names the enrolment)",
    )
    add_token_argument(parser)


def run(args: argparse.Namespace) -> int:
    for url in args.server:
        if not url.startswith(("http://", "https://")):
            raise CommandError(f"--server {url}: must start with http:// or https://")
    token = read_token(args)
    person, role = _who(args.server, token)
    if role not in SUPERVISOR_ROLES:
        raise CommandError(f"a {role} token cannot supervise; enrol with a pit or admin token")
    secret = _secret(person)
    from kiosk.ui.staff.credentials import CredentialsError, user_credentials

    credentials = user_credentials()
    try:
        credentials.set_secret(args.server[0], person, secret, token)
    except CredentialsError as exc:
        raise CommandError(str(exc)) from None
    print(f"Enrolled {person} ({role}) for {args.server[0]} in {credentials.file}")
    return 0


def _who(servers: list[str], token: str) -> tuple[str, str]:
    """The token's person and role, as the server says; one line when it refuses or is away."""
    import asyncio

    from kiosk.state.client import KioskClient
    from kiosk.state.errors import StateError

    async def ask() -> dict[str, object]:
        async with KioskClient(servers, token) as client:
            return await client.session_info()

    try:
        session = asyncio.run(ask())
    except StateError as exc:
        raise CommandError(f"the server did not accept the token: {' '.join(str(exc).split())}") from None
    person = str(session.get("person") or session.get("name") or "")
    if not person:
        raise CommandError("the token has no name; ask an administrator for a named token")
    return person, str(session.get("role"))


def _secret(person: str) -> str:
    if not sys.stdin.isatty():
        return sys.stdin.readline().rstrip("\n")
    first = getpass.getpass(f"PIN (4-8 digits) or password (8 or more characters) for {person}: ")
    if getpass.getpass("Again: ") != first:
        raise CommandError("the two did not match; nothing was kept")
    return first
