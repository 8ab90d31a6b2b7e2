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
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import socket
import ssl as ssl_module
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult
from aiohttp.resolver import ThreadedResolver

from kiosk.rules.times import parse_utc
from kiosk.state.client.status import Connected, ConnectionEvent, ConnectionEvents, Offline, Resuming, TokenRefused
from kiosk.state.errors import Forbidden, RuleRefused, StateError, StoreUnavailable, Unauthorized
from kiosk.state.events import Event
from kiosk.state.shapes import LinkState, TableState
from kiosk.state.wire import (
    CLOSE_ERRORS,
    CLOSE_TOO_SLOW,
    ERROR_BY_CODE,
    ERROR_BY_STATUS,
    MSG_ERROR,
    MSG_EVENT,
    MSG_HEARTBEAT,
    MSG_READY,
    MSG_SNAPSHOT,
    MSG_SUBSCRIBE,
)

__all__ = [
    "EventStream",
    "KioskClient",
    "LiveState",
    "ServerUnreachable",
    "Snapshot",
    "SpreadResolver",
    "error_from_body",
    "event_from_json",
]

log = logging.getLogger(__name__)


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
        state = item.data.get("state") if isinstance(item.data, dict) else None
        link_id = item.data.get("link_id") if isinstance(item.data, dict) else None
        if item.table_id is not None:
            if isinstance(state, dict):
                self.tables[item.table_id] = state  # type: ignore[assignment]  # a TableState on the wire
            return ("table", item.table_id)
        if link_id is not None:
            if isinstance(state, dict):
                self.links[link_id] = state  # type: ignore[assignment]  # a LinkState on the wire
            return ("link", link_id)
        return ("event", None)


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


class SpreadResolver(AbstractResolver):
    """Resolves a host name to all its addresses, in an order of this client's own.

    A DNS name with several addresses (one per node) then spreads the clients over the nodes,
    and aiohttp tries the next address when one refuses the connection.
    """

    def __init__(self, resolver: AbstractResolver | None = None) -> None:
        self._resolver = resolver if resolver is not None else ThreadedResolver()

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        found = list(await self._resolver.resolve(host, port, family))
        random.shuffle(found)
        return found

    async def close(self) -> None:
        await self._resolver.close()


def _root_url(url: str) -> str:
    root = url.strip().rstrip("/")
    if root.endswith("/api/v1"):
        root = root[: -len("/api/v1")]
    if not root.startswith(("http://", "https://")) or len(root.split("://", 1)[1]) == 0:
        raise ValueError(f"server URL must start with http:// or https://, got {url!r}")
    return root


def _failure(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return f"{exc.__class__.__name__}: {text}" if text else exc.__class__.__name__


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
        urls = [servers] if isinstance(servers, str) else list(servers)
        if not urls:
            raise ValueError("give at least one server URL")
        self.urls: tuple[str, ...] = tuple(dict.fromkeys(_root_url(u) for u in urls))
        self._current = 0
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
        return self.urls[self._current]

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

    def _use(self, base: str) -> None:
        self._current = self.urls.index(base)

    def _order(self, avoid: str | None = None) -> list[str]:
        """The nodes to try: the one in use first, the others in random order (so the clients
        of a lost node spread over the rest), ``avoid`` (a node just lost) last."""
        current = self.base_url
        others = [u for u in self.urls if u != current]
        random.shuffle(others)
        order = [current, *others]
        if avoid is not None and len(order) > 1 and avoid in order:
            order.remove(avoid)
            order.append(avoid)
        return order

    def _headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    def url(self, path: str, base: str | None = None) -> str:
        """The absolute URL of an API path such as ``/tables`` (on the node in use)."""
        return f"{base or self.base_url}/api/v1{path}"

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
        for base in self._order():
            try:
                body = await self._send(base, method, path, json_body, params)
            except aiohttp.ClientConnectorError as exc:  # nothing was sent
                failures.append(f"{base}: {_failure(exc)}")
                continue
            except aiohttp.ConnectionTimeoutError:
                failures.append(f"{base}: no connection within {self._timeout.sock_connect:g} s")
                continue
            except (TimeoutError, aiohttp.ClientConnectionError) as exc:
                if not resendable:
                    raise ServerUnreachable(
                        f"lost {base} during {method} {path} ({_failure(exc)}); the command may have "
                        "been applied: read the state before sending it again"
                    ) from None
                failures.append(f"{base}: {_failure(exc)}")
                continue
            except StoreUnavailable as exc:
                if not resendable or len(self.urls) == 1:
                    raise
                failures.append(f"{base}: {exc.message}")
                continue
            except Unauthorized as exc:
                self.connection.emit(TokenRefused(exc.message, base))
                raise
            self._use(base)
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
        self, role: str, name: str, *, tables: list[str] | None = None, expires_at: datetime | None = None
    ) -> str:
        """Create a token (admin only); the secret is returned once."""
        body: dict[str, Any] = {"role": role, "name": name}
        if tables is not None:
            body["tables"] = tables
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
        return EventStream(self, tables, since, backoff_initial, backoff_max, max_attempts, reconnect_spread)


