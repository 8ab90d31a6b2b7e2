"""The asyncio client of the HTTP API and the live stream, used by displays and the console.

::

    async with KioskClient(["http://node-a:8765", "http://node-b:8765"], token) as client:
        events = await client.execute({"type": "set_limits", "table_id": "tc-1", ...})
        async for item in client.stream(tables=["tc-1"]):
            ...  # first a Snapshot, then Event after Event

Errors from the server are raised as the :mod:`kiosk.state.errors` class of their status
(``RuleRefused`` with ``.rule``, ``Conflict``, ``Forbidden``, ...). When no node can be
reached the client raises :class:`ServerUnreachable`.

The stream (:class:`EventStream`) resumes by itself after a dropped connection, a lost node, a
server restart or a "too slow" cut-off: it reconnects (to another node when its node is lost)
with jittered exponential backoff and asks for everything after the last sequence number it
yielded, so nothing is missed and nothing is yielded twice. How the connection stands is told
as events (:mod:`kiosk.state.client.status`): ``client.on_connection(callback)`` or
``async for change in client.connection_events()``.

Behind this face: ``_nodes`` (which node to try, in which order), ``_stream`` (the
:class:`EventStream`), ``_resolve`` (the :class:`SpreadResolver`) and ``_decode`` (errors,
events and snapshots from the server's JSON).  The client never imports the store, the service
or the HTTP server (``kiosk.state.http``).
"""

from __future__ import annotations

import asyncio
import json
import ssl as ssl_module
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp.abc import AbstractResolver

from kiosk.state.client._decode import ServerUnreachable, Snapshot, error_from_body, event_from_json
from kiosk.state.client._nodes import Nodes, describe_failure
from kiosk.state.client._resolve import SpreadResolver
from kiosk.state.client._stream import EventStream
from kiosk.state.client.status import ConnectionEvent, ConnectionEvents, TokenRefused
from kiosk.state.errors import StateError, StoreUnavailable, Unauthorized
from kiosk.state.events import Event
from kiosk.state.history import PastState
from kiosk.state.ids import is_id
from kiosk.state.shapes import LinkState, TableState
from kiosk.state.wire import FloorSummary

__all__ = [
    "EventStream",
    "KioskClient",
    "LiveState",
    "ServerUnreachable",
    "Snapshot",
    "SpreadResolver",
    "error_from_body",
    "event_from_json",
    "event_logo_files",
    "logo_file",
]

_LOGO_KINDS = ("png", "svg")


@dataclass
class LiveState:
    """The current state of the streamed tables and links, kept up to date from a stream.

    Every event carries the new state of what it changed (``data["state"]``), so applying
    the stream's items in order mirrors the server::

        view = LiveState()
        async for item in client.stream(tables=["BJ-01"]):
            changed = view.apply(item)   # ("table", "BJ-01"), ("link", id) or ("snapshot", None)
    """

    seq: int = 0
    tables: dict[str, TableState] = field(default_factory=dict)
    links: dict[str, LinkState] = field(default_factory=dict)

    def apply(self, item: Snapshot | Event) -> tuple[str, str | None]:
        """Apply a snapshot or an event; returns what changed."""
        if isinstance(item, Snapshot):
            self.seq = item.seq
            self.tables = dict(item.tables)
            self.links = dict(item.links)
            return ("snapshot", None)
        self.seq = item.seq
        data: object = item.data  # as the server sent it
        state = data.get("state") if isinstance(data, dict) else None
        link_id = data.get("link_id") if isinstance(data, dict) else None
        if item.table_id is not None:
            if isinstance(state, dict):
                self.tables[item.table_id] = state  # type: ignore[assignment]  # a TableState on the wire
            return ("table", item.table_id)
        if link_id is not None:
            if isinstance(state, dict):
                self.links[link_id] = state  # type: ignore[assignment]  # a LinkState on the wire
            return ("link", link_id)
        return ("event", None)


