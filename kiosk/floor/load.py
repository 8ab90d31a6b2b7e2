"""Read a floor file (TOML, ``format = "kiosk-floor/1"``) into a :class:`Floor`.

Every problem becomes one line naming the file, the table (or link or display) and the
key, e.g. ``demo.toml: table BJ-03: limits.maximum: not an amount of money: 'abc'
(write it like $1,200.50)``.  All problems are collected, not just the first; a TOML
syntax error gives the file and line.
"""

from __future__ import annotations

import difflib
import re
import tomllib
import types
import typing
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from kiosk.floor.errors import FloorError
from kiosk.floor.models import FORMAT, Floor
from kiosk.floor.references import references
from kiosk.scene.files import FileProblem, parse_toml, read_text_file, shown_path

__all__ = ["load_floor", "parse_floor", "floor_from_data"]

_ARRAYS = {"table": "tables", "link": "links", "display": "displays"}
_TOP_KEYS = ("format", "casino", "table", "link", "display", "help")
_AT_LINE = re.compile(r"\s*\((?:at line (\d+), column (\d+)|at end of document)\)\s*$")


def load_floor(path: str | Path) -> Floor:
    """Load and validate a floor file.

    Raises :class:`FloorError` whose ``problems`` list one line per problem.
    """
    path = Path(path)
    name = shown_path(path.name or path)
    try:
        text = read_text_file(path, "floor file")
    except FileProblem as exc:
        raise FloorError([str(exc)]) from None
    return parse_floor(text, name=name, base=path.resolve().parent, source=path.resolve())


def parse_floor(text: str, *, name: str = "<floor>", base: str | Path = ".", source: Path | None = None) -> Floor:
    """Validate floor-file text; relative paths in it resolve against ``base``."""
    try:
        raw = parse_toml(text, name)
    except tomllib.TOMLDecodeError as exc:
        raise FloorError([_syntax_problem(name, text, str(exc))]) from None
    except FileProblem as exc:
        raise FloorError([str(exc)]) from None
    try:
        return floor_from_data(raw, name=name, base=base, source=source)
    except RecursionError:
        raise FloorError([f"{name}: nested too deeply to be a kiosk file"]) from None


def floor_from_data(
    raw: dict[str, Any], *, name: str = "<floor>", base: str | Path = ".", source: Path | None = None
) -> Floor:
    """Validate a floor already parsed from TOML (the same checks and messages)."""
    if not isinstance(raw, dict):
        raise FloorError([f"{name}: a floor file is a TOML document of keys and tables"])
    problems: list[str] = []
    data: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in _TOP_KEYS:
            hint = _did_you_mean(key, _TOP_KEYS)
            problems.append(f"{name}: {_key_text(key)}: unknown key{hint}")
        elif key in _ARRAYS:
            data[_ARRAYS[key]] = _keyed(name, key, value, problems)
        else:
            data[key] = value
    if source is not None:
        data["source"] = source

    try:
        floor = Floor.model_validate(data, context={"base": str(base)})
    except ValidationError as exc:
        problems += _translate(name, exc)
        # references are checked on the raw file too: a bad table stops the model's own check
        problems += [f"{name}: {where}: {text}" for where, text in _raw_references(data)]
        raise FloorError(_one_line_each(problems)) from None
    if problems:
        raise FloorError(_one_line_each(problems))
    return floor


def _one_line_each(problems: list[str]) -> list[str]:
    out = [p.replace("\r", "\\r").replace("\n", "\\n") for p in problems]
    return list(dict.fromkeys(out))


def _raw_references(data: dict[str, Any]) -> list[tuple[str, str]]:
    def text(value: Any) -> str | None:
        return value if isinstance(value, str) else None

    tables = data.get("tables") or {}
    games = {key: str(entry.get("game")) for key, entry in tables.items() if isinstance(entry, dict)}
    links = [
        (key, [m for m in entry.get("tables", []) if isinstance(m, str)])
        for key, entry in (data.get("links") or {}).items()
        if isinstance(entry, dict) and isinstance(entry.get("tables", []), list)
    ]
    displays = [
        (key, text(entry.get("table")), text(entry.get("link")), str(entry.get("view")))
        for key, entry in (data.get("displays") or {}).items()
        if isinstance(entry, dict)
    ]
    return references(games, links, displays)


def _syntax_problem(name: str, text: str, message: str) -> str:
    match = _AT_LINE.search(message)
    detail = _AT_LINE.sub("", message)
    detail = detail[:1].lower() + detail[1:]
    if match and match.group(1):
        return f"{name}: line {match.group(1)}: TOML syntax error: {detail} (column {match.group(2)})"
    lines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
    return f"{name}: line {max(lines, 1)}: TOML syntax error: {detail} (at the end of the file)"


