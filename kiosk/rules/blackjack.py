"""Bonus blackjack (seed 003, div 4A, ss50A-50E): winning hands, payouts and the table's signs.

The bonus blackjack wager is an additional $1 (s50A(1)), played only with 6 or 8
decks (s50A(2)).  It wins on the cards dealt to the player who placed it (s50C(1)):

=========================================  =================  ===========================
hand                                       all the same suit  not all the same suit
=========================================  =================  ===========================
exactly 4 cards: 3 fives and a six         $25,000            $1,500
exactly 3 cards: 3 sevens                  $5,000             $500
exactly 3 cards: a six, a seven, an eight  $750 (8 decks)     $50
                                           $800 (6 decks)
a nominated blackjack                      $175
=========================================  =================  ===========================

Payouts are amounts for the $1 wager, not odds (s50C(2)); whether the $1 is returned
with them is not stated (A-19), so the amounts here are the payout alone.

Readings where the seeds are silent (docs/readings.md A-19):

* "3 cards are dealt" and "4 cards are dealt" are read as **exactly** that many: the
  hand wins only if it is made of those cards and no others (7-7-7-2 does not win).
  Each winning hand totals 21, so in play the player stands on it.  The order the
  cards came in does not matter.
* A "nominated blackjack" (s50C(3)) is a blackjack, so exactly 2 cards: the ace of the
  suit nominated on the sign for the round and the card nominated on the sign, of the
  same suit.  The nominated card is a rank worth ten (10, J, Q or K); any other card
  could not make a blackjack with the ace.
* After a split the result is decided from the hand dealt to the first of the split
  cards (s50E): use :func:`evaluate_split`.  A split hand is not a blackjack (an ace
  and a ten after a split count 21), so it can win only the 3- and 4-card hands.
* Several decks hold several copies of a card: a hand may repeat a card up to the
  number of decks (three 7 of spades from 6 decks are suited sevens).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from kiosk.language import N_
from kiosk.rules.cards import (
    RANK_LABELS,
    RANK_NAMES,
    SUIT_LABELS,
    SUIT_NAMES,
    Card,
    CardError,
    CardsInput,
    parse_cards,
    parse_rank,
    parse_suit,
    rank_label,
)
from kiosk.rules.citation import RuleError
from kiosk.rules.money import format_money

__all__ = [
    "BONUS_DECKS",
    "BONUS_WAGER_CENTS",
    "BOXES",
    "bonus_wager_boxes",
    "BonusHand",
    "BonusResult",
    "Nomination",
    "SignRow",
    "bonus_payout_cents",
    "bonus_payout_rows",
    "check_bonus_decks",
    "evaluate_bonus",
    "evaluate_split",
    "nomination_rows",
]

BONUS_WAGER_CENTS = 100
"""The bonus blackjack wager is an additional $1 (003 s50A(1))."""

BONUS_DECKS: tuple[int, ...] = (6, 8)
"""Bonus blackjack may be played only with 6 or 8 decks (003 s50A(2))."""

BOXES = 7
"""The boxes of a blackjack table, each with its bonus blackjack area (``layouts/blackjack.toml``:
box1 .. box7; the seeds fix no number)."""


def bonus_wager_boxes(placed: Sequence[int], boxes: Sequence[object], *, dealt: bool) -> tuple[int, ...]:
    """The round's boxes with a bonus blackjack wager once the first player of each of ``boxes``
    has placed one (003 s50B), given the boxes ``placed`` before in the round; sorted.

    Raises :class:`RuleError` with the citation: once any card of the round is dealt
    (s50B(3)); for a box listed twice or already holding the round's bonus wager (s50B(5): only
    1 bonus blackjack wager on a box for a round); for a box that is not one of the table's.
    That the wager is the first player's (s50B(1), (2)) is the dealer's to see: a box holds one.
    """
    if dealt:
        raise RuleError(
            "the cards of this round are being dealt: a bonus blackjack wager must be placed before any cards in"
            " a round are dealt (003 s50B(3))",
            "003 s50B(3)",
        )
    out = set(placed)
    for box in boxes:
        if isinstance(box, bool) or not isinstance(box, int) or not 1 <= box <= BOXES:
            raise RuleError(f"a box is 1 to {BOXES}, not {box!r} (003 s50A(1)(a))", "003 s50A(1)(a)")
        if box in out:
            raise RuleError(
                f"box {box} already holds this round's bonus blackjack wager: only 1 bonus blackjack wager may"
                " be placed on a box for a round, by the box's first player (003 s50B(5), s50B(1))",
                "003 s50B(5)",
            )
        out.add(box)
    return tuple(sorted(out))


TEN_VALUE_RANKS: tuple[int, ...] = (10, 11, 12, 13)


class BonusHand(Enum):
    """A winning bonus blackjack hand (003 s50C(1)); the value is how a sign names it."""

    FIVES_AND_SIX = "3 fives and a six"
    THREE_SEVENS = "3 sevens"
    SIX_SEVEN_EIGHT = "a six, a seven and an eight"
    NOMINATED_BLACKJACK = "nominated blackjack"

    @property
    def condition_rule(self) -> str:
        """The s50C(1) paragraph that makes this hand a winner."""
        return {
            BonusHand.FIVES_AND_SIX: "003 s50C(1)(a)",
            BonusHand.THREE_SEVENS: "003 s50C(1)(b)",
            BonusHand.SIX_SEVEN_EIGHT: "003 s50C(1)(c)",
            BonusHand.NOMINATED_BLACKJACK: "003 s50C(1)(d), s50C(3)",
        }[self]


def check_bonus_decks(decks: int) -> int:
    """Return ``decks`` if bonus blackjack may be played with it (6 or 8, 003 s50A(2)), else raise."""
    if isinstance(decks, bool) or not isinstance(decks, int) or decks not in BONUS_DECKS:
        raise RuleError(
            f"bonus blackjack may be played only with 6 or 8 decks (003 s50A(2)): this table uses {decks!r}",
            "003 s50A(2)",
        )
    return decks


def bonus_payout_cents(hand: BonusHand, *, suited: bool, decks: int) -> tuple[int, str]:
    """The payout for a winning hand and the paragraph of 003 s50C(2) that sets it.

    ``suited`` is whether all the cards are the same suit (ignored for a nominated
    blackjack, which is suited by definition).
    """
    check_bonus_decks(decks)
    if hand is BonusHand.FIVES_AND_SIX:
        return (2_500_000, "003 s50C(2)(a)(i)") if suited else (150_000, "003 s50C(2)(a)(ii)")
    if hand is BonusHand.THREE_SEVENS:
        return (500_000, "003 s50C(2)(b)(i)") if suited else (50_000, "003 s50C(2)(b)(ii)")
    if hand is BonusHand.SIX_SEVEN_EIGHT:
        if not suited:
            return 5_000, "003 s50C(2)(c)(ii)"
        return (75_000, "003 s50C(2)(c)(i)(A)") if decks == 8 else (80_000, "003 s50C(2)(c)(i)(B)")
    return 17_500, "003 s50C(2)(d)"


@dataclass(frozen=True)
class Nomination:
    """The round's nominated suit and card on the table's sign (003 s50C(3)).

    ``rank`` is the nominated card's face value: 10, jack (11), queen (12) or king (13).
    """

    suit: str
    rank: int

    def __post_init__(self) -> None:
        if self.suit not in SUIT_NAMES:
            raise CardError(f"not a suit: {self.suit!r} (suits are S, H, D, C)", "003 s50C(3)")
        if self.rank not in TEN_VALUE_RANKS:
            raise RuleError(
                f"the nominated card must make a blackjack with the ace, so it is a 10, jack, queen or king "
                f"(003 s50C(3)): got {RANK_NAMES.get(self.rank, repr(self.rank))}",
                "003 s50C(3)",
            )

    @classmethod
    def parse(cls, suit: str, card: str | int) -> Nomination:
        """Read the sign's fields: a suit (``"S"``, ``"spades"``, ``"♠"``) and a card rank (``"J"``, ``"10"``)."""
        return cls(parse_suit(suit), parse_rank(card))

    @property
    def cards(self) -> tuple[Card, Card]:
        """The nominated blackjack: the ace of the suit and the nominated card of the same suit."""
        return Card(14, self.suit), Card(self.rank, self.suit)

    def __str__(self) -> str:
        ace, other = self.cards
        return f"{ace.name} and {other.name}"


