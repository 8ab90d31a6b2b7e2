"""Caribbean stud poker (seed 000, pt 14, ss224-248): settling a round and the jackpot.

Everything here is a pure function of its inputs; money is integer cents.

**A player's round** (:func:`settle_player`): a folding player loses the ante (s239(5),
s225); if the dealer's hand does not qualify (s226) the ante is paid 1 to 1 and the
bet is void, a stand off (s241); if it qualifies the player's hand wins (ante 1 to 1,
bet at the s244(1) odds capped at the table's maximum payment, s244(2)), loses (both
collected) or is a stand off when poker ranking and face values are equal (s229(6),
s243; docs/readings.md A-13).  The bet is twice the ante (s239(4)).  "Total payment" under
s244(2) is read as the winnings at odds; the returned stake is not a payment (A-10).

**The ace in A-2-3-4-5**: s229(5) lets "a player" rank the ace as 1.  A player's hand
is always ranked with that choice where it helps.  Whether the dealer's hand may use
it is not stated (A-13): :attr:`CaribbeanSettings.dealer_ace_low` decides, and by
default it follows the letter (the dealer's ace ranks high only).

**Jackpot** (ss245-247): a continuing player who made a jackpot wager wins the s246(1)
payment for a winning jackpot hand whether or not the dealer qualifies (s245(2)); a
folded hand is closed, which collects the jackpot wager, so it wins nothing (s225(a),
s239(5); A-23).  Straight flush: the greater of $1,000 or 10 % of the jackpot prize;
10 % of a prize in cents is rounded **down** to the cent (``prize // 10``).  Before a straight
or royal flush is paid the dealer notifies the floor manager and counts the cards in the deck in
use (s245(5): :func:`hands_needing_checks`, :class:`BeforePayment`).

**Several straight or royal flushes in one round** (s247): each is paid under
s246(1) unless the approved pit procedures state another way of sharing **and** the
sharing sign was on the table when the round was played (s247(3)).  The sharing
methods the pit procedures may choose (:data:`SHARING_METHODS`) are not in the seeds:

* ``"s246"``: no alternative; each winner is paid under s246(1).
* ``"equal_shares"``: the s246(1) amounts of the straight/royal flush winners are
  added up, capped at the jackpot prize, and split equally.
* ``"proportional"``: the same pool split in proportion to each winner's s246(1)
  amount (a royal flush keeps a larger share than a straight flush).

:func:`sharing_method_of` finds the way from the floor's sharing method and the words of the
sharing sign, refusing a way the rules cannot settle (s247(2)(b)) or a sign that would not
state it (s247(3)); :attr:`JackpotRound.settled_by` is the way a round was actually paid.

Shares are whole cents rounded down; the cents left over (fewer than the number of
winners) are not paid and stay in the meter, so no cent is created.

**More owed than the prize** (A-12): payments under s246(1) are owed in full even when
they add up to more than the jackpot prize (two royal flushes each win 100 % of it).
The meter never goes below zero in our model: the meter pays what it holds and the
rest is the round's :attr:`JackpotRound.shortfall_cents`, owed by the casino and shown
by the backend.  Whether fixed-amount payments (dead man's hand, flush, full house,
4 of a kind) come from the meter is the pit procedures' choice, so it is a setting
(:attr:`CaribbeanSettings.fixed_payments_from_meter`, default yes).

**Meter arithmetic** (:class:`JackpotMeter`): each jackpot wager adds ``rate_bp``
basis points of the wager.  Fractions of a cent are carried to the next wager, never
dropped, so at any time::

    amount_cents == seeded_cents + contributed_cents - paid_cents      (>= 0)
    contributed_cents * 10_000 + carry == sum(wager_cents * rate_bp)   (0 <= carry < 10_000)

A hit pays from the meter what it holds (:meth:`JackpotMeter.settle`); a reset tops
the meter back up to the seed with casino money counted in ``seeded_cents``.  A reset
never lowers a meter that is above the seed: that money was contributed by players.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from kiosk.language import N_
from kiosk.rules.cards import Card, CardsInput, parse_cards
from kiosk.rules.caribbean._before_payment import (
    BEFORE_PAYMENT_RULE,
    DECK_CARDS,
    BeforePayment,
    hands_needing_checks,
)
from kiosk.rules.caribbean._meter import JackpotMeter, MeterPayment
from kiosk.rules.caribbean._sharing import (
    SHARING_LABELS,
    SHARING_METHODS,
    SharingMethod,
    sharing_method_of,
    stated_sharing,
)
from kiosk.rules.citation import RuleError
from kiosk.rules.money import format_money, require_cents
from kiosk.rules.poker_hands import (
    CARIBBEAN_STUD,
    CARIBBEAN_STUD_DEALER_LETTER,
    Category,
    HandRank,
    rank_hand,
)

__all__ = [
    "BEFORE_PAYMENT_RULE",
    "BET_ODDS",
    "BeforePayment",
    "CaribbeanSettings",
    "DECK_CARDS",
    "JACKPOT_FIXED_CENTS",
    "JACKPOT_PRIZE_PERCENT",
    "JackpotHand",
    "JackpotMeter",
    "JackpotPayment",
    "JackpotRound",
    "MeterPayment",
    "PLACES",
    "PayRow",
    "PlayerSettlement",
    "SHARING_LABELS",
    "SHARING_METHODS",
    "SharingMethod",
    "WagerResult",
    "bet_odds_rows",
    "dealer_qualifies",
    "hands_needing_checks",
    "jackpot_payment_cents",
    "jackpot_round",
    "jackpot_rows",
    "maximum_payment_row",
    "settle_player",
    "sharing_method_of",
    "stated_sharing",
    "winning_jackpot_hand",
]

BET_ODDS: dict[Category, tuple[int, int]] = {
    Category.ODD_CARD_HAND: (1, 1),
    Category.ONE_PAIR: (1, 1),
    Category.TWO_PAIRS: (2, 1),
    Category.THREE_OF_A_KIND: (3, 1),
    Category.STRAIGHT: (4, 1),
    Category.FLUSH: (5, 1),
    Category.FULL_HOUSE: (7, 1),
    Category.FOUR_OF_A_KIND: (20, 1),
    Category.STRAIGHT_FLUSH: (50, 1),
    Category.ROYAL_FLUSH: (250, 1),
}
"""Payment odds for winning bet wagers by the ranking of the winning hand (000 s244(1))."""

HAND_CARDS = 5
DECK_RULE = "000 s233(1)"


_JACKPOT_LABELS: dict[str, str] = {
    "dead man's hand": N_("Dead man's hand"),
    "flush": N_("Flush"),
    "full house": N_("Full house"),
    "4 of a kind": N_("4 of a kind"),
    "straight flush": N_("Straight flush"),
    "royal flush": N_("Royal flush"),
}
"""Each jackpot hand's name on a sign: the seed's name with a capital (a test holds the two together)."""


class JackpotHand(Enum):
    """A winning jackpot hand (000 s227); the value is the seed's name."""

    DEAD_MANS_HAND = "dead man's hand"
    FLUSH = "flush"
    FULL_HOUSE = "full house"
    FOUR_OF_A_KIND = "4 of a kind"
    STRAIGHT_FLUSH = "straight flush"
    ROYAL_FLUSH = "royal flush"

    @property
    def label(self) -> str:
        """The seed's name with a capital first letter: ``"Dead man's hand"`` (in English: a sign
        translates it with ``kiosk.language.tr``)."""
        return _JACKPOT_LABELS[self.value]

    @property
    def prize_linked(self) -> bool:
        """True for the straight and royal flush, whose payment depends on the jackpot prize."""
        return self in (JackpotHand.STRAIGHT_FLUSH, JackpotHand.ROYAL_FLUSH)


