"""Check a JSON value against a TypedDict of :mod:`kiosk.state.shapes`, recursively."""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict


def problems(value: Any, tp: Any, where: str = "") -> list[str]:
    """Every place where ``value`` does not have the shape ``tp`` (empty when it does)."""
    origin = get_origin(tp)
    if tp is Any or tp is object:
        return []
    if origin is typing.NotRequired or origin is typing.Required:
        return problems(value, get_args(tp)[0], where)
    if origin in (Union, types.UnionType):
        options = get_args(tp)
        found = [problems(value, option, where) for option in options]
        return [] if any(not f for f in found) else min(found, key=len)
    if origin is Literal:
        return [] if value in get_args(tp) else [f"{where}: {value!r} is not one of {get_args(tp)}"]
    if tp is type(None):
        return [] if value is None else [f"{where}: {value!r} is not null"]
    if is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__} is not an object ({tp.__name__})"]
        hints = get_type_hints(tp, include_extras=True)
        out = [f"{where}.{key}: missing ({tp.__name__})" for key in tp.__required_keys__ if key not in value]
        out += [f"{where}.{key}: not a key of {tp.__name__}" for key in value if key not in hints]
        for key, item in value.items():
            if key in hints:
                out += problems(item, hints[key], f"{where}.{key}")
        return out
    if origin in (list, tuple):
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__} is not a list"]
        args = get_args(tp)
        return [p for i, item in enumerate(value) for p in problems(item, args[0] if args else Any, f"{where}[{i}]")]
    if origin in (dict, typing.Mapping) or tp is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__} is not an object"]
        args = get_args(tp)
        if not args:
            return []
        return [p for k, item in value.items() for p in problems(item, args[1], f"{where}.{k}")]
    if tp is float:
        return (
            []
            if isinstance(value, (int, float)) and not isinstance(value, bool)
            else [f"{where}: {value!r} is not a number"]
        )
    if tp is int:
        return (
            []
            if isinstance(value, int) and not isinstance(value, bool)
            else [f"{where}: {value!r} is not a whole number"]
        )
    if isinstance(tp, type):
        return [] if isinstance(value, tp) else [f"{where}: {value!r} is not {tp.__name__}"]
    return []
