"""Caribbean stud: the dealer's qualifying hand and every way a player's round settles (000 ss226-244)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.rules.cards import DECKS, CardError
from kiosk.rules.caribbean import (
    BET_ODDS,
    CaribbeanSettings,
    JackpotHand,
    bet_odds_rows,
    dealer_qualifies,
    maximum_payment_row,
    settle_player,
)
from kiosk.rules.citation import RuleError
from kiosk.rules.poker_hands import Category, rank_hand

TABLE = CaribbeanSettings(maximum_payment_cents=5_000_00)  # $5,000 maximum payment
ANTE = 10_00
BET = 20_00

# A qualifying dealer hand that every example below beats: ace-king odd card hand.
DEALER_AK = "AH KD 4C 3S 2D"

# One player hand per category, each disjoint from DEALER_AK, each beating it.
WINNERS = {
    Category.ODD_CARD_HAND: "AS KH 5D 3C 2S",  # beats A-K-4-3-2 on the third card
    Category.ONE_PAIR: "5S 5D 9C JH QS",
    Category.TWO_PAIRS: "5S 5D 9C 9H QS",
    Category.THREE_OF_A_KIND: "5S 5D 5C 9H QS",
    Category.STRAIGHT: "5S 6D 7C 8H 9S",
    Category.FLUSH: "2S 5S 9S JS KS",
    Category.FULL_HOUSE: "5S 5D 5C 9H 9S",
    Category.FOUR_OF_A_KIND: "5S 5D 5C 5H 9S",
    Category.STRAIGHT_FLUSH: "5S 6S 7S 8S 9S",
    Category.ROYAL_FLUSH: "10S JS QS KS AS",
}
SEED_ODDS = {  # 000 s244(1), copied from the seed
    "odd card hand": 1, "1 pair": 1, "2 pairs": 2, "3 of a kind": 3, "straight": 4, "flush": 5,
    "full house": 7, "4 of a kind": 20, "straight flush": 50, "royal flush": 250,
}  # fmt: skip


# --------------------------------------------------------------------- qualifying (s226)


@pytest.mark.parametrize(
    ("cards", "qualifies"),
    [
        ("AH KD 4C 3S 2D", True),  # s226(a): odd card hand with an ace and a king
        ("AH QD JC 10S 8D", False),  # ace but no king
        ("KH QD JC 10S 8D", False),  # king but no ace
        ("AH KD QC JS 9D", True),
        ("2H 2D 3C 4S 5D", True),  # s226(b): the lowest pair ranks above any odd card hand
        ("2H 3D 4C 5S 7D", False),
        ("AS 2D 3C 4H 5S", False),  # ace high only for the dealer by default (s229(5) names the player)
        ("AH 2H 3H 4H 5H", True),  # still a flush
    ],
)
def test_dealer_qualifies_with_ace_and_king_or_better(cards: str, qualifies: bool) -> None:
    assert dealer_qualifies(cards) is qualifies


def test_dealer_a_2_3_4_5_qualifies_only_when_the_setting_lets_the_ace_rank_low() -> None:
    assert dealer_qualifies("AS 2D 3C 4H 5S", ace_low=True)
    lenient = CaribbeanSettings(maximum_payment_cents=5_000_00, dealer_ace_low=True)
    strict = settle_player("KS KD 9C 8H 2S", "AS 2D 3C 4H 5S", ANTE, TABLE)
    assert strict.outcome == "dealer_not_qualified"
    assert strict.dealer_hand.category is Category.ODD_CARD_HAND
    lenient_round = settle_player("KS KD 9C 8H 2S", "AS 2D 3C 4H 5S", ANTE, lenient)
    assert lenient_round.outcome == "lose"
    assert lenient_round.dealer_hand.category is Category.STRAIGHT


@settings(max_examples=300, deadline=None)
@given(st.permutations(list(DECKS[52].cards())).map(lambda cards: tuple(cards[:5])))
def test_dealer_qualifies_exactly_as_s226_says(cards) -> None:
    hand = rank_hand(cards)
    faces = {c.rank for c in cards}
    expected = (hand.category is not Category.ODD_CARD_HAND and not hand.ace_low) or {14, 13} <= faces
    if hand.ace_low:  # the dealer's A-2-3-4-5 is an ace-high odd card hand by default: no king
        expected = hand.category is Category.STRAIGHT_FLUSH  # a flush then, which qualifies
    assert dealer_qualifies(cards) is expected


# --------------------------------------------------------------------- folding (s239, s225)


def test_folding_loses_the_ante_and_wins_no_jackpot_even_with_a_royal_flush() -> None:
    result = settle_player("10S JS QS KS AS", DEALER_AK, ANTE, TABLE, folded=True, jackpot_wager=True)
    assert result.outcome == "fold"
    assert (result.ante.outcome, result.ante.lost_cents, result.ante.won_cents) == ("lose", ANTE, 0)
    assert (result.bet.outcome, result.bet.stake_cents) == ("not_made", 0)
    assert result.jackpot_hand is None  # closing the hand collects the jackpot wager (s225(a))
    assert result.net_cents == -ANTE
    assert "000 s239(5)" in result.ante.rule


# --------------------------------------------------------------------- dealer does not qualify (s241)


def test_dealer_not_qualifying_pays_the_ante_and_voids_the_bet() -> None:
    result = settle_player("2S 2D 9C JH QS", "KH QD 4C 3S 2H", ANTE, TABLE, jackpot_wager=True)
    assert result.outcome == "dealer_not_qualified"
    assert not result.dealer_qualifies
    assert (result.ante.outcome, result.ante.won_cents, result.ante.odds) == ("win", ANTE, (1, 1))
    assert (result.bet.outcome, result.bet.stake_cents, result.bet.won_cents, result.bet.lost_cents) == (
        "void", BET, 0, 0
    )  # fmt: skip
    assert result.ante.rule == "000 s241(2)(a)"
    assert result.bet.rule == "000 s241(3)"
    assert result.net_cents == ANTE
    assert result.jackpot_hand is None  # 1 pair is not a winning jackpot hand


def test_jackpot_hand_counts_whether_or_not_the_dealer_qualifies() -> None:
    """000 s245(2)."""
    not_qualified = settle_player("2S 5S 9S JS KS", "QH JD 4C 3H 2H", ANTE, TABLE, jackpot_wager=True)
    assert not_qualified.outcome == "dealer_not_qualified"
    assert not_qualified.jackpot_hand is JackpotHand.FLUSH
    losing = settle_player("2S 5S 9S JS KS", "4H 4D 4C 3H 3D", ANTE, TABLE, jackpot_wager=True)
    assert losing.outcome == "lose"
    assert losing.jackpot_hand is JackpotHand.FLUSH
    no_wager = settle_player("2S 5S 9S JS KS", "4H 4D 4C 3H 3D", ANTE, TABLE, jackpot_wager=False)
    assert no_wager.jackpot_hand is None


# --------------------------------------------------------------------- dealer qualifies (s243, s244)


def test_the_odds_table_is_the_seed_s() -> None:
    assert {c.value: a for c, (a, b) in BET_ODDS.items()} == SEED_ODDS
    assert all(b == 1 for _, b in BET_ODDS.values())


@pytest.mark.parametrize("category", list(WINNERS), ids=lambda c: c.value)
def test_winning_hand_pays_ante_even_money_and_bet_at_s244_odds(category: Category) -> None:
    big_table = CaribbeanSettings(maximum_payment_cents=1_000_000_00)
    result = settle_player(WINNERS[category], DEALER_AK, ANTE, big_table)
    assert result.player_hand.category is category
    assert result.outcome == "win"
    assert (result.ante.won_cents, result.ante.rule) == (ANTE, "000 s243(2)(a)")
    assert result.bet.stake_cents == BET  # s239(4): twice the ante
    assert result.bet.won_cents == BET * SEED_ODDS[category.value]
    assert result.bet.odds == (SEED_ODDS[category.value], 1)
    assert not result.bet.capped
    assert result.bet.rule.startswith("000 ") and "s244(1)" in result.bet.rule
    assert result.net_cents == ANTE + BET * SEED_ODDS[category.value]


@pytest.mark.parametrize(
    ("max_payment", "won", "capped"),
    [
        (5_000_00, 5_000_00, True),
        (4_999_99, 4_999_99, True),
        (5_000_01, 5_000_00, False),
        (1_000_000_00, 5_000_00, False),
    ],
)
def test_bet_payment_is_capped_at_the_maximum_payment(max_payment: int, won: int, capped: bool) -> None:
    """000 s244(2): a $20 bet on a royal flush at 250 to 1 is $5,000, limited to the table's maximum payment."""
    table = CaribbeanSettings(maximum_payment_cents=max_payment)
    result = settle_player(WINNERS[Category.ROYAL_FLUSH], DEALER_AK, ANTE, table)
    assert result.bet.won_cents == won
    assert result.bet.capped is (capped and won < 5_000_00)
    assert result.ante.won_cents == ANTE  # the ante is not capped by s244(2)
    if result.bet.capped:
        assert "s244(2)" in result.bet.rule


