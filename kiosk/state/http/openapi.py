"""The OpenAPI 3.1 description of the HTTP API, served at ``GET /api/v1/openapi.json``.

Generated, never written by hand where the code already says it: every command type gets
its own path ``/api/v1/commands/{type}`` whose body schema is
:func:`kiosk.state.handlers.command_schema` of the same :class:`CommandSpec` the service
validates with (:func:`kiosk.state.handlers.check_fields`), and ``POST /api/v1/commands``
takes any of them (``oneOf``, discriminated by ``type``).  The other endpoints are described
in :data:`ENDPOINTS` below; a test checks that they are exactly the routes the application
serves.  Served without a token (like ``/health``): it is the public contract, as
``docs/api.md`` is, and holds nothing about the floor.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

__all__ = ["OPENAPI_PATH", "ENDPOINTS", "openapi_document"]

OPENAPI_PATH = "/api/v1/openapi.json"

_ERROR_STATUSES = {
    400: "bad input: malformed JSON, unknown field, wrong type, bad query parameter",
    401: "missing, unknown, expired or revoked token",
    403: "the token's role may not do this",
    404: "no such table, link, token, command type or endpoint",
    405: "method not allowed on this path",
    409: "expected_version is stale: someone changed it first; nothing was changed",
    413: "request body too large",
    415: "the body is not JSON",
    422: "a game rule refuses it; 'rule' holds the citation",
    503: "the store is unavailable; try again",
}

_STRING_OR_NULL = {"type": ["string", "null"]}
_INT_OR_NULL = {"type": ["integer", "null"]}

SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {
                "type": "object",
                "required": ["code", "message"],
                "properties": {
                    "code": {"type": "string"},
                    "message": {"type": "string"},
                    "rule": {"type": "string", "description": "citation, e.g. 001 s459(1)"},
                },
            }
        },
    },
    "Event": {
        "type": "object",
        "required": ["seq", "type", "table_id", "data", "at", "actor", "version"],
        "properties": {
            "seq": {"type": "integer", "minimum": 1},
            "type": {"type": "string"},
            "table_id": _STRING_OR_NULL,
            "data": {"type": "object", "description": "what happened; 'state' holds the table's (link's) new state"},
            "at": {"type": "string"},
            "actor": {"type": "string"},
            "version": _INT_OR_NULL,
        },
    },
    "Table": {
        "type": "object",
        "required": ["id", "game", "version"],
        "properties": {"id": {"type": "string"}, "game": {"type": "string"}, "version": {"type": "integer"}},
    },
    "Link": {
        "type": "object",
        "required": ["id", "version"],
        "properties": {
            "id": {"type": "string"},
            "version": {"type": "integer"},
            "tables": {"type": "array", "items": {"type": "string"}},
        },
    },
    "CommandResult": {
        "type": "object",
        "required": ["events", "seq"],
        "properties": {
            "events": {"type": "array", "items": {"$ref": "#/components/schemas/Event"}},
            "seq": _INT_OR_NULL,
        },
    },
    "Token": {
        "type": "object",
        "required": ["id", "role", "name"],
        "properties": {
            "id": {"type": "string"},
            "role": {"enum": ["display", "dealer", "pit", "admin"]},
            "name": {"type": "string"},
            "tables": {"type": ["array", "null"], "items": {"type": "string"}},
            "displays": {"type": ["array", "null"], "items": {"type": "string"}},
            "created_at": {"type": "string"},
            "expires_at": _STRING_OR_NULL,
            "revoked_at": _STRING_OR_NULL,
        },
    },
}


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/components/schemas/{name}"}


def _obj(required: Iterable[str], **props: Any) -> dict[str, Any]:
    return {"type": "object", "required": list(required), "properties": props}


_TABLES_QUERY = [
    {
        "name": "tables",
        "in": "query",
        "required": False,
        "schema": {"type": "string"},
        "description": "comma-separated table ids (default: every table)",
    },
    {
        "name": "table",
        "in": "query",
        "required": False,
        "explode": True,
        "schema": {"type": "array", "items": {"type": "string"}},
        "description": "a table id; may repeat",
    },
]


def _path_id(name: str, what: str) -> dict[str, Any]:
    return {"name": name, "in": "path", "required": True, "schema": {"type": "string"}, "description": what}


_VERIFY = _obj(
    ["ok", "records", "first_broken", "reason"],
    ok={"type": "boolean"},
    records={"type": "integer"},
    first_broken=_INT_OR_NULL,
    reason=_STRING_OR_NULL,
    problems={"type": "array", "items": {"type": "string"}},
    notes={"type": "array", "items": {"type": "string"}},
    keyed_from=_INT_OR_NULL,
    key_checked={"type": "boolean"},
    checkpoint={"type": ["object", "null"]},
)

ENDPOINTS: list[dict[str, Any]] = [
    {
        "method": "get",
        "path": "/api/v1/health",
        "role": None,
        "summary": "is this node serving current state",
        "ok": _obj(
            ["status", "node_id", "store", "audit_keyed", "time"],
            status={"enum": ["ok", "unavailable"]},
            node_id=_STRING_OR_NULL,
            store=_STRING_OR_NULL,
            audit_keyed={"type": "boolean"},
            seq={"type": "integer"},
            time={"type": "string"},
        ),
        "errors": [503],
    },
    {
        "method": "get",
        "path": OPENAPI_PATH,
        "role": None,
        "summary": "this document",
        "ok": {"type": "object"},
        "errors": [],
    },
    {
        "method": "get",
        "path": "/api/v1/tables",
        "role": "display",
        "summary": "tables' current state",
        "params": _TABLES_QUERY,
        "ok": _obj(
            ["seq", "tables"], seq={"type": "integer"}, tables={"type": "object", "additionalProperties": _ref("Table")}
        ),
        "errors": [400, 404],
    },
    {
        "method": "get",
        "path": "/api/v1/tables/{table_id}",
        "role": "display",
        "summary": "one table",
        "params": [_path_id("table_id", "a table id")],
        "ok": _obj(["seq", "table"], seq={"type": "integer"}, table=_ref("Table")),
        "errors": [400, 404],
    },
    {
        "method": "get",
        "path": "/api/v1/links",
        "role": "display",
        "summary": "jackpot links",
        "ok": _obj(
            ["seq", "links"], seq={"type": "integer"}, links={"type": "object", "additionalProperties": _ref("Link")}
        ),
        "errors": [],
    },
    {
        "method": "get",
        "path": "/api/v1/links/{link_id}",
        "role": "display",
        "summary": "one jackpot link",
        "params": [_path_id("link_id", "a jackpot link id")],
        "ok": _obj(["seq", "link"], seq={"type": "integer"}, link=_ref("Link")),
        "errors": [400, 404],
    },
    {
        "method": "get",
        "path": "/api/v1/commands",
        "role": "display",
        "summary": "every command type with its least role, target, fields and JSON Schema",
        "ok": _obj(
            ["types", "commands"], types={"type": "array", "items": {"type": "string"}}, commands={"type": "object"}
        ),
        "errors": [],
    },
    {
        "method": "get",
        "path": "/api/v1/events",
        "role": "display",
        "summary": "committed events after a seq",
        "params": [
            {
                "name": "since",
                "in": "query",
                "required": False,
                "schema": {"type": "integer", "minimum": 0},
                "description": "the last seq seen (default 0)",
            },
            {
                "name": "limit",
                "in": "query",
                "required": False,
                "schema": {"type": "integer", "minimum": 1, "maximum": 1000},
                "description": "page size (default 1000)",
            },
            *_TABLES_QUERY,
        ],
        "ok": _obj(
            ["events", "seq", "more"],
            events={"type": "array", "items": _ref("Event")},
            seq={"type": "integer"},
            more={"type": "boolean"},
        ),
        "errors": [400],
    },
    {
        "method": "get",
        "path": "/api/v1/tokens",
        "role": "admin",
        "summary": "every token (never a secret)",
        "ok": _obj(["tokens"], tokens={"type": "array", "items": _ref("Token")}),
        "errors": [],
    },
    {
        "method": "post",
        "path": "/api/v1/tokens",
        "role": "admin",
        "summary": "issue a token (shown once)",
        "body": {
            "type": "object",
            "required": ["role", "name"],
            "additionalProperties": False,
            "properties": {
                "role": {"enum": ["display", "dealer", "pit", "admin"]},
                "name": {"type": "string", "minLength": 1, "maxLength": 100},
                "tables": {"type": ["array", "null"], "items": {"type": "string"}},
                "displays": {
                    "type": ["array", "null"],
                    "items": {"type": "string"},
                    "description": "a display token's floor display ids: its reports count for these only",
                },
                "expires_at": {"type": ["string", "null"], "format": "date-time"},
            },
        },
        "ok_status": 201,
        "ok": _obj(
            ["token", "role", "name"], token={"type": "string"}, role={"type": "string"}, name={"type": "string"}
        ),
        "errors": [400, 404, 413, 415],
    },
    {
        "method": "delete",
        "path": "/api/v1/tokens/{token_id}",
        "role": "admin",
        "summary": "revoke a token",
        "params": [_path_id("token_id", "tok_...")],
        "ok": _obj(["revoked"], revoked={"type": "string"}),
        "errors": [400, 404],
    },
    {
        "method": "get",
        "path": "/api/v1/audit/verify",
        "role": "admin",
        "summary": "verify the audit trail and the stored state against the event log (docs/audit.md)",
        "ok": _VERIFY,
        "errors": [],
    },
    {
        "method": "get",
        "path": "/api/v1/audit",
        "role": "pit",
        "summary": "audit records, newest first, filtered",
        "params": [
            *(
                {
                    "name": n,
                    "in": "query",
                    "required": False,
                    "schema": {"type": "string", "maxLength": 200},
                    "description": f"only records of this {n}",
                }
                for n in ("target", "actor", "action")
            ),
            *(
                {
                    "name": n,
                    "in": "query",
                    "required": False,
                    "schema": {"type": "string", "format": "date-time"},
                    "description": d,
                }
                for n, d in (("since", "from this time (inclusive)"), ("until", "up to this time (exclusive)"))
            ),
            {
                "name": "before",
                "in": "query",
                "required": False,
                "schema": {"type": "integer", "minimum": 0},
                "description": "records numbered below this (the next page)",
            },
            {
                "name": "limit",
                "in": "query",
                "required": False,
                "schema": {"type": "integer", "minimum": 1, "maximum": 1000},
                "description": "page size (default 200)",
            },
        ],
        "ok": _obj(
            ["records", "more"], records={"type": "array", "items": {"type": "object"}}, more={"type": "boolean"}
        ),
        "errors": [400],
    },
    {
        "method": "get",
        "path": "/api/v1/session",
        "role": "display",
        "summary": "who the token is",
        "ok": _obj(
            ["name", "role", "token_id", "tables", "expires_at"],
            name={"type": "string"},
            person={"type": "string", "description": "the person the token acts for (two-person controls)"},
            role={"enum": ["display", "dealer", "pit", "admin"]},
            token_id=_STRING_OR_NULL,
            tables={"type": ["array", "null"], "items": {"type": "string"}},
            expires_at=_STRING_OR_NULL,
        ),
        "errors": [],
    },
    {
        "method": "get",
        "path": "/api/v1/displays",
        "role": "pit",
        "summary": "the displays streaming from this node now",
        "ok": _obj(
            ["node_id", "displays"], node_id=_STRING_OR_NULL, displays={"type": "array", "items": {"type": "object"}}
        ),
        "errors": [],
    },
    {
        "method": "post",
        "path": "/api/v1/alerts/acknowledge",
        "role": "pit",
        "summary": "a person acknowledges a console alert; recorded as an alert_acknowledged audit record",
        "body": {
            "type": "object",
            "required": ["key", "target", "text"],
            "additionalProperties": False,
            "properties": {
                "key": {"type": "string", "minLength": 1, "maxLength": 200},
                "target": {"type": "string", "description": "the table or link the alert is about"},
                "text": {"type": "string", "minLength": 1, "maxLength": 1000},
            },
        },
        "ok_status": 201,
        "ok": _obj(
            ["action", "target", "details"],
            action={"type": "string"},
            target={"type": "string"},
            details={"type": "object"},
        ),
        "errors": [400, 404, 413, 415],
    },
    {
        "method": "get",
        "path": "/api/v1/floor/frame",
        "role": "pit",
        "summary": "the floor frame writes are checked against (kiosk.state.floorlaw.FloorFrame)",
        "ok": {"type": "object"},
        "errors": [],
    },
    {
        "method": "get",
        "path": "/api/v1/state",
        "role": "pit",
        "summary": "the floor at a past moment, rebuilt from the event log (kiosk.state.history)",
        "params": [
            {
                "name": "at",
                "in": "query",
                "required": False,
                "schema": {"type": "string", "maxLength": 64},
                "description": "the moment: ISO 8601, the casino's time without a zone, or with Z or an offset"
                " (at or seq is required)",
            },
            {
                "name": "seq",
                "in": "query",
                "required": False,
                "schema": {"type": "integer", "minimum": 1},
                "description": "instead of at: the floor right after this event",
            },
            *(
                {
                    "name": n,
                    "in": "query",
                    "required": False,
                    "schema": {"type": "string", "maxLength": 200},
                    "description": f"the {d} asked about (refused when it was not on the floor then)",
                }
                for n, d in (("table", "table"), ("link", "jackpot link"))
            ),
        ],
        "ok": _obj(
            ["at", "n", "head", "record_at", "seq", "tables", "links", "casino", "frame", "frame_from", "reports"],
            at={"type": "string", "format": "date-time"},
            n={"type": "integer", "minimum": 0},
            head={"type": "string"},
            record_at=_STRING_OR_NULL,
            seq={"type": "integer", "minimum": 0},
            tables={"type": "object", "additionalProperties": _ref("Table")},
            links={"type": "object", "additionalProperties": _ref("Link")},
            casino=_obj(["name", "timezone"], name={"type": "string"}, timezone={"type": "string"}),
            frame={"type": ["object", "null"]},
            frame_from={"type": "string"},
            reports={"type": "array", "items": {"type": "object"}},
            target={"type": ["object", "null"]},
            events_read={"type": "integer"},
            head_now={"type": "object"},
        ),
        "errors": [400, 404],
    },
    {
        "method": "get",
        "path": "/api/v1/floor",
        "role": "display",
        "summary": "the floor's displays and casino",
        "ok": _obj(["casino", "displays"], casino={"type": ["object", "null"]}, displays={"type": "array"}),
        "errors": [],
    },
    {
        "method": "get",
        "path": "/api/v1/floor/logo",
        "role": "display",
        "summary": "the casino's logo file",
        "ok_media": ["image/png", "image/svg+xml"],
        "errors": [404],
    },
    {
        "method": "get",
        "path": "/api/v1/floor/event_logo/{table_id}",
        "role": "display",
        "summary": "a poker table's promotion or event logo file (002 r2.2)",
        "params": [_path_id("table_id", "a poker table's id")],
        "ok_media": ["image/png", "image/svg+xml"],
        "errors": [404],
    },
    {
        "method": "get",
        "path": "/api/v1/stream",
        "role": None,
        "summary": "WebSocket: snapshot or replay, then live events (docs/api.md); a plain GET is refused",
        "ok_status": 101,
        "ok": None,
        "errors": [400, 401],
    },
]


def _responses(
    ok_status: int, ok_schema: Any, errors: Iterable[int], authed: bool, ok_media: list[str] | None = None
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if ok_media:
        out[str(ok_status)] = {"description": "ok", "content": {m: {"schema": {}} for m in ok_media}}
    elif ok_schema is None:
        out[str(ok_status)] = {"description": "switching protocols"}
    else:
        out[str(ok_status)] = {"description": "ok", "content": {"application/json": {"schema": ok_schema}}}
    codes = set(errors) | ({401, 403, 503} if authed else set())
    for code in sorted(codes):
        out[str(code)] = {
            "description": _ERROR_STATUSES[code],
            "content": {"application/json": {"schema": _ref("Error")}},
        }
    return out


def _operation(ep: dict[str, Any]) -> dict[str, Any]:
    authed = ep["role"] is not None
    op: dict[str, Any] = {
        "summary": ep["summary"],
        "operationId": ep["method"] + "_" + re.sub(r"[^a-z0-9]+", "_", ep["path"].removeprefix("/api/v1/")).strip("_"),
        "responses": _responses(
            ep.get("ok_status", 200), ep.get("ok"), ep.get("errors", []), authed, ep.get("ok_media")
        ),
    }
    if authed:
        op["description"] = f"least role: {ep['role']}"
        op["security"] = [{"bearer": []}]
    else:
        op["security"] = []
    if ep.get("params"):
        op["parameters"] = ep["params"]
    if ep.get("body"):
        op["requestBody"] = {"required": True, "content": {"application/json": {"schema": ep["body"]}}}
    return op


def openapi_document(command_types: Iterable[str] | None = None) -> dict[str, Any]:
    """The document for a service accepting ``command_types`` (default: every command)."""
    from kiosk.state.handlers import COMMANDS, command_schema

    types = [t for t in (command_types if command_types is not None else COMMANDS) if t in COMMANDS]
    paths: dict[str, Any] = {}
    for ep in ENDPOINTS:
        paths.setdefault(ep["path"], {})[ep["method"]] = _operation(ep)
    schemas = dict(SCHEMAS)
    command_errors = [400, 404, 409, 413, 415, 422]
    for name in types:
        spec = COMMANDS[name]
        schemas[f"command.{name}"] = command_schema(spec)
        paths[f"/api/v1/commands/{name}"] = {
            "post": {
                "summary": spec.help,
                "description": f"least role: {spec.role}; target: {spec.target}_id"
                + (f"; games: {', '.join(spec.games)}" if spec.games else "")
                + ". The body is the command; its type comes from the path.",
                "operationId": f"command_{name}",
                "security": [{"bearer": []}],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": command_schema(spec, with_type=False)}},
                },
                "responses": _responses(200, _ref("CommandResult"), command_errors, True),
            }
        }
    paths["/api/v1/commands"]["post"] = {
        "summary": "run a command (any type; GET /api/v1/commands lists them)",
        "operationId": "command",
        "security": [{"bearer": []}],
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": {
                        "oneOf": [_ref(f"command.{name}") for name in types],
                        "discriminator": {
                            "propertyName": "type",
                            "mapping": {name: f"#/components/schemas/command.{name}" for name in types},
                        },
                    }
                }
            },
        },
        "responses": _responses(200, _ref("CommandResult"), command_errors, True),
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "kiosk game-state API",
            "version": "1",
            "description": "Tables, jackpot links, commands, events, tokens and the audit of the kiosk"
            " backend (docs/api.md). Money is integer cents; times are UTC ISO 8601.",
        },
        "servers": [{"url": "/"}],
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": {
                "bearer": {"type": "http", "scheme": "bearer", "description": "a token from kiosk token create"}
            },
        },
    }
