"""``kiosk serve``: run the game-state server (HTTP API and live stream).

Binds 127.0.0.1 unless told otherwise, prints the URL it listens on, and shuts down cleanly
(connections told to resume, store closed) on SIGTERM or SIGINT.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import ssl
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from kiosk.cli._errors import CommandError

if TYPE_CHECKING:
    from kiosk.floor.models import Floor

__all__ = ["NAME", "HELP", "DEFAULT_PORT", "add_arguments", "run"]

NAME = "serve"
HELP = "run the game-state server (HTTP API and WebSocket stream)"
DEFAULT_PORT = 8765


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        metavar="URL",
        default=None,
        help="sqlite:///PATH or postgresql://... (default: SQLite file in the user data dir)",
    )
    parser.add_argument(
        "--floor",
        metavar="FILE",
        type=Path,
        default=None,
        help="floor file: seeds a new database; a differing database is reported",
    )
    parser.add_argument(
        "--apply-floor",
        action="store_true",
        help="apply the floor file's differences to the database as --operator's commands, through the"
        " console's change controls: notice is scheduled, poker changes wait for a hand, jackpot settings"
        " become proposals; anything refused refuses the whole file (docs/deploy.md)",
    )
    parser.add_argument(
        "--operator",
        metavar="NAME",
        default=None,
        help="who applies the floor file (--apply-floor): named in the audit trail",
    )
    parser.add_argument(
        "--dry-run",
        action="store_true",
        help="with --apply-floor: print what would happen to each table, one line each, change nothing and"
        " exit (1 when something would be refused)",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument(
        "--port", type=_port, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0 picks a free one)"
    )
    parser.add_argument(
        "--tls-cert",
        metavar="FILE",
        type=Path,
        default=None,
        help="PEM certificate chain: serve HTTPS/WSS (needs --tls-key)",
    )
    parser.add_argument("--tls-key", metavar="FILE", type=Path, default=None, help="PEM private key of --tls-cert")
    parser.add_argument("--node-id", default=None, help="this node's id (default: generated)")
    parser.add_argument(
        "--max-lag",
        metavar="SECONDS",
        type=_seconds,
        default=5.0,
        help="/api/v1/health answers 503 when this node is further behind the database than this (default 5)",
    )
    parser.add_argument(
        "--audit-key",
        metavar="FILE",
        type=Path,
        default=None,
        help="sign audit records with this key file (default: KIOSK_AUDIT_KEY,"
        " KIOSK_AUDIT_KEY_FILE or audit.key in the user config dir; docs/audit.md)",
    )
    parser.add_argument(
        "--checkpoints",
        metavar="FILE",
        type=Path,
        default=None,
        help="append checkpoints of the audit head to FILE (ship it off the machine);"
        " they always go to the server log too",
    )
    parser.add_argument(
        "--max-connections",
        metavar="N",
        type=int,
        default=0,
        help="connections held at once (default: what the file-descriptor limit allows, at most"
        " 4096); idle and half-sent connections make room for new ones",
    )
    parser.add_argument(
        "--request-timeout",
        metavar="SECONDS",
        type=_seconds,
        default=15.0,
        help="a request's head and body must each arrive within this (default 15)",
    )
    parser.add_argument(
        "--checkpoint-every",
        metavar="SECONDS",
        type=_seconds,
        default=60.0,
        help="seconds between checkpoints while the head moves (default 60)",
    )


def _port(text: str) -> int:
    import argparse

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"port must be a number, got {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port must be 0..65535, got {value}")
    return value


def _seconds(text: str) -> float:
    import argparse
    import math

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seconds must be a number, got {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"seconds must be above 0, got {text}")
    return value


def _tls_context(cert: Path | None, key: Path | None) -> ssl.SSLContext | None:
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise CommandError("--tls-cert and --tls-key go together: give both or neither")
    for label, path in (("--tls-cert", cert), ("--tls-key", key)):
        if not path.is_file():
            raise CommandError(f"{label} {path}: no such file")
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(str(cert), str(key))
    except (ssl.SSLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", None) or str(exc).splitlines()[0]
        raise CommandError(f"cannot use {cert} with {key} for TLS: {reason}") from None
    return context


def _load_floor(path: Path | None) -> Floor | None:
    if path is None:
        return None
    from kiosk.floor import load_floor
    from kiosk.scene.files import shown_path

    try:
        return load_floor(path)
    except (ValueError, OSError) as exc:
        problems = list(getattr(exc, "problems", None) or str(exc).splitlines() or [exc.__class__.__name__])
        more = f" (and {len(problems) - 1} more: kiosk check --floor {shown_path(path)})" if len(problems) > 1 else ""
        raise CommandError(f"floor file: {problems[0]}{more}") from None


async def _serve(args: argparse.Namespace, tls: ssl.SSLContext | None, floor: Floor | None) -> int:
    from aiohttp import web

    from kiosk.state.auditkey import find_key
    from kiosk.state.checkpoint import CheckpointWriter, run_checkpoints
    from kiosk.state.errors import StateError
    from kiosk.state.http import ConnectionLimits, HealthSettings, create_app, server_info, start_site
    from kiosk.state.service import Service

    try:
        key = find_key(args.audit_key)
        checkpoints = CheckpointWriter(args.checkpoints)
    except StateError as exc:
        raise CommandError(exc.message) from None
    try:
        service = await Service.open(
            args.db,
            floor=floor,
            apply_floor=args.apply_floor,
            operator=args.operator,
            node_id=args.node_id,
            audit_key=key,
        )
    except StateError as exc:
        checkpoints.close()
        raise CommandError(exc.message) from None
    for line in service.floor_applied:  # what --apply-floor did to each table, and when it takes effect
        print(f"kiosk serve: {line}", flush=True)
    runner: web.AppRunner | None = None
    checkpointing: asyncio.Task[None] | None = None
    try:
        app = create_app(
            service, health=HealthSettings(max_lag_seconds=args.max_lag), floor=floor, body_timeout=args.request_timeout
        )
        limits = ConnectionLimits(max_connections=max(0, args.max_connections), request_timeout=args.request_timeout)
        try:
            runner, port = await start_site(app, args.host, args.port, tls, limits=limits)
        except OSError as exc:
            raise CommandError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
        checkpointing = asyncio.get_running_loop().create_task(
            run_checkpoints(service.audit_head, checkpoints, args.checkpoint_every), name="kiosk-checkpoints"
        )
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        scheme = "https" if tls else "http"
        host = f"[{args.host}]" if ":" in args.host else args.host
        info = server_info(app)
        print(
            f"kiosk serve: listening on {scheme}://{host}:{port}/api/v1 "
            f"(store {info['store']}, node {info['node_id']})",
            flush=True,
        )
        if tls is None and not _is_loopback(args.host):
            print(
                f"kiosk serve: warning: {args.host} is reachable from the network and tokens travel "
                "in clear text; give --tls-cert and --tls-key",
                file=sys.stderr,
                flush=True,
            )
        await stop.wait()
        print("kiosk serve: shutting down", flush=True)
        return 0
    finally:
        if runner is not None:
            await runner.cleanup()
        if checkpointing is not None:
            checkpointing.cancel()
            try:
                await checkpointing
            except asyncio.CancelledError:
                pass
        checkpoints.close()
        await service.close()


def _is_loopback(host: str) -> bool:
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def run(args: argparse.Namespace) -> int:
    """Run the server until SIGTERM/SIGINT; returns the exit code."""
    logging.basicConfig(
        level=logging.WARNING, stream=sys.stderr, format="kiosk serve: %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("kiosk.checkpoint").setLevel(logging.INFO)  # checkpoints belong in the log
    tls = _tls_context(args.tls_cert, args.tls_key)
    if args.dry_run and not args.apply_floor:
        raise CommandError("--dry-run shows what --apply-floor would do: give --floor FILE --apply-floor --dry-run")
    if args.apply_floor and args.floor is None:
        raise CommandError("--apply-floor needs --floor FILE")
    if args.apply_floor and not (args.operator or "").strip():
        raise CommandError("--apply-floor needs --operator NAME: the person applying the floor file, for the audit")
    floor = _load_floor(args.floor)
    if args.dry_run:
        return asyncio.run(_dry_run(args, floor))
    return asyncio.run(_serve(args, tls, floor))


async def _dry_run(args: argparse.Namespace, floor: Floor | None) -> int:
    """What ``--apply-floor`` would do to each table, one line each; nothing is changed."""
    from kiosk.state.auditkey import find_key
    from kiosk.state.errors import RuleRefused, StateError
    from kiosk.state.service import Service

    try:
        key = find_key(args.audit_key)
        service = await Service.open(
            args.db,
            floor=floor,
            apply_floor=True,
            operator=args.operator,
            dry_run=True,
            tick_seconds=None,
            audit_key=key,
        )
    except RuleRefused as exc:  # the floor file breaks the law as a whole: every table is refused
        print(f"kiosk serve: dry run: refused: {exc.message}; nothing was changed", flush=True)
        return 1
    except StateError as exc:
        raise CommandError(exc.message) from None
    try:
        for line in service.floor_applied:
            print(line, flush=True)
        refusals = service.floor_refusals
        verdict = f"{refusals} refused, so nothing of the file would be applied" if refusals else "it would apply"
        print(f"kiosk serve: dry run: nothing was changed ({verdict})", flush=True)
        return 1 if refusals else 0
    finally:
        await service.close()
