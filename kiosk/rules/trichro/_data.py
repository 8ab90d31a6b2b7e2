"""Tri-chro rule data: the balls and the 19 permissible wagers of each variant.

The normative content (wager names, required ball selections as predicates, payout
odds) is read from ``kiosk/rules/data/tri_chro.json``, which copies 001 s467 exactly.
The ball groups are 001 s461 (54 ball) and s462 (63 ball).  Nothing here is computed
from the file's ``derived_non_normative`` figures: those are test oracles only.

Malformed data raises :class:`TriChroDataError` with one line naming the file and key.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

__all__ = [
    "COLOURS",
    "VARIANTS",
    "BallCondition",
    "Predicate",
    "PredicateForm",
    "TriChroDataError",
    "TriChroVariant",
    "Wager",
    "load_variant",
    "parse_variant",
]

DATA_FILE = "kiosk/rules/data/tri_chro.json"

#: The three colour groups, in the order the seed lists them (001 s461(2), s462(2)).
COLOURS: tuple[str, ...] = ("red", "green", "gold")

#: The ball counts that name a variant: 54 ball (001 s461) and 63 ball (001 s462).
VARIANTS: tuple[int, ...] = (54, 63)

PredicateForm = Literal["both", "one_each", "none", "at_least_one"]
_FORMS: tuple[str, ...] = ("both", "one_each", "none", "at_least_one")


class TriChroDataError(ValueError):
    """The bundled tri-chro rule data is malformed; the message names file and key."""


@dataclass(frozen=True)
class BallCondition:
    """What a ball must be to satisfy part of a required ball selection.

    ``colour`` and ``star`` are ``None`` where the condition does not care
    (the predicate schema of ``tri_chro.json``: a ball satisfies the condition if it matches every key present).
    """

    colour: str | None = None
    star: bool | None = None

    def matches(self, colour: str, star: bool) -> bool:
        """Return whether a ball of this colour and star satisfies the condition."""
        return (self.colour is None or self.colour == colour) and (self.star is None or self.star == star)


@dataclass(frozen=True)
class Predicate:
    """A required ball selection in the schema of ``tri_chro.json``.

    ``form`` is ``both``, ``one_each`` (two conditions), ``none`` or ``at_least_one``;
    ``conditions`` holds one condition, or two for ``one_each``.
    """

    form: PredicateForm
    conditions: tuple[BallCondition, ...]


@dataclass(frozen=True)
class Wager:
    """One permissible tri-chro wager of one variant (001 s467).

    ``number`` is the item number in the seed table, ``name`` the seed's name,
    ``selection_text`` the seed's required ball selection, ``odds`` the payout odds
    ``(a, b)`` for "a to b", ``citation`` the subsection that sets them.
    """

    number: int
    id: str
    name: str
    selection_text: str
    predicate: Predicate
    odds: tuple[int, int]
    citation: str

    @property
    def odds_class(self) -> str:
        """The odds as the limits module keys them: ``"3:4"``, ``"65:1"`` (001 s459(1))."""
        return f"{self.odds[0]}:{self.odds[1]}"

    @property
    def odds_text(self) -> str:
        """The odds as the seed writes them: ``"3 to 4"``."""
        return f"{self.odds[0]} to {self.odds[1]}"


@dataclass(frozen=True)
class TriChroVariant:
    """A tri-chro game: its balls and its wagers in seed order.

    ``per_colour`` balls of each colour in :data:`COLOURS`, ``stars_per_colour`` of which
    have a star; ``ball_citation`` is 001 s461 or s462, ``wager_citation`` 001 s467(1) or (2).
    """

    balls: int
    per_colour: int
    stars_per_colour: int
    ball_citation: str
    wager_citation: str
    wagers: tuple[Wager, ...]

    def wager(self, wager_id: str) -> Wager:
        """Return the wager with this id, or raise ``ValueError`` listing the ids."""
        for w in self.wagers:
            if w.id == wager_id:
                return w
        known = ", ".join(w.id for w in self.wagers)
        raise ValueError(
            f"{self.balls}-ball tri-chro has no wager {wager_id!r} ({self.wager_citation}); known wagers: {known}"
        )

    def available(self, colour: str, star: bool) -> int:
        """How many real balls of this colour and star the variant has (001 s461(3), s462(3))."""
        if colour not in COLOURS:
            return 0
        return self.stars_per_colour if star else self.per_colour - self.stars_per_colour


def _fail(key: str, problem: str) -> TriChroDataError:
    return TriChroDataError(f"{DATA_FILE}: {key}: {problem}")


def _int(value: Any, key: str, *, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise _fail(key, f"expected a whole number >= {minimum}, got {value!r}")
    return value


def _str(value: Any, key: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _fail(key, f"expected text, got {value!r}")
    return value


def _condition(raw: Any, key: str) -> BallCondition:
    if not isinstance(raw, dict) or not raw or set(raw) - {"colour", "star"}:
        raise _fail(key, f"a ball condition has keys 'colour' and/or 'star', got {raw!r}")
    colour = raw.get("colour")
    star = raw.get("star")
    if colour is not None and colour not in COLOURS:
        raise _fail(f"{key}.colour", f"unknown colour {colour!r}; expected one of {', '.join(COLOURS)}")
    if star is not None and not isinstance(star, bool):
        raise _fail(f"{key}.star", f"expected true or false, got {star!r}")
    return BallCondition(colour=colour, star=star)


def _predicate(raw: Any, key: str) -> Predicate:
    if not isinstance(raw, dict) or len(raw) != 1:
        raise _fail(key, f"a predicate has exactly one of {', '.join(_FORMS)}, got {raw!r}")
    ((form, body),) = raw.items()
    if form not in _FORMS:
        raise _fail(key, f"unknown predicate form {form!r}; expected one of {', '.join(_FORMS)}")
    if form == "one_each":
        if not isinstance(body, list) or len(body) != 2:
            raise _fail(f"{key}.one_each", f"expected a list of 2 ball conditions, got {body!r}")
        conditions = tuple(_condition(c, f"{key}.one_each[{i}]") for i, c in enumerate(body))
    else:
        conditions = (_condition(body, f"{key}.{form}"),)
    return Predicate(form=form, conditions=conditions)


def _wager(raw: Any, key: str, citation: str) -> Wager:
    if not isinstance(raw, dict):
        raise _fail(key, f"expected an object, got {raw!r}")
    for field in ("number", "id", "name", "required_ball_selection_text", "predicate", "odds"):
        if field not in raw:
            raise _fail(key, f"missing {field!r}")
    odds = raw["odds"]
    if not isinstance(odds, list) or len(odds) != 2:
        raise _fail(f"{key}.odds", f"expected [numerator, denominator], got {odds!r}")
    return Wager(
        number=_int(raw["number"], f"{key}.number", minimum=1),
        id=_str(raw["id"], f"{key}.id"),
        name=_str(raw["name"], f"{key}.name"),
        selection_text=_str(raw["required_ball_selection_text"], f"{key}.required_ball_selection_text"),
        predicate=_predicate(raw["predicate"], f"{key}.predicate"),
        odds=(_int(odds[0], f"{key}.odds[0]", minimum=1), _int(odds[1], f"{key}.odds[1]", minimum=1)),
        citation=citation,
    )


def _groups(raw: Any, key: str) -> tuple[int, int]:
    """Return (balls per colour, stars per colour); the seed gives every colour the same."""
    if not isinstance(raw, list) or [g.get("colour") if isinstance(g, dict) else None for g in raw] != list(COLOURS):
        raise _fail(key, f"expected one group for each of {', '.join(COLOURS)}, in that order")
    counts = {
        (_int(g.get("count"), f"{key}[{i}].count", minimum=1), _int(g.get("stars"), f"{key}[{i}].stars"))
        for i, g in enumerate(raw)
    }
    if len(counts) != 1:
        raise _fail(key, "every colour group must have the same number of balls and stars (001 s461, s462)")
    ((count, stars),) = counts
    if stars > count:
        raise _fail(key, f"{stars} starred balls in a group of {count}")
    return count, stars


def parse_variant(document: Any, balls: int) -> TriChroVariant:
    """Build a variant from the parsed ``tri_chro.json`` document, checking every key used."""
    key = f"variants.{balls}_ball"
    try:
        raw = document["variants"][f"{balls}_ball"]
    except (KeyError, TypeError):
        raise _fail(key, "missing") from None
    if not isinstance(raw, dict):
        raise _fail(key, "expected an object")
    total = _int(raw.get("total_balls"), f"{key}.total_balls", minimum=2)
    per_colour, stars = _groups(raw.get("groups"), f"{key}.groups")
    if total != balls or per_colour * len(COLOURS) != total:
        raise _fail(key, f"groups of {per_colour} in {len(COLOURS)} colours do not make {balls} balls")
    source = raw.get("source")
    if not isinstance(source, dict):
        raise _fail(f"{key}.source", "expected an object with 'balls' and 'wagers' citations")
    ball_citation = _str(source.get("balls"), f"{key}.source.balls")
    wager_citation = _str(source.get("wagers"), f"{key}.source.wagers")
    raw_wagers = raw.get("wagers")
    if not isinstance(raw_wagers, list) or not raw_wagers:
        raise _fail(f"{key}.wagers", "expected a list of wagers")
    wagers = tuple(_wager(w, f"{key}.wagers[{i}]", wager_citation) for i, w in enumerate(raw_wagers))
    ids = [w.id for w in wagers]
    if len(set(ids)) != len(ids):
        raise _fail(f"{key}.wagers", "wager ids are not unique")
    if [w.number for w in wagers] != list(range(1, len(wagers) + 1)):
        raise _fail(f"{key}.wagers", "wagers are not numbered 1, 2, 3 ... in seed order")
    return TriChroVariant(
        balls=balls,
        per_colour=per_colour,
        stars_per_colour=stars,
        ball_citation=ball_citation,
        wager_citation=wager_citation,
        wagers=wagers,
    )


@cache
def _document() -> Any:
    try:
        text = resources.files("kiosk.rules").joinpath("data", "tri_chro.json").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TriChroDataError(f"{DATA_FILE}: cannot be read from the installed package ({exc})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise TriChroDataError(f"{DATA_FILE}: not valid JSON: {exc.msg} at line {exc.lineno}") from None


@cache
def _variant(balls: int) -> TriChroVariant:
    return parse_variant(_document(), balls)


def load_variant(balls: int) -> TriChroVariant:
    """Return the 54 or 63 ball variant; any other count raises ``ValueError`` (001 s461, s462)."""
    if isinstance(balls, bool) or not isinstance(balls, int) or balls not in VARIANTS:
        raise ValueError(f"tri-chro is played with 54 or 63 balls, not {balls!r} (001 s461(1), s462(1))")
    return _variant(balls)
