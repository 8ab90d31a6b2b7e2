"""Caribbean stud's jackpot hit at the dealer panel, below Qt: the winning place and five cards
picked by touch (a card grid), the hand named as it is built, a confirm that says what the hit
pays, and afterwards what to pay whom.

What a hand pays is the seeds' s246(1) payment of one winning hand on the meter's prize
(:func:`kiosk.rules.caribbean.jackpot_payment_cents`); the service settles the hit
(``jackpot_hit``: several winning hands and the way of sharing, s247) and the payout card shows
what it settled (the link's ``pending.payments``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kiosk.rules.cards import SUITS, Card, rank_label
from kiosk.rules.caribbean import PLACES, jackpot_payment_cents, winning_jackpot_hand
from kiosk.rules.money import format_money
from kiosk.state.shapes import PendingHit

__all__ = [
    "ALL_CARDS",
    "PLACES",
    "RANKS",
    "SUIT_SYMBOLS",
    "SUIT_COLOURS",
    "HandPick",
    "card_face",
    "payout_lines",
    "recorded_text",
]

RANKS: tuple[int, ...] = (14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2)
"""The card grid's columns: ace high to two."""
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_COLOURS = {"S": "black", "H": "red", "D": "red", "C": "black"}


def card_face(card: Card) -> str:
    """A card as its face shows it: ``"A♠"``, ``"10♥"``."""
    return f"{rank_label(card.rank)}{SUIT_SYMBOLS[card.suit]}"


@dataclass
class HandPick:
    """The place and the five cards the dealer touched; :meth:`command_hands` is what
    ``jackpot_hit`` takes, once the hand is complete."""

    place: int | None = None
    cards: list[Card] = field(default_factory=list)

    def choose_place(self, place: int) -> None:
        if not 1 <= place <= PLACES:
            raise ValueError(f"a place is 1 to {PLACES}, not {place}")
        self.place = place

    def toggle(self, card: Card) -> None:
        """Touch a card: add it (up to five), or take it back."""
        if card in self.cards:
            self.cards.remove(card)
        elif len(self.cards) < 5:
            self.cards.append(card)

    def clear(self) -> None:
        self.place, self.cards = None, []

    def hand_name(self, *, dead_mans_hand: bool) -> str:
        """The hand as it is built: "3 of 5 cards", "Royal flush", "Not a jackpot hand"."""
        if len(self.cards) < 5:
            return f"{len(self.cards)} of 5 cards"
        hand = winning_jackpot_hand([str(c) for c in self.cards], dead_mans_hand=dead_mans_hand)
        return hand.label if hand is not None else "Not a jackpot hand (000 s227)"

    def payment_cents(self, prize_cents: int, *, dead_mans_hand: bool) -> int | None:
        """What this hand alone pays under 000 s246(1) on the meter's prize; ``None`` when the
        five cards are not yet picked or are not a winning jackpot hand."""
        if len(self.cards) < 5:
            return None
        hand = winning_jackpot_hand([str(c) for c in self.cards], dead_mans_hand=dead_mans_hand)
        return None if hand is None else jackpot_payment_cents(hand, prize_cents)

    def ready(self, *, dead_mans_hand: bool) -> bool:
        return self.place is not None and self.payment_cents(0, dead_mans_hand=dead_mans_hand) is not None

    def confirm_text(self, prize_cents: int, *, dead_mans_hand: bool) -> str:
        """The confirm's question: "Royal flush at place 2 pays $48,214.90 (000 s246(1)): confirm?"."""
        amount = self.payment_cents(prize_cents, dead_mans_hand=dead_mans_hand)
        if self.place is None or amount is None:
            return "Touch the winner's place and five cards"
        name = self.hand_name(dead_mans_hand=dead_mans_hand)
        return f"{name} at place {self.place} pays {format_money(amount, always_cents=True)} (000 s246(1)): confirm?"

    def command_hands(self) -> dict[str, list[str]]:
        if self.place is None or len(self.cards) != 5:
            raise ValueError("a jackpot hit needs the winner's place and five cards")
        return {f"place {self.place}": [str(c) for c in self.cards]}


def recorded_text(places: list[int], wager_cents: int | None) -> str:
    """What the dealer is told once jackpot wagers are recorded: "Recorded: places 2 and 5 ($2)"
    (the places' wagers at the table's jackpot wager, 000 s231(4))."""
    ordered = sorted(places)
    names = ", ".join(str(p) for p in ordered[:-1]) + (" and " if len(ordered) > 1 else "") + str(ordered[-1])
    text = f"Recorded: place{'s' if len(ordered) > 1 else ''} {names}"
    if wager_cents is not None:
        text += f" ({format_money(wager_cents * len(ordered))})"
    return text


def payout_lines(pending: PendingHit | None) -> list[str]:
    """What the dealer pays, hand by hand, after a hit: "Pay place 2: $48,214.90 (Royal flush):
    call the pit"; nothing once the pit recorded it paid."""
    if not pending or pending.get("paid"):
        return []
    lines = []
    for p in pending.get("payments") or []:
        hand = str(p.get("hand", ""))
        lines.append(
            f"Pay {p.get('player')}: {format_money(int(p.get('amount_cents', 0)), always_cents=True)}"
            f" ({hand[:1].upper() + hand[1:]}): call the pit"
        )
    short = int(pending.get("shortfall_cents") or 0)
    if short:
        lines.append(
            f"The meter is {format_money(short, always_cents=True)} short: the casino pays the rest"
            " (docs/readings.md A-12)"
        )
    return lines


ALL_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
"""The card grid: a row per suit, ace to two."""
