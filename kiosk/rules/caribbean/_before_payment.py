"""What the dealer does before a straight flush or royal flush jackpot is paid (000 s245(5)).

"Before a payment mentioned in section 246 is made for a winning jackpot hand that is a
straight flush or royal flush, the dealer must-- (a) notify the floor manager; and (b) count the
cards in the deck in use at the table."  Caribbean stud is played with 1 deck (000 s233(1)),
read as the 52 cards of a standard deck (``docs/readings.md`` A-50): the count is the number of
cards the dealer counted, and a count other than 52 is recorded as counted (the seeds say
nothing of what follows; the floor manager, notified under (a), decides).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kiosk.rules.citation import RuleError

__all__ = [
    "BEFORE_PAYMENT_RULE",
    "DECK_CARDS",
    "BeforePayment",
    "hands_needing_checks",
]

BEFORE_PAYMENT_RULE = "000 s245(5)"
DECK_CARDS = 52
"""The cards of the 1 deck a Caribbean stud table plays with (000 s233(1); docs/readings.md A-50)."""
_NEEDING = ("straight flush", "royal flush")
MOST_CARDS_COUNTED = 2 * DECK_CARDS
"""A count above this is a typing slip, not a deck (a second deck is in the shuffler, s233(2))."""


def hands_needing_checks(hands: Iterable[str]) -> tuple[str, ...]:
    """The hands (seed names, ``"royal flush"``) among a hit's payments whose payment waits for
    the floor manager's notification and the count of the deck (000 s245(5)), each once."""
    given = set(hands)
    return tuple(h for h in _NEEDING if h in given)


@dataclass(frozen=True)
class BeforePayment:
    """The dealer's record of 000 s245(5): who of the floor managers was notified, and how many
    cards the dealer counted in the deck in use at the table."""

    floor_manager: str
    cards_counted: int

    def __post_init__(self) -> None:
        if not self.floor_manager.strip():
            raise RuleError(
                f"name the floor manager the dealer notified ({BEFORE_PAYMENT_RULE}(a))", f"{BEFORE_PAYMENT_RULE}(a)"
            )
        counted = self.cards_counted
        if isinstance(counted, bool) or not isinstance(counted, int) or not 0 <= counted <= MOST_CARDS_COUNTED:
            raise RuleError(
                f"the cards counted in the deck in use are a number 0 to {MOST_CARDS_COUNTED}, not {counted!r}"
                f" ({BEFORE_PAYMENT_RULE}(b))",
                f"{BEFORE_PAYMENT_RULE}(b)",
            )

    @property
    def deck_complete(self) -> bool:
        """The count found the whole deck (000 s233(1): 1 deck of :data:`DECK_CARDS`)."""
        return self.cards_counted == DECK_CARDS

    @property
    def count_words(self) -> str:
        """The count in words: ``"52 of 52 cards"``, ``"51 cards, not 52"``."""
        if self.deck_complete:
            return f"{DECK_CARDS} of {DECK_CARDS} cards"
        return f"{self.cards_counted} cards, not {DECK_CARDS}"
