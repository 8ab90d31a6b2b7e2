"""A table's limits as stored state: :class:`~kiosk.rules.table.TableLimits` to and from the
JSON object of a table's ``limits`` (:data:`~kiosk.state.shapes.LimitsState`, money in integer
cents), the shape of a change to them checked field by field (:func:`check_limits_patch`), and
limits the law forbids refused with their citation (:func:`refuse_violations`, by
:func:`kiosk.rules.limits.violations`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from kiosk.rules.table import RakeSettings, TableLimits
from kiosk.rules.text import text_problem
from kiosk.state.errors import BadRequest, refused
from kiosk.state.shapes import LimitsState

__all__ = [
    "LIMIT_FIELDS",
    "limits_to_dict",
    "limits_from_dict",
    "check_limits_patch",
    "refuse_violations",
]

LIMIT_FIELDS: dict[str, str] = {f.name: str(f.type) for f in dataclasses.fields(TableLimits)}
_RAKE_FIELDS = {f.name for f in dataclasses.fields(RakeSettings)}
_CENTS_SUFFIX = "_cents"


def limits_to_dict(limits: TableLimits) -> LimitsState:
    """A :class:`TableLimits` as plain JSON values."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(TableLimits):
        value = getattr(limits, f.name)
        if f.name in ("maximum_by", "minimum_by"):
            value = dict(sorted(value.items()))
        elif f.name == "blinds_cents":
            value = list(value)
        elif f.name == "rake":
            value = None if value is None else dataclasses.asdict(value)
        out[f.name] = value
    return out  # type: ignore[return-value]  # every TableLimits field, as LimitsState lists


def limits_from_dict(data: Mapping[str, Any]) -> TableLimits:
    """The inverse of :func:`limits_to_dict` (unknown keys are ignored)."""
    values = {k: v for k, v in data.items() if k in LIMIT_FIELDS}
    if values.get("rake") is not None:
        values["rake"] = RakeSettings(**values["rake"])
    if "blinds_cents" in values:
        values["blinds_cents"] = tuple(values["blinds_cents"])
    return TableLimits(**values)


def _cents(value: Any, key: str) -> int:
    if isinstance(value, bool) or isinstance(value, float):
        raise BadRequest(f"{key}: money is integer cents, not {value!r}")
    if not isinstance(value, int):
        raise BadRequest(f"{key}: money is integer cents, not {type(value).__name__} {value!r}")
    if value < 0:
        raise BadRequest(f"{key}: money must not be negative ({value})")
    if value > 10**15:
        raise BadRequest(f"{key}: amount is implausibly large ({value})")
    return value


def _small_int(value: Any, key: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"{key}: must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise BadRequest(f"{key}: must be {low} to {high}, not {value}")
    return value


def _class_map(value: Any, key: str) -> dict[str, int]:
    if not isinstance(value, dict) or len(value) > 40:
        raise BadRequest(f"{key}: must be an object mapping at most 40 wager classes to cents")
    out = {}
    for name, amount in value.items():
        problem = text_problem(name, limit=40)
        if problem is not None:
            raise BadRequest(f"{key}: a wager class name {problem}")
        out[name] = _cents(amount, f"{key}.{name}")
    return dict(sorted(out.items()))


def check_limits_patch(patch: Any, key: str = "limits") -> dict[str, Any]:
    """Validate the shape of a (partial) limits object; return it normalised.

    Unknown fields, floats, negatives and wrong types raise :class:`BadRequest` naming the key.
    """
    if not isinstance(patch, dict):
        raise BadRequest(f"{key}: must be an object of limit fields")
    if not patch:
        raise BadRequest(f"{key}: names no field to change")
    out: dict[str, Any] = {}
    for name, value in patch.items():
        where = f"{key}.{name}"
        if name not in LIMIT_FIELDS:
            raise BadRequest(f"{where}: unknown field (known: {', '.join(LIMIT_FIELDS)})")
        if name in ("maximum_by", "minimum_by"):
            out[name] = _class_map(value, where)
        elif name in ("minimum_cents", "maximum_cents"):
            out[name] = _cents(value, where)
        elif name.endswith(_CENTS_SUFFIX) and name != "blinds_cents":
            out[name] = None if value is None else _cents(value, where)
        elif name == "blinds_cents":
            if not isinstance(value, list) or len(value) > 10:
                raise BadRequest(f"{where}: must be a list of at most 10 amounts in cents")
            out[name] = [_cents(v, f"{where}[{i}]") for i, v in enumerate(value)]
        elif name in ("instructional", "bonus_blackjack", "card_machine", "co_banking", "super_sevens"):
            if not isinstance(value, bool):
                raise BadRequest(f"{where}: must be true or false, not {value!r}")
            out[name] = value
        elif name == "decks":
            out[name] = None if value is None else _small_int(value, where, 1, 8)
        elif name in ("card_machine_min_decks", "card_machine_max_decks"):
            out[name] = None if value is None else _small_int(value, where, 1, 16)
        elif name == "compulsory_blinds":
            out[name] = None if value is None else _small_int(value, where, 0, 10)
        elif name == "game_type":
            if value is not None and text_problem(value, limit=80) is not None:
                raise BadRequest(f"{where}: must be null or text for a sign: {text_problem(value, limit=80)}")
            out[name] = value
        elif name == "rake":
            out[name] = None if value is None else _rake(value, where)
        else:  # a field added to TableLimits later: accept JSON scalars only
            if isinstance(value, float) or isinstance(value, (dict, list)):
                raise BadRequest(f"{where}: unsupported value {value!r}")
            out[name] = value
    return out


def _rake(value: Any, key: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise BadRequest(f"{key}: must be an object")
    unknown = set(value) - _RAKE_FIELDS
    if unknown:
        raise BadRequest(f"{key}.{sorted(unknown)[0]}: unknown field (known: {', '.join(sorted(_RAKE_FIELDS))})")
    kind = value.get("type")
    if kind not in ("percentage", "time_charge", "fixed_per_hand", "per_person_per_hand"):
        raise BadRequest(f"{key}.type: must be percentage, time_charge, fixed_per_hand or per_person_per_hand")
    out: dict[str, Any] = {name: None for name in _RAKE_FIELDS}
    out["type"] = kind
    for name, item in value.items():
        if name == "type":
            continue
        if item is None:
            continue
        if name == "percent_bp":
            out[name] = _small_int(item, f"{key}.{name}", 0, 10_000)
        else:
            out[name] = _cents(item, f"{key}.{name}")
    return out


def refuse_violations(game: str, limits: Mapping[str, Any]) -> list[dict[str, str]]:
    """Check limits with ``kiosk.rules.limits.violations``: raise :class:`RuleRefused` on the
    first error (its citation as ``rule``); return the warnings as ``{rule, message}``."""
    from kiosk.rules.limits import violations

    found = violations(game, limits_from_dict(limits))
    errors = [v for v in found if getattr(v, "severity", "error") == "error"]
    if errors:
        first = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise refused(f"{first.message}{more}", first.rule)
    return [{"rule": v.rule, "message": v.message} for v in found if v not in errors]
