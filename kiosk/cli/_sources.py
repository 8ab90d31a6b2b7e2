"""Where a command's tables come from: a floor file (the states ``kiosk serve`` would seed from
it) or a running server (what is configured now), read the same way by every command that
composes from them (``kiosk snapshot``, ``kiosk export``)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

from kiosk.cli._errors import CommandError

if TYPE_CHECKING:
    from kiosk.state.shapes import LinkState, TableState
    from kiosk.views.base import CasinoSettings

__all__ = ["from_floor", "from_server"]

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
