"""``GET /api/v1/floor`` and ``/api/v1/floor/logo``: what a display needs of the floor file.

A display computer is started with a server URL only (``kiosk display --server URL``); the
screens it drives, the casino's name, time zone and logo come from the floor file the server
was started with (``kiosk serve --floor FILE``)::

    GET /api/v1/floor  ->  {"casino": {"name", "timezone", "logo": "png" | "svg" | null},
                            "displays": [{"id", "table", "link", "view", "screen"}, ...]}
    GET /api/v1/floor/logo  ->  the logo file's bytes (404 without a logo)

Any token may read them.  A server started without a floor file answers ``{"casino": null,
"displays": []}``: its displays must name their table and view themselves.
"""

from __future__ import annotations

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
        },
        "displays": [
            {"id": d.id, "table": d.table, "link": d.link, "view": d.view, "screen": d.screen}
            for _, d in sorted(floor.displays.items())
        ],
    }


async def _floor(request: web.Request) -> web.Response:
    request_actor(request)  # any valid token
    return web.json_response(floor_summary(request.app.get(FLOOR_KEY)))


async def _logo(request: web.Request) -> web.Response:
    request_actor(request)
    floor = request.app.get(FLOOR_KEY)
    logo = floor.casino.logo if floor is not None else None
    if logo is None or logo.suffix.lower() not in _MEDIA:
        raise NotFound("this floor has no logo")
    try:
        body = logo.read_bytes()
    except OSError:
        raise NotFound(f"the logo file {logo.name} cannot be read on the server") from None
    return web.Response(body=body, content_type=_MEDIA[logo.suffix.lower()])


def add_floor_routes(app: web.Application, prefix: str, floor: Floor | None) -> None:
    """Serve ``floor`` (a :class:`kiosk.floor.Floor`, or ``None``) under ``prefix``."""
    app[FLOOR_KEY] = floor
    app.router.add_get(f"{prefix}/floor", _floor)
    app.router.add_get(f"{prefix}/floor/logo", _logo)
