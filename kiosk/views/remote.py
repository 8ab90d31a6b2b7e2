"""Read what a screen needs from a running server: the floor's casino settings and logo, and
the tables' and links' state now (``kiosk snapshot --server``; the same reads a display makes
when it starts)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kiosk.state.client import KioskClient
from kiosk.state.shapes import LinkState, TableState
from kiosk.views.base import CasinoSettings

__all__ = ["ServerView", "read_server"]

_LOGO_KINDS = ("png", "svg")


@dataclass(frozen=True)
class ServerView:
    """A server's state at one moment, and the floor summary it serves."""

    tables: dict[str, TableState]
    links: dict[str, LinkState]
    settings: CasinoSettings
    summary: dict[str, Any]


async def _logo(client: KioskClient, summary: dict[str, Any], folder: Path) -> Path | None:
    kind = ((summary or {}).get("casino") or {}).get("logo")
    if kind not in _LOGO_KINDS:
        return None
    async with client.session.get(client.url("/floor/logo"), headers=client._headers()) as resp:
        if resp.status != 200:
            return None  # the casino's name stands in for a logo the server cannot send (001 s456(3))
        data = await resp.read()
    path = folder / f"logo.{kind}"
    path.write_bytes(data)
    return path


async def read_server(client: KioskClient, logo_folder: Path) -> ServerView:
    """The floor summary, the logo (saved in ``logo_folder``), every table and link, now.
    Raises the client's errors (``ServerUnreachable``, ``Unauthorized``, ...)."""
    summary = await client.request("GET", "/floor") or {}
    logo = await _logo(client, summary, logo_folder)
    tables = await client.tables()
    links = await client.links()
    return ServerView(tables, links, CasinoSettings.from_summary(summary, logo), summary)
