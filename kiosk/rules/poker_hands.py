"""Five-card poker hands: category and face values, ranked as the seeds rank them.

:func:`rank_hand` turns 5 cards into a :class:`HandRank`.  Hand ranks compare with
``<``, ``==`` and ``>``: first by the category's place in the ranking order, then by
the face values that decide between hands of the same category (000 s229(3),
003 s256(3), s292(5)).  Equal ranks are a stand off (000 s229(6)) or hands "of equal
value" (003 s256(6), s292(11)).

The ranking order and the ace depend on the game, captured by a :class:`Ranking`:

* :data:`CARIBBEAN_STUD` (000 s228, s229): 52 cards; the ace may rank as 1 in
  A-2-3-4-5 (s229(5)).  s229(5) is worded for "a player": the dealer's hand is ranked
  with :data:`CARIBBEAN_STUD_DEALER_LETTER` (ace high only) or
  :data:`CARIBBEAN_STUD` as the table's setting says (docs/readings.md A-13).
* :func:`manila_ranking` (003 s255, s256): 32 cards, **flush above full house**;
  A-7-8-9-10 is a straight only if the dealer announced the ace high and low (s256(5)).
* :func:`draw_ranking` (003 s291, s292): 52 cards with ace low in A-2-3-4-5 (s292(8));
  reduced 40 or 32 cards with flush above full house (s292(3)) and A-5-6-7-8 /
  A-7-8-9-10 straights only when announced (s292(9),(10)).
* :func:`poker_room_ranking` (002 r3.2): 52, 40, 36, 32 or 20 cards; the ace counts
  low "when used in a small straight".

Categories carry the names the seeds give them (:class:`Category`).  The royal flush
is its own category above the straight flush (000 s228), so it has no tie-break.  A
straight's (and straight flush's) face value is its highest card; with the ace
ranking low that is the top of the other four (5 in A-2-3-4-5, 10 in A-7-8-9-10).
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum

from kiosk.language import N_
from kiosk.rules.cards import Card, CardError, CardsInput, deck, parse_cards

__all__ = [
    "CARIBBEAN_STUD",
    "CARIBBEAN_STUD_DEALER_LETTER",
    "Category",
    "HandRank",
    "REDUCED_ORDER",
    "Ranking",
    "STANDARD_ORDER",
    "best_hand",
    "best_manila_hand",
    "compare",
    "draw_ranking",
    "manila_ranking",
    "poker_room_ranking",
    "rank_hand",
]


class Category(Enum):
    """A poker hand category; the value is the name the seeds use (000 s228, 003 s255, s291)."""

    ODD_CARD_HAND = "odd card hand"
    ONE_PAIR = "1 pair"
    TWO_PAIRS = "2 pairs"
    THREE_OF_A_KIND = "3 of a kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full house"
    FOUR_OF_A_KIND = "4 of a kind"
    STRAIGHT_FLUSH = "straight flush"
    ROYAL_FLUSH = "royal flush"

    @property
    def label(self) -> str:
        """The seed's name with a capital first letter, for signs: ``"Full house"`` (in English:
        a sign translates it with ``kiosk.language.tr``)."""
        return _CATEGORY_LABELS[self]


_C = Category
_CATEGORY_LABELS: dict[Category, str] = {
    _C.ODD_CARD_HAND: N_("Odd card hand"),
    _C.ONE_PAIR: N_("1 pair"),
    _C.TWO_PAIRS: N_("2 pairs"),
    _C.THREE_OF_A_KIND: N_("3 of a kind"),
    _C.STRAIGHT: N_("Straight"),
    _C.FLUSH: N_("Flush"),
    _C.FULL_HOUSE: N_("Full house"),
    _C.FOUR_OF_A_KIND: N_("4 of a kind"),
    _C.STRAIGHT_FLUSH: N_("Straight flush"),
    _C.ROYAL_FLUSH: N_("Royal flush"),
}
"""Each category's name on a sign: the seed's name with a capital (a test holds the two together)."""
STANDARD_ORDER: tuple[Category, ...] = (
    _C.ODD_CARD_HAND, _C.ONE_PAIR, _C.TWO_PAIRS, _C.THREE_OF_A_KIND, _C.STRAIGHT,
    _C.FLUSH, _C.FULL_HOUSE, _C.FOUR_OF_A_KIND, _C.STRAIGHT_FLUSH, _C.ROYAL_FLUSH,
)  # fmt: skip
REDUCED_ORDER: tuple[Category, ...] = (
    _C.ODD_CARD_HAND, _C.ONE_PAIR, _C.TWO_PAIRS, _C.THREE_OF_A_KIND, _C.STRAIGHT,
    _C.FULL_HOUSE, _C.FLUSH, _C.FOUR_OF_A_KIND, _C.STRAIGHT_FLUSH, _C.ROYAL_FLUSH,
)  # fmt: skip


@dataclass(frozen=True)
class Ranking:
    """How a game ranks poker hands.

    ``deck_size`` picks the deck (and so the lowest card); ``order`` lists the
    categories lowest to highest; ``ace_low`` says whether the ace may rank below the
    deck's lowest card to make a straight (A-2-3-4-5 with 52 cards, A-5-6-7-8 with 40,
    A-6-7-8-9 with 36, A-7-8-9-10 with 32).  ``definitions``, ``order_rule`` and
    ``ace_low_rule`` are the citations shown with a hand.
    """

    name: str
    deck_size: int
    order: tuple[Category, ...]
    ace_low: bool
    definitions: str
    order_rule: str
    ace_low_rule: str

    def __post_init__(self) -> None:
        deck(self.deck_size)  # refuses unknown deck sizes
        if sorted(self.order, key=lambda c: c.name) != sorted(Category, key=lambda c: c.name):
            raise ValueError("a ranking order must list every category exactly once")

    def strength(self, category: Category) -> int:
        """The category's place in this ranking, 0 for the lowest (odd card hand)."""
        return self.order.index(category)

    def rule_for(self, category: Category) -> str:
        """The citation for a hand of ``category`` under this ranking."""
        return f"{self.definitions} ({category.value}), {self.order_rule}"