@dataclass(frozen=True)
class BonusResult:
    """The bonus blackjack result for a player's cards.

    ``hand`` is the winning hand or ``None``; ``suited`` whether its cards are all one
    suit; ``payout_cents`` the s50C(2) amount (0 when it does not win); ``rule`` cites
    the paragraphs that decided it.
    """

    hand: BonusHand | None
    suited: bool
    payout_cents: int
    rule: str
    cards: tuple[Card, ...]

    @property
    def wins(self) -> bool:
        """Whether the bonus blackjack wager wins."""
        return self.hand is not None

    def __str__(self) -> str:
        if self.hand is None:
            return "bonus blackjack wager does not win"
        suit = " suited" if self.suited and self.hand is not BonusHand.NOMINATED_BLACKJACK else ""
        return f"{self.hand.value}{suit}: {format_money(self.payout_cents)}"


def _player_cards(cards: CardsInput, decks: int) -> tuple[Card, ...]:
    parsed = parse_cards(cards, deck_size=52, copies=decks, what="blackjack hand", rule="003 s50A(2)")
    if len(parsed) < 2:
        raise CardError(
            f"a blackjack hand has at least the 2 cards first dealt to the player: got {len(parsed)}", "003 s50C(1)"
        )
    return parsed


def _evaluate(cards: tuple[Card, ...], decks: int, nomination: Nomination | None, *, split: bool) -> BonusResult:
    ranks = sorted(c.rank for c in cards)
    suited = len({c.suit for c in cards}) == 1
    hand: BonusHand | None = None
    if len(cards) == 4 and ranks == [5, 5, 5, 6]:
        hand = BonusHand.FIVES_AND_SIX
    elif len(cards) == 3 and ranks == [7, 7, 7]:
        hand = BonusHand.THREE_SEVENS
    elif len(cards) == 3 and ranks == [6, 7, 8]:
        hand = BonusHand.SIX_SEVEN_EIGHT
    elif not split and nomination is not None and len(cards) == 2 and set(cards) == set(nomination.cards):
        hand = BonusHand.NOMINATED_BLACKJACK
    if hand is None:
        rule = "003 s50C(1), s50E" if split else "003 s50C(1)"
        return BonusResult(None, suited, 0, rule, cards)
    amount, pay_rule = bonus_payout_cents(hand, suited=suited, decks=decks)
    rule = f"{hand.condition_rule}, {pay_rule.removeprefix('003 ')}"
    if split:
        rule += ", s50E"
    return BonusResult(hand, suited, amount, rule, cards)


