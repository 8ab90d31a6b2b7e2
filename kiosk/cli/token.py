"""``kiosk token``: issue, list and revoke bearer tokens.

``kiosk token create --role display|dealer|pit|admin --name NAME [--table ID]... [--display ID]...
[--expires TIME] [--db URL]`` prints the new token once (it is stored only as its SHA-256); a
display token is issued for the floor's displays it speaks for (``--display``: its reports of
what they show count, docs/readings.md A-28); ``kiosk token list`` shows ids, roles, names,
tables and displays; ``kiosk token revoke TOKEN_ID`` stops a token at once.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from kiosk.cli._errors import CommandError
from kiosk.state.errors import StateError
from kiosk.state.events import ROLES

NAME = "token"
HELP = "issue, list or revoke API tokens (create prints the token once)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=type(parser))
    sub.required = True
    create = sub.add_parser("create", help="issue a token and print it once")
    create.add_argument("--role", required=True, choices=ROLES, help="what the token may do")
    create.add_argument(
        "--name",
        required=True,
        help="the person who holds it (recorded in the audit trail; a second administrator"
        " who approves jackpot settings needs a token of their own name)",
    )
    create.add_argument(
        "--table",
        action="append",
        dest="tables",
        metavar="ID",
        help="limit a dealer or pit token to this table (repeatable)",
    )
    create.add_argument(
        "--display",
        action="append",
        dest="displays",
        metavar="ID",
        help="a display token speaks for this display of the floor (repeatable): its reports of what the"
        " display shows count for the display's table (docs/readings.md A-28)",
    )
    create.add_argument("--expires", metavar="TIME", help="expiry, ISO 8601 with a timezone (e.g. 2027-01-01T00:00Z)")
    create.add_argument("--db", metavar="URL", help="sqlite:///PATH or postgresql://... (default: the user data dir)")
    listing = sub.add_parser("list", help="list tokens (never their secrets)")
    listing.add_argument("--db", metavar="URL")
    revoke = sub.add_parser("revoke", help="revoke a token by its id (tok_...)")
    revoke.add_argument("token_id", metavar="TOKEN_ID")
    revoke.add_argument("--db", metavar="URL")


async def _run(args: argparse.Namespace) -> int:
    from kiosk.state.service import Service

    service = await Service.open(args.db, tick_seconds=None)
    try:
        if args.action == "create":
            secret = await service.create_token(
                args.role, args.name, tables=args.tables, expires_at=args.expires, displays=args.displays
            )
            print(secret)
            if args.role == "display" and not args.displays:
                print(
                    "kiosk token: note: this display token speaks for no display: it reads, but its reports of"
                    " what a display shows are refused; give --display ID for each display it runs"
                    " (docs/readings.md A-28)",
                    file=sys.stderr,
                )
        elif args.action == "list":
            for row in await service.list_tokens():
                state = (
                    "revoked"
                    if row["revoked_at"]
                    else (f"expires {row['expires_at']}" if row["expires_at"] else "active")
                )
                tables = ",".join(row["tables"]) if row["tables"] else "all tables"
                if row["role"] == "display":  # what a display token speaks for instead
                    tables = "displays " + ",".join(row["displays"]) if row.get("displays") else "no display"
                person = row.get("person") or row["name"]
                print(f"{row['id']}\t{row['role']}\t{row['name']}\t{person}\t{tables}\t{state}")
        else:
            await service.revoke_token(args.token_id)
            print(f"revoked {args.token_id}")
    finally:
        await service.close()
    return 0


def run(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(_run(args))
    except StateError as exc:
        raise CommandError(exc.message, exit_code=1) from None
