"""The routes of ``/api/v1`` and their handlers.

:func:`setup_routes` is the route table, every endpoint in one place (as aiohttp-demos keeps its
``routes.py``); below it, one handler per endpoint reads the request's parameters and body
(:func:`read_json_object`, bounded by the application's body limit), calls the
:class:`~kiosk.state.service.Service` and answers JSON.  A handler raises a
:class:`~kiosk.state.errors.StateError` to refuse; the application's middleware turns it into
the error body of docs/api.md.  The endpoints are documented in ``docs/api.md``.
"""

from __future__ import annotations

import asyncio
import logging
import re
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from aiohttp import web

from kiosk.rules.text import text_problem
from kiosk.state.errors import BadRequest, NotFound, StateError, StoreUnavailable
from kiosk.state.events import ROLES
from kiosk.state.http.auth import request_actor, require_role
from kiosk.state.http.floor_routes import add_floor_routes
from kiosk.state.http.jsonbody import parse_json_object
from kiosk.state.http.keys import (
    BODY_LIMIT_KEY,
    BODY_TIMEOUT_KEY,
    HEALTH_KEY,
    HUB_KEY,
    INFO_KEY,
    OPENAPI_KEY,
    SERVICE_KEY,
)
from kiosk.state.http.limits import mark_body_wait
from kiosk.state.http.openapi import OPENAPI_PATH
from kiosk.state.ids import is_id
from kiosk.state.store import AuditQuery
from kiosk.state.time_input import parse_moment, parse_when
from kiosk.state.tokens import check_name

if TYPE_CHECKING:
    from kiosk.floor import Floor

__all__ = ["API_PREFIX", "read_json_object", "setup_routes"]

log = logging.getLogger(__name__)

API_PREFIX = "/api/v1"

_MAX_EVENTS_PAGE = 1000
_DIGITS = re.compile(r"[0-9]{1,18}")  # ASCII digits only: str.isdigit() also takes '²' and '٣'


def setup_routes(app: web.Application, floor: Floor | None) -> None:
    """Every endpoint of ``/api/v1`` and its handler (the stream's is the application's
    :class:`~kiosk.state.http.stream.StreamHub`; ``floor`` is served by
    :mod:`kiosk.state.http.floor_routes`)."""
    p = API_PREFIX
    app.router.add_get(f"{p}/health", _health)
    app.router.add_get(OPENAPI_PATH, _openapi)
    app.router.add_get(f"{p}/tables", _tables)
    app.router.add_get(f"{p}/tables/{{table_id}}", _table)
    app.router.add_get(f"{p}/links", _links)
    app.router.add_get(f"{p}/links/{{link_id}}", _link)
    app.router.add_get(f"{p}/commands", _list_commands)
    app.router.add_post(f"{p}/commands", _command)
    app.router.add_post(f"{p}/commands/{{type}}", _typed_command)
    app.router.add_get(f"{p}/events", _events)
    app.router.add_get(f"{p}/tokens", _list_tokens)
    app.router.add_post(f"{p}/tokens", _create_token)
    app.router.add_delete(f"{p}/tokens/{{token_id}}", _revoke_token)
    app.router.add_get(f"{p}/audit/verify", _verify_audit)
    app.router.add_get(f"{p}/audit", _audit)
    app.router.add_get(f"{p}/session", _session)
    app.router.add_get(f"{p}/displays", _displays)
    app.router.add_post(f"{p}/alerts/acknowledge", _acknowledge_alert)
    app.router.add_get(f"{p}/floor/frame", _floor_frame)
    app.router.add_get(f"{p}/state", _past_state)
    app.router.add_get(f"{p}/stream", app[HUB_KEY].handle)
    add_floor_routes(app, p, floor)


# ---------------------------------------------------------------------------------------------
# Request bodies and parameters


