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

The amount rolls like an odometer (issue 18): :meth:`MeterCount.roll_at` is the fraction of a
cent the shown amount is on its way to the next, and :func:`wheels` turns an amount and that
fraction into the digit wheels a meter draws, each with how far it has turned towards the next
digit.  As on a mechanical odometer a wheel turns only while every wheel to its right shows 9
and is turning, so between two frames of a count of a few cents only the last wheels change (the
display repaints only them).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["MeterCount", "Wheel", "count_duration", "wheels"]

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

    def _progress(self, now: float) -> float | None:
        """Cents counted so far (a fraction included) at ``now``, or ``None`` once the time is up."""
        if self.duration <= 0 or now >= self.start_time + self.duration:
            return None
        t = max(0.0, (now - self.start_time) / self.duration)
        eased = 1.0 - (1.0 - t) ** 3
        return (self.target - self.start_value) * eased

    def shown_at(self, now: float) -> int:
        """Whole cents to show at ``now``."""
        progress = self._progress(now)
        if progress is None:
            return self.target
        # integer arithmetic on the eased fraction: never above the target, never below the start
        value = self.start_value + math.floor(progress)
        return min(self.target, max(self.start_value, value))

    def roll_at(self, now: float) -> float:
        """How far (0 to under 1) the amount :meth:`shown_at` ``now`` has rolled towards the next
        cent: 0 when it is not counting, so the meter always lands still on the exact amount."""
        progress = self._progress(now)
        if progress is None or self.shown_at(now) >= self.target:
            return 0.0
        return min(max(progress - math.floor(progress), 0.0), 0.999)

    def counting(self, now: float) -> bool:
        """True while the shown amount is still on its way to the target."""
        return self.shown_at(now) != self.target


def _check(cents: object) -> None:
    if isinstance(cents, bool) or not isinstance(cents, int) or cents < 0:
        raise ValueError(f"a meter amount is whole, non-negative cents, got {cents!r}")


@dataclass(frozen=True)
class Wheel:
    """One digit wheel of an odometer: the digit shown and how far (0 to under 1) it has turned
    towards the next digit (9 turns towards 0)."""

    digit: int
    roll: float = 0.0

    @property
    def next_digit(self) -> int:
        """The digit coming into view as the wheel turns."""
        return (self.digit + 1) % 10


def wheels(cents: int, roll: float, count: int) -> tuple[Wheel, ...]:
    """The ``count`` lowest digit wheels of an odometer at ``cents`` turned ``roll`` of the way to
    ``cents + 1``, the cents wheel first.  A wheel turns only when every wheel below it shows 9
    (it carries), so ``roll`` 0 leaves every wheel still."""
    _check(cents)
    if not 0.0 <= roll < 1.0:
        raise ValueError(f"an odometer's roll is 0 to under 1, got {roll!r}")
    out = []
    for k in range(count):
        place = 10**k
        carrying = roll > 0 and cents % place == place - 1
        out.append(Wheel((cents // place) % 10, roll if carrying else 0.0))
    return tuple(out)