def test_cap_boundary_exactly_at_the_odds_payment_is_not_a_cut() -> None:
    exactly = CaribbeanSettings(maximum_payment_cents=5_000_00)
    result = settle_player(WINNERS[Category.ROYAL_FLUSH], DEALER_AK, ANTE, exactly)
    assert (result.bet.won_cents, result.bet.capped) == (5_000_00, False)
    one_less = CaribbeanSettings(maximum_payment_cents=4_999_99)
    assert settle_player(WINNERS[Category.ROYAL_FLUSH], DEALER_AK, ANTE, one_less).bet.capped


def test_losing_hand_loses_ante_and_bet() -> None:
    result = settle_player("AS QH 5D 3C 2S", DEALER_AK, ANTE, TABLE)
    assert result.outcome == "lose"
    assert (result.ante.lost_cents, result.bet.lost_cents) == (ANTE, BET)
    assert result.net_cents == -(ANTE + BET)
    assert result.ante.rule == result.bet.rule == "000 s243(4)(a)"


def test_equal_ranking_and_face_values_is_a_stand_off() -> None:
    """000 s229(6), s243(5) (A-13: ranking and face values)."""
    result = settle_player("AS KH 4D 3C 2S", DEALER_AK, ANTE, TABLE)
    assert result.outcome == "stand_off"
    assert (result.ante.outcome, result.bet.outcome) == ("stand_off", "stand_off")
    assert result.net_cents == 0


