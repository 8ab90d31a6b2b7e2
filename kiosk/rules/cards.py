"""Playing cards: parsing tokens such as ``"AS"``, ``"10H"``/``"TH"`` and ``"7c"``.

A card token is a rank followed by a suit.  Ranks are ``2``-``9``, ``10`` (or ``T``),
``J``, ``Q``, ``K`` and ``A``; suits are ``S``, ``H``, ``D``, ``C`` (or the symbols
``♠ ♥ ♦ ♣``).  Case does not matter.  A card's face value is an ``int`` from 2 to 14
(jack 11, queen 12, king 13, ace 14), the order of 000 s229(4) and 003 s292(6).

Decks (:data:`DECKS`): the complete 52-card deck and the reduced decks of 40 cards
(5 to ace, 003 s287), 36 cards (6 to ace, 002 r3.1.3), 32 cards (7 to ace, 003 s249,
s287) and 20 cards (10 to ace, 002 r3.1.5).  Parsing against a reduced deck refuses a
card that is not in it.

Every error is a :class:`CardError` (a :class:`~kiosk.rules.citation.RuleError`, so a
``ValueError``) whose message is one line naming the token and, where a rule decides
it, the rule.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from kiosk.language import N_
from kiosk.rules.citation import RuleError

__all__ = [
    "Card",
    "CardError",
    "CardsInput",
    "DECKS",
    "Deck",
    "RANK_LABELS",
    "RANK_NAMES",
    "SUIT_LABELS",
    "SUIT_NAMES",
    "SUITS",
    "deck",
    "parse_card",
    "parse_cards",
    "parse_rank",
    "parse_suit",
    "rank_label",
]

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
"""Suit letters: spades, hearts, diamonds, clubs (all suits rank equal, 000 s229(2))."""

SUIT_NAMES: dict[str, str] = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_LABELS: dict[str, str] = {"S": N_("Spades"), "H": N_("Hearts"), "D": N_("Diamonds"), "C": N_("Clubs")}
"""Each suit's name on a sign, with a capital (in English: a sign translates it)."""

_SUIT_ALIASES: dict[str, str] = {
    "S": "S", "H": "H", "D": "D", "C": "C",
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
    "SPADES": "S", "HEARTS": "H", "DIAMONDS": "D", "CLUBS": "C",
    "SPADE": "S", "HEART": "H", "DIAMOND": "D", "CLUB": "C",
}  # fmt: skip

RANK_NAMES: dict[int, str] = {
    2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
    11: "jack", 12: "queen", 13: "king", 14: "ace",
}  # fmt: skip

RANK_LABELS: dict[int, str] = {
    **{v: str(v) for v in range(2, 11)},
    11: N_("Jack"), 12: N_("Queen"), 13: N_("King"), 14: N_("Ace"),
}  # fmt: skip
"""Each rank's name on a sign, with a capital (in English: a sign translates it)."""

_RANK_LABELS: dict[int, str] = {11: "J", 12: "Q", 13: "K", 14: "A"}

_RANK_ALIASES: dict[str, int] = {
    **{str(v): v for v in range(2, 11)},
    "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14,
    "JACK": 11, "QUEEN": 12, "KING": 13, "ACE": 14, "TEN": 10,
}  # fmt: skip

_TOKEN = re.compile(r"^(10|[2-9TJQKA])([SHDC♠♥♦♣♤♡♢♧])$", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,;]+")

TOKEN_HINT = "write rank then suit, like AS, 10H, TH or 7c"


class CardError(RuleError):
    """Bad card input: an unreadable token, a card not in the deck, a duplicate or a wrong count."""


def rank_label(value: int) -> str:
    """The short label of a face value as a card token writes it: ``"A"``, ``"10"``, ``"7"``."""
    return _RANK_LABELS.get(value, str(value))


@dataclass(frozen=True)
class Card:
    """One playing card: ``rank`` is the face value 2..14 (ace 14), ``suit`` one of :data:`SUITS`."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if isinstance(self.rank, bool) or not isinstance(self.rank, int) or not 2 <= self.rank <= 14:
            raise CardError(f"card rank must be a face value from 2 to 14 (ace), got {self.rank!r}")
        if self.suit not in SUITS:
            raise CardError(f"card suit must be one of S, H, D, C, got {self.suit!r}")

    def __str__(self) -> str:
        return f"{rank_label(self.rank)}{self.suit}"

    @property
    def name(self) -> str:
        """The card in words, as a sign or a dealer would say it: ``"ace of spades"``."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"


CardsInput = str | Iterable[str | Card]
"""Cards as one string (``"AS KD 10H"``, comma or space separated) or a sequence of tokens or cards."""