async def read_json_object(request: web.Request) -> dict[str, Any]:
    """Read the request body as one JSON object, bounded by the app's body limit.

    Raises 413 for an oversized body and :class:`BadRequest` for anything that is not a single
    JSON object (malformed, duplicate keys, NaN/Infinity, not UTF-8).
    """
    limit = request.app[BODY_LIMIT_KEY]
    if request.content_length is not None and request.content_length > limit:
        raise web.HTTPRequestEntityTooLarge(max_size=limit, actual_size=request.content_length)
    chunks: list[bytes] = []
    size = 0
    seconds = request.app[BODY_TIMEOUT_KEY]
    mark_body_wait(request, True)
    try:
        async with asyncio.timeout(seconds):
            while size <= limit:
                chunk = await request.content.read(limit + 1 - size)
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
    except (TimeoutError, ConnectionError):
        # a body that does not arrive (a Content-Length that lies), or the connection was closed
        # to make room while it waited: answer (if anyone listens) and drop the connection
        request.protocol.force_close()
        raise web.HTTPRequestTimeout(reason=f"the request body did not arrive within {seconds:g} s") from None
    finally:
        mark_body_wait(request, False)
    if size > limit:
        raise web.HTTPRequestEntityTooLarge(max_size=limit, actual_size=size)
    raw = b"".join(chunks)
    ctype = request.content_type
    if raw and ctype not in ("application/json", "application/octet-stream", ""):
        raise BadRequest(f"the body must be JSON (Content-Type application/json), not {ctype}")
    if not raw.strip():
        raise BadRequest("the request body is empty; send a JSON object")
    return parse_json_object(raw, "the request body")


def _int_param(request: web.Request, name: str, default: int, lo: int, hi: int | None = None) -> int:
    text = request.query.get(name)
    if text is None:
        return default
    if not _DIGITS.fullmatch(text):
        raise BadRequest(f"query parameter {name} must be a whole number, got {text!r}")
    value = int(text)
    if value < lo or (hi is not None and value > hi):
        bound = f"from {lo} to {hi}" if hi is not None else f"at least {lo}"
        raise BadRequest(f"query parameter {name} must be {bound}, got {value}")
    return value


def _tables_param(request: web.Request) -> list[str] | None:
    """``?tables=a,b`` (or repeated ``?table=a&table=b``) as a list, or None for every table."""
    names = [t for part in request.query.getall("tables", []) for t in part.split(",")]
    names += request.query.getall("table", [])
    names = [n.strip() for n in names]
    if not names:
        return None
    if any(not n for n in names):
        raise BadRequest("query parameter tables has an empty table id")
    return list(dict.fromkeys(names))


def _events_json(events: list) -> list[dict[str, Any]]:
    return [e.to_json() for e in events]


# ---------------------------------------------------------------------------------------------
# Handlers


async def _health(request: web.Request) -> web.Response:
    """``GET /health``: 200 while the node serves current state, 503 (with the problems) when it
    has lost the database, cannot hear other nodes or lags behind the database's head - so a
    load balancer takes it out."""
    service = request.app[SERVICE_KEY]
    info = request.app[INFO_KEY]
    limits = request.app[HEALTH_KEY]
    body: dict[str, Any] = {"status": "ok", "node_id": info["node_id"], "store": info["store"]}
    # whether this node signs its audit records (never which key): without a key the chain is
    # unkeyed and anyone with the database file can rewrite it (kiosk audit keygen, docs/audit.md)
    body["audit_keyed"] = service.audit_key is not None
    problems: list[str] = []
    try:
        async with asyncio.timeout(limits.timeout):
            node = await service.health()
    except StateError as exc:  # the details (where the data lives) go to the log, not to anyone asking
        log.warning("health: %s", exc.message)
        problems.append(f"database: {exc.public_message}")
    except TimeoutError:
        problems.append(f"the database did not answer within {limits.timeout:g} s")
    else:
        body.update(
            {
                "seq": node["head"],
                "published": node["published"],
                "lag": {
                    "events": node["lag_events"],
                    "seconds": node["lag_seconds"],
                    "limit_seconds": limits.max_lag_seconds,
                },
                "listening": node["listening"],
            }
        )
        if node["listening"] is False and node["deaf_seconds"] > limits.max_lag_seconds:
            problems.append(
                f"not hearing other nodes' changes for {node['deaf_seconds']:.1f} s: the database "
                "LISTEN connection is down"
            )
        if node["lag_seconds"] > limits.max_lag_seconds:
            problems.append(
                f"{node['lag_seconds']:.1f} s ({node['lag_events']} events) behind the "
                f"database (limit {limits.max_lag_seconds:g} s)"
            )
    body["time"] = datetime.now(UTC).isoformat().replace("+00:00", "Z")
    if not problems:
        return web.json_response(body)
    body["status"] = "unavailable"
    body["problems"] = problems
    body["error"] = {"code": StoreUnavailable.code, "message": "; ".join(problems)}
    return web.json_response(body, status=503)


