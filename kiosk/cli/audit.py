"""``kiosk audit verify [--db URL]``: prove the audit chain.

Exit 0 with ``ok: N records``, or exit 1 naming the first broken record and why.
"""

from __future__ import annotations

import argparse
import asyncio

from kiosk.cli._errors import CommandError
from kiosk.state.errors import StateError

NAME = "audit"
HELP = "verify the hash-chained audit trail"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=type(parser))
    sub.required = True
    verify = sub.add_parser("verify", help="check every audit record's hash and chain; name the first broken one")
    verify.add_argument("--db", metavar="URL", help="sqlite:///PATH or postgresql://... (default: the user data dir)")


async def _verify(db: str | None) -> int:
    from kiosk.state.db import parse_db_url
    from kiosk.state.service import Service

    url = parse_db_url(db)
    if url.kind == "sqlite" and not url.path.exists():
        raise CommandError(f"no database at {url.path}", exit_code=1)
    service = await Service.open(db, tick_seconds=None)
    try:
        report = await service.verify_audit()
    finally:
        await service.close()
    if report.ok:
        print(f"ok: {report.records} records")
        return 0
    where = f"record {report.first_broken}" if report.first_broken is not None else "the event log"
    print(f"audit broken at {where}: {report.reason} ({report.records} records before it are intact)")
    return 1


def run(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(_verify(args.db))
    except StateError as exc:
        raise CommandError(exc.message, exit_code=1) from None
