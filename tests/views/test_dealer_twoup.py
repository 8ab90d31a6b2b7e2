"""Two-up at the dealer panel below Qt: the status in words, the seat stepper, a light change
only after its confirm."""

from __future__ import annotations

import pytest

from kiosk.views.dealer.twoup import LIGHT_SETS, SEAT_RANGE, LightChange, next_seat, status_text


def _game(**kw):
    game = {"number": 3, "seat": 5, "call": "heads", "lights": {"heads": 0, "tails": 0, "odds": 0}, "outcome": None}
    game.update(kw)
    return game


def test_the_status_says_it_in_words():
    assert status_text(None, "betting") == "No spinner yet: start a game"
    assert status_text(_game(), "betting") == "Game 3, seat 5 calls heads; no spins yet; bets open"
    lit = {"heads": 1, "tails": 0, "odds": 2}
    assert status_text(_game(lights=lit), "no_more_bets") == (
        "Game 3, seat 5 calls heads; lit: 1 heads, no tails, 2 odds; no more bets: enter the spin"
    )
    assert status_text(_game(seat=None, call=None, outcome="end"), "betting") == (
        "Game 3, the dealer spins; no spins yet; decided: END"
    )
    for text in (status_text(_game(lights=lit), p) for p in ("betting", "no_more_bets")):
        assert "H0" not in text and "O2" not in text


@pytest.mark.parametrize("seat", range(SEAT_RANGE[0], SEAT_RANGE[1] + 1))
def test_the_seat_stays_in_range(seat):
    assert SEAT_RANGE[0] <= next_seat(seat, -1) <= seat <= next_seat(seat, 1) <= SEAT_RANGE[1]


@pytest.mark.parametrize("light, index", [(name, i) for name, n in LIGHT_SETS for i in range(1, n + 1)])
@pytest.mark.parametrize("failed_now", [False, True])
def test_a_light_changes_only_on_its_confirm(light, index, failed_now):
    change = LightChange()
    assert change.confirm() is None
    change.pick(light, index, failed_now)
    assert ("FAILED" in change.question()) is (not failed_now)
    change.cancel()
    assert change.confirm() is None  # cancelled: nothing sent
    change.pick(light, index, failed_now)
    assert change.confirm() == (light, index, not failed_now)
    assert change.confirm() is None  # once
