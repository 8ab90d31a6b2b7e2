"""What :func:`~kiosk.state.http.app.create_app` keeps on the application for its handlers:
the service, the stream hub, this node's identity, the request body's limits, the health
settings and the OpenAPI document, each under a typed ``web.AppKey`` (as aiohttp-demos keeps
its keys in ``typedefs.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict

from aiohttp import web

from kiosk.state.http.stream import StreamHub
from kiosk.state.service import Service

__all__ = [
    "BODY_LIMIT_KEY",
    "BODY_TIMEOUT_KEY",
    "HEALTH_KEY",
    "HUB_KEY",
    "INFO_KEY",
    "OPENAPI_KEY",
    "SERVICE_KEY",
    "HealthSettings",
    "ServerInfo",
]

SERVICE_KEY: web.AppKey[Service] = web.AppKey("kiosk_service", Service)
HUB_KEY: web.AppKey[StreamHub] = web.AppKey("kiosk_stream_hub", StreamHub)


class ServerInfo(TypedDict):
    """This node as ``/api/v1/health`` reports it: its id and its store (``sqlite`` or
    ``postgresql``)."""

    node_id: str
    store: str


INFO_KEY: web.AppKey[ServerInfo] = web.AppKey("kiosk_server_info")
BODY_LIMIT_KEY: web.AppKey[int] = web.AppKey("kiosk_body_limit", int)
BODY_TIMEOUT_KEY: web.AppKey[float] = web.AppKey("kiosk_body_timeout", float)


@dataclass(frozen=True)
class HealthSettings:
    """When ``/api/v1/health`` answers 503: the node is more than ``max_lag_seconds`` behind the
    database's head or has not heard other nodes (LISTEN down) for that long, or the database
    did not answer within ``timeout`` seconds."""

    max_lag_seconds: float = 5.0
    timeout: float = 2.0


HEALTH_KEY: web.AppKey[HealthSettings] = web.AppKey("kiosk_health", HealthSettings)

OPENAPI_KEY: web.AppKey[dict[str, Any]] = web.AppKey("kiosk_openapi", dict)
