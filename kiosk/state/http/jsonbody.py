"""The one reader of JSON that clients send (HTTP bodies and stream messages).

A client's JSON is accepted only as one object of well-formed values: UTF-8 text, no
duplicate keys, no ``NaN``/``Infinity``, no number too large for a float, at most
:data:`MAX_DEPTH` levels of nesting and no lone surrogate (``"\\ud800"``) anywhere, in a key
or a value (such a string cannot be stored or sent on as UTF-8).  Anything else raises
:class:`~kiosk.state.errors.BadRequest` with one line saying what is wrong.
"""

from __future__ import annotations

import json
import math
from typing import Any

from kiosk.state.errors import BadRequest

__all__ = ["MAX_DEPTH", "parse_json_object"]

MAX_DEPTH = 32
"""Deepest nesting of objects and lists accepted (commands need four)."""


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _unique_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise ValueError(f"duplicate key {key!r}")
        obj[key] = value
    return obj


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number {text[:40]} is out of range")
    return value


def _has_lone_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _check_values(value: Any) -> None:
    """Depth and lone surrogates, without recursion (the value may be deep)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if _has_lone_surrogate(item):
                raise BadRequest("malformed JSON: a string holds a lone surrogate (\\ud800-\\udfff), which is not text")
        elif isinstance(item, (dict, list)):
            if depth > MAX_DEPTH:
                raise BadRequest(f"malformed JSON: nested more than {MAX_DEPTH} levels deep")
            if isinstance(item, dict):
                stack.extend((k, depth) for k in item)
                stack.extend((v, depth + 1) for v in item.values())
            else:
                stack.extend((v, depth + 1) for v in item)


def parse_json_object(raw: bytes | str, what: str = "the body") -> dict[str, Any]:
    """``raw`` as one JSON object, or :class:`BadRequest` naming what is wrong with it."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, (bytes, bytearray)) else raw
        value = json.loads(
            text, object_pairs_hook=_unique_object, parse_constant=_no_constants, parse_float=_finite_float
        )
    except UnicodeDecodeError:
        raise BadRequest(f"{what} is not UTF-8 text") from None
    except RecursionError:
        raise BadRequest(f"malformed JSON: nested more than {MAX_DEPTH} levels deep") from None
    except json.JSONDecodeError as exc:
        raise BadRequest(f"malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except ValueError as exc:
        raise BadRequest(f"malformed JSON: {exc}") from None
    _check_values(value)
    if not isinstance(value, dict):
        raise BadRequest(f"{what} must be a JSON object, not {type(value).__name__}")
    return value
