"""Tri-chro odds: exact win counts, house edges, payouts in cents and odds classes.

Win counts and edges are computed here, exactly, over every unordered pair of real balls
(C(54,2) = 1431, C(63,2) = 1953) with :class:`fractions.Fraction`; they are not read from
``tri_chro.json``'s ``derived_non_normative`` figures (which the tests compare against).

Payout reading (the seed is silent, docs/readings.md A-10), documented where it is used:

* "a to b" odds pay ``a/b`` of the stake as winnings and the stake is returned with
  them (the ordinary meaning of "to" odds, and the reading the catalogue's derived
  expected returns use).  :func:`winnings_cents` returns the winnings only.
* Fractional cents (6 to 5, 33 to 10, 3 to 4 on odd stakes) are rounded down to the
  cent by default, so the player is short by less than 1 cent at most; ``rounding``
  lets a casino choose ``"half_up"`` or ``"up"`` instead.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import Literal

from kiosk.rules.citation import Violation

from ._data import TriChroVariant, Wager, load_variant
from ._draw import physical_balls, satisfies

__all__ = [
    "Rounding",
    "house_edge",
    "odds_classes",
    "pair_count",
    "player_favourable_wagers",
    "wagers_by_odds_class",
    "win_count",
    "win_probability",
    "winnings_cents",
]

Rounding = Literal["down", "half_up", "up"]


@cache
def pair_count(balls: int) -> int:
    """How many unordered pairs of real balls a drawing can produce: C(54,2) or C(63,2)."""
    n = len(physical_balls(balls))
    return n * (n - 1) // 2


@cache
def _win_counts(balls: int) -> dict[str, int]:
    variant = load_variant(balls)
    counts = dict.fromkeys((w.id for w in variant.wagers), 0)
    for a, b in combinations(physical_balls(balls), 2):
        for w in variant.wagers:
            if satisfies(w.predicate, (a, b)):
                counts[w.id] += 1
    return counts


def win_count(balls: int, wager_id: str) -> int:
    """How many of the :func:`pair_count` pairs of real balls win this wager (001 s467)."""
    load_variant(balls).wager(wager_id)
    return _win_counts(balls)[wager_id]


def win_probability(balls: int, wager_id: str) -> Fraction:
    """The exact chance that a drawing wins this wager."""
    return Fraction(win_count(balls, wager_id), pair_count(balls))


def house_edge(balls: int, wager_id: str) -> Fraction:
    """The casino's exact expected gain per unit staked (positive = the house wins).

    A win pays ``a/b`` and returns the stake; a loss takes the stake (module docstring).
    """
    a, b = load_variant(balls).wager(wager_id).odds
    p = win_probability(balls, wager_id)
    return (1 - p) - p * Fraction(a, b)


def _percent(value: Fraction) -> str:
    quantised = (Decimal(value.numerator) / Decimal(value.denominator) * 100).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP
    )
    return f"{quantised:+.2f} %"


def player_favourable_wagers(balls: int) -> list[Violation]:
    """Warn about every wager whose legal odds pay the player more than it takes.

    The law's odds are kept (they are what 001 s467 says); each warning tells pit staff
    to verify the gazetted rule (docs/readings.md A-07: 54-ball "any star" at 3 to 4).
    """
    return list(_player_favourable_wagers(balls))


@cache
def _player_favourable_wagers(balls: int) -> tuple[Violation, ...]:
    """The warnings of :func:`player_favourable_wagers`, worked out once per variant: the floor
    law checks every tri-chro table on each configuration write (kiosk.state.floorlaw)."""
    variant = load_variant(balls)
    warnings = []
    for w in variant.wagers:
        edge = house_edge(balls, w.id)
        if edge < 0:
            warnings.append(
                Violation(
                    rule=w.citation,
                    message=(
                        f"{balls}-ball '{w.name}' at {w.odds_text} pays the player {_percent(-edge)} on average "
                        f"({w.citation}; docs/readings.md A-07); the law's odds are kept: verify against the gazetted rule"
                    ),
                    key=f"wager.{w.id}",
                    severity="warning",
                )
            )
    return tuple(warnings)


def winnings_cents(stake_cents: int, odds: tuple[int, int], *, rounding: Rounding = "down") -> int:
    """Winnings in cents for a winning stake at "a to b" odds, excluding the returned stake.

    ``stake_cents * a / b``, rounded down to the cent by default (the seed is silent,
    docs/readings.md A-10; see the module docstring).  A negative or non-integer stake, or odds
    that are not two positive whole numbers, raise ``ValueError``.
    """
    if isinstance(stake_cents, bool) or not isinstance(stake_cents, int) or stake_cents < 0:
        raise ValueError(f"a stake is a whole, non-negative number of cents, not {stake_cents!r}")
    if (
        not isinstance(odds, tuple)
        or len(odds) != 2
        or any(isinstance(x, bool) or not isinstance(x, int) or x <= 0 for x in odds)
    ):
        raise ValueError(f"payout odds are (a, b) for 'a to b' with whole a, b > 0, not {odds!r}")
    a, b = odds
    if rounding == "down":
        return stake_cents * a // b
    if rounding == "up":
        return -(-stake_cents * a // b)
    if rounding == "half_up":
        return (2 * stake_cents * a + b) // (2 * b)
    raise ValueError(f"rounding is 'down', 'half_up' or 'up', not {rounding!r}")


def _sorted_classes(variant: TriChroVariant) -> list[str]:
    # Highest-paying first would hide the s459(1) order; keep the order of 001 s459(1)(a)-(h),
    # which runs from the shortest odds to the longest.
    classes = {w.odds_class: Fraction(*w.odds) for w in variant.wagers}
    return sorted(classes, key=classes.__getitem__)


def odds_classes(balls: int) -> tuple[str, ...]:
    """The odds classes the variant offers, as the limits module keys them (001 s459(1)).

    54 ball: ``"3:4"``, ``"6:5"``, ``"33:10"``, ``"8:1"``, ``"27:1"``, ``"65:1"``;
    63 ball: ``"3:4"``, ``"6:5"``, ``"33:10"``, ``"8:1"``, ``"38:1"``, ``"90:1"``;
    shortest odds first, the order of 001 s459(1)(a)-(h).
    """
    return tuple(_sorted_classes(load_variant(balls)))


def wagers_by_odds_class(balls: int) -> dict[str, tuple[Wager, ...]]:
    """The wagers of each odds class, in seed order, keyed as :func:`odds_classes`."""
    variant = load_variant(balls)
    return {c: tuple(w for w in variant.wagers if w.odds_class == c) for c in _sorted_classes(variant)}
