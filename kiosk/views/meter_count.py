"""A jackpot meter counting up smoothly to each new amount, landing on it exactly (Qt-free).

Players watch the meter climb; the amount it settles on must be the exact prize in cents, never
a rounded neighbour.  :class:`MeterCount` holds the amount shown and the amount to reach;
:meth:`MeterCount.shown_at` gives the whole number of cents to show at a moment:

* going up: an ease-out from the amount shown when the new value arrived to the new value, over
  a time that grows with the size of the step (0.4 s for cents, at most 2.5 s), never above the
  target and never going down;
* going down (a jackpot hit reset the meter, 000 s246, s231): the new amount at once - a meter
  never counts down;
* after the time is up: exactly the target.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["MeterCount", "count_duration"]

MIN_SECONDS = 0.4
MAX_SECONDS = 2.5


def count_duration(step_cents: int) -> float:
    """Seconds to count up by ``step_cents``: 0.4 s, plus 0.35 s per tenfold of dollars, at most 2.5 s."""
    if step_cents <= 0:
        return 0.0
    return min(MAX_SECONDS, MIN_SECONDS + 0.35 * math.log10(1 + step_cents / 100))


@dataclass
class MeterCount:
    """The counting state of one meter; times are monotonic seconds (``time.monotonic()``)."""

    target: int
    start_value: int
    start_time: float = 0.0
    duration: float = 0.0

    @classmethod
    def at(cls, cents: int) -> MeterCount:
        """A meter showing ``cents`` and not counting."""
        _check(cents)
        return cls(cents, cents)

    def retarget(self, cents: int, now: float) -> None:
        """A new amount arrived at ``now``: count up to it from what is shown now (or jump down)."""
        _check(cents)
        shown = self.shown_at(now)
        self.start_value, self.start_time, self.target = shown, now, cents
        self.duration = count_duration(cents - shown) if cents > shown else 0.0
        if cents <= shown:
            self.start_value = cents

    def shown_at(self, now: float) -> int:
        """Whole cents to show at ``now``."""
        if self.duration <= 0 or now >= self.start_time + self.duration:
            return self.target
        t = max(0.0, (now - self.start_time) / self.duration)
        eased = 1.0 - (1.0 - t) ** 3
        step = self.target - self.start_value
        # integer arithmetic on the eased fraction: never above the target, never below the start
        value = self.start_value + math.floor(step * eased)
        return min(self.target, max(self.start_value, value))

    def counting(self, now: float) -> bool:
        """True while the shown amount is still on its way to the target."""
        return self.shown_at(now) != self.target


def _check(cents: object) -> None:
    if isinstance(cents, bool) or not isinstance(cents, int) or cents < 0:
        raise ValueError(f"a meter amount is whole, non-negative cents, got {cents!r}")
