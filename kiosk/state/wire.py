"""The wire protocol in one place: what the server and its clients agree on beyond each body.

* **Errors.** An error answers ``{"error": {"code", "message", "rule"}}`` (docs/api.md) with
  the HTTP status of its :mod:`kiosk.state.errors` class.  Which class a ``code`` or a status
  stands for is derived from the ``code`` and ``status`` each class carries
  (:data:`ERROR_BY_CODE`, :data:`ERROR_BY_STATUS`); :data:`HTTP_ERROR_CODES` adds the codes of
  the errors the server answers by itself (no such method, a body too large or too slow).
* **The stream** (``/api/v1/stream``; the protocol is told in :mod:`kiosk.state.http.stream`):
  the ``type`` of each message (``MSG_*``) and the close codes (``CLOSE_*``), with the error
  class of each close after which reconnecting cannot help (:data:`CLOSE_ERRORS`).
* **The floor summary** (``GET /api/v1/floor``): :class:`FloorSummary`.

The server (:mod:`kiosk.state.http`) and the client (:mod:`kiosk.state.client`) both import
this module; it imports neither.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from kiosk.state.errors import (
    AuditKeyError,
    BadRequest,
    Conflict,
    DatabaseTooNew,
    Forbidden,
    NotFound,
    RuleRefused,
    StateError,
    StoreUnavailable,
    Unauthorized,
)

__all__ = [
    "CLOSE_BAD_REQUEST",
    "CLOSE_CODES",
    "CLOSE_ERRORS",
    "CLOSE_FORBIDDEN",
    "CLOSE_GOING_AWAY",
    "CLOSE_INTERNAL",
    "CLOSE_NOT_FOUND",
    "CLOSE_TOO_SLOW",
    "CLOSE_TRY_AGAIN",
    "CLOSE_UNAUTHORIZED",
    "ERROR_BY_CODE",
    "ERROR_BY_STATUS",
    "ERROR_CLASSES",
    "HTTP_ERROR_CODES",
    "MSG_ERROR",
    "MSG_EVENT",
    "MSG_HEARTBEAT",
    "MSG_PING",
    "MSG_PONG",
    "MSG_READY",
    "MSG_SHOWING",
    "MSG_SHOWING_RECORDED",
    "MSG_SNAPSHOT",
    "MSG_SUBSCRIBE",
    "CasinoSummary",
    "DisplaySummary",
    "FloorSummary",
    "HelpSummary",
]

# -- errors -------------------------------------------------------------------------------------

ERROR_CLASSES: tuple[type[StateError], ...] = (
    BadRequest,
    Unauthorized,
    Forbidden,
    NotFound,
    Conflict,
    RuleRefused,
    StoreUnavailable,
    DatabaseTooNew,
    AuditKeyError,
)
"""Every error the service raises, each with its own ``code`` and its HTTP ``status``."""

ERROR_BY_CODE: dict[str, type[StateError]] = {cls.code: cls for cls in ERROR_CLASSES}
"""Error code -> the class it stands for."""


def _one_class_per_status() -> dict[int, type[StateError]]:
    """Each HTTP status that exactly one class answers with (500 stands for two)."""
    found: dict[int, list[type[StateError]]] = {}
    for cls in ERROR_CLASSES:
        found.setdefault(cls.status, []).append(cls)
    return {status: classes[0] for status, classes in found.items() if len(classes) == 1}


ERROR_BY_STATUS: dict[int, type[StateError]] = {**_one_class_per_status(), 413: BadRequest}
"""HTTP status -> the class an error is read as when its body names no known code: the status's
one class, and a :class:`BadRequest` for 413 (a body too large, refused by the server itself).
A status not here (500) is read as a plain :class:`StateError` keeping its status."""

HTTP_ERROR_CODES: dict[int, str] = {
    **{status: cls.code for status, cls in _one_class_per_status().items()},
    405: "method_not_allowed",
    408: "request_timeout",
    413: "payload_too_large",
    415: "unsupported_media_type",
}
"""HTTP status -> the error code the server answers with when aiohttp, not the service, refuses
a request (no such endpoint or method, a body too large, a body that does not arrive)."""

# -- the stream ---------------------------------------------------------------------------------

MSG_SUBSCRIBE = "subscribe"
"""Client -> server, the first message: ``{"type", "token", "tables", "since"}``."""
MSG_PING = "ping"
"""Client -> server: answered with :data:`MSG_PONG`."""
MSG_SHOWING = "showing"
"""Display -> server: what a screen shows of a table (:mod:`kiosk.state.showing`)."""
MSG_SNAPSHOT = "snapshot"
"""Server -> client: the subscribed tables and links as of ``seq`` (a fresh start)."""
MSG_READY = "ready"
"""Server -> client: caught up to ``seq``; live events follow."""
MSG_EVENT = "event"
"""Server -> client: one committed event."""
MSG_HEARTBEAT = "heartbeat"
"""Server -> client: the last ``seq`` sent and the store's ``head``."""
MSG_PONG = "pong"
"""Server -> client: the answer to :data:`MSG_PING`."""
MSG_SHOWING_RECORDED = "showing_recorded"
"""Server -> display: its :data:`MSG_SHOWING` report was taken."""
MSG_ERROR = "error"
"""Server -> client: a message the client sent was not taken; the stream goes on."""

CLOSE_GOING_AWAY = 1001
CLOSE_INTERNAL = 1011
CLOSE_TRY_AGAIN = 1013
CLOSE_TOO_SLOW = 4008
CLOSE_BAD_REQUEST = 4400
CLOSE_UNAUTHORIZED = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404

CLOSE_CODES: dict[int, int] = {
    400: CLOSE_BAD_REQUEST,
    401: CLOSE_UNAUTHORIZED,
    403: CLOSE_FORBIDDEN,
    404: CLOSE_NOT_FOUND,
    503: CLOSE_TRY_AGAIN,
}
"""HTTP status of a :class:`StateError` -> WebSocket close code."""

CLOSE_ERRORS: dict[int, type[StateError]] = {
    CLOSE_CODES[cls.status]: cls for cls in (BadRequest, Unauthorized, Forbidden, NotFound)
}
"""Close code -> the error a client raises instead of reconnecting (reconnecting cannot help)."""

# -- the floor summary --------------------------------------------------------------------------


class CasinoSummary(TypedDict):
    """The casino of the floor file: its name, time zone (an IANA name), the kind of its
    logo (``"png"``, ``"svg"``, or None without one; the bytes are ``GET /api/v1/floor/logo``) and
    of each poker table's event logo (002 r2.2; ``GET /api/v1/floor/event_logo/{table_id}``;
    absent from a server older than it)."""

    name: str
    timezone: str
    logo: str | None
    event_logos: NotRequired[dict[str, str]]
    help: NotRequired[HelpSummary]


class HelpSummary(TypedDict):
    """The floor's ``[help]``: the help for patrons sign's paragraphs (000 s232(2)), the
    languages displays offer players, and how long help stays up without a touch (seconds)."""

    patrons: list[str]
    patrons_by_language: NotRequired[dict[str, list[str]]]
    languages: list[str]
    idle_seconds: float


class DisplaySummary(TypedDict):
    """One display of the floor file: which view of which table (or link), on which screen."""

    id: str
    table: str | None
    link: str | None
    view: str
    screen: int


class FloorSummary(TypedDict):
    """The body of ``GET /api/v1/floor``; a server started without a floor file answers
    ``{"casino": None, "displays": []}``."""

    casino: CasinoSummary | None
    displays: list[DisplaySummary]