def logo_file(folder: Path, summary: FloorSummary | None) -> Path | None:
    """Where the casino's logo that ``summary`` names is kept in ``folder`` (``logo.png`` or
    ``logo.svg``); None when it names none."""
    casino = summary.get("casino") if summary else None
    kind = casino.get("logo") if casino else None
    return folder / f"logo.{kind}" if kind in _LOGO_KINDS else None


def event_logo_files(folder: Path, summary: FloorSummary | None) -> dict[str, Path]:
    """Where the poker tables' event logos that ``summary`` names are kept in ``folder``
    (``event_logo-<table id>.png`` or ``.svg``), by table id."""
    casino = summary.get("casino") if summary else None
    kinds = (casino.get("event_logos") if casino else None) or {}
    return {
        t: folder / f"event_logo-{t}.{kind}" for t, kind in sorted(kinds.items()) if kind in _LOGO_KINDS and is_id(t)
    }


class KioskClient:
    """An HTTP + WebSocket client of one or several ``kiosk serve`` nodes.

    ``servers`` is a server's root URL (``http://host:port``; a trailing ``/api/v1`` is
    accepted) or a list of them, one per node. The client uses one node at a time (the first
    to begin with) and moves to another when it is lost: requests that could not reach a node
    are sent to the next one, and streams resume on another node from their last sequence
    number. A host name with several addresses is tried address by address, in an order of
    this client's own (so many clients spread over the nodes).

    ``timeout`` bounds a whole request, ``connect_timeout`` one connection attempt (a dead
    node must not hold a client for long). ``ssl`` is passed to aiohttp (an
    ``ssl.SSLContext`` to trust a self-signed certificate). The client's connection state is
    told as events (:mod:`kiosk.state.client.status`): :meth:`on_connection`,
    :meth:`connection_events`. Use as an async context manager, or call :meth:`close`.
    """

    def __init__(
        self,
        servers: str | Sequence[str],
        token: str | None = None,
        *,
        timeout: float = 10.0,
        connect_timeout: float = 3.0,
        ssl: ssl_module.SSLContext | bool | None = None,
        resolver: AbstractResolver | None = None,
    ) -> None:
        self._nodes = Nodes([servers] if isinstance(servers, str) else list(servers))
        self.urls: tuple[str, ...] = self._nodes.urls
        self.token = token
        self.connection = ConnectionEvents()
        self._timeout = aiohttp.ClientTimeout(total=timeout, sock_connect=connect_timeout)
        self._ssl = ssl
        self._resolver = resolver
        self._session: aiohttp.ClientSession | None = None

    async def __aenter__(self) -> KioskClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def close(self) -> None:
        """Close the HTTP session (and with it any open stream) and end connection iterators."""
        self.connection.close()
        if self._session is not None:
            await self._session.close()
            self._session = None

    @property
    def base_url(self) -> str:
        """The root URL of the node in use."""
        return self._nodes.current

    @property
    def session(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            connector = aiohttp.TCPConnector(resolver=SpreadResolver(self._resolver))
            self._session = aiohttp.ClientSession(timeout=self._timeout, connector=connector)
        return self._session

    # -- connection state ------------------------------------------------------------------

    def on_connection(self, callback: Callable[[ConnectionEvent], None]) -> Callable[[], None]:
        """Call ``callback`` with each connection event; returns a function that removes it."""
        return self.connection.add_listener(callback)

    def connection_events(self) -> AsyncIterator[ConnectionEvent]:
        """The connection events as an async iterator (ends when the client is closed)."""
        return self.connection.events()

    def _headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    def url(self, path: str, base: str | None = None) -> str:
        """The absolute URL of an API path such as ``/tables`` (on the node in use)."""
        return f"{base or self.base_url}/api/v1{path}"

    async def _open_stream(self, base: str) -> aiohttp.ClientWebSocketResponse:
        """A WebSocket to ``base``'s stream, with this client's token and TLS settings."""
        kwargs: dict[str, Any] = {"headers": self._headers(), "heartbeat": 10.0}
        if self._ssl is not None:
            kwargs["ssl"] = self._ssl
        return await self.session.ws_connect(self.url("/stream", base), **kwargs)

    async def request(
        self, method: str, path: str, *, json_body: Any = None, params: dict[str, str] | None = None
    ) -> Any:
        """Send one request; return the decoded JSON body or raise the mapped error.

        A node that cannot be connected to is skipped for the next. A request that may have
        reached a node before the connection broke (or that the node answered 503) is sent
        again to another node only when that is safe: a read, or a command carrying
        ``expected_version`` (the store refuses a second application with a conflict).
        """
        resendable = method == "GET" or (isinstance(json_body, dict) and "expected_version" in json_body)
        failures: list[str] = []
        for base in self._nodes.order():
            try:
                body = await self._send(base, method, path, json_body, params)
            except aiohttp.ClientConnectorError as exc:  # nothing was sent
                failures.append(f"{base}: {describe_failure(exc)}")
                continue
            except aiohttp.ConnectionTimeoutError:
                failures.append(f"{base}: no connection within {self._timeout.sock_connect:g} s")
                continue
            except (TimeoutError, aiohttp.ClientConnectionError) as exc:
                if not resendable:
                    raise ServerUnreachable(
                        f"lost {base} during {method} {path} ({describe_failure(exc)}); the command may have "
                        "been applied: read the state before sending it again"
                    ) from None
                failures.append(f"{base}: {describe_failure(exc)}")
                continue
            except StoreUnavailable as exc:
                if not resendable or len(self.urls) == 1:
                    raise
                failures.append(f"{base}: {exc.message}")
                continue
            except Unauthorized as exc:
                self.connection.emit(TokenRefused(exc.message, base))
                raise
            self._nodes.use(base)
            return body
        raise ServerUnreachable(
            f"cannot reach {' or '.join(self.urls) if len(self.urls) > 1 else self.urls[0]} ({'; '.join(failures)})"
        )

    async def _send(self, base: str, method: str, path: str, json_body: Any, params: dict[str, str] | None) -> Any:
        kwargs: dict[str, Any] = {"headers": self._headers(), "params": params}
        if self._ssl is not None:
            kwargs["ssl"] = self._ssl
        if json_body is not None:
            kwargs["data"] = json.dumps(json_body)
            kwargs["headers"]["Content-Type"] = "application/json"
        async with self.session.request(method, self.url(path, base), **kwargs) as resp:
            raw = await resp.read()
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                body = None
            if resp.status >= 400:
                raise error_from_body(resp.status, body)
            return body

    # -- reads -----------------------------------------------------------------------------

    async def health(self) -> dict[str, Any]:
        """``GET /health``: status, node id, seq, store kind."""
        return await self.request("GET", "/health")

    async def tables(self) -> dict[str, TableState]:
        """Every table's state, keyed by table id."""
        return (await self.request("GET", "/tables"))["tables"]

    async def table(self, table_id: str) -> TableState:
        """One table's state (NotFound for an unknown id)."""
        return (await self.request("GET", f"/tables/{_quote(table_id)}"))["table"]

    async def links(self) -> dict[str, LinkState]:
        """Every jackpot link's state, keyed by link id."""
        return (await self.request("GET", "/links"))["links"]

    async def link(self, link_id: str) -> LinkState:
        """One jackpot link's state (NotFound for an unknown id)."""
        return (await self.request("GET", f"/links/{_quote(link_id)}"))["link"]

    async def command_types(self) -> list[str]:
        """The command types the server accepts."""
        return (await self.request("GET", "/commands"))["types"]

    async def events_since(self, seq: int, tables: list[str] | None = None, limit: int | None = None) -> list[Event]:
        """Committed events after ``seq`` (at most ``limit``), in sequence order."""
        params = {"since": str(seq)}
        if tables:
            params["tables"] = ",".join(tables)
        if limit is not None:
            params["limit"] = str(limit)
        body = await self.request("GET", "/events", params=params)
        return [event_from_json(e) for e in body["events"]]

    # -- writes ----------------------------------------------------------------------------

    async def execute(self, command: dict[str, Any]) -> list[Event]:
        """Send a command; return the events it committed (or raise the mapped error)."""
        body = await self.request("POST", "/commands", json_body=command)
        return [event_from_json(e) for e in body["events"]]

    async def create_token(
        self,
        role: str,
        name: str,
        *,
        tables: list[str] | None = None,
        expires_at: datetime | None = None,
        displays: list[str] | None = None,
    ) -> str:
        """Create a token (admin only); the secret is returned once.  ``displays``: the floor's
        displays a display token speaks for (docs/readings.md A-28)."""
        body: dict[str, Any] = {"role": role, "name": name}
        if tables is not None:
            body["tables"] = tables
        if displays is not None:
            body["displays"] = displays
        if expires_at is not None:
            body["expires_at"] = expires_at.astimezone(UTC).isoformat().replace("+00:00", "Z")
        return (await self.request("POST", "/tokens", json_body=body))["token"]

    async def verify_audit(self) -> dict[str, Any]:
        """Verify the audit chain (admin only): ``{"ok", "records", "first_broken", "reason"}``."""
        return await self.request("GET", "/audit/verify")

    async def audit(
        self,
        *,
        target: str | None = None,
        actor: str | None = None,
        action: str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        before: int | None = None,
        limit: int = 200,
    ) -> dict[str, Any]:
        """Audit records, newest first (pit, admin): ``{"records": [...], "more": bool}``;
        page back with ``before`` = the oldest record's ``n``."""
        params = {"limit": str(limit)}
        for key, value in (("target", target), ("actor", actor), ("action", action)):
            if value:
                params[key] = value
        for key, moment in (("since", since), ("until", until)):
            if moment is not None:
                params[key] = moment.astimezone(UTC).isoformat().replace("+00:00", "Z")
        if before:
            params["before"] = str(before)
        return await self.request("GET", "/audit", params=params)

    async def state_at(self, at: datetime | str, *, table: str | None = None, link: str | None = None) -> PastState:
        """The floor at a past moment, rebuilt from the event log (pit, admin; ``GET /state``):
        ``at`` an aware time, or the text an operator typed (no zone: the casino's time)."""
        params = {"at": at if isinstance(at, str) else at.astimezone(UTC).isoformat().replace("+00:00", "Z")}
        if table is not None:
            params["table"] = table
        if link is not None:
            params["link"] = link
        body = await self.request("GET", "/state", params=params)
        try:
            return PastState.from_json(body)
        except ValueError as exc:
            raise StateError(f"the server's answer to GET /state: {exc}") from None

    async def state_after(self, seq: int, *, table: str | None = None, link: str | None = None) -> PastState:
        """The floor right after event ``seq`` (pit, admin; ``GET /state?seq=``): the state a
        display reporting that ``seq`` composed its picture from."""
        params = {"seq": str(seq)}
        if table is not None:
            params["table"] = table
        if link is not None:
            params["link"] = link
        body = await self.request("GET", "/state", params=params)
        try:
            return PastState.from_json(body)
        except ValueError as exc:
            raise StateError(f"the server's answer to GET /state: {exc}") from None

    async def session_info(self) -> dict[str, Any]:
        """Who this client's token is: ``{"name", "role", "token_id", "tables", "expires_at"}``."""
        return await self.request("GET", "/session")

    async def floor_frame(self) -> dict[str, Any]:
        """The floor frame the service checks configuration against (pit, admin); give it to
        ``FloorFrame.from_json`` (kiosk.state.floorlaw) for :func:`kiosk.views.builders.check`."""
        return await self.request("GET", "/floor/frame")

    async def displays(self) -> dict[str, Any]:
        """The displays streaming from the node answering now (pit, admin)."""
        return await self.request("GET", "/displays")

    async def acknowledge_alert(self, key: str, target: str, text: str) -> dict[str, Any]:
        """A person acknowledges a console alert about table or link ``target`` (pit, admin):
        the ``alert_acknowledged`` audit record made (``POST /alerts/acknowledge``)."""
        return await self.request("POST", "/alerts/acknowledge", json_body={"key": key, "target": target, "text": text})

    async def floor_summary(self) -> FloorSummary:
        """``GET /floor``: the casino (name, time zone, logo kind) and the displays of the floor
        file the server was started with (any token; ``{"casino": None, "displays": []}``
        without a floor file)."""
        return await self.request("GET", "/floor")

    async def floor_logo(self, folder: Path, summary: FloorSummary | None) -> Path | None:
        """The floor's logo (``GET /floor/logo``) saved in ``folder`` as ``logo.png`` or
        ``logo.svg``, the kind ``summary`` (:meth:`floor_summary`) names; None when it names none.

        A logo is never worth failing for: when it cannot be fetched now (no answer, an error)
        the one saved in ``folder`` before is used, if any, else None (the casino's name stands
        in for a logo, 001 s456(3)).
        """
        into = logo_file(folder, summary)
        return None if into is None else await self._fetch_file("/floor/logo", into)

    async def floor_event_logos(self, folder: Path, summary: FloorSummary | None) -> dict[str, Path]:
        """The poker tables' event logos (002 r2.2) the summary names, each saved in ``folder`` as
        ``event_logo-<table id>.png`` or ``.svg`` (``GET /floor/event_logo/{table_id}``), by
        table id.  As with :meth:`floor_logo`, one that cannot be fetched now is the one saved
        before, if any, else left out (the medallion stays empty)."""
        wanted = event_logo_files(folder, summary)
        saved = await asyncio.gather(  # all at once: a display starting waits for the slowest, not the sum
            *(self._fetch_file(f"/floor/event_logo/{t}", into) for t, into in wanted.items())
        )
        return {t: path for t, path in zip(wanted, saved, strict=True) if path is not None}

    async def _fetch_file(self, path: str, into: Path) -> Path | None:
        """``GET path`` saved as ``into``; the file saved before (or None) when it cannot be fetched."""
        kwargs: dict[str, Any] = {"headers": self._headers()}
        if self._ssl is not None:
            kwargs["ssl"] = self._ssl
        try:
            async with self.session.get(self.url(path), **kwargs) as resp:
                if resp.status != 200:
                    return into if into.exists() else None
                data = await resp.read()
            into.parent.mkdir(parents=True, exist_ok=True)
            into.write_bytes(data)
        except (TimeoutError, OSError, aiohttp.ClientError):
            return into if into.exists() else None
        return into

    # -- stream ----------------------------------------------------------------------------

    def stream(
        self,
        tables: list[str] | None = None,
        *,
        since: int | None = None,
        backoff_initial: float = 0.1,
        backoff_max: float = 5.0,
        max_attempts: int | None = None,
        reconnect_spread: float = 1.0,
    ) -> EventStream:
        """The live stream of ``tables`` (None: every table).

        Without ``since`` it yields a :class:`Snapshot` first; with it, the events after
        ``since``. Then :class:`Event` after :class:`Event`, resuming by itself after drops, on
        another node when its node is lost. When no node can be reached it waits
        ``backoff_initial`` seconds, doubling up to ``backoff_max`` (each wait drawn between half
        and all of it, so clients do not retry in step). After losing its node it waits a random
        time up to ``reconnect_spread`` seconds first, so that the thousand clients of a dead
        node do not all arrive on the others at once. ``max_attempts`` bounds consecutive
        failed connection attempts (None: keep trying).
        """
        return EventStream(
            self._nodes,
            self._open_stream,
            self.connection,
            tables,
            since,
            backoff_initial,
            backoff_max,
            max_attempts,
            reconnect_spread,
        )


def _quote(part: str) -> str:
    from urllib.parse import quote

    return quote(part, safe="")