def _quote(part: str) -> str:
    from urllib.parse import quote

    return quote(part, safe="")


class EventStream:
    """An async iterator over the nodes' stream that survives drops (see :meth:`KioskClient.stream`).

    ``last_seq`` is the sequence number of the last item yielded; ``head`` the store's sequence
    number from the latest heartbeat; ``reconnects`` counts resumed connections; ``last_close``
    is the ``(code, reason)`` of the latest server close; ``last_error`` the server's message
    about the latest message it did not take (:meth:`send`); ``url`` the node streamed from;
    ``heard_at`` (UTC) when the server last said anything (an event, a snapshot or a heartbeat:
    a display's jackpot meter is a fault after 30 s of silence).
    Connection events (:mod:`kiosk.state.client.status`) go to the client's listeners.
    """

    def __init__(
        self,
        client: KioskClient,
        tables: list[str] | None,
        since: int | None,
        backoff_initial: float,
        backoff_max: float,
        max_attempts: int | None,
        reconnect_spread: float = 1.0,
    ) -> None:
        self._client = client
        self.tables = list(tables) if tables else None
        self.last_seq: int | None = since
        self.head: int | None = None
        self.heard_at: datetime | None = None
        self.reconnects = 0
        self.last_close: tuple[int | None, str] | None = None
        self.url: str | None = None
        self.last_error: str | None = None
        self._backoff_initial = backoff_initial
        self._backoff_max = backoff_max
        self._max_attempts = max_attempts
        self._spread = max(0.0, reconnect_spread)
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._closed = False
        self._connected_once = False
        self._iter: AsyncIterator[Snapshot | Event] | None = None

    def __aiter__(self) -> EventStream:
        return self

    async def __anext__(self) -> Snapshot | Event:
        if self._iter is None:
            self._iter = self._run()
        return await self._iter.__anext__()

    async def close(self) -> None:
        """Stop the stream; a pending ``__anext__`` ends with StopAsyncIteration."""
        self._closed = True
        if self._ws is not None:
            await self._ws.close()
        if self._iter is not None:
            try:
                await self._iter.aclose()  # type: ignore[attr-defined]
            except RuntimeError:
                pass  # another task is iterating: it ends at its next step (the socket is closed)

    async def send(self, message: dict[str, Any]) -> bool:
        """Send one message on the stream now (a display's ``showing`` report); ``False`` when
        not connected (send it again after the next ``Connected``)."""
        ws = self._ws
        if ws is None or ws.closed:
            return False
        try:
            await ws.send_str(json.dumps(message, separators=(",", ":")))
        except (ConnectionError, RuntimeError, aiohttp.ClientError):
            return False
        return True

    async def _connect(self, base: str) -> aiohttp.ClientWebSocketResponse:
        client = self._client
        kwargs: dict[str, Any] = {"headers": client._headers(), "heartbeat": 10.0}
        if client._ssl is not None:
            kwargs["ssl"] = client._ssl
        ws = await client.session.ws_connect(client.url("/stream", base), **kwargs)
        await ws.send_str(json.dumps({"type": MSG_SUBSCRIBE, "tables": self.tables, "since": self.last_seq}))
        return ws

    def _refused(self, base: str, exc: StateError) -> StateError:
        if isinstance(exc, (Unauthorized, Forbidden)):
            self._client.connection.emit(TokenRefused(exc.message, base))
        return exc

    async def _run(self) -> AsyncIterator[Snapshot | Event]:
        client = self._client
        delay = self._backoff_initial
        failures = 0
        offline_since = datetime.now(UTC)
        reason = "not connected yet"
        order = client._order()
        while not self._closed:
            if not order:  # every node failed this round: back off, then try them all again
                wait = delay * (0.5 + random.random() / 2)
                delay = min(delay * 2, self._backoff_max)
                give_up = self._max_attempts is not None and failures >= self._max_attempts
                client.connection.emit(Offline(offline_since, reason, failures, None if give_up else wait))
                if give_up:
                    raise ServerUnreachable(
                        f"cannot reach {' or '.join(client.urls)} after {failures} attempts ({reason})"
                    )
                await asyncio.sleep(wait)
                order = client._order()
                continue
            base = order.pop(0)
            try:
                self._ws = await self._connect(base)
            except aiohttp.WSServerHandshakeError as exc:
                if exc.status in (401, 403, 404):
                    raise self._refused(base, error_from_body(exc.status, None)) from None
                failures += 1
                reason = f"{base} answered HTTP {exc.status}"
                continue
            except (TimeoutError, aiohttp.ClientConnectionError, OSError) as exc:
                failures += 1
                reason = f"cannot reach {base} ({_failure(exc)})"
                continue
            client._use(base)
            self.url = base
            if self._connected_once:
                self.reconnects += 1
            self._connected_once = True
            if self.last_seq is not None:
                client.connection.emit(Resuming(base, self.last_seq))
            try:
                async for item in self._receive(self._ws, base):
                    failures = 0
                    delay = self._backoff_initial
                    yield item
            except (Unauthorized, Forbidden) as exc:
                raise self._refused(base, exc) from None
            finally:
                if not self._ws.closed:
                    await self._ws.close()
            if self._closed:
                return
            code, text = self.last_close or (None, "")
            offline_since = datetime.now(UTC)
            reason = f"lost {base}" + (
                f" (close {code}: {text})"
                if code is not None and text
                else f" (close {code})"
                if code is not None
                else ""
            )
            if code == CLOSE_TOO_SLOW:  # the node is fine, resume there
                order = client._order()
                client.connection.emit(Offline(offline_since, reason, 0, 0.0))
                continue
            order = client._order(avoid=base)
            wait = random.uniform(0, self._spread)
            client.connection.emit(Offline(offline_since, reason, 0, wait))
            await asyncio.sleep(wait)

    async def _receive(self, ws: aiohttp.ClientWebSocketResponse, base: str) -> AsyncIterator[Snapshot | Event]:
        code: int | None = None
        reason = ""
        while True:
            msg = await ws.receive()
            if msg.type == aiohttp.WSMsgType.TEXT:
                self.heard_at = datetime.now(UTC)
                data = json.loads(msg.data)
                kind = data.get("type")
                if kind == MSG_EVENT:
                    event = event_from_json(data["event"])
                    if self.last_seq is not None and event.seq <= self.last_seq:
                        continue  # already yielded before a reconnect
                    self.last_seq = event.seq
                    yield event
                elif kind == MSG_SNAPSHOT:
                    self.last_seq = int(data["seq"])
                    yield Snapshot(
                        int(data["seq"]), data.get("tables") or {}, data.get("links") or {}, bool(data.get("resync"))
                    )
                elif kind == MSG_READY:
                    seq = self.last_seq if self.last_seq is not None else int(data.get("seq") or 0)
                    self._client.connection.emit(Connected(base, seq))
                elif kind == MSG_HEARTBEAT:
                    self.head = data.get("head")
                elif kind == MSG_ERROR:  # a message this client sent was not taken; the stream goes on
                    error = data.get("error") or {}
                    self.last_error = str(error.get("message") or error)
                    log.warning("the server did not take a message on the stream: %s", self.last_error)
                continue
            if msg.type == aiohttp.WSMsgType.CLOSE:
                code, reason = msg.data, msg.extra or ""
            elif msg.type == aiohttp.WSMsgType.ERROR:
                reason = str(msg.data)
            if msg.type in (
                aiohttp.WSMsgType.CLOSE,
                aiohttp.WSMsgType.CLOSING,
                aiohttp.WSMsgType.CLOSED,
                aiohttp.WSMsgType.ERROR,
            ):
                break
        if code is None:
            code = ws.close_code
        self.last_close = (code, reason)
        if code in CLOSE_ERRORS:
            raise CLOSE_ERRORS[code](reason or f"stream closed by the server (code {code})")
