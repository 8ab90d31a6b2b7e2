"""The command pattern every write follows: a spec per command type, shape checks, and
small helpers the handlers share.

A handler is a pure function ``handler(ctx, command, target, loaded) -> Outcome``; it runs
inside the store's transaction with the rows it needs already loaded, raises a
:class:`~kiosk.state.errors.StateError` to refuse (nothing is then written), and returns
the events and new states.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from kiosk.rules.text import text_problem
from kiosk.rules.times import format_utc
from kiosk.state.errors import BadRequest
from kiosk.state.events import Actor
from kiosk.state.floorlaw import FloorLaw
from kiosk.state.ids import ID_PATTERN, is_id
from kiosk.state.store import EventDraft, Loaded, Outcome
from kiosk.state.time_input import parse_when

__all__ = [
    "Field",
    "CommandSpec",
    "Context",
    "check_fields",
    "bumped",
    "table_event",
    "link_event",
    "parse_when",
    "one_line",
    "is_id",
    "LIST_LIMITS",
    "require_room",
    "field_schema",
    "command_schema",
]

LIST_LIMITS: dict[str, int] = {
    "pending": 10,  # a poker room table's changes waiting for the end of a hand (002 r6.9)
    "scheduled": 20,  # a table's scheduled changes
    "proposals": 5,  # a jackpot link's settings proposals awaiting a second administrator
    "illumination_faults": 10,  # records of areas that did not light, in one tri-chro drawing
    "actions": 100,  # spins and stops in one two-up spinner's game
}
"""Every list (or map) in a table's or link's state that a command appends to, and its bound.

Each event carries the new state, so an unbounded list would make every event (and every
message to every display) grow without end; a command that would pass a bound is refused
with one line (nothing is written) saying what to clear first."""


def require_room(items: Any, which: str, hint: str) -> None:
    """Refuse to add to ``items`` (a list in the state named ``which`` in :data:`LIST_LIMITS`)
    when it is full."""
    limit = LIST_LIMITS[which]
    if len(items) >= limit:
        raise BadRequest(f"{which}: at most {limit} at once; {hint} (nothing was changed)")


Kind = Literal["str", "name", "int", "bool", "code", "time", "list", "dict", "any"]


TEXT_LIMITS: dict[str, int | None] = {"name": 100, "str": 500, "code": None}
"""Longest text of each text kind (characters); ``code`` is checked by its handler."""
MAX_LIST_ITEMS = 100


@dataclass(frozen=True)
class Field:
    """One field of a command: its kind, whether it must be given, allowed values."""

    kind: Kind
    required: bool = True
    choices: tuple[Any, ...] | None = None
    nullable: bool = False
    low: int | None = None
    high: int | None = None


@dataclass(frozen=True)
class Context:
    """What a handler may know besides the command: who asks, when, a secure RNG, and the
    floor rules every change of configuration is checked against (:mod:`kiosk.state.floorlaw`)."""

    actor: Actor
    now: datetime
    rng: random.Random
    law: FloorLaw = field(default_factory=FloorLaw)

    @property
    def now_text(self) -> str:
        return format_utc(self.now)

    def check_floor(
        self, loaded: Loaded, tables: Mapping[str, Any] | None = None, links: Mapping[str, Any] | None = None
    ) -> None:
        """Refuse (:class:`~kiosk.state.errors.RuleRefused`) if these new table/link states would
        break a floor rule that ``kiosk check`` applies; ``loaded`` must hold the whole floor."""
        self.law.refuse_new_violations(loaded.tables, loaded.links, tables, links)


Handler = Callable[[Context, dict, Any, Loaded], Outcome]
"""``handler(ctx, command, target, loaded)``: ``target`` is the table's or link's stored row
(a TableState or LinkState), which the handlers read and copy as a plain dict."""


@dataclass(frozen=True)
class CommandSpec:
    """A command type: the least role that may send it, what it targets, its fields, its handler."""

    type: str
    role: str
    target: Literal["table", "link"]
    handler: Handler
    help: str
    fields: Mapping[str, Field] = field(default_factory=dict)
    games: tuple[str, ...] | None = None  # table games it applies to (None: all)
    floor: bool = False  # it may change the floor's configuration: it sees every table and link, and is checked


def one_line(value: Any, key: str, *, limit: int = 200) -> str:
    """Text that may be shown on a sign or display: printable, one line, at most ``limit``
    characters (:func:`kiosk.rules.text.text_problem`, the one rule for every text field)."""
    problem = text_problem(value, limit=limit)
    if problem is not None:
        raise BadRequest(f"{key}: {problem}")
    return value


def check_fields(spec: CommandSpec, command: Mapping[str, Any]) -> dict[str, Any]:
    """Check a command's fields against its spec; return them (unknown fields refused)."""
    target_key = f"{spec.target}_id"
    allowed = {"type", "expected_version", target_key, *spec.fields}
    unknown = sorted(k for k in command if k not in allowed)
    if unknown:
        raise BadRequest(f"{spec.type}: unknown field {unknown[0]!r} (allowed: {', '.join(sorted(allowed))})")
    target = command.get(target_key)
    if not is_id(target):
        raise BadRequest(f"{spec.type}: {target_key} must be a table or link id (text), got {target!r}")
    version = command.get("expected_version")
    if version is not None and (isinstance(version, bool) or not isinstance(version, int) or version < 0):
        raise BadRequest(f"{spec.type}: expected_version must be a whole number or null, got {version!r}")
    out: dict[str, Any] = {"type": spec.type, target_key: target, "expected_version": version}
    for name, f in spec.fields.items():
        key = f"{spec.type}.{name}"
        if name not in command:
            if f.required:
                raise BadRequest(f"{key}: required field is missing")
            out[name] = None
            continue
        value = command[name]
        if value is None:
            if not f.nullable and f.required:
                raise BadRequest(f"{key}: must not be null")
            out[name] = None
            continue
        out[name] = _check_value(f, value, key)
    return out