def evaluate_bonus(cards: CardsInput, *, decks: int, nomination: Nomination | None = None) -> BonusResult:
    """Decide a bonus blackjack wager from all the cards dealt to the player's hand (003 s50C).

    ``cards`` are every card dealt to the hand, in any order; ``decks`` the table's
    deck count (6 or 8, s50A(2)); ``nomination`` the round's nominated suit and card
    (without one no nominated blackjack can win).
    """
    check_bonus_decks(decks)
    return _evaluate(_player_cards(cards, decks), decks, nomination, split=False)


def evaluate_split(hands: Sequence[CardsInput], *, decks: int, nomination: Nomination | None = None) -> BonusResult:
    """Decide a bonus blackjack wager after the player split (003 s50E).

    ``hands`` are the split hands in the order of the split cards; the result is
    decided from the first.  Each hand starts with its split card.
    """
    check_bonus_decks(decks)
    hands = list(hands)
    if len(hands) < 2:
        raise CardError(f"a split makes at least 2 hands (003 s50E): got {len(hands)}", "003 s50E")
    parsed = [_player_cards(hand, decks) for hand in hands]
    parse_cards(tuple(c for hand in parsed for c in hand), copies=decks, what="split hands", rule="003 s50A(2)")
    return _evaluate(parsed[0], decks, nomination, split=True)


# --------------------------------------------------------------------------- signs


@dataclass(frozen=True)
class SignRow:
    """One row of a bonus blackjack sign: ``label``, ``value`` as printed, and the rule."""

    label: str
    value: str
    rule: str
    amount_cents: int | None = None


def bonus_payout_rows(decks: int) -> list[SignRow]:
    """The rows of SIGN-BJ-02: the bonus blackjack payouts for a table with ``decks`` decks (003 s50A(1)(b), s50C(2)).

    The suited 6-7-8 amount depends on the deck count ($750 with 8 decks, $800 with 6).
    """
    check_bonus_decks(decks)
    rows = []
    for hand, cards in (
        (BonusHand.FIVES_AND_SIX, "5-5-5-6"),
        (BonusHand.THREE_SEVENS, "7-7-7"),
        (BonusHand.SIX_SEVEN_EIGHT, "6-7-8"),
    ):
        for suited in (True, False):
            amount, rule = bonus_payout_cents(hand, suited=suited, decks=decks)
            label = f"{cards} {'all the same suit' if suited else 'not all the same suit'}"
            rows.append(SignRow(label, format_money(amount), rule, amount))
    amount, rule = bonus_payout_cents(BonusHand.NOMINATED_BLACKJACK, suited=True, decks=decks)
    rows.append(SignRow(N_("Nominated blackjack"), format_money(amount), rule, amount))
    return rows


def nomination_rows(nomination: Nomination) -> list[SignRow]:
    """The rows of SIGN-BJ-03: the round's nominated suit and card (003 s50C(3))."""
    ace, other = nomination.cards
    return [
        SignRow(N_("Nominated suit"), SUIT_LABELS[nomination.suit], "003 s50C(3)"),
        SignRow(N_("Nominated card"), RANK_LABELS[nomination.rank], "003 s50C(3)"),
        SignRow(
            N_("Nominated blackjack"),
            f"{rank_label(ace.rank)}{ace.suit} + {rank_label(other.rank)}{other.suit} ({nomination})",
            "003 s50C(3)",
        ),
    ]
