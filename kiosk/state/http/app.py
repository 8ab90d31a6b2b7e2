"""The HTTP API (``/api/v1``): an aiohttp application in front of the Service.

:func:`create_app` builds the application; ``kiosk serve`` runs it. The HTTP layer never touches
the store: it authenticates (:mod:`kiosk.state.http.auth`), parses and bounds the request body,
calls the :class:`~kiosk.state.service.Service` and maps every
:class:`~kiosk.state.errors.StateError` to its status and the JSON error body of docs/api.md::

    {"error": {"code": "...", "message": "one line", "rule": "001 s459(1)"}}

Anything unexpected is logged with its traceback and answered with a one-line 500; bad input
never reaches that path. The routes and their handlers are in :mod:`kiosk.state.http.routes`;
the endpoints are documented in ``docs/api.md``.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from kiosk.rules.text import single_line
from kiosk.state.errors import StateError
from kiosk.state.http.auth import auth_middleware
from kiosk.state.http.keys import (
    BODY_LIMIT_KEY,
    BODY_TIMEOUT_KEY,
    HEALTH_KEY,
    HUB_KEY,
    INFO_KEY,
    OPENAPI_KEY,
    SERVICE_KEY,
    HealthSettings,
    ServerInfo,
)
from kiosk.state.http.limits import mark_request
from kiosk.state.http.openapi import openapi_document
from kiosk.state.http.routes import setup_routes
from kiosk.state.http.stream import StreamHub, StreamSettings
from kiosk.state.service import Service
from kiosk.state.wire import HTTP_ERROR_CODES

if TYPE_CHECKING:
    from kiosk.floor import Floor

__all__ = ["MAX_BODY_BYTES", "create_app", "error_response", "server_info"]

log = logging.getLogger(__name__)

MAX_BODY_BYTES = 64 * 1024
"""Largest request body accepted; a larger one is refused with 413 before it is parsed."""


# ---------------------------------------------------------------------------------------------
# Errors


def error_response(status: int, code: str, message: str, rule: str | None = None) -> web.Response:
    """A JSON error response in the contract's shape (the message always one line)."""
    body: dict[str, Any] = {"code": code, "message": single_line(message)}
    if rule is not None:
        body["rule"] = rule
    return web.json_response({"error": body}, status=status)


@web.middleware
async def _busy_middleware(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """The connection is busy while a request (or a stream) is served: a connection limit
    never closes it then (:mod:`kiosk.state.http.limits`)."""
    mark_request(request, True)
    try:
        return await handler(request)
    finally:
        mark_request(request, False)


@web.middleware
async def _error_middleware(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    try:
        return await handler(request)
    except StateError as exc:
        if exc.status >= 500:
            log.error("%s %s: %s", request.method, request.path, exc.message)
        return web.json_response(exc.to_json(), status=exc.status)
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        if exc.status == 404:
            message = f"no such endpoint: {request.method} {request.path}"
        elif exc.status == 405:
            message = f"method {request.method} is not allowed on {request.path}"
        elif exc.status == 413:
            message = f"request body too large (limit {request.app[BODY_LIMIT_KEY]} bytes)"
        else:
            message = exc.reason
        return error_response(exc.status, HTTP_ERROR_CODES.get(exc.status, "http_error"), message)
    except ConnectionResetError:  # the client went away while sending its request: nothing was done
        log.info("%s %s: the client closed the connection mid-request", request.method, request.path)
        return error_response(400, "bad_request", "the request was cut off before its body arrived")
    except Exception:
        log.exception("internal error on %s %s", request.method, request.path)
        return error_response(500, "internal", "internal server error; the server log has the details")


def server_info(app: web.Application) -> ServerInfo:
    """``{"node_id": ..., "store": ...}`` of an application made by :func:`create_app`."""
    return app[INFO_KEY].copy()


# ---------------------------------------------------------------------------------------------
# The application


def create_app(
    service: Service,
    *,
    node_id: str | None = None,
    store: str | None = None,
    max_body_bytes: int = MAX_BODY_BYTES,
    body_timeout: float = 15.0,
    stream: StreamSettings | None = None,
    health: HealthSettings | None = None,
    floor: Floor | None = None,
) -> web.Application:
    """The aiohttp application serving ``/api/v1`` for ``service``.

    ``node_id`` and ``store`` ("sqlite" or "postgresql") are reported by ``/api/v1/health``
    (defaulting to the service's own ``node_id`` and ``kind`` attributes).
    ``body_timeout``: seconds a request body may take to arrive (then 408 and the connection
    is closed; :class:`kiosk.state.http.limits.GuardedRunner` bounds the rest of a connection's
    life). ``stream`` tunes the WebSocket hub (queue bound, heartbeats); ``health`` when the node
    reports itself unavailable. The service is not closed by
    the application; whoever opened it closes it. ``floor`` (the loaded floor file, if any) is
    served to displays by ``/api/v1/floor`` (:mod:`kiosk.state.http.floor_routes`).
    """
    app = web.Application(
        middlewares=[_busy_middleware, _error_middleware, auth_middleware(SERVICE_KEY)],
        client_max_size=max_body_bytes,
    )
    app[SERVICE_KEY] = service
    app[OPENAPI_KEY] = openapi_document(service.command_types or None)
    app[BODY_LIMIT_KEY] = max_body_bytes
    app[BODY_TIMEOUT_KEY] = body_timeout
    app[HEALTH_KEY] = health or HealthSettings()
    app[INFO_KEY] = ServerInfo(
        node_id=node_id if node_id is not None else service.node_id,
        store=store if store is not None else service.kind,
    )
    hub = StreamHub(service, stream or StreamSettings())
    app[HUB_KEY] = hub
    app.on_shutdown.append(lambda _app: hub.close_all())

    setup_routes(app, floor)
    return app