def _check_value(f: Field, value: Any, key: str) -> Any:
    if isinstance(value, float):
        raise BadRequest(f"{key}: floats are not accepted (money is integer cents), got {value!r}")
    if f.kind in ("str", "code", "name"):
        if not isinstance(value, str):
            raise BadRequest(f"{key}: must be text, got {type(value).__name__}")
        if f.kind == "name" and not value.strip():
            raise BadRequest(f"{key}: must name a person")
        limit = TEXT_LIMITS[f.kind]  # None for a code, which its handler checks
        value = one_line(value, key, limit=limit).strip() if limit is not None else value
    elif f.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadRequest(f"{key}: must be a whole number, got {value!r}")
        if f.low is not None and value < f.low or f.high is not None and value > f.high:
            raise BadRequest(f"{key}: must be {f.low} to {f.high}, got {value}")
    elif f.kind == "bool":
        if not isinstance(value, bool):
            raise BadRequest(f"{key}: must be true or false, got {value!r}")
    elif f.kind == "time":
        value = parse_when(value, key)
    elif f.kind == "list":
        if not isinstance(value, list) or len(value) > MAX_LIST_ITEMS:
            raise BadRequest(f"{key}: must be a list (at most {MAX_LIST_ITEMS} items)")
        if any(isinstance(v, float) for v in value):
            raise BadRequest(f"{key}: floats are not accepted")
    elif f.kind == "dict":
        if not isinstance(value, dict):
            raise BadRequest(f"{key}: must be an object")
    if f.choices is not None and value not in f.choices:
        shown = ", ".join("null" if c is None else str(c) for c in f.choices)
        raise BadRequest(f"{key}: must be one of {shown}, got {value!r}")
    return value


def bumped(state: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy of a state with its version one higher."""
    new = copy.deepcopy(dict(state))
    new["version"] = int(new.get("version", 0)) + 1
    return new


def table_event(type_: str, state: Mapping[str, Any], **data: Any) -> EventDraft:
    """An event about one table, carrying the table's new state."""
    return EventDraft(
        type=type_,
        data={**data, "state": dict(state)},
        table_id=state["id"],
        tables=(state["id"],),
        version=state["version"],
    )


def link_event(type_: str, link: Mapping[str, Any], **data: Any) -> EventDraft:
    """An event about a jackpot link, sent to every table of the link (``table_id`` is None)."""
    return EventDraft(
        type=type_,
        data={**data, "link_id": link["id"], "tables": list(link["tables"]), "state": dict(link)},
        table_id=None,
        link_id=link["id"],
        tables=tuple(link["tables"]),
        version=link["version"],
    )


# -- the same specs as JSON Schema (the OpenAPI document and GET /api/v1/commands) --------------

_KIND_SCHEMAS: dict[str, dict[str, Any]] = {
    "str": {"type": "string"},
    "name": {"type": "string", "minLength": 1},
    "code": {"type": "string"},
    "int": {"type": "integer"},
    "bool": {"type": "boolean"},
    "time": {
        "type": "string",
        "format": "date-time",
        "description": "ISO 8601 with a timezone, e.g. 2026-12-01T20:00:00Z",
    },
    "list": {"type": "array", "maxItems": MAX_LIST_ITEMS, "description": "no floats anywhere in it"},
    "dict": {"type": "object", "description": "checked further by the command (400/422 naming the key)"},
    "any": {},
}


def field_schema(f: Field) -> dict[str, Any]:
    """The JSON Schema of one field, as :func:`check_fields` checks it (text fields are also
    refused with control characters or line breaks, which a schema cannot say exactly)."""
    out = dict(_KIND_SCHEMAS[f.kind])
    limit = TEXT_LIMITS.get(f.kind)
    if limit is not None:
        out["maxLength"] = limit
    if f.low is not None:
        out["minimum"] = f.low
    if f.high is not None:
        out["maximum"] = f.high
    if f.choices is not None:
        out = {"enum": [c for c in f.choices]}
    if f.nullable or not f.required:  # null means "not given" for an optional field
        if "enum" in out:
            out["enum"] = out["enum"] + ([None] if None not in out["enum"] else [])
        elif "type" in out:
            out["type"] = [out["type"], "null"]
    return out


def id_schema() -> dict[str, Any]:
    """A table, link or change id (the pattern :func:`check_fields` matches)."""
    core = ID_PATTERN.pattern.removeprefix("^").removesuffix("\\Z").removesuffix("$")
    return {"type": "string", "pattern": f"^{core}$"}


def command_schema(spec: CommandSpec, *, with_type: bool = True) -> dict[str, Any]:
    """The JSON Schema of a whole command body of type ``spec.type``."""
    target = f"{spec.target}_id"
    props: dict[str, Any] = {}
    if with_type:
        props["type"] = {"const": spec.type}
    props[target] = id_schema()
    props["expected_version"] = {
        "type": ["integer", "null"],
        "minimum": 0,
        "description": "the version the change was based on (409 if it moved)",
    }
    props.update({name: field_schema(f) for name, f in spec.fields.items()})
    required = (["type"] if with_type else []) + [target] + [n for n, f in spec.fields.items() if f.required]
    return {
        "type": "object",
        "title": spec.type,
        "description": spec.help,
        "properties": props,
        "required": required,
        "additionalProperties": False,
    }
