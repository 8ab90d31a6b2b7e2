"""Poker marker buttons (002 r8.1.3, r1.1): every set of buttons a seat could hold, judged from
the definitions' own words, and the one dealer button moving round the table."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kiosk.rules.citation import RuleError
from kiosk.rules.poker_buttons import BUTTONS, SEATS, place_buttons, seat_buttons

# 002 r1.1, word for word, what each button says of the seat and of a player in it.
EMPTY_SEAT = {"dead", "reserved"}  # "a Dealer Button in front of an empty seat"; "the playing area of a vacant seat"
A_PLAYER = {"dealer", "absent", "dealt_out", "missed_blind", "player_walking"}  # "the designated player", "this player"
MISSED = {"absent", "missed_blind"}  # "has previously missed his/her blind bet", "has missed his/her blind bet"
AWAY = {"absent", "player_walking"}  # "is absent from the table"


def lawful(held: set[str]) -> bool:
    """The seat's buttons do not contradict each other, read from r1.1 alone."""
    if held & EMPTY_SEAT and held & A_PLAYER:  # a seat is empty or has a player, not both
        return False
    if len(held & MISSED) > 1 or len(held & AWAY) > 1:  # Absent already says both; one button says it once
        return False
    if held >= {"missed_blind", "player_walking"}:  # that player carries the Absent button
        return False
    return True


ALL_SETS = [set(combo) for n in range(len(BUTTONS) + 1) for combo in combinations(BUTTONS, n)]


def test_there_are_the_seven_buttons_of_the_poker_rules():
    assert [b.name for b in BUTTONS.values()] == [
        "Dealer",
        "Dead button",
        "Absent",
        "Dealt-out",
        "Missed blind",
        "Player walking",
        "Reserved",
    ]
    assert all(b.rule.startswith("002 r1.1") for b in BUTTONS.values())


@pytest.mark.parametrize("held", ALL_SETS, ids=lambda s: "+".join(sorted(s)) or "none")
def test_every_set_of_buttons_a_seat_could_hold(held):
    if lawful(held):
        assert set(seat_buttons(4, sorted(held))) == held
    else:
        with pytest.raises(RuleError) as exc:
            seat_buttons(4, sorted(held))
        assert exc.value.rule == "002 r1.1" and "seat 4" in str(exc.value)


def test_a_button_is_placed_once_and_only_known_buttons_and_seats():
    with pytest.raises(RuleError, match="once"):
        seat_buttons(1, ["dealer", "dealer"])
    with pytest.raises(RuleError, match="002 r8.1.3"):
        seat_buttons(1, ["button"])
    for seat in (0, SEATS + 1, True):
        with pytest.raises(RuleError, match="002 r2.1"):
            seat_buttons(seat, [])


def test_the_dealer_button_moves_from_the_seat_that_had_it():
    seats, moved = place_buttons({3: ("dealer", "dealt_out"), 5: ("reserved",)}, 4, ["dealer"])
    assert seats == {3: ("dealt_out",), 4: ("dealer",), 5: ("reserved",)} and moved == 3
    seats, moved = place_buttons(seats, 5, ["dead", "reserved"])  # the button in front of an empty seat
    assert seats == {3: ("dealt_out",), 5: ("dead", "reserved")} and moved == 4
    seats, moved = place_buttons(seats, 3, [])
    assert seats == {5: ("dead", "reserved")} and moved is None


@given(st.lists(st.tuples(st.integers(1, SEATS), st.sampled_from(ALL_SETS)), max_size=30))
def test_there_is_never_more_than_one_dealer_button(moves):
    seats: dict[int, tuple[str, ...]] = {}
    for seat, held in moves:
        if not lawful(held):
            continue
        seats, _ = place_buttons(seats, seat, sorted(held))
        assert sum(1 for codes in seats.values() if {"dealer", "dead"} & set(codes)) <= 1
        assert all(codes for codes in seats.values())