def _keyed(name: str, key: str, value: Any, problems: list[str]) -> dict[str, Any]:
    """``[[table]]`` entries keyed by id; duplicates reported and dropped."""
    if not isinstance(value, list):
        problems.append(f"{name}: {key}: write each {key} as [[{key}]] (an array of tables)")
        return {}
    out: dict[str, Any] = {}
    first: dict[str, int] = {}
    for number, entry in enumerate(value, start=1):
        ident = entry.get("id") if isinstance(entry, dict) else None
        label = ident if isinstance(ident, str) and ident else f"#{number}"
        if label in first:
            problems.append(
                f"{name}: {key} {_key_text(label)}: id: duplicate {key} id (the {_ordinal(first[label])} and "
                f"{_ordinal(number)} [[{key}]] both use it)"
            )
            continue
        first[label] = number
        out[label] = entry
    return out


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _did_you_mean(key: str, known: typing.Iterable[str]) -> str:
    known = list(known)
    close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
    if not close and len(key) >= 4:
        close = [k for k in known if key.lower() in k.lower()][:1]
    return f" (did you mean {close[0]!r}?)" if close else ""


# --------------------------------------------------------------------------- pydantic errors -> lines


Loc = tuple[int | str, ...]
"""Where in the file a pydantic error is: keys and list indexes."""


def _translate(name: str, exc: ValidationError) -> list[str]:
    lines: list[str] = []
    for error in exc.errors(include_url=False):
        loc = tuple(error["loc"])
        where, rest = _where(loc)
        key = _dotted(rest)
        for text in _messages(error, loc):
            if text.startswith("@") and ": " in text:
                # one of several problems a validator found, keyed below this location
                sub, text = text[1:].split(": ", 1)
                full = key + sub if sub.startswith("[") or not key else f"{key}.{sub}"
                lines.append(_line(name, where, full, text))
            else:
                lines.append(_line(name, where, key, text))
    return list(dict.fromkeys(lines))


def _line(name: str, where: str | None, key: str, text: str) -> str:
    parts = [name] + ([where] if where else []) + ([key] if key else [])
    return ": ".join(parts + [text])


def _where(loc: Loc) -> tuple[str | None, Loc]:
    if len(loc) >= 2 and loc[0] in ("tables", "links", "displays"):
        return f"{loc[0][:-1]} {_key_text(loc[1])}", loc[2:]
    if loc and loc[0] == "casino":
        return "casino", loc[1:]
    return None, loc


_PLAIN_KEY = re.compile(r"[A-Za-z0-9_:.#$%-]+")


def _key_text(key: object) -> str:
    """A key as a message shows it: plain keys as they are, anything odd quoted."""
    text = str(key)
    return text if _PLAIN_KEY.fullmatch(text) else repr(text)


def _dotted(parts: Loc) -> str:
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            out += ("." if out else "") + _key_text(part)
    return out


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _messages(error: ErrorDetails, loc: Loc) -> list[str]:
    kind = error["type"]
    value = error.get("input")
    ctx = error.get("ctx") or {}
    if kind == "missing":
        if loc == ("format",):
            return [f'required key is missing (write format = "{FORMAT}" at the top)']
        return ["required key is missing"]
    if kind == "extra_forbidden":
        known = _known_keys(loc[:-1])
        return [f"unknown key{_did_you_mean(str(loc[-1]), known)}"]
    if kind == "value_error":
        message = str(error["msg"]).removeprefix("Value error, ")
        return [line for line in message.splitlines() if line.strip()]
    if kind == "literal_error":
        if loc == ("format",):
            return [f'this file is {value!r}; this kiosk reads format = "{FORMAT}"']
        return [f"must be {ctx.get('expected')}, not {_show(value)}"]
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return [f"must be a whole number, not {_show(value)}"]
    if kind in ("bool_type", "bool_parsing"):
        return [f"must be true or false, not {_show(value)}"]
    if kind in ("string_type", "str_type"):
        return [f"must be text in quotes, not {_show(value)}"]
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return [f"must be a table of keys ([section] or {{ key = value }}), not {_show(value)}"]
    if kind in ("tuple_type", "list_type"):
        return [f"must be a list [ ... ], not {_show(value)}"]
    if kind == "greater_than_equal":
        return [f"must be at least {ctx.get('ge')}, not {_show(value)}"]
    if kind == "less_than_equal":
        return [f"must be at most {ctx.get('le')}, not {_show(value)}"]
    msg = str(error["msg"])
    return [msg[:1].lower() + msg[1:] + f" (got {_show(value)})"]


def _known_keys(loc: Loc) -> list[str]:
    """The keys a floor file may write at ``loc`` (for 'did you mean')."""
    annotation: Any = Floor
    parts = list(loc)
    while True:
        annotation = _unwrap(annotation)
        origin = typing.get_origin(annotation)
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            if not parts:
                return [f.alias or n for n, f in annotation.model_fields.items() if n != "source"]
            part = parts.pop(0)
            field = next((f for n, f in annotation.model_fields.items() if part in (n, f.alias)), None)
            if field is None:
                return []
            annotation = field.annotation
        elif origin is dict and parts:
            parts.pop(0)
            annotation = typing.get_args(annotation)[1]
        elif origin in (tuple, list) and parts:
            parts.pop(0)
            annotation = typing.get_args(annotation)[0]
        else:
            return []


def _unwrap(annotation: Any) -> Any:
    while True:
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:
            annotation = typing.get_args(annotation)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(annotation) if a is not type(None)]
            annotation = args[0]
        else:
            return annotation
