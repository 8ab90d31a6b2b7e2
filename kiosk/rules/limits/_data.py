"""The "minimum at or below X, so maximum at least Y" thresholds, read from ``limits.json``.

The numbers live in the bundled ``kiosk/rules/data/limits.json`` (the catalogue of the
seeds' minimum/maximum provisions), where every rule carries its seed citation.  This module turns
the rules of kind ``max_floor_when_min_low`` into :class:`MaxFloor` records in integer
cents, and fails loudly, in one line naming the rule id, if the file is malformed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from kiosk.rules.money import MoneyError, parse_money

__all__ = [
    "LimitsDataError",
    "MaxFloor",
    "ROULETTE_WAGER_TYPES",
    "TRI_CHRO_ODDS_CLASSES",
    "blackjack_floor",
    "odds_label",
    "roulette_floors",
    "tri_chro_floors",
    "two_up_floor",
]

#: Every tri-chro odds class of 001 s459(1)(a)-(h), in that order.
TRI_CHRO_ODDS_CLASSES = ("3:4", "6:5", "33:10", "8:1", "27:1", "38:1", "65:1", "90:1")

#: The roulette wager types of 000 s141(2), column 1, in the order of the seed's table.
ROULETTE_WAGER_TYPES = (
    "straight_up",
    "split",
    "street",
    "corner",
    "six_line",
    "column",
    "dozen",
    "low",
    "high",
    "even",
    "odd",
    "red",
    "black",
)


class LimitsDataError(ValueError):
    """The bundled ``limits.json`` does not say what the rules need (one line, naming the rule)."""


@dataclass(frozen=True)
class MaxFloor:
    """If the minimum is at or below ``min_at_most_cents``, the maximum must be at least ``max_at_least_cents``.

    ``wager_class`` is the key of ``maximum_by``/``minimum_by`` the floor applies to
    (``"3:4"``, ``"straight_up"``), or ``""`` for a table-wide rule; ``label`` names the
    wagers in a message (``"3 to 4 wagers"``); ``rule`` is the citation.
    """

    wager_class: str
    label: str
    min_at_most_cents: int
    max_at_least_cents: int
    rule: str


def odds_label(odds_class: str) -> str:
    """``"33:10"`` -> ``"33 to 10"``, as the seed writes payout odds."""
    a, _, b = odds_class.partition(":")
    return f"{a} to {b}"


def _citation(source: str) -> str:
    # "000 s141(2) (substituted by 000 s6)" -> "000 s141(2)"; "004 sch 13 s14 (...)" -> "004 sch13 s14"
    return re.sub(r"\bsch (\d+)", r"sch\1", source.split(" (", 1)[0].strip())


def _cents(rule_id: str, field: str, value: Any) -> int:
    try:
        return parse_money(value)
    except MoneyError as exc:
        raise LimitsDataError(f"limits.json: rule {rule_id}: {field}: {exc}") from None


@cache
def _rules() -> dict[str, dict[str, Any]]:
    text = resources.files("kiosk.rules").joinpath("data/limits.json").read_text(encoding="utf-8")
    try:
        document = json.loads(text)
        rules = {rule["id"]: rule for rule in document["rules"]}
    except (ValueError, KeyError, TypeError) as exc:
        raise LimitsDataError(f"limits.json: not a list of rules with ids: {exc}") from None
    return rules


def _floor(rule_id: str, wager_class: str, label: str) -> MaxFloor:
    try:
        rule = _rules()[rule_id]
    except KeyError:
        raise LimitsDataError(f"limits.json: rule {rule_id} is missing") from None
    try:
        if rule["kind"] != "max_floor_when_min_low":
            raise LimitsDataError(f"limits.json: rule {rule_id} is not of kind max_floor_when_min_low")
        low = rule["condition"]["min_wager_lte"]
        high = rule["requirement"]["max_wager_gte"]
        source = rule["source"]
    except (KeyError, TypeError):
        raise LimitsDataError(
            f"limits.json: rule {rule_id} lacks condition.min_wager_lte, requirement.max_wager_gte or source"
        ) from None
    return MaxFloor(
        wager_class=wager_class,
        label=label,
        min_at_most_cents=_cents(rule_id, "condition.min_wager_lte", low),
        max_at_least_cents=_cents(rule_id, "requirement.max_wager_gte", high),
        rule=_citation(str(source)),
    )


@cache
def tri_chro_floors(balls: int) -> tuple[MaxFloor, ...]:
    """The 001 s459(1) floors for the odds classes the 54 or 63 ball game offers (001 s467)."""
    variant = f"{balls}_ball"
    floors = []
    for odds_class in TRI_CHRO_ODDS_CLASSES:
        a, _, b = odds_class.partition(":")
        rule_id = f"tri_chro.s459.odds_{a}_to_{b}"
        floor = _floor(rule_id, odds_class, f"{odds_label(odds_class)} wagers")
        variants = _rules()[rule_id].get("variants")
        if not isinstance(variants, list):
            raise LimitsDataError(f"limits.json: rule {rule_id} lacks the list of variants it applies to")
        if variant in variants:
            floors.append(floor)
    if not floors:
        raise ValueError(f"tri-chro is played with 54 or 63 balls, not {balls!r} (001 s461, s462)")
    return tuple(floors)


def _roulette_label(wager_type: str) -> str:
    try:
        return f"'{_rules()[f'roulette.s141.{wager_type}']['applies_to']['wager_type']}' wagers"
    except (KeyError, TypeError):
        return f"{wager_type} wagers"


@cache
def roulette_floors() -> tuple[MaxFloor, ...]:
    """The 13 rows of the 000 s141(2) table, keyed by the wager types of the contract."""
    return tuple(_floor(f"roulette.s141.{t}", t, _roulette_label(t)) for t in ROULETTE_WAGER_TYPES)


@cache
def blackjack_floor() -> MaxFloor:
    """003 s23(3): a minimum of $5 or less needs a maximum of at least $100."""
    return _floor("blackjack.s23.max_floor", "", "the table")


@cache
def two_up_floor() -> MaxFloor:
    """004 sch13 s14: a minimum of not more than $5 needs a maximum of at least $100."""
    return _floor("two_up_dice.s14.max_floor", "", "the table")
