"""Commission and split pots: manila poker (003 s272, s275), the poker room (002 r7, r8.1.5)
and pai gow (003 s426).  All money is integer cents.

Rounding, where the seeds are silent (docs/readings.md A-10), is always down to the cent, so the
house never takes a fraction of a cent more than the rule's percentage:

* manila: 5 % of a multiple of $20 is a whole number of dollars, so no rounding arises;
  a reduced rate (s275(3)) is rounded down to the cent;
* poker room percentage rake: rounded down to the cent, then down to ``unit_cents``
  (the smallest chip the dealer takes, default 1 cent), then capped (r7.7);
* pai gow: 5 % commissions are rounded down to the cent.

Bad input (negative or non-integer amounts) raises ``ValueError`` with one line; input
that a rule forbids (a 12 % rake, an unannounced reduced commission) raises
:class:`~kiosk.rules.citation.RuleError` naming the rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .citation import RuleError
from .limits import RAKE_PERCENT_MAX_BP, RAKE_PERCENT_MIN_BP, format_percent_bp, read_field
from .money import format_money as money
from .money import require_cents
from .table import RakeSettings

__all__ = [
    "MANILA_NIL_UP_TO_CENTS",
    "MANILA_POT_CAP_MULTIPLE",
    "MANILA_RATE_BP",
    "MANILA_SPLIT_UNIT_CENTS",
    "PAI_GOW_RATE_BP",
    "CoBankCommission",
    "PaiGowPayout",
    "ReducedCommission",
    "fixed_hand_commission",
    "hand_commission",
    "manila_commission",
    "manila_pot",
    "pai_gow_banker_commission",
    "pai_gow_co_banker_commission",
    "pai_gow_player_payout",
    "per_person_commission",
    "percentage_rake",
    "split_manila_pot",
    "split_poker_pot",
    "time_charge",
]

#: 003 s275(1)(a): no commission on a pot of $19 or less.
MANILA_NIL_UP_TO_CENTS = 1900
#: 003 s275(1)(b): 5 % of the highest amount of the pot wholly divisible by $20.
MANILA_RATE_BP = 500
_MANILA_BASE_UNIT_CENTS = 2000
#: 003 s275(2): a pot above 100 x the minimum permissible wager is taken as 100 x it.
MANILA_POT_CAP_MULTIPLE = 100
#: 003 s272(6): a shared pot is divided equally in units of $1.
MANILA_SPLIT_UNIT_CENTS = 100
#: 003 s426: 5 % on a winning player's payout, a banker's profit, a co-banker's amount.
PAI_GOW_RATE_BP = 500


def _count(value: Any, name: str, *, positive: bool = False) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < (1 if positive else 0):
        raise ValueError(f"{name} must be a whole number{' above 0' if positive else ', 0 or more'}, not {value!r}")
    return value


# --- manila poker (003 s275) -------------------------------------------------------------


@dataclass(frozen=True)
class ReducedCommission:
    """A reduced manila commission (003 s275(3)): a lower rate, allowed only if announced.

    ``rate_bp`` replaces the 5 % of s275(1)(b) (in basis points, below 500) on the same
    base; ``players_told`` records that the players were told, before the rounds of
    play started, how commission is calculated.
    """

    rate_bp: int
    players_told: bool


def manila_pot(pots_won_cents: Iterable[int], uncalled_raise_cents: int = 0) -> int:
    """The pot commission is worked out on (003 s275(4)(a),(b)).

    A player who wins more than 1 pot in a round has them totalled; a raise nobody called
    is not part of the pot.
    """
    total = sum(require_cents(p, "a pot") for p in pots_won_cents)
    uncalled = require_cents(uncalled_raise_cents, "the uncalled raise")
    if uncalled > total:
        raise ValueError(f"the uncalled raise ({money(uncalled)}) is more than the pots won ({money(total)})")
    return total - uncalled


def manila_commission(
    pot_cents: int,
    minimum_permissible_wager_cents: int,
    *,
    equal_hands_sole_contributors: bool = False,
    reduced: ReducedCommission | None = None,
) -> int:
    """The commission deducted from a manila poker pot (003 s275), in cents.

    * a pot of $19 or less: nil (s275(1)(a));
    * otherwise 5 % of the highest multiple of $20 not above the pot (s275(1)(b),
      docs/readings.md A-18), always a whole number of dollars;
    * a pot above 100 x the minimum permissible wager is taken as 100 x it (s275(2));
    * nil when 2 or more players with equal hands share a pot nobody else contributed
      to (``equal_hands_sole_contributors``, s275(4)(c));
    * ``reduced``: a lower rate, only if the players were told before the rounds of
      play started (s275(3)); otherwise :class:`RuleError`.

    ``pot_cents`` is the pot as s275(4)(a),(b) count it (see :func:`manila_pot`).
    Examples (003 s275(1)(b), s275(2)): a $59 pot pays $2; a $1,000 pot at a $5 minimum wager is
    taken as $500 and pays $25.
    """
    pot = require_cents(pot_cents, "the pot")
    minimum = require_cents(minimum_permissible_wager_cents, "the minimum permissible wager", positive=True)
    rate = MANILA_RATE_BP
    if reduced is not None:
        rate = _count(reduced.rate_bp, "the reduced commission rate (basis points)")
        if rate > MANILA_RATE_BP:
            raise RuleError(
                f"a reduced commission must be less than 5 %; {format_percent_bp(rate)} is more (003 s275(3))",
                "003 s275(3)",
            )
        if reduced.players_told is not True:
            raise RuleError(
                "a reduced commission may be deducted only if the players were told how it is "
                "calculated before the rounds of play started (003 s275(3))",
                "003 s275(3)",
            )
    if equal_hands_sole_contributors or pot <= MANILA_NIL_UP_TO_CENTS:
        return 0
    taken_as = min(pot, MANILA_POT_CAP_MULTIPLE * minimum)
    base = taken_as // _MANILA_BASE_UNIT_CENTS * _MANILA_BASE_UNIT_CENTS
    return base * rate // 10_000


# --- poker room (002 r7) ------------------------------------------------------------------


def _check_percent(percent_bp: Any) -> int:
    bp = _count(percent_bp, "the percentage rake (basis points)")
    if bp and not RAKE_PERCENT_MIN_BP <= bp <= RAKE_PERCENT_MAX_BP:
        raise RuleError(
            f"a percentage rake is 2 % to 10 % of all sums wagered in a hand, or nil; "
            f"{format_percent_bp(bp)} is not (002 r7.2.1, r7.4)",
            "002 r7.2.1",
        )
    return bp


def percentage_rake(
    wagered_cents: int,
    percent_bp: int,
    cap_cents: int,
    *,
    uncalled_cents: int = 0,
    only_blinds: bool = False,
    equal_hands_sole_contributors: bool = False,
    unit_cents: int = 1,
) -> int:
    """The percentage commission due on a hand (002 r7.2.1), in cents.

    ``wagered_cents`` is all sums wagered in the hand so far (pot and side pots);
    ``uncalled_cents`` is not part of it (r7.5).  ``percent_bp`` is 200-1000 (2 %-10 %)
    or 0 for nil (r7.4).  Nothing is due where the only wagers are blind bets (r7.6) or
    where equal hands contested the whole pot for the whole round with no other
    contributor (r7.8).  The amount is rounded down to the cent and then to
    ``unit_cents``, and never exceeds ``cap_cents`` (r7.7).  To collect during the hand,
    call it with the running total after each betting round and take the difference.
    """
    wagered = require_cents(wagered_cents, "the sums wagered")
    uncalled = require_cents(uncalled_cents, "the uncalled wager")
    cap = require_cents(cap_cents, "the rake cap")
    unit = require_cents(unit_cents, "the smallest chip", positive=True)
    bp = _check_percent(percent_bp)
    if uncalled > wagered:
        raise ValueError(f"the uncalled wager ({money(uncalled)}) is more than the sums wagered ({money(wagered)})")
    if bp == 0 or only_blinds or equal_hands_sole_contributors:
        return 0
    raw = (wagered - uncalled) * bp // 10_000
    return min(raw // unit * unit, cap)


def fixed_hand_commission(
    fee_cents: int, pot_cents: int, *, maximum_fee_cents: int | None = None, only_blinds: bool = False
) -> int:
    """A fixed commission per hand (002 r7.2.3), taken from the pot, in cents.

    The fee (set by the game's limits and the number of players in the hand) may not
    exceed the maximum fee on the sign (r7.2.3(b)): :class:`RuleError` if it does.  None
    is collected where the only wagers are blind bets (r7.6), and never more than the pot.
    """
    fee = require_cents(fee_cents, "the fee per hand")
    pot = require_cents(pot_cents, "the pot")
    if maximum_fee_cents is not None and fee > require_cents(maximum_fee_cents, "the maximum fee per hand"):
        raise RuleError(
            f"the fee per hand ({money(fee)}) is above the maximum fee per hand on the sign "
            f"({money(maximum_fee_cents)}) (002 r7.2.3(b))",
            "002 r7.2.3(b)",
        )
    return 0 if only_blinds else min(fee, pot)


def per_person_commission(fee_cents: int, players: int) -> int:
    """A fixed commission per person per hand (002 r7.2.4): collected from each player before the hand."""
    return require_cents(fee_cents, "the fee per person per hand") * _count(players, "the number of players")


def time_charge(hourly_fee_cents: int, seated_players: int, *, hours: int = 1) -> int:
    """Time charges (002 r7.2.2): an hourly fee per player, inactive players included, payable in advance."""
    fee = require_cents(hourly_fee_cents, "the hourly fee")
    return fee * _count(seated_players, "the number of seated players") * _count(hours, "the hours", positive=True)


def hand_commission(
    rake: Any,
    *,
    wagered_cents: int,
    pot_cents: int | None = None,
    uncalled_cents: int = 0,
    players: int = 0,
    only_blinds: bool = False,
    equal_hands_sole_contributors: bool = False,
    unit_cents: int = 1,
) -> int:
    """The commission a hand owes under a table's rake setting (RakeSettings or a mapping).

    Percentage: :func:`percentage_rake`; fixed per hand: :func:`fixed_hand_commission`
    (the setting's fee, taken from ``pot_cents``, default the sums wagered); per person
    per hand: :func:`per_person_commission` for ``players``; a time charge is hourly, not
    per hand, so a hand owes 0 under it (see :func:`time_charge`).  No rake (``None``) is
    nil (r7.4).
    """
    if rake is None:
        return 0
    kind = read_field(rake, "type", RakeSettings)
    if kind == "percentage":
        cap = read_field(rake, "cap_cents", RakeSettings)
        bp = read_field(rake, "percent_bp", RakeSettings)
        if bp and cap is None:
            raise RuleError("a percentage rake needs its cap in dollars on the rake sign (002 r7.1)", "002 r7.1")
        return percentage_rake(
            wagered_cents,
            bp if bp is not None else 0,
            cap or 0,
            uncalled_cents=uncalled_cents,
            only_blinds=only_blinds,
            equal_hands_sole_contributors=equal_hands_sole_contributors,
            unit_cents=unit_cents,
        )
    fee = read_field(rake, "fee_per_hand_cents", RakeSettings)
    if kind == "fixed_per_hand":
        return fixed_hand_commission(
            fee or 0, wagered_cents if pot_cents is None else pot_cents, only_blinds=only_blinds
        )
    if kind == "per_person_per_hand":
        return per_person_commission(fee or 0, players)
    if kind == "time_charge":
        return 0
    raise RuleError(f"rake type {kind!r} is not one of 002 r7.2's methods (002 r7.2)", "002 r7.2")


# --- pai gow (003 s426) -------------------------------------------------------------------


@dataclass(frozen=True)
class PaiGowPayout:
    """A winning player's wager paid at even money less 5 % of the payout (003 s426(1))."""

    winnings_cents: int
    commission_cents: int

    @property
    def net_cents(self) -> int:
        """What the player receives besides the returned wager."""
        return self.winnings_cents - self.commission_cents


def pai_gow_player_payout(wager_cents: int) -> PaiGowPayout:
    """003 s426(1): even money, 5 % of the payout deducted as commission (rounded down to the cent)."""
    wager = require_cents(wager_cents, "the wager")
    return PaiGowPayout(wager, wager * PAI_GOW_RATE_BP // 10_000)


def pai_gow_banker_commission(profit_cents: int) -> int:
    """003 s426(2): 5 % of a (player/)banker's profit for the round; nothing on a loss."""
    if isinstance(profit_cents, bool) or not isinstance(profit_cents, int):
        raise ValueError(f"the profit must be a whole number of cents, not {profit_cents!r}")
    return max(profit_cents, 0) * PAI_GOW_RATE_BP // 10_000


@dataclass(frozen=True)
class CoBankCommission:
    """A co-banker's commission (003 s426(2),(3)): paid on ``base_cents``."""

    amount_cents: int
    base_cents: int
    commission_cents: int


def pai_gow_co_banker_commission(
    amount_cents: int, minimum_table_wager_cents: int, *, smallest_chip_cents: int = 1
) -> CoBankCommission:
    """003 s426(3): if 5 % of the amount cannot be paid exactly from the table, the amount is
    rounded down to the nearest multiple of the minimum permissible table wager.

    "Exactly" means in whole chips of ``smallest_chip_cents`` (default 1 cent, i.e. a
    whole number of cents).  The seed's example: $97.50 at a $5 minimum table wager pays
    commission on $95.00, i.e. $4.75.
    """
    amount = require_cents(amount_cents, "the co-banker's amount")
    minimum = require_cents(minimum_table_wager_cents, "the minimum table wager", positive=True)
    chip = require_cents(smallest_chip_cents, "the smallest chip", positive=True)
    exact = (amount * PAI_GOW_RATE_BP) % (10_000 * chip) == 0
    base = amount if exact else amount // minimum * minimum
    return CoBankCommission(amount, base, base * PAI_GOW_RATE_BP // 10_000)


# --- split pots ---------------------------------------------------------------------------


def split_manila_pot(pot_cents: int, winners: int) -> list[int]:
    """003 s272(6),(7): divide a shared pot equally in units of $1; the amount left over
    goes to the sharing player seated closest to the designated player.

    ``winners`` is how many share; the result lists their shares with that closest
    player first (the caller orders the rest).  The shares always add up to the pot.
    """
    return _split(
        require_cents(pot_cents, "the pot"),
        _count(winners, "the number of winners", positive=True),
        MANILA_SPLIT_UNIT_CENTS,
        odd_units_one_each=False,
    )


def split_poker_pot(pot_cents: int, winners: int, chip_cents: int) -> list[int]:
    """002 r8.1.5: divide a shared pot equally down to the lowest chip denomination in play.

    The result lists the shares in priority order: the hand closest to the Dealer Button
    clockwise first (r8.1.5(a)), or without a button the hand with the highest card by
    suit (r8.1.5(b)).  Chips that cannot be divided equally go one each to the hands in
    that order; an amount below one chip goes to the first hand.  The shares always add
    up to the pot.
    """
    return _split(
        require_cents(pot_cents, "the pot"),
        _count(winners, "the number of winners", positive=True),
        require_cents(chip_cents, "the lowest chip denomination", positive=True),
        odd_units_one_each=True,
    )


def _split(pot: int, winners: int, unit: int, *, odd_units_one_each: bool) -> list[int]:
    share = pot // (winners * unit) * unit
    shares = [share] * winners
    left = pot - share * winners
    if odd_units_one_each:
        for i in range(left // unit):
            shares[i] += unit
        left -= left // unit * unit
    shares[0] += left
    return shares
