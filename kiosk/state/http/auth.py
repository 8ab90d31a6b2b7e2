"""Bearer-token authentication for the HTTP API.

Every request under ``/api/v1`` except ``GET /api/v1/health``, ``GET /api/v1/openapi.json`` (and the WebSocket stream, which
may also authenticate with its first message) carries ``Authorization: Bearer <token>``. The
token is checked by :meth:`kiosk.state.service.Service.authenticate`; the resulting
:class:`~kiosk.state.events.Actor` is stored on the request under :data:`ACTOR_KEY`.

A display token can only read: any method other than GET/HEAD is refused with 403 before the
request reaches the service.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

from kiosk.state.errors import Forbidden, Unauthorized
from kiosk.state.events import Actor

__all__ = [
    "ACTOR_KEY",
    "PUBLIC_PATHS",
    "READ_METHODS",
    "auth_middleware",
    "bearer_token",
    "request_actor",
    "require_role",
]

ACTOR_KEY: web.RequestKey[Actor] = web.RequestKey("kiosk_actor", Actor)
"""Request key under which the authenticated :class:`Actor` is stored."""

PUBLIC_PATHS = frozenset({"/api/v1/health", "/api/v1/openapi.json"})
"""Paths that need no token."""

STREAM_PATH = "/api/v1/stream"

READ_METHODS = frozenset({"GET", "HEAD"})
"""Methods a display (read-only) token may use."""

_MAX_TOKEN_LENGTH = 512


def bearer_token(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header value, or None when absent.

    Raises :class:`Unauthorized` for a header that is present but is not a bearer token.
    """
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise Unauthorized("Authorization header must be 'Bearer <token>'")
    if len(token) > _MAX_TOKEN_LENGTH or not token.isprintable() or " " in token:
        raise Unauthorized("the bearer token is malformed")
    return token


def request_actor(request: web.Request) -> Actor:
    """The authenticated actor of a request (set by :func:`auth_middleware`)."""
    return request[ACTOR_KEY]


def require_role(actor: Actor, *roles: str) -> None:
    """Raise :class:`Forbidden` unless ``actor`` has one of ``roles``."""
    if actor.role not in roles:
        wanted = " or ".join(roles)
        raise Forbidden(f"this needs a {wanted} token; '{actor.name}' has role {actor.role}")


def auth_middleware(service_key: web.AppKey) -> Callable[..., Awaitable[web.StreamResponse]]:
    """Build the middleware; ``service_key`` is the app key holding the Service."""

    @web.middleware
    async def middleware(
        request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        if request.path in PUBLIC_PATHS or request.match_info.http_exception is not None:
            # Public, or no such endpoint/method: the error handler answers 404/405.
            return await handler(request)
        token = bearer_token(request.headers.get("Authorization"))
        if request.path == STREAM_PATH:
            # The stream may authenticate with its first message instead of the header.
            if token is not None:
                request[ACTOR_KEY] = await request.app[service_key].authenticate(token)
            return await handler(request)
        if token is None:
            raise Unauthorized("missing token: send 'Authorization: Bearer <token>'")
        actor = await request.app[service_key].authenticate(token)
        if actor.role == "display" and request.method not in READ_METHODS:
            raise Forbidden(f"a display token can only read; '{actor.name}' cannot {request.method}")
        request[ACTOR_KEY] = actor
        return await handler(request)

    return middleware
