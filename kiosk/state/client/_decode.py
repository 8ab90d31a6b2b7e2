"""What the client makes of the servers' answers: error bodies as the
:mod:`kiosk.state.errors` class they stand for (:func:`error_from_body`, by the tables of
:mod:`kiosk.state.wire`), events and snapshots as values, and :class:`ServerUnreachable` when no
answer comes at all."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kiosk.rules.times import parse_utc
from kiosk.state.errors import RuleRefused, StateError, StoreUnavailable
from kiosk.state.events import Event
from kiosk.state.shapes import LinkState, TableState
from kiosk.state.wire import ERROR_BY_CODE, ERROR_BY_STATUS

__all__ = ["ServerUnreachable", "Snapshot", "error_from_body", "event_from_json"]


class ServerUnreachable(StoreUnavailable):
    """The server could not be reached (connection refused, reset or timed out)."""

    code = "server_unreachable"


@dataclass(frozen=True)
class Snapshot:
    """The state of the subscribed tables and links as of sequence number ``seq``."""

    seq: int
    tables: dict[str, TableState]
    links: dict[str, LinkState] = field(default_factory=dict)
    resync: bool = False  # True when the server's store is behind the client's last seq


def error_from_body(status: int, body: Any) -> StateError:
    """The :mod:`kiosk.state.errors` exception for an error response."""
    err = body.get("error") if isinstance(body, dict) else None
    if not isinstance(err, dict):
        cls = ERROR_BY_STATUS.get(status, StateError)
        return cls(f"server answered HTTP {status}")
    code = err.get("code") if isinstance(err.get("code"), str) else None
    message = str(err.get("message") or f"server answered HTTP {status}")
    cls = ERROR_BY_CODE.get(code or "") or ERROR_BY_STATUS.get(status, StateError)
    if cls is RuleRefused and not err.get("rule"):
        cls = StateError  # a 422 that names no rule (an older server): keep its status, not the class
    exc = cls(message, rule=err.get("rule"), code=code)
    if cls is StateError or (cls.status != status and status != 413):
        exc.status = status
    if status == 413:
        exc.status = 413
    return exc


def event_from_json(data: dict[str, Any]) -> Event:
    """An :class:`Event` from its JSON form (``Event.to_json()``)."""
    return Event(
        seq=int(data["seq"]),
        type=data["type"],
        table_id=data.get("table_id"),
        data=data.get("data") or {},
        at=parse_utc(data["at"]),
        actor=data.get("actor", ""),
        version=data.get("version"),
    )