def test_same_category_is_decided_by_face_values() -> None:
    """Two pairs each: the seed's example 2 decides win and loss, not a stand off."""
    dealer = "KH KD 8C 8H 4S"
    assert settle_player("KS KC 8D 8S 5D", dealer, ANTE, TABLE).outcome == "win"
    assert settle_player("KS KC 8D 8S 3D", dealer, ANTE, TABLE).outcome == "lose"
    assert settle_player("KS KC 8D 8S 4D", dealer, ANTE, TABLE).outcome == "stand_off"


def test_player_s_a_2_3_4_5_is_a_straight() -> None:
    result = settle_player("AS 2D 3C 4H 5S", "KH KD QC 9S 8D", ANTE, TABLE)
    assert result.player_hand.category is Category.STRAIGHT
    assert result.outcome == "win"
    assert result.bet.won_cents == BET * 4


# --------------------------------------------------------------------- amounts are exact cents


@settings(max_examples=200, deadline=None)
@given(
    deal=st.permutations(list(DECKS[52].cards())).map(lambda cards: (tuple(cards[:5]), tuple(cards[5:10]))),
    ante=st.integers(min_value=1, max_value=10_000_00),
    max_payment=st.integers(min_value=1, max_value=10_000_000_00),
    folded=st.booleans(),
)
def test_every_round_settles_in_whole_cents_within_the_rules(deal, ante, max_payment, folded) -> None:
    player, dealer = deal
    result = settle_player(player, dealer, ante, CaribbeanSettings(maximum_payment_cents=max_payment), folded=folded)
    for wager in (result.ante, result.bet):
        assert isinstance(wager.won_cents, int) and isinstance(wager.lost_cents, int)
        assert wager.won_cents >= 0 and wager.lost_cents >= 0
        assert not (wager.won_cents and wager.lost_cents)
    assert result.bet.won_cents <= max_payment
    assert result.ante.won_cents in (0, ante)
    if not folded:
        assert result.bet.stake_cents == 2 * ante
    if result.outcome == "win":
        assert result.player_hand > result.dealer_hand and result.dealer_qualifies
    if result.outcome == "lose":
        assert result.player_hand < result.dealer_hand and result.net_cents == -3 * ante