JACKPOT_FIXED_CENTS: dict[JackpotHand, int] = {
    JackpotHand.DEAD_MANS_HAND: 5_000,
    JackpotHand.FLUSH: 10_000,
    JackpotHand.FULL_HOUSE: 15_000,
    JackpotHand.FOUR_OF_A_KIND: 50_000,
    JackpotHand.STRAIGHT_FLUSH: 100_000,  # or 10 % of the jackpot prize if greater
    JackpotHand.ROYAL_FLUSH: 1_000_000,  # or 100 % of the jackpot prize if greater
}
"""The s246(1) dollar amounts, in cents (for SF and RF: the floor of the greater-of rule)."""

JACKPOT_PRIZE_PERCENT: dict[JackpotHand, int] = {
    JackpotHand.STRAIGHT_FLUSH: 10,
    JackpotHand.ROYAL_FLUSH: 100,
}
"""The s246(1) share of the jackpot prize, in per cent, paid for a prize-linked hand when greater
than its :data:`JACKPOT_FIXED_CENTS` (rounded down to the cent)."""

PLACES = 7
"""The player places at a Caribbean stud table, each with its jackpot slot or area (000 s230(1):
places on 1 side for players; the 7 are ours, diagram 15 being missing from the seed,
docs/readings.md A-04; ``layouts/caribbean_stud.toml``: seat1 .. seat7)."""