async def _openapi(request: web.Request) -> web.Response:
    """``GET /openapi.json``: the OpenAPI 3.1 document, generated from the command specs."""
    return web.json_response(request.app[OPENAPI_KEY])


async def _tables(request: web.Request) -> web.Response:
    wanted = _tables_param(request)
    snap = await request.app[SERVICE_KEY].snapshot(tables=wanted)
    if wanted:
        missing = [t for t in wanted if t not in snap["tables"]]
        if missing:
            raise NotFound(f"no table {missing[0]!r}")
    return web.json_response({"seq": snap["seq"], "tables": snap["tables"]})


async def _table(request: web.Request) -> web.Response:
    table_id = request.match_info["table_id"]
    snap = await request.app[SERVICE_KEY].snapshot(tables=[table_id])
    table = snap["tables"].get(table_id)
    if table is None:
        raise NotFound(f"no table {table_id!r}")
    return web.json_response({"seq": snap["seq"], "table": table})


async def _links(request: web.Request) -> web.Response:
    snap = await request.app[SERVICE_KEY].snapshot()
    return web.json_response({"seq": snap["seq"], "links": snap.get("links", {})})


async def _link(request: web.Request) -> web.Response:
    link_id = request.match_info["link_id"]
    snap = await request.app[SERVICE_KEY].snapshot()
    link = snap.get("links", {}).get(link_id)
    if link is None:
        raise NotFound(f"no jackpot link {link_id!r}")
    return web.json_response({"seq": snap["seq"], "link": link})


async def _execute(request: web.Request, command: dict[str, Any]) -> web.Response:
    events = await request.app[SERVICE_KEY].execute(request_actor(request), command)
    body = {"events": _events_json(events), "seq": events[-1].seq if events else None}
    return web.json_response(body)


async def _command(request: web.Request) -> web.Response:
    command = await read_json_object(request)
    ctype = command.get("type")
    if not isinstance(ctype, str):
        raise BadRequest("a command needs a string field 'type' (GET /api/v1/commands lists them)")
    types = _command_types(request)
    if types and ctype not in types:
        raise NotFound(f"unknown command type {ctype[:60]!r} (GET /api/v1/commands lists them)")
    return await _execute(request, command)


async def _typed_command(request: web.Request) -> web.Response:
    ctype = request.match_info["type"]
    types = _command_types(request)
    if types and ctype not in types:
        raise NotFound(f"unknown command type {ctype!r} (GET /api/v1/commands lists them)")
    command = await read_json_object(request)
    if "type" in command and command["type"] != ctype:
        raise BadRequest(f"the body's type {command['type']!r} differs from the URL's {ctype!r}")
    command["type"] = ctype
    return await _execute(request, command)


def _command_types(request: web.Request) -> tuple[str, ...]:
    return request.app[SERVICE_KEY].command_types


def _describe_commands(types: tuple[str, ...]) -> dict[str, Any]:
    """Each command's least role, target, fields and one-line help, for consoles and docs."""
    from kiosk.state.handlers import COMMANDS, command_schema

    out: dict[str, Any] = {}
    for name in types:
        spec = COMMANDS.get(name)
        if spec is None:
            continue
        fields = {
            key: {
                k: v
                for k, v in (
                    ("kind", f.kind),
                    ("required", f.required),
                    ("nullable", f.nullable),
                    ("choices", list(f.choices) if f.choices else None),
                    ("low", f.low),
                    ("high", f.high),
                )
                if v is not None
            }
            for key, f in spec.fields.items()
        }
        out[name] = {
            "role": spec.role,
            "target": f"{spec.target}_id",
            "help": spec.help,
            "fields": fields,
            "games": list(spec.games) if spec.games else None,
            "schema": command_schema(spec),
        }
    return out


