"""Two-up dice spinners: who is offered the dice (s5), who spins on (s10, s21), overrules (s20(4))."""

from __future__ import annotations

import itertools

import pytest

from kiosk.rules.citation import RuleError
from kiosk.rules.twoup import DEALER, SpinnerGame, TwoUpSettings, offer_order, select_spinner


def play(call, spins, **kwargs) -> SpinnerGame:
    game = SpinnerGame(call, **kwargs)
    for code in spins:
        game.spin(code)
    return game


SEATS = ["A", "B", "C", "D", "E"]  # clockwise from the dealer's left


def test_first_game_offers_the_dice_from_the_dealers_left() -> None:
    assert offer_order(SEATS, None) == tuple(SEATS)  # s5(2), s5(4)
    assert select_spinner(SEATS, None) == "A"
    assert select_spinner(SEATS, None, {"A", "B"}) == "C"


def test_later_games_start_after_the_previous_spinner_clockwise() -> None:
    assert offer_order(SEATS, "C") == ("D", "E", "A", "B")  # s5(3), s5(4)
    assert offer_order(SEATS, "E") == ("A", "B", "C", "D")
    assert offer_order(SEATS, "C", settings=TwoUpSettings(reoffer_previous_spinner=True)) == (
        "D", "E", "A", "B", "C",
    )  # fmt: skip
    assert offer_order(SEATS, DEALER) == tuple(SEATS)  # the dealer spun last: from the dealer's left


def test_every_choice_of_decliners_gives_the_first_willing_player_or_the_dealer() -> None:
    for previous in [None, DEALER, *SEATS]:
        order = offer_order(SEATS, previous)
        for n in range(len(SEATS) + 1):
            for declined in itertools.combinations(SEATS, n):
                willing = [s for s in order if s not in declined]
                expected = willing[0] if willing else DEALER  # s5(5), s5(6)
                assert select_spinner(SEATS, previous, set(declined)) == expected


def test_an_empty_previous_seat_passes_to_the_next_occupied_one() -> None:
    assert offer_order([1, 2, 4, 6], 3) == (4, 6, 1, 2)
    assert offer_order([1, 2, 4, 6], 7) == (1, 2, 4, 6)
    assert select_spinner([], None) == DEALER


@pytest.mark.parametrize(
    ("seats", "previous", "declined", "rule"),
    [
        ("ABC", None, (), "004 sch13 s5(2)"),
        (["A", "A"], None, (), "004 sch13 s5(2)"),
        (["A", DEALER], None, (), "004 sch13 s5(2)"),
        (["A", "B"], "Z", (), "004 sch13 s5(3)"),
        ([3, 1, 2], 4, (), "004 sch13 s5(3)"),
        (["A", "B"], None, {"Z"}, "004 sch13 s5(4)"),
        (["A", "B"], None, "A", "004 sch13 s5(4)"),
    ],
)
def test_bad_seating_is_refused_in_one_cited_line(seats, previous, declined, rule) -> None:
    with pytest.raises(RuleError) as err:
        select_spinner(seats, previous, declined)
    assert err.value.rule == rule and rule in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize(
    ("call", "spins", "may_continue"),
    [
        ("heads", "", None),
        ("heads", "HH", None),
        ("heads", "HHH", True),  # s10(1)
        ("heads", "HT", False),  # s10(2)
        ("tails", "OOOOO", False),  # s10(2)
        ("heads", "XXXHHH", True),  # s21(3): first 3 spins invalid, wager won
        ("heads", "XXXT", False),  # s21(3) sets aside s21(2)(b) only: a loss still ends it (s10(2))
        ("heads", "HXXXHH", False),  # s21(2)(b): not the first 3 spins
        ("tails", "OXXXT" + "TT", False),
        (None, "H", True),  # s5(8): the dealer may continue
        (None, "XXXH", False),  # s21(1): the dealer must stop too
    ],
)
def test_who_may_spin_the_next_game(call, spins, may_continue) -> None:
    assert play(call, spins).spinner_may_continue is may_continue


def test_s21_3_applies_only_to_a_new_spinners_first_spins() -> None:
    game = play("heads", "XXXHHH", new_spinner=False)
    assert game.outcome == "win" and not game.first_spins_invalid and game.spinner_may_continue is False
    assert play("heads", "XXXHHH").first_spins_invalid


def test_three_invalid_spins_hand_the_dice_to_the_dealer_until_the_wager_is_decided() -> None:
    game = SpinnerGame("tails")
    assert [game.spin(c).spinner for c in "XX"] == ["player", "player"]
    third = game.spin("X")
    assert third.must_change_spinner and third.rule == "004 sch13 s21(1)(a)" and third.spinner == "player"
    assert game.spinner == "dealer"
    assert [game.spin(c).spinner for c in "OTT"] == ["dealer"] * 3
    assert game.outcome is None
    assert game.spin("T").outcome == "win"  # the dealer's spins decide the spinner's wager (s21(2)(a))
    assert game.must_change_spinner


def test_a_spinner_who_stops_early_hands_over_to_the_dealer() -> None:
    game = play("heads", "HO")
    game.spinner_stops()  # s10(4)(a)
    assert game.spinner == "dealer"
    assert game.spin("H").spinner == "dealer"
    assert game.spin("H").outcome == "win"
    assert game.spinner_may_continue is False  # s10(4)(b)
    with pytest.raises(RuleError, match=r"004 sch13 s5\(8\)"):
        SpinnerGame(None).spinner_stops()
    with pytest.raises(RuleError, match="already decided"):
        game.spinner_stops()


def test_an_overruled_no_spin_stands_as_the_dice_showed() -> None:
    game = play("heads", "HHXX")
    record = game.overrule_invalid("H")  # s20(4)
    assert record.code == "H" and record.valid and game.outcome == "win"
    assert game.lights == {"heads": 3, "tails": 0, "odds": 0}
    third = play("tails", "XXX")
    assert third.must_change_spinner and third.spinner == "dealer"
    third.overrule_invalid("O")
    assert not third.must_change_spinner and third.spinner == "player" and third.lights["odds"] == 1
    stopped = play("heads", "H")
    stopped.spinner_stops()
    stopped.spin("X")
    stopped.overrule_invalid("T")
    assert stopped.outcome == "lose" and stopped.spins[-1].spinner == "dealer"


@pytest.mark.parametrize(("spins", "code"), [("HO", "H"), ("", "H"), ("X", "X"), ("X", "heads")])
def test_only_a_last_invalid_spin_can_be_overruled(spins, code) -> None:
    game = play("heads", spins)
    with pytest.raises(RuleError) as err:
        game.overrule_invalid(code)
    assert "004 sch13 s20(4)" in str(err.value)
    assert len(game.spins) == len(spins)
