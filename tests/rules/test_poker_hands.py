"""Poker hand ranking against the seeds' words, their examples and an independent brute-force ranker."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.rules.cards import DECKS, SUITS, Card, CardError, parse_cards
from kiosk.rules.poker_hands import (
    CARIBBEAN_STUD,
    CARIBBEAN_STUD_DEALER_LETTER,
    Category,
    Ranking,
    best_hand,
    best_manila_hand,
    compare,
    draw_ranking,
    manila_ranking,
    poker_room_ranking,
    rank_hand,
)

C = Category
SEED_ORDER_52 = [  # 000 s229(1), 003 s292(2), lowest to highest, as the seeds write them
    "odd card hand", "1 pair", "2 pairs", "3 of a kind", "straight",
    "flush", "full house", "4 of a kind", "straight flush", "royal flush",
]  # fmt: skip
SEED_ORDER_REDUCED = [  # 003 s256(1), s292(3)
    "odd card hand", "1 pair", "2 pairs", "3 of a kind", "straight",
    "full house", "flush", "4 of a kind", "straight flush", "royal flush",
]  # fmt: skip

RANKINGS: list[Ranking] = [
    CARIBBEAN_STUD,
    CARIBBEAN_STUD_DEALER_LETTER,
    manila_ranking(ace_high_and_low=False),
    manila_ranking(ace_high_and_low=True),
    draw_ranking(52),
    draw_ranking(40),
    draw_ranking(40, ace_low_announced=True),
    draw_ranking(32),
    draw_ranking(32, ace_low_announced=True),
    poker_room_ranking(52),
    poker_room_ranking(40),
    poker_room_ranking(36),
    poker_room_ranking(32),
    poker_room_ranking(20),
]


# --------------------------------------------------------------------- an independent ranker
# Written from the seeds' words (000 s228, s229; 003 s255, s256, s291, s292), not from the module.


def ref_key(cards: tuple[Card, ...], ranking: Ranking) -> tuple:
    faces = [c.rank for c in cards]
    low = DECKS[ranking.deck_size].ranks[0]
    one_suit = len({c.suit for c in cards}) == 1

    def consecutive(values: list[int]) -> bool:
        values = sorted(values)
        return all(b - a == 1 for a, b in zip(values, values[1:], strict=False))

    run_high = None
    if consecutive(faces):
        run_high = max(faces)
    elif ranking.ace_low and 14 in faces and consecutive([low - 1 if f == 14 else f for f in faces]):
        run_high = max(low - 1 if f == 14 else f for f in faces)
    counts = sorted((faces.count(f) for f in set(faces)), reverse=True)
    if one_suit and sorted(faces) == [10, 11, 12, 13, 14]:
        name = "royal flush"
    elif one_suit and run_high:
        name = "straight flush"
    elif counts == [4, 1]:
        name = "4 of a kind"
    elif counts == [3, 2]:
        name = "full house"
    elif one_suit:
        name = "flush"
    elif run_high:
        name = "straight"
    elif counts == [3, 1, 1]:
        name = "3 of a kind"
    elif counts == [2, 2, 1]:
        name = "2 pairs"
    elif counts == [2, 1, 1, 1]:
        name = "1 pair"
    else:
        name = "odd card hand"
    order = SEED_ORDER_52 if C.FLUSH.value == ranking.order[5].value else SEED_ORDER_REDUCED
    if name in ("straight", "straight flush"):
        faces_key = [run_high]
    elif name == "royal flush":
        faces_key = []
    else:  # face values, the larger groups first, then higher faces (s229(3) and its examples)
        faces_key = sorted(faces, key=lambda f: (faces.count(f), f), reverse=True)
    return (order.index(name), faces_key), name


def ref_compare(a: tuple[Card, ...], b: tuple[Card, ...], ranking: Ranking) -> int:
    ka, kb = ref_key(a, ranking)[0], ref_key(b, ranking)[0]
    return (ka > kb) - (ka < kb)


def two_hands(deck_size: int):
    return st.permutations(list(DECKS[deck_size].cards())).map(lambda cards: (tuple(cards[:5]), tuple(cards[5:10])))


# --------------------------------------------------------------------- the seeds' own examples


def test_seed_example_higher_straight_beats_lower() -> None:
    """000 s229, 003 s256 and s292 example 1: 9-10-J-Q-K beats 7-8-9-10-J."""
    assert compare("9S 10D JC QH KS", "7S 8D 9C 10H JS") == 1
    assert compare("9S 10D JC QH KS", "7S 8D 9C 10H JS", manila_ranking()) == 1
    assert compare("9S 10D JC QH KS", "7S 8D 9C 10H JS", draw_ranking(32)) == 1


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("AS AD 2C 2H 3S", "KS KD QC QH JS"),  # the highest pair decides
        ("KS KD 8C 8H 2S", "KC KH 7C 7H AS"),  # equal high pairs: the second pair decides
        ("KS KD 8C 8H 4S", "KC KH 8D 8S 3S"),  # equal pairs: the fifth card decides
    ],
)
def test_seed_example_two_pairs(higher: str, lower: str) -> None:
    """Example 2 of 000 s229: highest pair, then second pair, then the fifth card."""
    assert compare(higher, lower) == 1
    assert compare(lower, higher) == -1


def test_seed_example_two_pairs_all_equal_is_a_stand_off() -> None:
    assert compare("KS KD 8C 8H 4S", "KC KH 8D 8S 4D") == 0
    assert rank_hand("KS KD 8C 8H 4S") == rank_hand("KC KH 8D 8S 4D")


def test_ace_may_rank_as_1_in_a_player_s_a_2_3_4_5() -> None:
    """000 s229(5): A-2-3-4-5 is a straight with 5 high: the lowest straight, above 3 of a kind."""
    wheel = rank_hand("AS 2D 3C 4H 5S")
    assert wheel.category is C.STRAIGHT
    assert wheel.values == (5,)
    assert wheel.ace_low
    assert "000 s229(5)" in wheel.rule
    assert wheel < rank_hand("2S 3D 4C 5H 6S")
    assert wheel > rank_hand("AS AD AC KH QS")
    assert rank_hand("AH 2H 3H 4H 5H").category is C.STRAIGHT_FLUSH


def test_ace_high_only_ranking_reads_a_2_3_4_5_as_ace_high() -> None:
    """The letter of s229(5) names only the player (A-13): without it A-2-3-4-5 is an odd card hand."""
    hand = rank_hand("AS 2D 3C 4H 5S", CARIBBEAN_STUD_DEALER_LETTER)
    assert hand.category is C.ODD_CARD_HAND
    assert hand.values == (14, 5, 4, 3, 2)
    assert rank_hand("AH 2H 3H 4H 5H", CARIBBEAN_STUD_DEALER_LETTER).category is C.FLUSH


def test_ace_is_never_in_the_middle_of_a_straight() -> None:
    assert rank_hand("QS KD AC 2H 3S").category is C.ODD_CARD_HAND
    assert rank_hand("KS AD 2C 3H 4S").category is C.ODD_CARD_HAND


@pytest.mark.parametrize(
    ("cards", "name", "citation"),
    [
        ("2S 5D 9C JH KS", "odd card hand", "000 s228"),
        ("2S 2D 9C JH KS", "1 pair", "000 s228"),
        ("2S 2D 9C 9H KS", "2 pairs", "000 s228"),
        ("2S 2D 2C 9H KS", "3 of a kind", "000 s228"),
        ("5S 6D 7C 8H 9S", "straight", "000 s228"),
        ("2S 5S 9S JS KS", "flush", "000 s228"),
        ("2S 2D 2C 9H 9S", "full house", "000 s228"),
        ("2S 2D 2C 2H KS", "4 of a kind", "000 s228"),
        ("5S 6S 7S 8S 9S", "straight flush", "000 s228"),
        ("10S JS QS KS AS", "royal flush", "000 s228"),
    ],
)
def test_every_category_is_named_as_the_seed_names_it(cards: str, name: str, citation: str) -> None:
    hand = rank_hand(cards)
    assert hand.category.value == name
    assert hand.rule.startswith(f"{citation} ({name})")
    assert "000 s229(1)" in hand.rule
    assert hand.strength == SEED_ORDER_52.index(name)


def test_royal_flush_outranks_every_straight_flush_and_ties_only_with_another() -> None:
    royal = rank_hand("10S JS QS KS AS")
    assert royal > rank_hand("9H 10H JH QH KH")
    assert royal == rank_hand("10D JD QD KD AD")
    assert str(royal) == "royal flush (10S JS QS KS AS)"


def test_suits_are_equal() -> None:
    """000 s229(2): the same hand in other suits is a stand off."""
    assert compare("2S 5S 9S JS KS", "2H 5H 9H JH KH") == 0
    assert compare("AS KD 9C 7H 3S", "AH KC 9D 7S 3H") == 0


# --------------------------------------------------------------------- reduced decks


def test_manila_ranks_flush_above_full_house() -> None:
    """003 s256(1): with the reduced deck a flush beats a full house."""
    manila = manila_ranking()
    assert compare("7S 9S JS QS AS", "AH AD AC KH KS", manila) == 1
    assert compare("7S 9S JS QS AS", "AH AD AC KH KS", CARIBBEAN_STUD) == -1
    assert [c.value for c in manila.order] == SEED_ORDER_REDUCED
    assert manila.rule_for(C.FLUSH) == "003 s255 (flush), 003 s256(1)"


def test_manila_ace_low_straight_only_when_announced() -> None:
    """003 s256(5): A-7-8-9-10 is a straight with 10 high only after the ace high and low announcement."""
    assert rank_hand("AS 7D 8C 9H 10S", manila_ranking()).category is C.ODD_CARD_HAND
    announced = rank_hand("AS 7D 8C 9H 10S", manila_ranking(ace_high_and_low=True))
    assert announced.category is C.STRAIGHT
    assert announced.values == (10,)
    assert "003 s256(5)" in announced.rule
    assert announced < rank_hand("7S 8D 9C 10H JS", manila_ranking(ace_high_and_low=True))


def test_draw_poker_reduced_decks() -> None:
    """003 s292(3),(8)-(10): flush above full house; A-5-6-7-8 and A-7-8-9-10 only when announced."""
    assert rank_hand("AS 2D 3C 4H 5S", draw_ranking(52)).category is C.STRAIGHT  # s292(8)
    assert rank_hand("AS 5D 6C 7H 8S", draw_ranking(40)).category is C.ODD_CARD_HAND
    assert rank_hand("AS 5D 6C 7H 8S", draw_ranking(40, ace_low_announced=True)).values == (8,)
    assert rank_hand("AS 7D 8C 9H 10S", draw_ranking(32, ace_low_announced=True)).category is C.STRAIGHT
    assert compare("5S 7S 9S JS KS", "AH AD AC KH KS", draw_ranking(40)) == 1
    assert compare("5S 7S 9S JS KS", "AH AD AC KH KS", draw_ranking(52)) == -1
    with pytest.raises(CardError, match="52, 40 or 32 cards"):
        draw_ranking(36)


def test_poker_room_rankings() -> None:
    """002 r3.2: the ace is low in a small straight in every deck; reduced decks put flush above full house."""
    assert rank_hand("AS 6D 7C 8H 9S", poker_room_ranking(36)).values == (9,)
    assert compare("6S 8S 9S JS KS", "AH AD AC KH KS", poker_room_ranking(36)) == 1
    assert rank_hand("AS KD QC JH 10S", poker_room_ranking(20)).category is C.STRAIGHT
    with pytest.raises(CardError, match="52, 40, 36, 32 or 20"):
        poker_room_ranking(24)


def test_cards_outside_the_reduced_deck_are_refused() -> None:
    with pytest.raises(CardError, match=r"6S is not in a 32-card deck.*003 s249"):
        rank_hand("6S 7D 8C 9H 10S", manila_ranking())
    with pytest.raises(CardError, match="2D is not in a 40-card deck"):
        rank_hand("AS 2D 3C 4H 5S", draw_ranking(40))


def _count_categories(ranking: Ranking) -> Counter:
    return Counter(
        rank_hand(hand, ranking).category.value for hand in itertools.combinations(DECKS[ranking.deck_size].cards(), 5)
    )


@pytest.mark.parametrize("announced", [False, True])
def test_every_32_card_hand_falls_in_the_right_category(announced: bool) -> None:
    """All 201,376 hands of the manila deck, against counts worked out by hand."""
    runs = 4 + announced  # 7-J, 8-Q, 9-K, 10-A (and A-7-8-9-10 when announced)
    ranks = 8
    expected = {
        "royal flush": 4,
        "straight flush": (runs - 1) * 4,
        "4 of a kind": ranks * (ranks - 1) * 4,
        "full house": ranks * 4 * (ranks - 1) * 6,
        "flush": 4 * (56 - runs),
        "straight": runs * (4**5 - 4),
        "3 of a kind": ranks * 4 * 21 * 16,
        "2 pairs": 28 * 6 * 6 * 6 * 4,
        "1 pair": ranks * 6 * 35 * 64,
        "odd card hand": (56 - runs) * (4**5 - 4),
    }
    counts = _count_categories(manila_ranking(ace_high_and_low=announced))
    assert dict(counts) == expected
    assert sum(counts.values()) == 201_376
    # the rarer hand ranks higher: that is why the reduced deck swaps them (003 s256(1))
    assert counts["flush"] < counts["full house"]


def _equivalence_classes() -> list[tuple[Card, ...]]:
    """One 52-card hand for every distinct (rank multiset, flush or not): 7,462 poker hands in all."""
    hands = []
    for ranks in itertools.combinations_with_replacement(range(2, 15), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        # spread the suits so the hand is never a flush, no card repeated
        used: Counter = Counter()
        cards = []
        for i, r in enumerate(ranks):
            suit = SUITS[i % 4] if len(set(ranks)) == 5 else SUITS[used[r]]
            used[r] += 1
            cards.append(Card(r, suit))
        hands.append(tuple(cards))
        if len(set(ranks)) == 5:
            hands.append(tuple(Card(r, "S") for r in ranks))
    return hands


def test_the_52_card_ranking_has_exactly_7462_distinct_hands_in_the_right_order() -> None:
    """Every distinct poker hand, sorted by rank_hand, agrees with the independent ranker and poker's known counts."""
    classes = _equivalence_classes()
    assert len(classes) == 7462
    ranked = sorted(classes, key=rank_hand)
    keys = [rank_hand(h) for h in ranked]
    assert len(set(keys)) == 7462  # every class is a different rank: no false ties
    refs = [ref_key(h, CARIBBEAN_STUD)[0] for h in ranked]
    assert refs == sorted(refs)
    distinct = Counter(k.category.value for k in keys)
    assert distinct == {
        "royal flush": 1, "straight flush": 9, "4 of a kind": 156, "full house": 156, "flush": 1277,
        "straight": 10, "3 of a kind": 858, "2 pairs": 858, "1 pair": 2860, "odd card hand": 1277,
    }  # fmt: skip


