"""The Caribbean jackpot hit picked by touch, below Qt: the hand named as it is built, what it
pays under 000 s246(1), and the payout card after the hit."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kiosk.rules.cards import Card
from kiosk.rules.caribbean import JackpotHand, jackpot_payment_cents, winning_jackpot_hand
from kiosk.views.dealer.caribbean import ALL_CARDS, PLACES, HandPick, card_face, payout_lines


def test_the_grid_is_the_whole_deck_once():
    assert len(ALL_CARDS) == 52 and len(set(ALL_CARDS)) == 52
    assert card_face(Card(10, "H")) == "10\u2665" and card_face(Card(14, "S")) == "A\u2660"


@pytest.mark.parametrize("place", range(1, PLACES + 1))
def test_a_royal_flush_at_each_place_says_what_it_pays(place):
    pick = HandPick()
    assert pick.confirm_text(4_821_490, dead_mans_hand=False) == "Touch the winner's place and five cards"
    pick.choose_place(place)
    for rank in (14, 13, 12, 11, 10):
        pick.toggle(Card(rank, "D"))
    assert pick.hand_name(dead_mans_hand=False) == "Royal flush"
    assert pick.confirm_text(4_821_490, dead_mans_hand=False) == (
        f"Royal flush at place {place} pays $48,214.90 (000 s246(1)): confirm?"
    )
    assert pick.confirm_text(50_000, dead_mans_hand=False).endswith("pays $10,000.00 (000 s246(1)): confirm?")
    assert pick.command_hands() == {f"place {place}": ["AD", "KD", "QD", "JD", "10D"]}


def test_a_place_outside_the_table_is_refused():
    with pytest.raises(ValueError):
        HandPick().choose_place(PLACES + 1)


@given(st.lists(st.sampled_from(ALL_CARDS), min_size=0, max_size=12), st.integers(0, 10_000_000), st.booleans())
def test_the_pick_agrees_with_the_rules(touches, prize, dmh):
    pick = HandPick()
    pick.choose_place(3)
    for card in touches:
        pick.toggle(card)
    assert len(pick.cards) <= 5 and len(set(pick.cards)) == len(pick.cards)
    if len(pick.cards) < 5:
        assert pick.hand_name(dead_mans_hand=dmh) == f"{len(pick.cards)} of 5 cards"
        assert not pick.ready(dead_mans_hand=dmh)
        return
    hand = winning_jackpot_hand([str(c) for c in pick.cards], dead_mans_hand=dmh)
    expected = None if hand is None else jackpot_payment_cents(hand, prize)
    assert pick.payment_cents(prize, dead_mans_hand=dmh) == expected
    assert pick.ready(dead_mans_hand=dmh) is (hand is not None)
    if hand is None:
        assert pick.hand_name(dead_mans_hand=dmh).startswith("Not a jackpot hand")


def test_the_payout_card_names_the_place_hand_and_amount():
    pending = {
        "payments": [{"player": "place 2", "hand": JackpotHand.ROYAL_FLUSH.value, "amount_cents": 4_821_490}],
        "shortfall_cents": 0,
        "paid": False,
    }
    assert payout_lines(pending) == ["Pay place 2: $48,214.90 (Royal flush): call the pit"]
    assert payout_lines({**pending, "paid": True}) == [] and payout_lines(None) == []


def test_the_recorded_wagers_are_said_in_words():
    from kiosk.views.dealer.caribbean import recorded_text

    assert recorded_text([5, 2], 100) == "Recorded: places 2 and 5 ($2)"
    assert recorded_text([3], 100) == "Recorded: place 3 ($1)"
    assert recorded_text([1, 4, 7], None) == "Recorded: places 1, 4 and 7"
