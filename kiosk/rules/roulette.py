"""Roulette results: a single zero wheel (003 s131(2), (2A)).

The wheel has 37 equally spaced compartments: one marked zero, the others numbered 1 to 36
(003 s131(2), (2A)).  A winning number is one of those; a layout names the number's area
``number_<n>`` (``layouts/roulette.toml``).
"""

from __future__ import annotations

from kiosk.rules.citation import RuleError

__all__ = ["WHEEL_RULE", "HIGHEST_NUMBER", "winning_number", "number_area"]

WHEEL_RULE = "003 s131(2A)"
HIGHEST_NUMBER = 36
"""The numbers of a single zero wheel are 0 to 36 (003 s131(2), (2A))."""


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