# --------------------------------------------------------------------- property tests


@pytest.mark.parametrize("ranking", RANKINGS, ids=lambda r: f"{r.name}-{r.deck_size}-{'low' if r.ace_low else 'high'}")
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_rank_hand_agrees_with_the_independent_ranker(ranking: Ranking, data) -> None:
    a, b = data.draw(two_hands(ranking.deck_size))
    ra, rb = rank_hand(a, ranking), rank_hand(b, ranking)
    assert ra.category.value == ref_key(a, ranking)[1]
    assert ((ra > rb) - (ra < rb)) == ref_compare(a, b, ranking)
    assert (ra == rb) == (ref_compare(a, b, ranking) == 0)


@settings(max_examples=60, deadline=None)
@given(st.permutations(list(DECKS[52].cards())).map(lambda cards: tuple(cards[:7])))
def test_best_hand_of_seven_is_the_best_of_every_five(cards: tuple[Card, ...]) -> None:
    best = best_hand(cards)
    ref = max(ref_key(c, CARIBBEAN_STUD)[0] for c in itertools.combinations(cards, 5))
    assert ref_key(best.cards, CARIBBEAN_STUD)[0] == ref
    assert set(best.cards) <= set(cards)


@settings(max_examples=60, deadline=None)
@given(st.permutations(list(DECKS[32].cards())).map(lambda cards: (tuple(cards[:2]), tuple(cards[2:7]))))
def test_manila_hand_always_uses_both_hole_cards(deal) -> None:
    hole, board = deal
    hand = best_manila_hand(hole, board)
    assert set(hole) <= set(hand.cards)
    ranking = manila_ranking()
    ref = max(ref_key(hole + combo, ranking)[0] for combo in itertools.combinations(board, 3))
    assert ref_key(hand.cards, ranking)[0] == ref


