"""Tri-chro drawings: ball tokens, the drawn pair, and drawings that do not count.

A drawing selects 2 balls, 1 at a time and without replacement (001 s455 "tri-chro ball
drawing device", s461(1), s462(1)); the order does not matter to any wager.  A ball is
written as a token: ``red``, ``green`` or ``gold``, with a trailing ``*`` for a ball
with a star (``"red*"``).

Balls from a malfunctioning device are "not to be used for deciding the result"
(001 s465(3), s466(a)): such a drawing has no winning wagers and lights no area.  A part
of a broken ball is not used either and the drawing is completed (001 s465(4)).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from ._data import COLOURS, Predicate, TriChroVariant, load_variant

__all__ = [
    "BROKEN",
    "Ball",
    "Draw",
    "Drawing",
    "Malfunction",
    "MALFUNCTION_RULES",
    "complete_drawing",
    "parse_draw",
    "physical_balls",
    "satisfies",
]

#: Token for a part ball drawn from a broken ball: not used for the result (001 s465(4)(a)).
BROKEN = "broken"

Malfunction = Literal["ball_device", "rrg"]

#: Why a malfunctioning drawing decides nothing, by kind of device.
MALFUNCTION_RULES: dict[str, tuple[str, str]] = {
    "ball_device": (
        "001 s465(3)",
        "the ball drawing device malfunctioned and could not be completed by hand: "
        "the drawing is not effective for deciding the result",
    ),
    "rrg": (
        "001 s466",
        "the random result generator malfunctioned: its balls are not used and a new "
        "drawing needs an inspector's approval",
    ),
}

_TOKEN_HELP = 'write red, green or gold, with a trailing * for a ball with a star ("red*")'


@dataclass(frozen=True, order=True)
class Ball:
    """A tri-chro ball: its colour group and whether a star is imprinted (001 s461, s462)."""

    colour: str
    star: bool

    @property
    def token(self) -> str:
        """The ball as a token: ``"red"`` or ``"red*"``."""
        return self.colour + ("*" if self.star else "")

    @classmethod
    def parse(cls, token: object, balls: int = 54) -> Ball:
        """Read a token; anything else raises ``ValueError`` with one line naming the rule."""
        if not isinstance(token, str):
            raise ValueError(f"tri-chro ball {token!r} is not a ball token: {_TOKEN_HELP} ({_ball_rule(balls)})")
        colour, star = (token[:-1], True) if token.endswith("*") else (token, False)
        if colour not in COLOURS:
            raise ValueError(f"tri-chro ball {token!r} is not a ball: {_TOKEN_HELP} ({_ball_rule(balls)})")
        return cls(colour, star)


def _ball_rule(balls: int) -> str:
    return "001 s462(2),(3)" if balls == 63 else "001 s461(2),(3)"


@dataclass(frozen=True)
class Draw:
    """The 2 balls of an effective drawing, in a canonical order (order never matters)."""

    balls: int
    pair: tuple[Ball, Ball]

    @property
    def tokens(self) -> tuple[str, str]:
        """The two balls as tokens, in canonical order."""
        return (self.pair[0].token, self.pair[1].token)


def physical_balls(balls: int) -> tuple[Ball, ...]:
    """Every real ball of the variant, one entry per ball (54 or 63 entries)."""
    variant = load_variant(balls)
    return tuple(
        Ball(colour, index < variant.stars_per_colour) for colour in COLOURS for index in range(variant.per_colour)
    )


def _check_drawable(variant: TriChroVariant, pair: Sequence[Ball]) -> None:
    for (colour, star), wanted in Counter((b.colour, b.star) for b in pair).items():
        have = variant.available(colour, star)
        if wanted > have:
            kind = f"{colour} balls with a star" if star else f"{colour} balls without a star"
            raise ValueError(
                f"{variant.balls}-ball tri-chro cannot draw {wanted} {kind}: the game has only {have} "
                f"({variant.ball_citation}(3))"
            )


def parse_draw(balls: int, drawn: Sequence[str], *, variant: TriChroVariant | None = None) -> Draw:
    """Check and normalise a drawing of 2 balls.

    ``balls`` is 54 or 63 and ``drawn`` two tokens.  A wrong ball count, a number of balls
    other than 2, a bad token, or a pair the variant cannot produce raises ``ValueError``
    with one line citing the rule.  ``variant`` replaces the bundled data (for checks of
    the drawability logic itself).
    """
    variant = variant or load_variant(balls)
    if isinstance(drawn, (str, bytes)) or not isinstance(drawn, Sequence):
        raise ValueError(f"a tri-chro drawing is a list of 2 ball tokens, not {drawn!r} ({variant.ball_citation}(1))")
    if len(drawn) != 2:
        raise ValueError(f"a tri-chro drawing selects exactly 2 balls, got {len(drawn)} ({variant.ball_citation}(1))")
    pair = sorted(Ball.parse(token, variant.balls) for token in drawn)
    _check_drawable(variant, pair)
    return Draw(balls=variant.balls, pair=(pair[0], pair[1]))


def satisfies(predicate: Predicate, pair: tuple[Ball, Ball]) -> bool:
    """Evaluate a required ball selection (the predicate schema of ``tri_chro.json``) on a drawn pair."""
    a, b = pair
    first = predicate.conditions[0]
    if predicate.form == "both":
        return first.matches(a.colour, a.star) and first.matches(b.colour, b.star)
    if predicate.form == "none":
        return not first.matches(a.colour, a.star) and not first.matches(b.colour, b.star)
    if predicate.form == "at_least_one":
        return first.matches(a.colour, a.star) or first.matches(b.colour, b.star)
    second = predicate.conditions[1]  # one_each: either order
    return (first.matches(a.colour, a.star) and second.matches(b.colour, b.star)) or (
        second.matches(a.colour, a.star) and first.matches(b.colour, b.star)
    )


@dataclass(frozen=True)
class Drawing:
    """What a drawing decided: the draw, or why it decides nothing.

    ``effective`` is false after a malfunction (``rule`` and ``reason`` say why); then
    ``draw`` is ``None`` and no winning area may be lit.
    """

    effective: bool
    draw: Draw | None
    rule: str | None = None
    reason: str | None = None
    discarded: tuple[str, ...] = field(default=())


def complete_drawing(balls: int, drawn: Sequence[str], *, malfunction: Malfunction | None = None) -> Drawing:
    """Decide what a drawing counts for.

    ``drawn`` lists what came out in order; a :data:`BROKEN` entry is a part ball, which
    is not used and the drawing continues (001 s465(4)(a),(b)), so the rest must be exactly
    2 balls.  ``malfunction`` is ``"ball_device"`` (could not be completed by hand,
    001 s465(3)) or ``"rrg"`` (001 s466): the drawing is then not effective, whatever was
    drawn.
    """
    variant = load_variant(balls)
    if malfunction is not None:
        if malfunction not in MALFUNCTION_RULES:
            raise ValueError(
                f"unknown tri-chro malfunction {malfunction!r}; expected ball_device (001 s465) or rrg (001 s466)"
            )
        rule, reason = MALFUNCTION_RULES[malfunction]
        return Drawing(effective=False, draw=None, rule=rule, reason=reason)
    if isinstance(drawn, (str, bytes)) or not isinstance(drawn, Sequence):
        raise ValueError(f"a tri-chro drawing is a list of ball tokens, not {drawn!r} ({variant.ball_citation}(1))")
    used = [token for token in drawn if token != BROKEN]
    discarded = tuple(token for token in drawn if token == BROKEN)
    draw = parse_draw(balls, used)
    return Drawing(
        effective=True,
        draw=draw,
        rule="001 s465(4)" if discarded else None,
        reason="a part ball from a broken ball was not used; the broken ball must be replaced in the "
        "presence of an inspector"
        if discarded
        else None,
        discarded=discarded,
    )
