"""Roulette results and the wheel (003 s131(2)-(2C)).

The wheel has 37 equally spaced compartments: one marked zero and coloured green, the others
numbered 1 to 36, 18 coloured red and 18 black (003 s131(2), (2A)).  A winning number is one of
those; a layout names the number's area ``number_<n>`` (``layouts/roulette.toml``).

The numbers and colours are arranged round the wheel "in the way approved by the chief
executive" (s131(2B)), or as diagram 5 shows them, which needs no approval (s131(2C)); diagram 5
is missing from the seeds (``docs/readings.md`` A-05), so a table's arrangement is configuration
(:class:`Wheel`: the floor file's ``wheel``, ``red`` and ``wheel_approval``, ``docs/readings.md``
A-51), checked by :func:`wheel_problems`.  Without it a number's colour is read from the
cloth's fill (:func:`colour_of_fill`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from kiosk.rules.citation import RuleError, Violation

__all__ = [
    "WHEEL_RULE",
    "ARRANGEMENT_RULE",
    "COMPARTMENTS",
    "HIGHEST_NUMBER",
    "RED_COUNT",
    "Colour",
    "Wheel",
    "colour_of_fill",
    "number_area",
    "wheel_problems",
    "winning_number",
]

WHEEL_RULE = "003 s131(2A)"
ARRANGEMENT_RULE = "003 s131(2B)"
HIGHEST_NUMBER = 36
"""The numbers of a single zero wheel are 0 to 36 (003 s131(2), (2A))."""
COMPARTMENTS = HIGHEST_NUMBER + 1
"""A single zero wheel has 37 equally spaced compartments (003 s131(2))."""
RED_COUNT = 18
"""18 compartments are coloured red and 18 black (003 s131(2A))."""

Colour = Literal["green", "red", "black"]


def winning_number(value: object) -> int:
    """The winning number as an ``int`` 0 to 36; :class:`RuleError` for anything else."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= HIGHEST_NUMBER:
        raise RuleError(
            f"the wheel is single zero: the winning number is 0 to {HIGHEST_NUMBER}, not {value!r} ({WHEEL_RULE})",
            WHEEL_RULE,
        )
    return value


def number_area(number: int) -> str:
    """The layout area of a winning number (``layouts/roulette.toml``: ``number_0`` .. ``number_36``)."""
    return f"number_{winning_number(number)}"


def colour_of_fill(rgb: Sequence[int]) -> Colour:
    """The colour a cloth's fill (red, green, blue 0-255) shows a number in: green, red or black
    (a dark or grey fill is black)."""
    r, g, b = rgb[:3]
    if g > r and g > b:
        return "green"
    if r > 2 * max(g, b) and r > 90:
        return "red"
    return "black"


def _numbers(values: object) -> list[int] | None:
    if not isinstance(values, (list, tuple)) or any(isinstance(v, bool) or not isinstance(v, int) for v in values):
        return None
    return list(values)


def wheel_problems(order: object, red: object) -> list[Violation]:
    """Every way ``order`` (the numbers round the wheel, clockwise from zero) and ``red`` (the
    numbers coloured red) are not a single zero wheel (003 s131(2), (2A)); each names its rule
    and the key at fault (``wheel``, ``red``)."""
    out: list[Violation] = []
    numbers = _numbers(order)
    if numbers is None:
        return [Violation("003 s131(2)", "wheel: the numbers round the wheel are a list of whole numbers", "wheel")]
    if len(numbers) != COMPARTMENTS:
        out.append(
            Violation(
                "003 s131(2)",
                f"a single zero wheel has {COMPARTMENTS} compartments; the wheel lists {len(numbers)} numbers",
                "wheel",
            )
        )
    outside = sorted({n for n in numbers if not 0 <= n <= HIGHEST_NUMBER})
    if outside:
        out.append(
            Violation(
                WHEEL_RULE,
                f"the compartments are marked 0 and 1 to {HIGHEST_NUMBER}; the wheel lists {outside[0]}",
                "wheel",
            )
        )
    twice = sorted({n for n in numbers if numbers.count(n) > 1})
    if twice:
        what = "zero" if twice[0] == 0 else f"number {twice[0]}"
        out.append(
            Violation(
                "003 s131(2)" if twice[0] == 0 else WHEEL_RULE,
                f"{what} is on the wheel {numbers.count(twice[0])} times; a single zero wheel has each number once",
                "wheel",
            )
        )
    missing = sorted(set(range(COMPARTMENTS)) - set(numbers))
    if missing and len(numbers) == COMPARTMENTS:
        what = "zero" if missing[0] == 0 else f"number {missing[0]}"
        out.append(Violation(WHEEL_RULE, f"{what} is not on the wheel", "wheel"))
    reds = _numbers(red)
    if reds is None:
        out.append(Violation(WHEEL_RULE, "red: the numbers coloured red are a list of whole numbers", "red"))
        return out
    if 0 in reds:
        out.append(Violation(WHEEL_RULE, "zero is coloured green, not red", "red"))
    wrong = sorted({n for n in reds if not 0 <= n <= HIGHEST_NUMBER})
    if wrong:
        out.append(Violation(WHEEL_RULE, f"red lists {wrong[0]}, not a number 1 to {HIGHEST_NUMBER}", "red"))
    twice = sorted({n for n in reds if reds.count(n) > 1})
    if twice:
        out.append(Violation(WHEEL_RULE, f"red lists {twice[0]} twice", "red"))
    valid = {n for n in reds if 1 <= n <= HIGHEST_NUMBER}
    if len(valid) != RED_COUNT:
        out.append(
            Violation(
                WHEEL_RULE,
                f"{RED_COUNT} compartments are coloured red and {RED_COUNT} black; red lists {len(valid)} of 1 to"
                f" {HIGHEST_NUMBER}",
                "red",
            )
        )
    return out


@dataclass(frozen=True)
class Wheel:
    """A table's wheel: its numbers round the wheel clockwise from zero, the red ones (the rest
    of 1-36 black, zero green) and the chief executive's approval of the arrangement, or
    ``"diagram 5"`` for the arrangement diagram 5 shows (003 s131(2B), (2C))."""

    order: tuple[int, ...]
    red: frozenset[int]
    approval: str | None = None

    @classmethod
    def of(cls, order: Iterable[int], red: Iterable[int], approval: str | None = None) -> Wheel:
        """A checked wheel; :class:`RuleError` naming the first problem (:func:`wheel_problems`)."""
        order, red = tuple(order), tuple(red)
        problems = wheel_problems(order, red)
        if problems:
            raise RuleError(problems[0].message + f" ({problems[0].rule})", problems[0].rule)
        return cls(order, frozenset(red), approval)

    def colour(self, number: int) -> Colour:
        """The compartment's colour (003 s131(2A))."""
        if winning_number(number) == 0:
            return "green"
        return "red" if number in self.red else "black"

    def neighbours(self, number: int, each_side: int) -> tuple[int, ...]:
        """``number`` with ``each_side`` compartments either side of it, in the wheel's order."""
        at = self.order.index(winning_number(number))
        span = range(at - each_side, at + each_side + 1)
        return tuple(self.order[i % len(self.order)] for i in span)
