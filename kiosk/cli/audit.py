"""``kiosk audit verify|keygen``: prove the audit trail; make an audit key.

``verify`` exits 0 with ``ok: N records`` and what that proves, or exits 1 with every
finding (broken record, cut head, edited state, stray token), one line each.  ``keygen``
writes a new audit key file (mode 0600).  ``docs/audit.md`` explains both.
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from kiosk.cli._errors import CommandError
from kiosk.state.errors import StateError

NAME = "audit"
HELP = "verify the audit trail and the state against the event log; make an audit key"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=type(parser))
    sub.required = True
    verify = sub.add_parser("verify", help="check the chain, MACs, checkpoints and stored state; name what differs")
    verify.add_argument("--db", metavar="URL", help="sqlite:///PATH or postgresql://... (default: the user data dir)")
    verify.add_argument(
        "--audit-key",
        metavar="FILE",
        type=Path,
        default=None,
        help="audit key file (default: KIOSK_AUDIT_KEY, KIOSK_AUDIT_KEY_FILE or the user config dir)",
    )
    verify.add_argument(
        "--checkpoints",
        metavar="FILE",
        type=Path,
        action="append",
        default=None,
        help="checkpoint file or server log kept off the machine (repeatable)",
    )
    keygen = sub.add_parser("keygen", help="write a new audit key file (mode 0600; never overwrites)")
    keygen.add_argument(
        "--out",
        metavar="FILE",
        type=Path,
        default=None,
        help="where to write it (default: audit.key in the user config dir)",
    )


async def _verify(db: str | None, key_file: Path | None, checkpoint_files: list[Path] | None) -> int:
    from kiosk.state.auditkey import find_key
    from kiosk.state.checkpoint import read_checkpoints
    from kiosk.state.db import parse_db_url
    from kiosk.state.service import Service

    url = parse_db_url(db)
    if url.kind == "sqlite" and url.path is not None and not url.path.exists():
        raise CommandError(f"no database at {url.path}", exit_code=1)
    key = find_key(key_file)
    checkpoints = None
    if checkpoint_files:
        checkpoints = [cp for path in checkpoint_files for cp in read_checkpoints(path)]
    service = await Service.open(db, tick_seconds=None, audit_key=key, verify_only=True)
    try:
        report = await service.verify_audit(checkpoints)
    finally:
        await service.close()
    if report.ok:
        print(f"ok: {report.records} records; the stored state matches the event log")
    else:
        print(
            f"audit broken: {len(report.problems)} finding{'s' if len(report.problems) != 1 else ''}"
            f" ({report.records} records intact before the first broken one)"
        )
        for line in report.problems:
            print(f"  {line}")
    for note in report.notes:
        print(f"note: {note}")
    return 0 if report.ok else 1


def _keygen(out: Path | None) -> int:
    from kiosk.state.auditkey import write_new_key

    path, key = write_new_key(out)
    print(
        f"wrote audit key {key.id} to {path} (mode 0600); keep a copy off this machine:"
        " without it the records it signs cannot be verified"
    )
    return 0


def run(args: argparse.Namespace) -> int:
    try:
        if args.action == "keygen":
            return _keygen(args.out)
        return asyncio.run(_verify(args.db, args.audit_key, args.checkpoints))
    except StateError as exc:
        raise CommandError(exc.message, exit_code=1) from None
