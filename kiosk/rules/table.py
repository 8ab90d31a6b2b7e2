"""The rule-relevant settings of one table, as the rule functions take them.

The floor file, the backend and the console all turn their own models into a
:class:`TableLimits` before asking ``kiosk.rules.limits.violations`` about it.  All
money is integer cents.  Fields that do not apply to a table's game stay at their
defaults and are ignored by that game's rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

__all__ = ["TableLimits", "RakeSettings", "RakeType"]

RakeType = Literal["percentage", "time_charge", "fixed_per_hand", "per_person_per_hand"]


@dataclass(frozen=True)
class RakeSettings:
    """Poker room commission (002 r7): the method and its amounts, as the sign states them."""

    type: RakeType
    percent_bp: int | None = None  # percentage rake in basis points (2 % = 200), 002 r7.2.1
    cap_cents: int | None = None  # maximum rake per hand in dollars terms, 002 r7.1, r7.7
    minimum_cents: int | None = None  # minimum permissible rake, 002 r7.1
    hourly_fee_cents: int | None = None  # maximum hourly fee per player, 002 r7.2.2(c)
    fee_per_hand_cents: int | None = None  # fixed (per hand or per person per hand), 002 r7.2.3/r7.2.4


@dataclass(frozen=True)
class TableLimits:
    """Minimum and maximum wagers and the game-specific settings the law constrains.

    ``maximum_by`` maps a wager class to its maximum in cents: tri-chro payout odds
    (``"3:4"``, ``"6:5"``, ``"33:10"``, ``"8:1"``, ``"27:1"``, ``"38:1"``, ``"65:1"``,
    ``"90:1"``) or roulette wager types (``"straight_up"`` ... ``"black"``).
    ``minimum_by`` does the same for minimums (roulette s141(2) is per wager type); a
    class missing from either mapping takes the table-wide value.
    """

    minimum_cents: int
    maximum_cents: int
    maximum_by: Mapping[str, int] = field(default_factory=dict)
    minimum_by: Mapping[str, int] = field(default_factory=dict)
    # blackjack (003 s23, s50A, s65A)
    instructional: bool = False
    decks: int | None = None
    bonus_blackjack: bool = False
    card_machine: bool = False
    # caribbean stud (000 s232, s244)
    maximum_payment_cents: int | None = None
    # manila and draw poker (003 s259, s267, s275, s295)
    minimum_table_stake_cents: int | None = None
    minimum_permissible_wager_cents: int | None = None
    # poker room (002 r6.3, r7, r8.2.1)
    minimum_buy_in_cents: int | None = None
    compulsory_blinds: int | None = None
    blinds_cents: tuple[int, ...] = ()
    rake: RakeSettings | None = None
    # pai gow (003 s421)
    co_banking: bool = False
    house_liability_cents: int | None = None
    box_maximum_cents: int | None = None
    # added for the rules of kiosk.rules.limits (fields are only ever appended)
    super_sevens: bool = False  # blackjack: a card machine is barred with it, 003 s65A(2)
    game_type: str | None = None  # poker room: the type of game the notice names, 002 r6.3
    # blackjack: the numbers of decks the chief executive approved for the card machine, 003 s65A(3)(a)
    card_machine_min_decks: int | None = None
    card_machine_max_decks: int | None = None