CARIBBEAN_STUD = Ranking("Caribbean stud poker", 52, STANDARD_ORDER, True, "000 s228", "000 s229(1)", "000 s229(5)")
"""Caribbean stud, a player's hand: ace high, and low in A-2-3-4-5 (000 s229(5))."""

CARIBBEAN_STUD_DEALER_LETTER = Ranking(
    "Caribbean stud poker (ace high only)", 52, STANDARD_ORDER, False, "000 s228", "000 s229(1)", "000 s229(4)"
)
"""Caribbean stud with the ace ranking high only: s229(5) speaks of "a player" (A-13)."""


def manila_ranking(*, ace_high_and_low: bool = False) -> Ranking:
    """Manila poker (003 s255, s256): 32 cards, flush above full house; ace low only if announced (s256(5))."""
    return Ranking("manila poker", 32, REDUCED_ORDER, bool(ace_high_and_low), "003 s255", "003 s256(1)", "003 s256(5)")


def draw_ranking(deck_size: int = 52, *, ace_low_announced: bool = False) -> Ranking:
    """Draw poker (003 s291, s292) with a complete (52) or reduced (40 or 32) deck.

    With 52 cards the ace is always low as well as high (s292(8)); with a reduced deck
    only after the dealer's announcement (s292(9),(10)), and flush ranks above full
    house (s292(3)).
    """
    if deck_size == 52:
        return Ranking("draw poker", 52, STANDARD_ORDER, True, "003 s291", "003 s292(2)", "003 s292(8)")
    if deck_size in (40, 32):
        return Ranking(
            f"draw poker ({deck_size} cards)", deck_size, REDUCED_ORDER, bool(ace_low_announced),
            "003 s291", "003 s292(3)", "003 s292(9),(10)",
        )  # fmt: skip
    raise CardError(f"draw poker is played with 52, 40 or 32 cards (003 s287, s292): got {deck_size!r}")


def poker_room_ranking(deck_size: int = 52) -> Ranking:
    """The poker room's house rules (002 r3.2): the ace counts low in a small straight.

    52 and 20 cards rank flush below full house (r3.2.1(b), r3.2.3(b); a 20-card deck
    cannot make a flush other than a royal flush); 40, 36 and 32 cards rank flush above
    full house (r3.2.2(d)).
    """
    if deck_size == 52:
        return Ranking("poker (52 cards)", 52, STANDARD_ORDER, True, "002 r3.2.1(b)", "002 r3.2.1(b)", "002 r3.2.1(a)")
    if deck_size in (40, 36, 32):
        return Ranking(
            f"poker ({deck_size} cards)", deck_size, REDUCED_ORDER, True,
            "002 r3.2.1(b)", "002 r3.2.2(d)", "002 r3.2.2(a)-(c)",
        )  # fmt: skip
    if deck_size == 20:
        return Ranking("poker (20 cards)", 20, STANDARD_ORDER, False, "002 r3.2.1(b)", "002 r3.2.3(b)", "002 r3.2.3(a)")
    raise CardError(f"the poker rules use 52, 40, 36, 32 or 20 cards (002 r3.1): got {deck_size!r}")


