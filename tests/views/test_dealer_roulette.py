"""The roulette pad's decisions below Qt: the cloth's order, the wheel's colours, the confirm
and its double-tap guard (exhaustive over the pad's numbers)."""

from __future__ import annotations

import pytest

from kiosk.rules.roulette import RED_COUNT
from kiosk.views.dealer.roulette import (
    REPEAT_GUARD_S,
    ResultEntry,
    _cloth_colours,
    confirm_text,
    correction_text,
    pad,
    status_text,
)


def test_the_pad_is_the_cloth_zero_on_the_left_twelve_columns_of_three():
    keys = {k.number: k for k in pad(_cloth_colours())}
    assert sorted(keys) == list(range(37))
    assert (keys[0].row, keys[0].column, keys[0].rows) == (0, 0, 3)
    assert [keys[n].row for n in (3, 2, 1)] == [0, 1, 2] and keys[36].column == 12
    places = {(k.row, k.column) for k in keys.values() if k.number}
    assert len(places) == 36  # no two numbers share a key


def test_the_shipped_cloth_colours_are_a_single_zero_wheel():
    colours = _cloth_colours()
    assert colours[0] == "green"
    assert sum(c == "red" for c in colours.values()) == RED_COUNT
    assert sum(c == "black" for c in colours.values()) == RED_COUNT


@pytest.mark.parametrize("number", range(37))
def test_a_number_is_recorded_once_after_its_confirm(number):
    colours = _cloth_colours()
    entry = ResultEntry()
    assert entry.confirm(100.0) is None  # nothing picked
    entry.pick(number)
    assert confirm_text(entry.picked, colours) == f"{number} {colours[number].upper()}: confirm"
    assert entry.confirm(100.0) == number
    assert entry.confirm(100.1) is None  # the strip is empty
    entry.pick(number)  # a double tap on the pad and the confirm
    assert entry.confirm(100.0 + REPEAT_GUARD_S / 2) is None
    assert entry.confirm(100.0 + REPEAT_GUARD_S) == number  # a real next spin


def test_words_for_the_status_and_the_correction():
    colours = _cloth_colours()
    assert status_text(None, [], colours, False).startswith("No spins yet")
    assert status_text(17, [17, 6, 0], colours, True) == (
        "Winning number 17 BLACK; before it: 6 black, 0 green; it did not light: the result stands (000 s78(7))"
    )
    assert correction_text(4, 17, 7, colours) == "Supervisor: correct spin 4 from 17 BLACK to 7 RED"
