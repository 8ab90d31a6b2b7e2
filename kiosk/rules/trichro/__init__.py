"""Tri-chro (001 pt 20, ss455-467): balls, wagers, winning areas, edges and payouts.

The public face of the tri-chro rules.  The contract (docs/architecture.md, Contracts):

``winning_wagers(balls, drawn) -> frozenset[str]``
    ``balls`` is 54 or 63; ``drawn`` is two tokens, ``red``, ``green`` or ``gold`` with
    a trailing ``*`` for a ball with a star.  The result holds the wager ids of
    ``tri_chro.json`` whose required ball selection (001 s467) the pair meets: the
    winning areas the dealer lights (001 s463(3)(b)).  Invalid input raises
    ``ValueError`` with one line citing the rule.

The required ball selections are evaluated from the predicate schema in the data file,
never from a table of answers.  Between 4 and 6 areas light on every drawing.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._data import COLOURS, VARIANTS, TriChroDataError, TriChroVariant, Wager, load_variant, parse_variant
from ._draw import (
    BROKEN,
    Ball,
    Draw,
    Drawing,
    Malfunction,
    complete_drawing,
    parse_draw,
    physical_balls,
    satisfies,
)
from ._odds import (
    Rounding,
    house_edge,
    odds_classes,
    pair_count,
    player_favourable_wagers,
    wagers_by_odds_class,
    win_count,
    win_probability,
    winnings_cents,
)

__all__ = [
    "BROKEN",
    "COLOURS",
    "VARIANTS",
    "Ball",
    "Draw",
    "Drawing",
    "Malfunction",
    "Rounding",
    "TriChroDataError",
    "TriChroVariant",
    "Wager",
    "complete_drawing",
    "drawing_winners",
    "house_edge",
    "odds_classes",
    "pair_count",
    "parse_draw",
    "parse_variant",
    "physical_balls",
    "player_favourable_wagers",
    "variant",
    "wagers",
    "wagers_by_odds_class",
    "win_count",
    "win_probability",
    "winners_of",
    "winning_wagers",
    "winnings_cents",
]


def variant(balls: int) -> TriChroVariant:
    """The 54 or 63 ball game: its balls (001 s461/s462) and wagers (001 s467(1)/(2))."""
    return load_variant(balls)


def wagers(balls: int) -> tuple[Wager, ...]:
    """The 19 permissible wagers of the variant, in seed order (001 s467)."""
    return load_variant(balls).wagers


def winners_of(draw: Draw) -> frozenset[str]:
    """The ids of the wagers an already checked :class:`Draw` wins (001 s467)."""
    return frozenset(w.id for w in load_variant(draw.balls).wagers if satisfies(w.predicate, draw.pair))


def winning_wagers(balls: int, drawn: Sequence[str]) -> frozenset[str]:
    """Return the ids of the wagers won by drawing these 2 balls (001 s467, s463(3)(b)).

    ``balls`` is 54 or 63; ``drawn`` is two ball tokens (``"red"``, ``"green*"``...),
    in any order.  A wrong ball count, not exactly 2 balls, an unknown colour or token,
    or a pair the variant cannot produce raises ``ValueError`` with one line naming the
    rule.
    """
    return winners_of(parse_draw(balls, drawn))


def drawing_winners(drawing: Drawing) -> frozenset[str]:
    """The winning areas to light for a drawing: none if it was not effective (001 s465, s466)."""
    return winners_of(drawing.draw) if drawing.effective and drawing.draw is not None else frozenset()