_CATEGORY_TO_JACKPOT = {
    Category.FLUSH: JackpotHand.FLUSH,
    Category.FULL_HOUSE: JackpotHand.FULL_HOUSE,
    Category.FOUR_OF_A_KIND: JackpotHand.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH: JackpotHand.STRAIGHT_FLUSH,
    Category.ROYAL_FLUSH: JackpotHand.ROYAL_FLUSH,
}


@dataclass(frozen=True)
class CaribbeanSettings:
    """The rule-relevant settings of a Caribbean stud table.

    * ``maximum_payment_cents``: the maximum payment for a winning bet wager stated on
      the table's sign (000 s224, s232(1)(b)); caps the bet payment (s244(2)).
    * ``dead_mans_hand``: the approved pit procedures make a dead man's hand a winning
      jackpot hand (s227(2)).
    * ``dealer_ace_low``: the dealer's ace may rank as 1 in A-2-3-4-5 (s229(5) names
      only the player; A-13).  Default ``False``, the letter of s229(5).
    * ``fixed_payments_from_meter``: the fixed-amount jackpot payments come out of the
      jackpot meter (default) rather than the table's float.
    * ``sharing``: the pit procedures' way of sharing among several straight/royal
      flush winners (s247(2)(b)); ``"s246"`` when they state none.
    """

    maximum_payment_cents: int
    dead_mans_hand: bool = False
    dealer_ace_low: bool = False
    fixed_payments_from_meter: bool = True
    sharing: SharingMethod = "s246"

    def __post_init__(self) -> None:
        require_cents(
            self.maximum_payment_cents, "the maximum payment for the table", "000 s232(1)(b), s244(2)", positive=True
        )
        if self.sharing not in SHARING_METHODS:
            raise RuleError(
                f"unknown jackpot sharing method {self.sharing!r}; choose one of {', '.join(SHARING_METHODS)} "
                "(000 s247(2)(b))",
                "000 s247(2)(b)",
            )


# --------------------------------------------------------------------------- hands


def _hand(cards: CardsInput, who: str) -> tuple[Card, ...]:
    return parse_cards(cards, count=HAND_CARDS, what=f"Caribbean stud {who} hand", rule="000 s228, s238")


def _dealer_rank(cards: tuple[Card, ...], settings: CaribbeanSettings | None) -> HandRank:
    ace_low = settings.dealer_ace_low if settings is not None else False
    return rank_hand(cards, CARIBBEAN_STUD if ace_low else CARIBBEAN_STUD_DEALER_LETTER)