def test_manila_hand_is_not_the_best_five_of_seven() -> None:
    """003 s251: 2 hole cards and 3 communal cards; a board flush does not count without the hole cards."""
    hole, board = "7D 8C", "10S JS QS KS AS"
    assert best_hand(parse_cards(hole + " " + board, deck_size=32), manila_ranking()).category is C.ROYAL_FLUSH
    hand = best_manila_hand(hole, board)
    assert hand.category is C.ODD_CARD_HAND
    assert best_manila_hand("AS KS", "10S JS QS 7D 8C").category is C.ROYAL_FLUSH
    assert best_manila_hand("AH 7C", "8S 9D 10C KS QS", ace_high_and_low=True).category is C.STRAIGHT


# --------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("AS KS QS JS", "is 5 cards (000 s228): got 4"),
        ("AS KS QS JS 10S 9S", "is 5 cards (000 s228): got 6"),
        ("AS KS QS JS AS", "AS appears 2 times"),
        ("AS KS QS JS 1S", "bad card '1S'"),
        ("AS KS QS JS XX", "bad card 'XX'"),
    ],
)
def test_bad_hands_are_refused_in_one_line(cards: str, message: str) -> None:
    with pytest.raises(CardError) as err:
        rank_hand(cards)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_bad_manila_and_best_hand_input() -> None:
    with pytest.raises(CardError, match="hole cards is 2 cards"):
        best_manila_hand("AS", "7S 8S 9S 10S JS")
    with pytest.raises(CardError, match="communal cards is 5 cards"):
        best_manila_hand("AS KD", "7S 8S 9S")
    with pytest.raises(CardError, match="AS appears 2 times"):
        best_manila_hand("AS KD", "AS 8S 9S 10S JS")
    with pytest.raises(CardError, match="needs 5 cards"):
        best_hand("AS KD QC")
