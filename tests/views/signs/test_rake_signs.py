"""The poker room's fee sign for each way of taking the commission (002 r7.2): the percentage
of the pot, the hourly time charge, a fixed fee per hand and a fee per person per hand.  The
demo floor uses only the first two, so each type is configured here from a floor file, composed
on A3: the sign names the fee and its amount, and every letter and number is at least 8 mm
high by its glyphs' outlines (lowercase included, :mod:`kiosk.scene.legibility`, as for every
other sign)."""

from __future__ import annotations

import pytest

from kiosk.floor.load import load_floor
from kiosk.scene.legibility import letter_height_mm, text_runs_of
from kiosk.views.signs import Context, compose_sign, sign_contents
from kiosk.views.signs.source import states_from_floor
from tests.fixtures.paths import ROOT

A3 = (297.0, 420.0)  # the type line of a fixed fee is wider than A4 at 8 mm
DEMO = ROOT / "assets" / "demo_floor.toml"
PERCENTAGE = 'type = "percentage"\npercent = "5%"\nminimum = "$1"\ncap = "$5"'
RAKES = {
    # type: (the floor's rake lines, the words and amount the sign must state)
    "fixed_per_hand": ('type = "fixed_per_hand"\nfee_per_hand = "$3"', ("Fee per hand, at most", "$3")),
    "per_person_per_hand": (
        'type = "per_person_per_hand"\nfee_per_hand = "$1.50"',
        ("Fee per person per hand", "$1.50"),
    ),
    "time_charge": ('type = "time_charge"\nhourly_fee = "$12"', ("Hourly fee per player, at most", "$12")),
    "percentage": (PERCENTAGE, ("Rake of the pot", "5 %")),
}


def _rake_sign(tmp_path, rake_lines: str):
    text = DEMO.read_text(encoding="utf-8")
    assert PERCENTAGE in text  # PK-01's rake in the demo floor
    path = tmp_path / "floor.toml"
    path.write_text(text.replace(PERCENTAGE, rake_lines, 1).replace('"logo/', f'"{DEMO.parent}/logo/'), "utf-8")
    floor = load_floor(path)
    tables, _links = states_from_floor(floor)
    [content] = sign_contents("rake", Context(tables["PK-01"], None, floor.casino.timezone))
    return content


@pytest.mark.parametrize("kind", sorted(RAKES))
def test_each_fee_type_has_its_sign_with_its_amount_at_8mm(kind, tmp_path):
    lines, (label, amount) = RAKES[kind]
    scene = compose_sign(_rake_sign(tmp_path, lines), *A3, bleed_mm=3)
    runs = list(text_runs_of(scene))
    words = " ".join(run.text for run in runs)
    assert label in words and amount in words, words
    for run in runs:
        height = letter_height_mm(run)
        assert height is None or height >= 8.0 - 1e-9, (run.text, height)
