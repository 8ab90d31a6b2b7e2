"""Bonus blackjack (003 ss50A-50E): every winning hand, both deck counts, suited and not, splits, signs."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.rules.blackjack import (
    BONUS_WAGER_CENTS,
    BonusHand,
    Nomination,
    bonus_payout_rows,
    check_bonus_decks,
    evaluate_bonus,
    evaluate_split,
    nomination_rows,
)
from kiosk.rules.cards import SUITS, Card, CardError
from kiosk.rules.citation import RuleError

# 003 s50C(2), copied from the seed: (hand, suited, decks) -> dollars
SEED_PAYOUTS = {
    (BonusHand.FIVES_AND_SIX, True, 6): 25_000,
    (BonusHand.FIVES_AND_SIX, True, 8): 25_000,
    (BonusHand.FIVES_AND_SIX, False, 6): 1_500,
    (BonusHand.FIVES_AND_SIX, False, 8): 1_500,
    (BonusHand.THREE_SEVENS, True, 6): 5_000,
    (BonusHand.THREE_SEVENS, True, 8): 5_000,
    (BonusHand.THREE_SEVENS, False, 6): 500,
    (BonusHand.THREE_SEVENS, False, 8): 500,
    (BonusHand.SIX_SEVEN_EIGHT, True, 6): 800,
    (BonusHand.SIX_SEVEN_EIGHT, True, 8): 750,
    (BonusHand.SIX_SEVEN_EIGHT, False, 6): 50,
    (BonusHand.SIX_SEVEN_EIGHT, False, 8): 50,
}
RANKS_OF = {
    BonusHand.FIVES_AND_SIX: (5, 5, 5, 6),
    BonusHand.THREE_SEVENS: (7, 7, 7),
    BonusHand.SIX_SEVEN_EIGHT: (6, 7, 8),
}
SPADE_JACK = Nomination("S", 11)


def _hand(ranks, suited: bool) -> list[Card]:
    return [Card(r, "H" if suited else SUITS[i % 4]) for i, r in enumerate(ranks)]


def test_the_wager_is_one_dollar() -> None:
    assert BONUS_WAGER_CENTS == 100  # 003 s50A(1)


@pytest.mark.parametrize(("hand", "suited", "decks"), list(SEED_PAYOUTS), ids=str)
def test_every_hand_pays_the_seed_amount(hand: BonusHand, suited: bool, decks: int) -> None:
    for order in itertools.permutations(_hand(RANKS_OF[hand], suited)):
        result = evaluate_bonus(order, decks=decks)
        assert result.hand is hand
        assert result.suited is suited
        assert result.payout_cents == SEED_PAYOUTS[(hand, suited, decks)] * 100
        assert result.wins
        assert result.rule.startswith(hand.condition_rule)
        assert "s50C(2)" in result.rule


def test_suited_six_seven_eight_cites_the_deck_count_paragraph() -> None:
    eight = evaluate_bonus("6H 7H 8H", decks=8)
    six = evaluate_bonus("6H 7H 8H", decks=6)
    assert (eight.payout_cents, six.payout_cents) == (750_00, 800_00)
    assert eight.rule.endswith("s50C(2)(c)(i)(A)")
    assert six.rule.endswith("s50C(2)(c)(i)(B)")
    assert str(six) == "a six, a seven and an eight suited: $800"


def test_suited_sevens_from_several_decks() -> None:
    """Six decks hold six 7 of spades: three of them are 3 suited sevens."""
    result = evaluate_bonus("7S 7S 7S", decks=6)
    assert (result.hand, result.suited, result.payout_cents) == (BonusHand.THREE_SEVENS, True, 5_000_00)


@pytest.mark.parametrize("decks", [6, 8])
def test_no_other_three_or_four_card_hand_wins(decks: int) -> None:
    """Every 3-card and 4-card rank combination, suited and not: only the s50C(1) hands win."""
    winners = {(3, (6, 7, 8)), (3, (7, 7, 7)), (4, (5, 5, 5, 6))}
    for size in (3, 4):
        for ranks in itertools.combinations_with_replacement(range(2, 15), size):
            for suited in (True, False):
                result = evaluate_bonus(_hand(ranks, suited), decks=decks, nomination=SPADE_JACK)
                assert result.wins is ((size, ranks) in winners), ranks
                if not result.wins:
                    assert result.payout_cents == 0
                    assert result.rule == "003 s50C(1)"


def test_winning_ranks_with_more_or_fewer_cards_do_not_win() -> None:
    """A-19: "3 cards are dealt" / "4 cards are dealt" read as exactly that many."""
    assert not evaluate_bonus("7S 7D 7C 7H", decks=8).wins
    assert not evaluate_bonus("6S 7D 8C 2H", decks=8).wins
    assert not evaluate_bonus("5S 5D 5C 6H 2S", decks=8).wins
    assert not evaluate_bonus("5S 5D 6H", decks=8).wins
    assert not evaluate_bonus("7S 7D", decks=8).wins


# --------------------------------------------------------------------- nominated blackjack (s50C(1)(d), (3))


@pytest.mark.parametrize("suit", SUITS)
@pytest.mark.parametrize("rank", [10, 11, 12, 13])
@pytest.mark.parametrize("decks", [6, 8])
def test_nominated_blackjack_is_exactly_the_ace_and_the_nominated_card_of_the_nominated_suit(
    suit: str, rank: int, decks: int
) -> None:
    nomination = Nomination(suit, rank)
    ace, other = Card(14, suit), Card(rank, suit)
    for cards in ((ace, other), (other, ace)):
        result = evaluate_bonus(cards, decks=decks, nomination=nomination)
        assert (result.hand, result.payout_cents) == (BonusHand.NOMINATED_BLACKJACK, 175_00)
        assert result.rule == "003 s50C(1)(d), s50C(3), s50C(2)(d)"
    for other_suit in SUITS:
        for other_rank in (10, 11, 12, 13):
            if (other_suit, other_rank) == (suit, rank):
                continue
            # the nominated ace with another ten-value card: an ordinary blackjack, not the nominated one
            two = [Card(14, suit), Card(other_rank, other_suit)]
            assert not evaluate_bonus(two, decks=decks, nomination=nomination).wins
        if other_suit != suit:
            # ace and nominated card suited, but in a suit not nominated for the round
            two = [Card(14, other_suit), Card(rank, other_suit)]
            assert not evaluate_bonus(two, decks=decks, nomination=nomination).wins
    # the nominated cards with a third card are not a blackjack
    assert not evaluate_bonus([ace, other, Card(2, "C")], decks=decks, nomination=nomination).wins
    # without a nomination for the round nothing is a nominated blackjack
    assert not evaluate_bonus([ace, other], decks=decks).wins


def test_nomination_reads_the_sign_fields() -> None:
    nomination = Nomination.parse("spades", "J")
    assert nomination == SPADE_JACK
    assert str(nomination) == "ace of spades and jack of spades"
    assert Nomination.parse("♥", "10").cards == (Card(14, "H"), Card(10, "H"))


@pytest.mark.parametrize("card", ["A", "9", "2", "ace"])
def test_nominated_card_must_make_a_blackjack(card: str) -> None:
    with pytest.raises(RuleError) as err:
        Nomination.parse("S", card)
    assert "003 s50C(3)" in str(err.value)
    assert err.value.rule == "003 s50C(3)"


def test_nomination_bad_suit() -> None:
    with pytest.raises(CardError, match="not a suit"):
        Nomination.parse("stars", "J")
    with pytest.raises(CardError, match="not a suit"):
        Nomination("X", 11)


# --------------------------------------------------------------------- splits (s50E)


def test_split_is_decided_from_the_first_split_hand() -> None:
    result = evaluate_split(["7S 7D 7C", "7H 10S 4D"], decks=8)
    assert (result.hand, result.suited, result.payout_cents) == (BonusHand.THREE_SEVENS, False, 500_00)
    assert result.rule.endswith("s50E")
    assert not evaluate_split(["7H 10S 4D", "7S 7D 7C"], decks=8).wins  # the second hand does not count
    assert evaluate_split(["5H 5H 5H 6H", "5D 9C"], decks=6).payout_cents == 25_000_00


def test_ace_and_nominated_card_after_a_split_are_not_a_blackjack() -> None:
    result = evaluate_split(["AS JS", "AD 4C"], decks=6, nomination=SPADE_JACK)
    assert not result.wins
    assert result.rule == "003 s50C(1), s50E"


def test_split_input_is_checked() -> None:
    with pytest.raises(CardError, match=r"at least 2 hands \(003 s50E\)"):
        evaluate_split(["7S 7D 7C"], decks=8)
    with pytest.raises(CardError, match="7S appears 7 times"):
        evaluate_split(["7S 7S 7S", "7S 7S 7S 7S"], decks=6)


# --------------------------------------------------------------------- bad input


@pytest.mark.parametrize("decks", [1, 2, 4, 5, 7, 9, 0, -6, "6", 6.0, True, None])
def test_only_six_or_eight_decks(decks) -> None:
    with pytest.raises(RuleError) as err:
        evaluate_bonus("7S 7D 7C", decks=decks)
    assert "only with 6 or 8 decks (003 s50A(2))" in str(err.value)
    with pytest.raises(RuleError):
        bonus_payout_rows(decks)
    assert check_bonus_decks(6) == 6 and check_bonus_decks(8) == 8


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("7S", "at least the 2 cards"),
        ("", "at least the 2 cards"),
        ("7S 7Z 7C", "bad card '7Z'"),
        ("7S 1D 7C", "bad card '1D'"),
        (" ".join(["7S"] * 9), "7S appears 9 times in the blackjack hand, but 8 decks hold each card 8 times"),
    ],
)
def test_bad_cards_are_refused_in_one_line(cards: str, message: str) -> None:
    with pytest.raises(CardError) as err:
        evaluate_bonus(cards, decks=8)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


@settings(max_examples=200, deadline=None)
@given(
    cards=st.lists(st.sampled_from([Card(r, s) for r in range(2, 15) for s in SUITS]), min_size=2, max_size=8),
    decks=st.sampled_from([6, 8]),
)
def test_any_hand_wins_at_most_one_seed_amount(cards, decks) -> None:
    try:
        result = evaluate_bonus(cards, decks=decks, nomination=SPADE_JACK)
    except CardError as err:
        assert "decks hold each card" in str(err)
        return
    allowed = {v * 100 for v in SEED_PAYOUTS.values()} | {175_00, 0}
    assert result.payout_cents in allowed
    assert result.wins is (result.payout_cents > 0)


# --------------------------------------------------------------------- signs


@pytest.mark.parametrize(("decks", "six_seven_eight"), [(6, "$800"), (8, "$750")])
def test_payout_sign_rows_for_the_table_s_deck_count(decks: int, six_seven_eight: str) -> None:
    """SIGN-BJ-02 (003 s50A(1)(b)): the amounts for this table."""
    rows = bonus_payout_rows(decks)
    assert [(r.label, r.value) for r in rows] == [
        ("5-5-5-6 all the same suit", "$25,000"),
        ("5-5-5-6 not all the same suit", "$1,500"),
        ("7-7-7 all the same suit", "$5,000"),
        ("7-7-7 not all the same suit", "$500"),
        ("6-7-8 all the same suit", six_seven_eight),
        ("6-7-8 not all the same suit", "$50"),
        ("Nominated blackjack", "$175"),
    ]
    assert all(r.rule.startswith("003 s50C(2)") for r in rows)
    assert [r.amount_cents for r in rows][4] == int(six_seven_eight[1:]) * 100


def test_nomination_sign_rows() -> None:
    """SIGN-BJ-03 (003 s50C(3)): the round's nominated suit and card."""
    rows = nomination_rows(Nomination.parse("D", "K"))
    assert [(r.label, r.value) for r in rows] == [
        ("Nominated suit", "Diamonds"),
        ("Nominated card", "King"),
        ("Nominated blackjack", "AD + KD (ace of diamonds and king of diamonds)"),
    ]
    assert {r.rule for r in rows} == {"003 s50C(3)"}
