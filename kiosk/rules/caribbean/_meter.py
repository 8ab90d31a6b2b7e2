"""The jackpot meter of a Caribbean stud table or progressive link (000 s231(2)-(4), s246).

Pure arithmetic on immutable values, in integer cents: contributions (a share of each jackpot
wager, in basis points, with the fraction of a cent carried to the next wager, never dropped),
payments (the meter pays what it holds and never goes below zero; the rest is a shortfall owed by
the casino, docs/readings.md A-12) and resets (topping the meter up to its seed).  The running totals
prove the invariant ``amount == seeded + contributed - paid``: no cent is lost or created.
:mod:`kiosk.rules.caribbean` re-exports everything here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from kiosk.rules.citation import RuleError
from kiosk.rules.money import require_cents

__all__ = ["BASIS_POINTS", "JackpotMeter", "MeterCharge", "MeterPayment"]


BASIS_POINTS = 10_000


class MeterCharge(Protocol):
    """What :meth:`JackpotMeter.settle` reads of a round (a :class:`kiosk.rules.caribbean.JackpotRound`)."""

    @property
    def meter_charge_cents(self) -> int: ...


@dataclass(frozen=True)
class MeterPayment:
    """A charge against the meter: how much was asked, paid from it, and left owing."""

    charged_cents: int
    from_meter_cents: int
    shortfall_cents: int


@dataclass(frozen=True)
class JackpotMeter:
    """A jackpot meter's arithmetic, as immutable values (see the module docstring).

    ``amount_cents`` is the jackpot prize shown; ``seed_cents`` the amount a reset
    restores; ``rate_bp`` the share of each jackpot wager added, in basis points
    (100 bp = 1 %); ``carry`` the fraction of a cent owed to the meter, in
    ten-thousandths of a cent.  ``seeded_cents``, ``contributed_cents`` and
    ``paid_cents`` are running totals that prove no cent was lost or created.
    A backend that stores only the amount, seed, rate and carry can rebuild a meter
    with ``seeded_cents=amount_cents`` and the other totals 0: it is then balanced
    from that point on.
    """

    amount_cents: int
    seed_cents: int
    rate_bp: int
    carry: int = 0
    seeded_cents: int = 0
    contributed_cents: int = 0
    paid_cents: int = 0
    wagers_cents: int = 0

    def __post_init__(self) -> None:
        for name in ("amount_cents", "seed_cents", "seeded_cents", "contributed_cents", "paid_cents", "wagers_cents"):
            require_cents(getattr(self, name), f"jackpot meter {name}")
        _check_rate(self.rate_bp)
        if isinstance(self.carry, bool) or not isinstance(self.carry, int) or not 0 <= self.carry < BASIS_POINTS:
            raise RuleError(f"jackpot meter carry must be 0 to 9999 ten-thousandths of a cent, got {self.carry!r}")

    @classmethod
    def start(cls, seed_cents: int, rate_bp: int) -> JackpotMeter:
        """A new meter showing its seed amount (put in by the casino)."""
        seed = require_cents(seed_cents, "the jackpot seed amount")
        return cls(amount_cents=seed, seed_cents=seed, rate_bp=rate_bp, seeded_cents=seed)

    @property
    def balanced(self) -> bool:
        """The invariant: the amount equals all money put in less all money paid out."""
        return self.amount_cents == self.seeded_cents + self.contributed_cents - self.paid_cents

    def contribution_cents(self, wager_cents: int) -> int:
        """The whole cents a jackpot wager of ``wager_cents`` adds now (with the carried fraction)."""
        wager = require_cents(wager_cents, "the jackpot wager", "000 s224", positive=True)
        return (wager * self.rate_bp + self.carry) // BASIS_POINTS

    def contribute(self, wager_cents: int) -> JackpotMeter:
        """The meter after one jackpot wager of ``wager_cents`` adds its share."""
        wager = require_cents(wager_cents, "the jackpot wager", "000 s224", positive=True)
        added, carry = divmod(wager * self.rate_bp + self.carry, BASIS_POINTS)
        return replace(
            self,
            amount_cents=self.amount_cents + added,
            carry=carry,
            contributed_cents=self.contributed_cents + added,
            wagers_cents=self.wagers_cents + wager,
        )

    def pay(self, charge_cents: int) -> tuple[JackpotMeter, MeterPayment]:
        """Charge ``charge_cents`` of jackpot payments: the meter pays what it holds, never going below zero."""
        charge = require_cents(charge_cents, "the jackpot payment")
        taken = min(charge, self.amount_cents)
        meter = replace(self, amount_cents=self.amount_cents - taken, paid_cents=self.paid_cents + taken)
        return meter, MeterPayment(charge, taken, charge - taken)

    def settle(self, round_: MeterCharge) -> tuple[JackpotMeter, MeterPayment]:
        """Charge a round's meter-funded jackpot payments (:attr:`JackpotRound.meter_charge_cents`)."""
        return self.pay(round_.meter_charge_cents)

    def reset(self) -> tuple[JackpotMeter, int]:
        """Top the meter up to its seed amount; return the meter and the casino's top-up in cents.

        A meter at or above its seed is left as it is (the top-up is 0).
        """
        top_up = max(0, self.seed_cents - self.amount_cents)
        meter = replace(self, amount_cents=self.amount_cents + top_up, seeded_cents=self.seeded_cents + top_up)
        return meter, top_up

    def with_settings(self, *, seed_cents: int | None = None, rate_bp: int | None = None) -> JackpotMeter:
        """The same meter with a new seed amount or contribution rate for what comes next."""
        return replace(
            self,
            seed_cents=self.seed_cents if seed_cents is None else require_cents(seed_cents, "the jackpot seed amount"),
            rate_bp=self.rate_bp if rate_bp is None else _check_rate(rate_bp),
        )


def _check_rate(rate_bp: object) -> int:
    if isinstance(rate_bp, bool) or not isinstance(rate_bp, int) or not 0 <= rate_bp <= BASIS_POINTS:
        raise RuleError(
            f"the jackpot contribution rate must be 0 to 10000 basis points (0 % to 100 % of the wager), got {rate_bp!r}"
        )
    return rate_bp
