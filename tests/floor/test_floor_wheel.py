"""The roulette wheel a floor file configures, from the seed's words (003 s131(2)-(2C)):

"(2) A roulette wheel must be of a single zero variety with 37 equally spaced compartments
around the wheel. (2A) One of the compartments must be marked with a zero and coloured green,
and the other compartments must be marked with a number from 1 to 36, with 18 of the
compartments coloured red and 18 coloured black. (2B) The numbers and colours must be arranged
around the wheel in the way approved by the chief executive. (2C) However, it is not necessary
to obtain the chief executive's approval under subsection (2B) for the arrangement of numbers
and colours shown in diagram 5."

``kiosk check`` checks each (docs/readings.md A-51) and that the cloth's numbers carry the
wheel's colours."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kiosk.floor import check_floor, parse_floor
from kiosk.rules.citation import RuleError
from kiosk.rules.roulette import COMPARTMENTS, Wheel, colour_of_fill, wheel_problems
from kiosk.scene.layout_file import load_layout
from kiosk.scene.resources import default_layout_path
from tests.fixtures.floors import TABLES, floor_text

# the usual single zero wheel, clockwise from zero, and its red numbers (the shipped cloth's)
ORDER = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9,
         22, 18, 29, 7, 28, 12, 35, 3, 26]  # fmt: skip
RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]


def _table(wheel: object = ORDER, red: object = RED, approval: str | None = "CE approval RW-7") -> str:
    lines = [TABLES["roulette"], "[table.roulette]\n"]
    if wheel is not None:
        lines.append(f"wheel = {list(wheel)}\n")
    if red is not None:
        lines.append(f"red = {list(red)}\n")
    if approval is not None:
        lines.append(f'wheel_approval = "{approval}"\n')
    return "".join(lines)


def _found(table: str, base: Path | str = ".") -> list[tuple[str, str, str]]:
    floor = parse_floor(floor_text(table), name="floor.toml", base=base)
    return [(v.severity, v.rule, v.message) for v in check_floor(floor) if v.message.startswith("T-roulette")]


def test_the_usual_wheel_with_its_approval_passes_and_so_does_no_wheel():
    assert _found(_table()) == []
    assert _found(_table(approval="diagram 5")) == []  # s131(2C): no approval needed
    assert _found(TABLES["roulette"]) == []  # no wheel: the cloth's colours (docs/readings.md A-51)


def test_an_arrangement_needs_its_approval_or_diagram_5():
    [(severity, rule, message)] = _found(_table(approval=None))
    assert (severity, rule) == ("error", "003 s131(2B)")
    assert "wheel_approval" in message and "diagram 5" in message and "003 s131(2C)" in message


@pytest.mark.parametrize(
    ("wheel", "red", "rule", "words"),
    [
        (ORDER[:-1], RED, "003 s131(2)", "37 compartments"),  # 36 compartments
        ([*ORDER, 0], RED, "003 s131(2)", "zero is on the wheel 2 times"),  # a double zero wheel
        ([*ORDER[:-1], 32], RED, "003 s131(2A)", "number 32 is on the wheel 2 times"),
        ([*ORDER[:-1], 37], RED, "003 s131(2A)", "the wheel lists 37"),
        (ORDER, [*RED[:-1]], "003 s131(2A)", "18 compartments are coloured red"),
        (ORDER, [*RED[:-1], 0], "003 s131(2A)", "zero is coloured green"),
        (ORDER, [*RED[:-1], 1], "003 s131(2A)", "red lists 1 twice"),
        (ORDER, None, "003 s131(2A)", "roulette.wheel needs roulette.red"),
        (None, RED, "003 s131(2A)", "roulette.red needs roulette.wheel"),
    ],
    ids=["36", "double_zero", "32_twice", "37", "17_red", "red_zero", "red_twice", "no_red", "no_order"],
)
def test_a_wheel_that_is_not_single_zero_is_refused(wheel, red, rule, words):
    problems = [(r, m) for severity, r, m in _found(_table(wheel, red)) if severity == "error"]
    assert any(r == rule and words in m for r, m in problems), problems


def test_the_cloths_numbers_carry_the_wheels_colours(tmp_path):
    swapped = [n for n in RED if n != 1] + [2]  # 1 black and 2 red on the wheel; the cloth the other way
    [(severity, rule, message)] = _found(_table(ORDER, swapped))
    assert (severity, rule) == ("error", "003 s131(2B)")
    assert "1 is red on the cloth, black on the wheel" in message and "(and 1 more)" in message
    # a custom cloth painted to the same wheel passes
    text = default_layout_path("roulette").read_text(encoding="utf-8")
    layout = tmp_path / "roulette_custom.toml"
    layout.write_text(_repaint(text, {1: "#111111", 2: "#c8102e"}), encoding="utf-8")
    custom = _table(ORDER, swapped).replace(
        'game = "roulette"\n', 'game = "roulette"\nlayout = "roulette_custom.toml"\n'
    )
    assert _found(custom, base=tmp_path) == []


def _repaint(text: str, fills: dict[int, str]) -> str:
    """The layout text with the fill of each ``number_<n>`` area replaced by ``fills[n]``."""
    items = text.split("[[item]]")
    for i, item in enumerate(items):
        for number, colour in fills.items():
            if f'area = "number_{number}"\n' in item:
                lines = [f'fill = "{colour}"' if ln.startswith("fill = ") else ln for ln in item.split("\n")]
                items[i] = "\n".join(lines)
    return "[[item]]".join(items)


def test_the_shipped_cloth_is_the_usual_wheels_colours():
    layout = load_layout(default_layout_path("roulette"))
    wheel = Wheel.of(ORDER, RED)
    for number in range(COMPARTMENTS):
        assert colour_of_fill(layout.item_for_area(f"number_{number}").values["fill"]) == wheel.colour(number)


def test_colours_and_neighbours_of_a_wheel():
    wheel = Wheel.of(ORDER, RED, "diagram 5")
    assert [wheel.colour(n) for n in (0, 1, 2, 32)] == ["green", "red", "black", "red"]
    assert wheel.neighbours(0, 2) == (3, 26, 0, 32, 15)  # round the wheel past the end
    assert wheel.neighbours(26, 1) == (3, 26, 0)
    with pytest.raises(RuleError) as err:
        Wheel.of(ORDER[:-1], RED)
    assert err.value.rule == "003 s131(2)"


def test_every_red_black_split_of_18_is_a_wheel_and_none_other():
    """Exhaustive over how many of 1-36 are red (the count is what s131(2A) fixes)."""
    for count in range(0, 37):
        red = list(range(1, count + 1))
        assert (wheel_problems(ORDER, red) == []) == (count == 18)


@given(st.permutations(list(range(COMPARTMENTS))))
def test_any_order_of_the_37_numbers_is_a_single_zero_wheel(order):
    """The seeds fix the numbers and colours, not their order (that is the approval's)."""
    assert wheel_problems(order, RED) == []


@given(st.lists(st.integers(-2, 40), min_size=30, max_size=40))
def test_a_wheel_passes_exactly_when_it_holds_0_to_36_once(order):
    ok = sorted(order) == list(range(COMPARTMENTS))
    assert (wheel_problems(order, RED) == []) == ok


def test_pairs_of_wheel_and_red_problems_are_each_named():
    bad_wheels = [ORDER[:-1], [*ORDER, 0]]
    bad_reds = [RED[:-1], [*RED[:-1], 0]]
    for wheel, red in itertools.product(bad_wheels, bad_reds):
        keys = {v.key for v in wheel_problems(wheel, red)}
        assert keys == {"wheel", "red"}