# --------------------------------------------------------------------- bad input


def test_bet_must_be_twice_the_ante() -> None:
    settle_player(WINNERS[Category.FLUSH], DEALER_AK, ANTE, TABLE, bet_cents=BET)
    with pytest.raises(RuleError) as err:
        settle_player(WINNERS[Category.FLUSH], DEALER_AK, ANTE, TABLE, bet_cents=15_00)
    assert str(err.value) == "the bet wager must be twice the ante (000 s239(4)): ante $10 needs a bet of $20, not $15"
    assert err.value.rule == "000 s239(4)"


@pytest.mark.parametrize("ante", [0, -5, 10.0, "10", True, None])
def test_ante_must_be_positive_whole_cents(ante) -> None:
    with pytest.raises(RuleError):
        settle_player(WINNERS[Category.FLUSH], DEALER_AK, ante, TABLE)


def test_a_card_in_both_hands_is_refused() -> None:
    with pytest.raises(CardError) as err:
        settle_player("AH 5D 9C JH QS", DEALER_AK, ANTE, TABLE)
    assert "AH appears 2 times" in str(err.value)
    assert "000 s233(1)" in str(err.value)


@pytest.mark.parametrize(
    ("player", "dealer", "message"),
    [
        ("AS KS QS JS", DEALER_AK, "player's hand is 5 cards"),
        (WINNERS[Category.FLUSH], "AH KD 4C", "dealer's hand is 5 cards"),
        ("AS KS QS JS ZZ", DEALER_AK, "bad card 'ZZ'"),
    ],
)
def test_bad_hands_are_refused_in_one_line(player: str, dealer: str, message: str) -> None:
    with pytest.raises(CardError) as err:
        settle_player(player, dealer, ANTE, TABLE)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("bad", [0, -1, 100.0, None, True])
def test_maximum_payment_must_be_set(bad) -> None:
    with pytest.raises(
        RuleError,
        match=r"maximum payment for the table.*000 s232\(1\)\(b\)|maximum payment for the table must be a whole number",
    ):
        CaribbeanSettings(maximum_payment_cents=bad)


def test_unknown_sharing_method_is_refused() -> None:
    with pytest.raises(RuleError, match=r"unknown jackpot sharing method 'halves'.*000 s247\(2\)\(b\)"):
        CaribbeanSettings(maximum_payment_cents=100, sharing="halves")  # type: ignore[arg-type]


# --------------------------------------------------------------------- sign rows


def test_bet_odds_rows_follow_s244_1() -> None:
    rows = bet_odds_rows()
    assert [(r.label, r.value) for r in rows] == [
        ("Odd card hand or 1 pair", "1 to 1"),
        ("2 pairs", "2 to 1"),
        ("3 of a kind", "3 to 1"),
        ("Straight", "4 to 1"),
        ("Flush", "5 to 1"),
        ("Full house", "7 to 1"),
        ("4 of a kind", "20 to 1"),
        ("Straight flush", "50 to 1"),
        ("Royal flush", "250 to 1"),
    ]
    assert {r.rule for r in rows} == {"000 s244(1)"}


def test_maximum_payment_row() -> None:
    row = maximum_payment_row(CaribbeanSettings(maximum_payment_cents=25_000_00))
    assert (row.label, row.value, row.amount_cents) == ("Maximum payment", "$25,000", 25_000_00)
    assert row.rule == "000 s232(1)(b), s244(2)"