async def _list_commands(request: web.Request) -> web.Response:
    types = _command_types(request)
    return web.json_response({"types": list(types), "commands": _describe_commands(types)})


async def _events(request: web.Request) -> web.Response:
    since = _int_param(request, "since", 0, 0)
    limit = _int_param(request, "limit", _MAX_EVENTS_PAGE, 1, _MAX_EVENTS_PAGE)
    tables = _tables_param(request)
    events = await request.app[SERVICE_KEY].events_since(since, tables=tables, limit=limit)
    last = events[-1].seq if events else since
    return web.json_response({"events": _events_json(events), "seq": last, "more": len(events) >= limit})


_TOKEN_FIELDS = {"role", "name", "tables", "displays", "expires_at"}


def _check_expiry(value: Any) -> str | None:
    """``expires_at`` must be null or an ISO 8601 string; the service checks the time itself
    (a timezone, in the future by its clock)."""
    if value is None or isinstance(value, str):
        return value
    raise BadRequest("expires_at must be an ISO 8601 time string with a timezone, e.g. 2027-01-01T00:00:00Z")


async def _create_token(request: web.Request) -> web.Response:
    actor = request_actor(request)
    require_role(actor, "admin")
    body = await read_json_object(request)
    unknown = sorted(set(body) - _TOKEN_FIELDS)
    if unknown:
        raise BadRequest(f"unknown field {unknown[0]!r} (allowed: {', '.join(sorted(_TOKEN_FIELDS))})")
    role, name = body.get("role"), body.get("name")
    if role not in ROLES:
        raise BadRequest(f"role must be one of {', '.join(ROLES)}, got {role!r}")
    name = check_name(name, "name")
    tables = body.get("tables")
    if tables is not None:
        if not isinstance(tables, list) or not all(isinstance(t, str) and t for t in tables):
            raise BadRequest("tables must be a list of table ids (strings) or null")
    displays = body.get("displays")
    if displays is not None:
        if not isinstance(displays, list) or not all(isinstance(d, str) and d for d in displays):
            raise BadRequest("displays must be a list of the floor's display ids (strings) or null")
    expires_at = _check_expiry(body.get("expires_at"))
    token = await request.app[SERVICE_KEY].create_token(
        role, name, tables=tables, expires_at=expires_at, actor=actor, displays=displays
    )
    out = {
        "token": token,
        "role": role,
        "name": name,
        "tables": tables,
        "displays": displays,
        "expires_at": body.get("expires_at"),
    }
    return web.json_response(out, status=201)


async def _list_tokens(request: web.Request) -> web.Response:
    require_role(request_actor(request), "admin")
    return web.json_response({"tokens": await request.app[SERVICE_KEY].list_tokens()})


async def _revoke_token(request: web.Request) -> web.Response:
    actor = request_actor(request)
    require_role(actor, "admin")
    token_id = request.match_info["token_id"]
    await request.app[SERVICE_KEY].revoke_token(token_id, actor=actor)
    return web.json_response({"revoked": token_id})


async def _verify_audit(request: web.Request) -> web.Response:
    require_role(request_actor(request), "admin")
    report = await request.app[SERVICE_KEY].verify_audit()
    return web.json_response(report.to_json())


async def _session(request: web.Request) -> web.Response:
    """Who the token is: what a console signs in with."""
    actor = request_actor(request)
    expires = actor.expires_at.astimezone(UTC).isoformat().replace("+00:00", "Z") if actor.expires_at else None
    return web.json_response(
        {
            "name": actor.name,
            "role": actor.role,
            "token_id": actor.token_id,
            "person": actor.who,
            "tables": sorted(actor.tables) if actor.tables is not None else None,
            "expires_at": expires,
        }
    )


