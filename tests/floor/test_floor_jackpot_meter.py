"""000 s231(2): an unlinked Caribbean stud table needs "a meter or sign to show the amount of the
jackpot prize". Where every jackpot wager adds to the prize (a contribution rate), a printed
``jackpot_meter`` sign is out of date after the next wager: the table needs its live meter, a
display with the ``jackpot`` view (docs/readings.md A-32). ``kiosk check`` says so, and the
export prints no such sign."""

from __future__ import annotations

import pytest

from kiosk.floor import check_floor, parse_floor
from tests.fixtures.floors import TABLES, floor_text, run_kiosk

GROWING = (
    TABLES["caribbean_stud"].replace(
        'game = "caribbean_stud"',
        'game = "caribbean_stud"\nsigns = ["limits", "maximum_payment", "jackpot_meter"]',
    )
    + 'contribution = "70%"\nseed = "$5,000"\n'
)
JACKPOT_DISPLAY = '\n[[display]]\nid = "J"\ntable = "T-caribbean_stud"\nview = "jackpot"\n'
SIGNS_DISPLAY = '\n[[display]]\nid = "S"\ntable = "T-caribbean_stud"\nview = "signs"\n'


def _errors(*parts: str) -> list[tuple[str, str]]:
    floor = parse_floor(floor_text(*parts), name="floor.toml")
    return [(v.rule, v.message) for v in check_floor(floor) if v.severity == "error"]


@pytest.mark.parametrize("other", ["", SIGNS_DISPLAY])
def test_a_printed_meter_of_a_growing_prize_is_refused_naming_the_live_meter(other):
    [(rule, message)] = _errors(GROWING, other)
    assert rule == "000 s231(2)"
    assert message.startswith("T-caribbean_stud: ") and "contribution 70 %" in message
    assert 'view = "jackpot"' in message and "A-32" in message


def test_the_live_meter_satisfies_it():
    assert _errors(GROWING, JACKPOT_DISPLAY) == []
    without_sign = GROWING.replace(', "jackpot_meter"]', "]")
    assert _errors(without_sign, JACKPOT_DISPLAY) == []


def test_no_meter_at_all_for_a_growing_prize_asks_for_the_live_one():
    [(rule, message)] = _errors(GROWING.replace(', "jackpot_meter"]', "]"))
    assert rule == "000 s231(2)" and 'view = "jackpot"' in message and "'jackpot_meter' sign" not in message


def test_a_prize_that_does_not_grow_may_be_printed():
    fixed = GROWING.replace('contribution = "70%"\n', "")
    assert _errors(fixed) == []


def test_kiosk_check_refuses_it_in_one_line(write_floor):
    out = run_kiosk("check", "--floor", str(write_floor(floor_text(GROWING))))
    assert out.returncode == 1 and "Traceback" not in out.stdout + out.stderr
    assert [line for line in out.stdout.splitlines() if "000 s231(2)" in line] == [
        line for line in out.stdout.splitlines() if line.startswith("T-caribbean_stud:")
    ]
