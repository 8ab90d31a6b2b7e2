"""Two-up dice settings: the points the seed leaves open (docs/readings.md A-14, A-10).

Every default follows the two-up contract of :mod:`kiosk.rules.twoup` (the display's); a casino whose approved
pit procedures read the rule differently changes the setting, not the code.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal

from kiosk.rules.citation import RuleError

__all__ = ["ROUNDINGS", "Rounding", "TwoUpSettings"]

Rounding = Literal["down", "half_up", "up"]
ROUNDINGS: tuple[str, ...] = ("down", "half_up", "up")


@dataclass(frozen=True)
class TwoUpSettings:
    """How this casino reads the points 004 sch13 does not settle.

    ``odds_before_wager_count``
        s12 makes a player's wager lose when the spinner "spins odds 5 times
        consecutively"; it does not say whether odds spun before the wager was placed
        count (A-14).  ``True`` (default, the contract): the current run counts, as the
        odds lights show it.  ``False``: only odds spun since the wager was placed count.
    ``invalid_spin_breaks_odds_run``
        Whether an invalid spin ends a run of consecutive odds (A-14).  ``False``
        (default, the contract): an invalid spin is void and changes no run and no light.
    ``reoffer_previous_spinner``
        Whether, when a new spinner must be chosen (s5(3),(4)), the dice go round to the
        previous spinner last.  ``False`` (default): a spinner who must stop (s10(2),
        s10(4)(b), s21(2)(b)) is not offered the dice again for the very next game.
    ``spinner_rounding``
        The spinner's wager pays 7.5 to 1 (s9); a stake with an odd number of cents
        wins a half cent, which the seed does not say how to round (A-10).  ``"down"``
        (default) short-changes the player by half a cent at most.
    """

    odds_before_wager_count: bool = True
    invalid_spin_breaks_odds_run: bool = False
    reoffer_previous_spinner: bool = False
    spinner_rounding: Rounding = "down"

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "spinner_rounding":
                if value not in ROUNDINGS:
                    raise RuleError(
                        f"two-up setting spinner_rounding must be one of {', '.join(ROUNDINGS)}, not {value!r} "
                        "(004 sch13 s9)",
                        rule="004 sch13 s9",
                    )
            elif not isinstance(value, bool):
                raise RuleError(f"two-up setting {f.name} must be true or false, not {value!r}", rule="004 sch13")