def dealer_qualifies(cards: CardsInput | HandRank, *, ace_low: bool = False) -> bool:
    """Whether a dealer's hand qualifies (000 s226).

    It qualifies if it is an odd card hand whose 5 cards include an ace and a king
    (s226(a)), or any hand ranking higher than an odd card hand (s226(b)).  ``ace_low``
    lets the dealer's A-2-3-4-5 be a straight (see :attr:`CaribbeanSettings.dealer_ace_low`).
    """
    if isinstance(cards, HandRank):
        hand = cards
    else:
        hand = rank_hand(_hand(cards, "dealer's"), CARIBBEAN_STUD if ace_low else CARIBBEAN_STUD_DEALER_LETTER)
    if hand.category is not Category.ODD_CARD_HAND:
        return True
    ranks = {c.rank for c in hand.cards}
    return 14 in ranks and 13 in ranks


def winning_jackpot_hand(cards: CardsInput, *, dead_mans_hand: bool = False) -> JackpotHand | None:
    """The winning jackpot hand a player's 5 cards make (000 s227), or ``None``.

    Flush, full house, 4 of a kind, straight flush and royal flush always win
    (s227(1)); a dead man's hand (a pair of aces, a pair of eights and 1 other odd card,
    s224) only if the pit procedures say so (s227(2)): pass ``dead_mans_hand=True``.
    """
    hand = rank_hand(_hand(cards, "player's"), CARIBBEAN_STUD)
    if hand.category in _CATEGORY_TO_JACKPOT:
        return _CATEGORY_TO_JACKPOT[hand.category]
    if dead_mans_hand and hand.category is Category.TWO_PAIRS and hand.values[:2] == (14, 8):
        return JackpotHand.DEAD_MANS_HAND
    return None


