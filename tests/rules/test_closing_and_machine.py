"""A table closed after a number of rounds (003 s32(3), (4)) and a card machine that
malfunctions in a round (003 ss65B-65D), from the seeds' words."""

from __future__ import annotations

import pytest

from kiosk.rules.card_machine import PROCEDURES, procedure
from kiosk.rules.citation import RuleError
from kiosk.rules.closing import MOST_ROUNDS, Closing, closing_rule, directed


def test_a_pit_boss_directs_only_3_more_rounds():
    closing = Closing("blackjack", directed(3), 0)
    assert closing.words() == "Table closing: 3 rounds remaining" and closing.rule == "003 s32(3)"
    assert Closing("blackjack", 3, 2).words() == "Table closing: 1 round remaining"
    assert Closing("blackjack", 3, 3).words() == "Table closed" and Closing("blackjack", 3, 3).closed


@pytest.mark.parametrize(
    "game, rounds, no_reshuffle", [("blackjack", 3, True), ("blackjack", 2, False), ("roulette", 3, False)]
)
def test_the_cutting_card_in_the_3_rounds_needs_no_reshuffle_only_at_blackjack(game, rounds, no_reshuffle):
    """003 s32(4): "if the cutting card is dealt in 1 of the 3 rounds of play mentioned in subsection
    (3), the 3 rounds may be finished without a card reshuffle" (s32 is the blackjack section)."""
    assert Closing(game, rounds, 0).no_reshuffle is no_reshuffle


def test_other_games_rest_on_the_reading():
    assert closing_rule("roulette") == "docs/readings.md A-41" and closing_rule("blackjack") == "003 s32(3)"


@pytest.mark.parametrize("rounds", [0, MOST_ROUNDS + 1, -3, True, "3"])
def test_a_closing_is_1_to_the_most_rounds(rounds):
    with pytest.raises(RuleError) as exc:
        directed(rounds)
    assert exc.value.rule == "003 s32(3)"


def test_only_a_round_finished_from_a_dealing_shoe_offers_the_wagers_back():
    """003 s65D(2)(a): "each player must be given the opportunity to have each amount wagered by the
    player in the round of play returned"; s65B(2) and s65C(2) continue the game on another machine."""
    assert {code: p.wagers_may_be_returned for code, p in PROCEDURES.items()} == {
        "transfer": False,
        "transfer_damaged": False,
        "dealing_shoe": True,
    }
    assert [p.rule for p in PROCEDURES.values()] == ["003 s65B(2)", "003 s65C(2)", "003 s65D(2)"]
    shoe = procedure("dealing_shoe")
    assert shoe.notice is not None and "wagers in this round returned" in shoe.notice[1]
    assert procedure("transfer").notice is None and procedure("transfer_damaged").notice is None
    with pytest.raises(RuleError):
        procedure("shuffle")