@dataclass(frozen=True)
class Deck:
    """A deck of cards: its size, the face values it holds, and the rule that defines it."""

    size: int
    ranks: tuple[int, ...]
    rule: str

    @property
    def lowest(self) -> int:
        """The lowest face value in the deck (2, 5, 6, 7 or 10)."""
        return self.ranks[0]

    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck, in rank then suit order."""
        return tuple(Card(r, s) for r in self.ranks for s in SUITS)


DECKS: dict[int, Deck] = {
    52: Deck(52, tuple(range(2, 15)), "000 s229(4), 003 s292(6)(a)"),
    40: Deck(40, tuple(range(5, 15)), "003 s287, s292(6)(b)"),
    36: Deck(36, tuple(range(6, 15)), "002 r3.1.3"),
    32: Deck(32, tuple(range(7, 15)), "003 s249, s287, s292(6)(c)"),
    20: Deck(20, tuple(range(10, 15)), "002 r3.1.5"),
}


def deck(size: int) -> Deck:
    """Return the deck of ``size`` cards (52, 40, 36, 32 or 20), or raise :class:`CardError`."""
    try:
        return DECKS[size]
    except (KeyError, TypeError):
        known = ", ".join(str(s) for s in DECKS)
        raise CardError(f"no {size!r}-card deck in the rules; decks are {known} cards") from None


def parse_rank(token: str | int) -> int:
    """Parse a rank (``"A"``, ``"ace"``, ``"10"``, ``"T"``, ``"j"``, or an int 2..14) to its face value."""
    if isinstance(token, bool):
        raise CardError(f"not a card rank: {token!r}")
    if isinstance(token, int):
        if 2 <= token <= 14:
            return token
        raise CardError(f"not a card rank: {token!r} (face values are 2 to 14, ace 14)")
    if not isinstance(token, str):
        raise CardError(f"not a card rank: {token!r}")
    value = _RANK_ALIASES.get(token.strip().upper())
    if value is None:
        raise CardError(f"not a card rank: {token!r} (ranks are 2-10, J, Q, K, A)")
    return value


def parse_suit(token: str) -> str:
    """Parse a suit (``"S"``, ``"spades"``, ``"♠"``; any case) to its letter."""
    if not isinstance(token, str):
        raise CardError(f"not a suit: {token!r}")
    suit = _SUIT_ALIASES.get(token.strip().upper())
    if suit is None:
        raise CardError(f"not a suit: {token!r} (suits are S, H, D, C or spades, hearts, diamonds, clubs)")
    return suit


def parse_card(token: str | Card, *, deck_size: int = 52) -> Card:
    """Parse one card token (``"AS"``, ``"10H"``, ``"TH"``, ``"7c"``) into a :class:`Card`.

    With ``deck_size`` other than 52 the card must be in that reduced deck.
    """
    if isinstance(token, Card):
        card = token
    elif isinstance(token, str):
        match = _TOKEN.match(token.strip())
        if not match:
            raise CardError(f"bad card {token!r}: {TOKEN_HINT}")
        card = Card(_RANK_ALIASES[match[1].upper()], _SUIT_ALIASES[match[2].upper()])
    else:
        raise CardError(f"bad card {token!r}: {TOKEN_HINT}")
    the_deck = deck(deck_size)
    if card.rank not in the_deck.ranks:
        raise CardError(
            f"{card} is not in a {the_deck.size}-card deck, which holds "
            f"{rank_label(the_deck.lowest)} to A only ({the_deck.rule})"
        )
    return card


def _tokens(cards: CardsInput) -> list[str | Card]:
    if isinstance(cards, str):
        return [t for t in _SEPARATORS.split(cards.strip()) if t]
    if isinstance(cards, Card):
        return [cards]
    try:
        return list(cards)
    except TypeError:
        raise CardError(f"cards must be text like 'AS KD 10H' or a list of card tokens, got {cards!r}") from None


def parse_cards(
    cards: CardsInput,
    *,
    count: int | Sequence[int] | None = None,
    deck_size: int = 52,
    copies: int = 1,
    what: str = "hand",
    rule: str | None = None,
) -> tuple[Card, ...]:
    """Parse several cards and check them.

    ``count`` is the number of cards required (an int, or a collection of allowed
    counts); ``copies`` is how many of the same card may appear (1 for a single deck,
    the number of decks for a shoe).  ``what`` and ``rule`` name the hand and the rule
    in the error message (``"a Caribbean stud hand is 5 cards (000 s228)"``).
    """
    parsed = tuple(parse_card(t, deck_size=deck_size) for t in _tokens(cards))
    if count is not None:
        allowed = (count,) if isinstance(count, int) else tuple(count)
        if len(parsed) not in allowed:
            need = " or ".join(str(n) for n in allowed)
            cite = f" ({rule})" if rule else ""
            raise CardError(f"a {what} is {need} cards{cite}: got {len(parsed)}", rule)
    repeats = [(card, n) for card, n in Counter(parsed).items() if n > copies]
    if repeats:
        card, n = repeats[0]
        if copies == 1:
            source = "a single deck holds each card once"
        else:
            source = f"{copies} decks hold each card {copies} times"
        cite = f" ({rule})" if rule else ""
        raise CardError(f"{card} appears {n} times in the {what}, but {source}{cite}", rule)
    return parsed