def jackpot_payment_cents(hand: JackpotHand, prize_cents: int) -> int:
    """The s246(1) payment for one winning jackpot hand, given the jackpot prize.

    Straight flush: the greater of $1,000 or 10 % of the prize (rounded down to the
    cent); royal flush: the greater of $10,000 or 100 % of the prize.
    """
    prize = require_cents(prize_cents, "the jackpot prize", "000 s224")
    if hand in JACKPOT_PRIZE_PERCENT:
        return max(JACKPOT_FIXED_CENTS[hand], prize * JACKPOT_PRIZE_PERCENT[hand] // 100)
    return JACKPOT_FIXED_CENTS[hand]


# --------------------------------------------------------------------------- settling


@dataclass(frozen=True)
class WagerResult:
    """What happened to one wager.

    ``outcome`` is ``"win"``, ``"lose"``, ``"stand_off"``, ``"void"`` (a stand off by
    another name, 000 s241(3) and the dictionary) or ``"not_made"``.  ``won_cents`` is
    paid to the player besides the stake; ``lost_cents`` is collected from the player.
    ``capped`` is true when the maximum payment cut the payment (s244(2)).
    """

    wager: Literal["ante", "bet"]
    stake_cents: int
    outcome: Literal["win", "lose", "stand_off", "void", "not_made"]
    won_cents: int
    lost_cents: int
    rule: str
    odds: tuple[int, int] | None = None
    capped: bool = False

    @property
    def net_cents(self) -> int:
        """The player's gain (positive) or loss (negative) on this wager."""
        return self.won_cents - self.lost_cents


@dataclass(frozen=True)
class PlayerSettlement:
    """One player's round.

    ``outcome``: ``"fold"``, ``"dealer_not_qualified"``, ``"win"``, ``"lose"`` or
    ``"stand_off"``.  ``jackpot_hand`` is the winning jackpot hand the player is owed a
    payment for (only with a jackpot wager and not folded); the payment itself depends
    on the whole round (see :func:`jackpot_round`).
    """

    outcome: Literal["fold", "dealer_not_qualified", "win", "lose", "stand_off"]
    ante: WagerResult
    bet: WagerResult
    player_hand: HandRank
    dealer_hand: HandRank
    dealer_qualifies: bool
    jackpot_hand: JackpotHand | None
    rule: str

    @property
    def net_cents(self) -> int:
        """The player's gain or loss on the ante and bet wagers together."""
        return self.ante.net_cents + self.bet.net_cents


def settle_player(
    player_cards: CardsInput,
    dealer_cards: CardsInput,
    ante_cents: int,
    settings: CaribbeanSettings,
    *,
    folded: bool = False,
    jackpot_wager: bool = False,
    bet_cents: int | None = None,
) -> PlayerSettlement:
    """Settle one player's ante and bet wagers against the dealer's hand (000 ss239-244).

    The bet is twice the ante (s239(4)); pass ``bet_cents`` to have that checked.  Cards
    are 5 each from 1 deck (s233(1)): a card in both hands is refused.
    """
    ante = require_cents(ante_cents, "the ante wager", "000 s236(a)", positive=True)
    bet = 2 * ante
    if bet_cents is not None and not folded and require_cents(bet_cents, "the bet wager", "000 s239(4)") != bet:
        raise RuleError(
            f"the bet wager must be twice the ante (000 s239(4)): ante {format_money(ante)} needs a bet of "
            f"{format_money(bet)}, not {format_money(bet_cents)}",
            "000 s239(4)",
        )
    player = _hand(player_cards, "player's")
    dealer = _hand(dealer_cards, "dealer's")
    parse_cards(player + dealer, what="round (player's and dealer's cards)", rule=DECK_RULE)
    player_hand = rank_hand(player, CARIBBEAN_STUD)
    dealer_hand = _dealer_rank(dealer, settings)
    qualifies = dealer_qualifies(dealer_hand)

    if folded:
        return PlayerSettlement(
            "fold",
            WagerResult("ante", ante, "lose", 0, ante, "000 s239(5), s225(a)"),
            WagerResult("bet", 0, "not_made", 0, 0, "000 s239(2),(3)"),
            player_hand,
            dealer_hand,
            qualifies,
            None,
            "000 s239(5), s225",
        )

    jackpot = winning_jackpot_hand(player, dead_mans_hand=settings.dead_mans_hand) if jackpot_wager else None
    if not qualifies:
        return PlayerSettlement(
            "dealer_not_qualified",
            WagerResult("ante", ante, "win", ante, 0, "000 s241(2)(a)", (1, 1)),
            WagerResult("bet", bet, "void", 0, 0, "000 s241(3)"),
            player_hand,
            dealer_hand,
            False,
            jackpot,
            "000 s226, s241",
        )
    if player_hand > dealer_hand:
        a, b = BET_ODDS[player_hand.category]
        at_odds = bet * a // b
        paid = min(at_odds, settings.maximum_payment_cents)
        capped = paid < at_odds
        bet_rule = "000 s243(2)(b), s244(1), s244(2)" if capped else "000 s243(2)(b), s244(1)"
        return PlayerSettlement(
            "win",
            WagerResult("ante", ante, "win", ante, 0, "000 s243(2)(a)", (1, 1)),
            WagerResult("bet", bet, "win", paid, 0, bet_rule, (a, b), capped),
            player_hand,
            dealer_hand,
            True,
            jackpot,
            "000 s242, s243(1)",
        )
    if player_hand < dealer_hand:
        return PlayerSettlement(
            "lose",
            WagerResult("ante", ante, "lose", 0, ante, "000 s243(4)(a)"),
            WagerResult("bet", bet, "lose", 0, bet, "000 s243(4)(a)"),
            player_hand,
            dealer_hand,
            True,
            jackpot,
            "000 s242, s243(3)",
        )
    return PlayerSettlement(
        "stand_off",
        WagerResult("ante", ante, "stand_off", 0, 0, "000 s243(5),(6)"),
        WagerResult("bet", bet, "stand_off", 0, 0, "000 s243(5),(6)"),
        player_hand,
        dealer_hand,
        True,
        jackpot,
        "000 s229(6), s243(5)",
    )


# --------------------------------------------------------------------------- jackpot round


@dataclass(frozen=True)
class JackpotPayment:
    """One winner's jackpot payment in a round.

    ``amount_cents`` is what the player is paid; ``s246_cents`` what s246(1) alone
    would pay (they differ only when an alternative sharing method applied).
    ``from_meter`` says whether the payment is charged to the jackpot meter.
    """

    player: str
    hand: JackpotHand
    amount_cents: int
    s246_cents: int
    from_meter: bool
    rule: str


@dataclass(frozen=True)
class JackpotRound:
    """The jackpot payments of one round and where the money comes from.

    ``total_cents`` = ``from_meter_cents`` + ``shortfall_cents`` + ``table_paid_cents``:
    the meter pays what it holds of the meter-funded payments (``from_meter_cents``,
    never more than ``prize_cents``), the casino pays the rest of them
    (``shortfall_cents``, A-12), and the table's float pays fixed amounts not funded by
    the meter (``table_paid_cents``).  ``shared`` is true when an alternative sharing
    method applied (s247(2),(3)); ``note`` says in one line what was decided and why.
    """

    prize_cents: int
    payments: tuple[JackpotPayment, ...]
    total_cents: int
    meter_charge_cents: int
    from_meter_cents: int
    shortfall_cents: int
    table_paid_cents: int
    shared: bool
    method: str
    note: str
    rule: str

    @property
    def settled_by(self) -> str:
        """The way the round was paid: the pit procedures' :attr:`method` when it applied
        (s247(2),(3)), else ``"s246"`` (each winning hand under s246(1))."""
        return self.method if self.shared else "s246"


def _shares(pool: int, weights: list[int], method: str) -> list[int]:
    if method == "equal_shares":
        return [pool // len(weights)] * len(weights)
    total = sum(weights)
    return [pool * w // total for w in weights]


def jackpot_round(
    hands: Mapping[str, CardsInput],
    prize_cents: int,
    settings: CaribbeanSettings,
    *,
    sharing_sign_displayed: bool,
) -> JackpotRound:
    """Jackpot payments for a round (000 ss245-247).

    ``hands`` maps each player who made a jackpot wager and did not fold to their 5
    cards (a folded hand wins nothing, A-23; leave it out).  ``prize_cents`` is the
    jackpot prize when the round was played (the meter).  ``sharing_sign_displayed``
    says whether the s247(3) sign was on the table when the round was played.
    """
    prize = require_cents(prize_cents, "the jackpot prize", "000 s224")
    if not isinstance(hands, Mapping):
        raise RuleError(f"the round's jackpot hands must map each player to their cards, got {type(hands).__name__}")
    parsed = {str(player): _hand(cards, f"player {player}'s") for player, cards in hands.items()}
    if len(parsed) != len(hands):
        raise RuleError("the round's jackpot hands name a player twice (000 s237(4): 1 hand per player)", "000 s237(4)")
    everything = tuple(card for cards in parsed.values() for card in cards)
    parse_cards(everything, what="round's player hands", rule=DECK_RULE)

    winners = [
        (player, hand)
        for player, cards in parsed.items()
        if (hand := winning_jackpot_hand(cards, dead_mans_hand=settings.dead_mans_hand)) is not None
    ]
    s246 = {player: jackpot_payment_cents(hand, prize) for player, hand in winners}
    linked = [player for player, hand in winners if hand.prize_linked]

    amounts = dict(s246)
    shared = False
    if len(linked) >= 2 and settings.sharing != "s246" and sharing_sign_displayed:
        shared = True
        weights = [s246[p] for p in linked]
        pool = min(sum(weights), prize)
        for player, share in zip(linked, _shares(pool, weights, settings.sharing), strict=True):
            amounts[player] = share
        note = (
            f"{len(linked)} straight or royal flushes share the jackpot prize ({settings.sharing.replace('_', ' ')}) "
            "as the pit procedures and the table's sharing sign state (000 s247(2),(3))"
        )
        rule = "000 s245, s246(1), s247(2),(3)"
    elif len(linked) >= 2 and settings.sharing != "s246":
        note = (
            f"{len(linked)} straight or royal flushes, but no sharing sign was on the table: "
            "each is paid under 000 s246(1) (s247(3))"
        )
        rule = "000 s245, s246(1), s247(3)"
    elif len(linked) >= 2:
        note = (
            f"{len(linked)} straight or royal flushes and no other way of sharing in the pit procedures: "
            "each is paid under 000 s246(1) (s247(2)(b))"
        )
        rule = "000 s245, s246(1), s247(2)(b)"
    else:
        note = "each winning jackpot hand is paid under 000 s246(1)" if winners else "no winning jackpot hand"
        rule = "000 s245, s246(1)"

    payments = []
    for player, hand in winners:
        on_meter = hand.prize_linked or settings.fixed_payments_from_meter
        pay_rule = "000 s247(2),(3)" if shared and hand.prize_linked else "000 s246(1)"
        payments.append(JackpotPayment(player, hand, amounts[player], s246[player], on_meter, pay_rule))
    total = sum(p.amount_cents for p in payments)
    charge = sum(p.amount_cents for p in payments if p.from_meter)
    from_meter = min(charge, prize)
    shortfall = charge - from_meter
    if shortfall:
        note += (
            f"; the payments owed exceed the jackpot prize by {format_money(shortfall)}, "
            "which the casino still owes (000 s246(1); docs/readings.md A-12)"
        )
    return JackpotRound(
        prize,
        tuple(payments),
        total,
        charge,
        from_meter,
        shortfall,
        total - charge,
        shared,
        settings.sharing,
        note,
        rule,
    )


# --------------------------------------------------------------------------- sign rows


@dataclass(frozen=True)
class PayRow:
    """One row of a pay table for a sign or display: ``label`` then ``value``, and the rule.

    ``amount_cents`` is set for dollar amounts, ``odds`` for ``a to b`` odds; ``note``
    explains a live amount (``"greater of $1,000 or 10% of the jackpot prize"``).
    """

    label: str
    value: str
    rule: str
    amount_cents: int | None = None
    odds: tuple[int, int] | None = None
    note: str = ""
    note_words: str = ""  # ``note`` before its fields are filled in: what a sign translates
    note_fields: tuple[tuple[str, str], ...] = ()


def bet_odds_rows() -> list[PayRow]:
    """The bet wager payment odds (000 s244(1)), in the seed's order (lowest hand first)."""
    rows = [
        PayRow(N_("Odd card hand or 1 pair"), "1 to 1", "000 s244(1)", odds=(1, 1)),
    ]
    for category, (a, b) in BET_ODDS.items():
        if category in (Category.ODD_CARD_HAND, Category.ONE_PAIR):
            continue
        rows.append(PayRow(category.label, f"{a} to {b}", "000 s244(1)", odds=(a, b)))
    return rows


def maximum_payment_row(settings: CaribbeanSettings) -> PayRow:
    """The sign row stating the table's maximum payment for a winning bet wager (000 s232(1)(b), s244(2))."""
    amount = settings.maximum_payment_cents
    return PayRow(N_("Maximum payment"), format_money(amount), "000 s232(1)(b), s244(2)", amount_cents=amount)


def jackpot_rows(prize_cents: int, *, dead_mans_hand: bool) -> list[PayRow]:
    """The jackpot payments (000 s246(1)) with straight and royal flush computed from the prize.

    The dead man's hand row is included only when the pit procedures make it a
    winning jackpot hand (s227(2)).  Lowest payment first, as in the seed.
    """
    prize = require_cents(prize_cents, "the jackpot prize", "000 s224")
    rows = []
    fields: tuple[tuple[str, str], ...]
    for hand in JackpotHand:
        if hand is JackpotHand.DEAD_MANS_HAND and not dead_mans_hand:
            continue
        amount = jackpot_payment_cents(hand, prize)
        rule = "000 s246(1), s227(2)" if hand is JackpotHand.DEAD_MANS_HAND else "000 s246(1)"
        words, fields = "", ()
        if hand.prize_linked:
            words = N_("the greater of {amount} or {share} of the jackpot prize")
            share = f"{JACKPOT_PRIZE_PERCENT[hand]}%"
            fields = (("amount", format_money(JACKPOT_FIXED_CENTS[hand])), ("share", share))
        note = words.format(**dict(fields))
        rows.append(
            PayRow(
                hand.label,
                format_money(amount),
                rule,
                amount_cents=amount,
                note=note,
                note_words=words,
                note_fields=fields,
            )
        )
    return rows
