"""``GET /api/v1/floor``, ``/api/v1/floor/logo`` and ``/api/v1/floor/event_logo/{table_id}``:
what a display needs of the floor file.

A display computer is started with a server URL only (``kiosk display --server URL``); the
screens it drives, the casino's name, time zone and logo, and the logos of the poker events its
tables play come from the floor file the server was started with (``kiosk serve --floor FILE``)::

    GET /api/v1/floor  ->  {"casino": {"name", "timezone", "logo": "png" | "svg" | null,
                                       "event_logos": {table id: "png" | "svg"}},
                            "displays": [{"id", "table", "link", "view", "screen"}, ...]}
    GET /api/v1/floor/logo  ->  the logo file's bytes (404 without a logo)
    GET /api/v1/floor/event_logo/{table_id}  ->  the poker table's event logo (002 r2.2; 404 without one)

Any token may read them.  A server started without a floor file answers ``{"casino": null,
"displays": []}``: its displays must name their table and view themselves.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from aiohttp import web

from kiosk.state.errors import NotFound
from kiosk.state.http.auth import request_actor
from kiosk.state.wire import FloorSummary

if TYPE_CHECKING:
    from kiosk.floor import Floor

__all__ = ["FLOOR_KEY", "add_floor_routes", "floor_summary"]

FLOOR_KEY: web.AppKey[Floor | None] = web.AppKey("kiosk_floor")
_MEDIA = {".png": "image/png", ".svg": "image/svg+xml"}


def floor_summary(floor: Floor | None) -> FloorSummary:
    """The JSON body of ``GET /floor`` for a loaded floor (``None``: no floor file)."""
    if floor is None:
        return {"casino": None, "displays": []}
    logo = floor.casino.logo
    return {
        "casino": {
            "name": floor.casino.name,
            "timezone": str(floor.casino.timezone),
            "logo": logo.suffix.lower().lstrip(".") if logo is not None and logo.suffix.lower() in _MEDIA else None,
            "event_logos": {
                tid: path.suffix.lower().lstrip(".")
                for tid, path in _event_logos(floor).items()
                if path.suffix.lower() in _MEDIA
            },
            "help": {
                "patrons": list(floor.help.patrons),
                "patrons_by_language": {k: list(v) for k, v in floor.help.patrons_by_language.items()},
                "languages": list(floor.help.languages),
                "idle_seconds": floor.help.idle_seconds,
            },
        },
        "displays": [
            {"id": d.id, "table": d.table, "link": d.link, "view": d.view, "screen": d.screen}
            for _, d in sorted(floor.displays.items())
        ],
    }


async def _floor(request: web.Request) -> web.Response:
    request_actor(request)  # any valid token
    return web.json_response(floor_summary(request.app.get(FLOOR_KEY)))


def _event_logos(floor: Floor) -> dict[str, Path]:
    """Each poker table's event logo file (002 r2.2), by table id."""
    return {t.id: t.poker_settings.event_logo for t in floor.tables.values() if t.poker_settings.event_logo is not None}


def _file(path: Path | None, missing: str) -> web.Response:
    if path is None or path.suffix.lower() not in _MEDIA:
        raise NotFound(missing)
    try:
        body = path.read_bytes()
    except OSError:
        raise NotFound(f"the file {path.name} cannot be read on the server") from None
    return web.Response(body=body, content_type=_MEDIA[path.suffix.lower()])


async def _logo(request: web.Request) -> web.Response:
    request_actor(request)
    floor = request.app.get(FLOOR_KEY)
    return _file(floor.casino.logo if floor is not None else None, "this floor has no logo")


async def _event_logo(request: web.Request) -> web.Response:
    request_actor(request)
    floor = request.app.get(FLOOR_KEY)
    table_id = request.match_info["table_id"]
    logo = _event_logos(floor).get(table_id) if floor is not None else None
    return _file(logo, f"table {table_id[:40]!r} has no event logo (002 r2.2)")


def add_floor_routes(app: web.Application, prefix: str, floor: Floor | None) -> None:
    """Serve ``floor`` (a :class:`kiosk.floor.Floor`, or ``None``) under ``prefix``."""
    app[FLOOR_KEY] = floor
    app.router.add_get(f"{prefix}/floor", _floor)
    app.router.add_get(f"{prefix}/floor/logo", _logo)
    app.router.add_get(f"{prefix}/floor/event_logo/{{table_id}}", _event_logo)
