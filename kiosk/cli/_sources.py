"""Where a command's tables come from: a floor file (the states ``kiosk serve`` would seed from
it) or a running server (what is configured now), read the same way by every command that
composes from them (``kiosk snapshot``, ``kiosk export``); or the floor at a past moment,
rebuilt from the event log of a database (``--db``) or of a server (``--server``, ``GET
/api/v1/state``) for ``--at`` (:mod:`kiosk.state.history`)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias, TypeVar

from kiosk.cli._errors import CommandError

if TYPE_CHECKING:
    from kiosk.state.history import PastState
    from kiosk.state.service import Service
    from kiosk.state.shapes import LinkState, TableState
    from kiosk.views.base import CasinoSettings

__all__ = ["AT_HELP", "DB_HELP", "from_floor", "from_server", "on_db", "past_from_db", "past_from_server"]

T = TypeVar("T")

AT_HELP = (
    "rebuild it as it was at TIME from the event log (with --db or --server): ISO 8601, in the casino's time"
    " zone when no zone is given (2026-11-28T21:14), or in UTC or at an offset (2026-11-28T11:14Z, ...+10:00)"
)
DB_HELP = "database to rebuild from (sqlite:///PATH or postgresql://...): the event log, as at --at (default now)"

Source: TypeAlias = "tuple[dict[str, TableState], dict[str, LinkState], CasinoSettings, str]"
"""``(tables, links, casino settings, where they came from)``."""


def from_floor(path: str) -> Source:
    """``(tables, links, CasinoSettings, "in PATH")`` of a floor file; one line when it cannot
    be loaded or a table's limits break a rule."""
    from kiosk.floor import load_floor
    from kiosk.floor.errors import FloorError
    from kiosk.state.errors import StateError
    from kiosk.views.base import CasinoSettings
    from kiosk.views.signs.source import states_from_floor

    try:
        floor = load_floor(path)
    except FloorError as exc:
        more = f" (and {len(exc.problems) - 1} more: run kiosk check --floor)" if len(exc.problems) > 1 else ""
        raise CommandError(f"{exc.problems[0]}{more}") from None
    try:
        tables, links = states_from_floor(floor)
    except StateError as exc:
        raise CommandError(exc.message) from None
    return tables, links, CasinoSettings.from_floor(floor), f"in {path}"


def from_server(url: str, token: str, folder: Path) -> Source:
    """``(tables, links, CasinoSettings, "on URL")`` of a running server now (the reads a display
    makes when it starts: the floor summary, the logo and the poker tables' event logos, if any,
    saved in ``folder``, and every table and link)."""
    from kiosk.state.client import KioskClient
    from kiosk.state.errors import StateError
    from kiosk.views.base import CasinoSettings

    async def read() -> tuple[dict[str, TableState], dict[str, LinkState], CasinoSettings]:
        async with KioskClient(url, token) as client:
            summary = await client.floor_summary()
            logo = await client.floor_logo(folder, summary)
            event_logos = await client.floor_event_logos(folder, summary)
            tables = await client.tables()
            links = await client.links()
            return tables, links, CasinoSettings.from_summary(summary, logo, event_logos=event_logos)

    try:
        tables, links, settings = asyncio.run(read())
    except ValueError as exc:  # a URL that is not http(s)
        raise CommandError(f"--server: {exc}") from None
    except StateError as exc:
        raise CommandError(f"--server {url}: {exc.message}") from None
    except (TimeoutError, OSError) as exc:
        raise CommandError(f"--server {url}: cannot reach it ({exc.__class__.__name__}: {exc})") from None
    return tables, links, settings, f"on {url}"


def on_db(db: str, read: Callable[[Service], Awaitable[T]]) -> T:
    """Open the event log of database ``db`` for reading, run ``read`` on it and close it; one
    line when the database cannot be opened, its URL names none, or ``read`` is refused."""
    from kiosk.state.db import parse_db_url
    from kiosk.state.errors import StateError
    from kiosk.state.service import Service

    async def run() -> T:
        service = await Service.open(db, tick_seconds=None, audit_key=None, verify_only=True)
        try:
            return await read(service)
        finally:
            await service.close()

    try:
        url = parse_db_url(db)
        if url.kind == "sqlite" and url.path is not None and not url.path.exists():
            raise CommandError(f"--db: no database at {url.path}")
        return asyncio.run(run())
    except StateError as exc:
        raise CommandError(exc.message) from None
    except ValueError as exc:  # a URL that names no database
        raise CommandError(f"--db: {str(exc).splitlines()[0]}") from None


def past_from_db(db: str, at: str | None, *, table: str | None = None, link: str | None = None) -> PastState:
    """The floor at ``at`` (an operator's text: no zone is the casino's, from the frame the
    database holds; None: now) rebuilt from the event log of database ``db``; one line when the
    database cannot be opened or the moment is refused."""
    from kiosk.rules.times import utc_now
    from kiosk.state.time_input import parse_moment

    async def read(service: Service) -> PastState:
        zone = service.floor_frame.casino.timezone
        moment = utc_now() if at is None else parse_moment(at, "--at", zone)
        return await service.state_at(moment, table=table, link=link)

    return on_db(db, read)


def past_from_server(
    url: str, token: str, at: str | None, folder: Path, *, table: str | None = None, link: str | None = None
) -> tuple[PastState, Path | None]:
    """The floor at ``at`` (None: now) as server ``url`` rebuilds it from its event log
    (``GET /api/v1/state``), and the server's logo saved in ``folder`` when it is the logo the
    frame then recorded (same SHA-256), else None."""
    import hashlib

    from kiosk.rules.times import format_utc, utc_now
    from kiosk.state.client import KioskClient
    from kiosk.state.errors import StateError

    async def read() -> tuple[PastState, Path | None]:
        async with KioskClient(url, token) as client:
            past = await client.state_at(at if at is not None else format_utc(utc_now()), table=table, link=link)
            recorded = (past.frame or {}).get("logo") or {}
            logo = None
            if isinstance(recorded, dict) and recorded.get("sha256"):
                logo = await client.floor_logo(folder, await client.floor_summary())
                if logo is not None and hashlib.sha256(logo.read_bytes()).hexdigest() != recorded["sha256"]:
                    logo = None
            return past, logo

    try:
        return asyncio.run(read())
    except ValueError as exc:  # a URL that is not http(s)
        raise CommandError(f"--server: {exc}") from None
    except StateError as exc:
        raise CommandError(f"--server {url}: {exc.message}") from None
    except (TimeoutError, OSError) as exc:
        raise CommandError(f"--server {url}: cannot reach it ({exc.__class__.__name__}: {exc})") from None