@dataclass(frozen=True, order=True)
class HandRank:
    """A ranked 5-card hand.  Compares by ``strength`` then ``values`` only.

    ``strength`` is the category's place in the ranking order; ``values`` are the face
    values that decide between hands of one category, most significant first (for
    2 pairs: higher pair, lower pair, fifth card, as in the seeds' example).
    ``ace_low`` is true when the hand is a straight with the ace ranking as 1.
    """

    strength: int
    values: tuple[int, ...]
    category: Category = field(compare=False)
    cards: tuple[Card, ...] = field(compare=False)
    rule: str = field(compare=False)
    ace_low: bool = field(default=False, compare=False)

    def __str__(self) -> str:
        return f"{self.category.value} ({' '.join(str(c) for c in self.cards)})"


def _evaluate(cards: tuple[Card, ...], ranking: Ranking) -> HandRank:
    values = sorted((c.rank for c in cards), reverse=True)
    counts = Counter(values)
    flush = len({c.suit for c in cards}) == 1
    straight_high = 0
    ace_low = False
    if len(counts) == 5:
        if values[0] - values[4] == 4:
            straight_high = values[0]
        elif ranking.ace_low and values[0] == 14:
            low = deck(ranking.deck_size).lowest
            if values[1:] == [low + 3, low + 2, low + 1, low]:
                straight_high = low + 3
                ace_low = True
    if straight_high:
        if flush:
            category = Category.ROYAL_FLUSH if straight_high == 14 else Category.STRAIGHT_FLUSH
        else:
            category = Category.STRAIGHT
        tie: tuple[int, ...] = () if category is Category.ROYAL_FLUSH else (straight_high,)
    else:
        groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
        shape = tuple(n for _, n in groups)
        tie = tuple(v for v, _ in groups)
        if shape == (4, 1):
            category = Category.FOUR_OF_A_KIND
        elif shape == (3, 2):
            category = Category.FULL_HOUSE
        elif flush:
            category = Category.FLUSH
        elif shape == (3, 1, 1):
            category = Category.THREE_OF_A_KIND
        elif shape == (2, 2, 1):
            category = Category.TWO_PAIRS
        elif shape == (2, 1, 1, 1):
            category = Category.ONE_PAIR
        else:
            category = Category.ODD_CARD_HAND
    rule = ranking.rule_for(category)
    if ace_low:
        rule = f"{rule}, {ranking.ace_low_rule}"
    return HandRank(ranking.strength(category), tie, category, cards, rule, ace_low)


def rank_hand(cards: CardsInput, ranking: Ranking = CARIBBEAN_STUD) -> HandRank:
    """Rank exactly 5 cards from one deck under ``ranking`` (default Caribbean stud).

    Raises :class:`~kiosk.rules.cards.CardError` for a bad token, a card not in the
    ranking's deck, a repeated card or a count other than 5.
    """
    parsed = parse_cards(
        cards, count=5, deck_size=ranking.deck_size, what=f"{ranking.name} hand", rule=ranking.definitions
    )
    return _evaluate(parsed, ranking)


def compare(a: CardsInput, b: CardsInput, ranking: Ranking = CARIBBEAN_STUD) -> int:
    """Return 1 if hand ``a`` ranks higher, -1 if lower, 0 if equal (a stand off, 000 s229(6))."""
    ra, rb = rank_hand(a, ranking), rank_hand(b, ranking)
    return (ra > rb) - (ra < rb)


def best_hand(cards: CardsInput, ranking: Ranking = CARIBBEAN_STUD) -> HandRank:
    """The best 5-card hand from 5 or more distinct cards (every combination is tried)."""
    parsed = parse_cards(cards, deck_size=ranking.deck_size, what="set of cards", rule=ranking.definitions)
    if len(parsed) < 5:
        raise CardError(f"a poker hand needs 5 cards ({ranking.definitions}): got {len(parsed)}", ranking.definitions)
    return max(_evaluate(combo, ranking) for combo in itertools.combinations(parsed, 5))


def best_manila_hand(hole: CardsInput, communal: CardsInput, *, ace_high_and_low: bool = False) -> HandRank:
    """A manila poker player's hand: the best of the 2 hole cards with 3 of the 5 communal cards (003 s251).

    Both hole cards are always used.  ``ace_high_and_low`` is the dealer's s265
    announcement (A-7-8-9-10 then counts as a straight, s256(5)).
    """
    ranking = manila_ranking(ace_high_and_low=ace_high_and_low)
    hole_cards = parse_cards(hole, count=2, deck_size=32, what="manila poker player's hole cards", rule="003 s251")
    board = parse_cards(communal, count=5, deck_size=32, what="set of manila poker communal cards", rule="003 s251")
    parse_cards(hole_cards + board, deck_size=32, what="round (hole and communal cards)", rule="003 s260")
    return max(_evaluate(hole_cards + combo, ranking) for combo in itertools.combinations(board, 3))