async def _floor_frame(request: web.Request) -> web.Response:
    """The floor frame writes are checked against (pit, admin): so a console checks as you type
    exactly what the service will check (:func:`kiosk.views.builders.check`)."""
    require_role(request_actor(request), "pit", "admin")
    return web.Response(text=request.app[SERVICE_KEY].floor_frame.to_json(), content_type="application/json")


async def _displays(request: web.Request) -> web.Response:
    """The displays streaming from this node now (pit, admin)."""
    require_role(request_actor(request), "pit", "admin")
    return web.json_response(
        {"node_id": request.app[INFO_KEY]["node_id"], "displays": request.app[HUB_KEY].subscribers("display")}
    )


async def _acknowledge_alert(request: web.Request) -> web.Response:
    """A person acknowledges an alert of the pit console (pit, admin): ``{"key", "target",
    "text"}``; recorded as an ``alert_acknowledged`` audit record, which is returned (201)."""
    actor = request_actor(request)
    require_role(actor, "pit", "admin")
    body = await read_json_object(request)
    unknown = sorted(set(body) - {"key", "target", "text"})
    if unknown:
        raise BadRequest(f"unknown field {unknown[0]!r} (allowed: key, target, text)")
    key, target, text = (body.get(name) for name in ("key", "target", "text"))
    for name, value in (("key", key), ("target", target), ("text", text)):
        if not isinstance(value, str):
            raise BadRequest(f"{name}: must be text")
    assert isinstance(key, str) and isinstance(target, str) and isinstance(text, str)
    record = await request.app[SERVICE_KEY].acknowledge_alert(actor, key, target, text)
    return web.json_response(record, status=201)


def _time_param(request: web.Request, name: str) -> datetime | None:
    text = request.query.get(name)
    return None if text is None else parse_when(text, f"query parameter {name}")


def _text_param(request: web.Request, name: str) -> str | None:
    text = request.query.get(name)
    if text is None:
        return None
    problem = text_problem(text, limit=200)
    if problem:
        raise BadRequest(f"query parameter {name} {problem}")
    return text


async def _audit(request: web.Request) -> web.Response:
    """Audit records, newest first, filtered (pit, admin): compliance reads the trail."""
    require_role(request_actor(request), "pit", "admin")
    query = AuditQuery(
        target=_text_param(request, "target"),
        actor=_text_param(request, "actor"),
        action=_text_param(request, "action"),
        since=_time_param(request, "since"),
        until=_time_param(request, "until"),
        before=_int_param(request, "before", 0, 0) or None,
        limit=_int_param(request, "limit", 200, 1, 1000),
    )
    records = await request.app[SERVICE_KEY].audit_records(query)
    return web.json_response({"records": records, "more": len(records) == query.limit})


def _id_param(request: web.Request, name: str, what: str) -> str | None:
    text = request.query.get(name)
    if text is None:
        return None
    if not is_id(text):
        raise BadRequest(f"query parameter {name} must be a {what} id (ASCII letters, digits and _.:-)")
    return text


async def _past_state(request: web.Request) -> web.Response:
    """The floor at a past moment, rebuilt from the event log (pit, admin): what a display of
    it showed then is composed from this (``kiosk snapshot --at``, the console's "What was
    shown"); ``at`` without a zone is the casino's time; ``seq`` instead: right after that event
    (:mod:`kiosk.state.history`)."""
    require_role(request_actor(request), "pit", "admin")
    service = request.app[SERVICE_KEY]
    text = request.query.get("at")
    table, link = _id_param(request, "table", "table"), _id_param(request, "link", "link")
    if "seq" in request.query:  # right after an event: what a display reporting that seq composed from
        if text is not None:
            raise BadRequest("give query parameter at (a moment) or seq (an event), not both")
        past = await service.state_after(_int_param(request, "seq", 0, 1), table=table, link=link)
        return web.json_response(past.to_json())
    if text is None:
        raise BadRequest(
            "query parameter at is required: the moment, e.g. 2026-11-28T21:14 (the casino's time) or 2026-11-28T11:14Z"
        )
    at = parse_moment(text, "query parameter at", service.floor_frame.casino.timezone)
    past = await service.state_at(at, table=table, link=link)
    return web.json_response(past.to_json())
