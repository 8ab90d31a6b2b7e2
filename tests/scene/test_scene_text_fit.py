"""Long configured names (``{casino_name}``, ``{game_name}``) fitted to a width: shrunk, never
below the floor (8 mm capitals by default, docs/readings.md P-1), broken into lines rather than smaller."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.rules.lettering import MIN_TEXT_MM as MIN_FIT_CAP_MM
from kiosk.scene.build import build_scene
from kiosk.scene.fonts import font_face
from kiosk.scene.layout_file import parse_layout
from kiosk.scene.primitives import TextRun
from kiosk.scene.text import fit_text

NAME_40 = "The Grand Pacific Reef Casino and Resort"
BOLD = font_face("sans", "bold")


def _width(line: str, cap: float) -> float:
    return BOLD.width_em(line) / BOLD.cap_height_em * cap


def test_the_long_name_is_forty_characters():
    assert len(NAME_40) == 40


def test_text_that_fits_is_left_alone():
    assert fit_text("Coral Coast Casino", cap_mm=34, max_width_mm=1000, weight="bold") == ("Coral Coast Casino", 34)


def test_too_wide_text_shrinks_to_fit_exactly():
    text, cap = fit_text(NAME_40, cap_mm=34, max_width_mm=500, weight="bold")
    assert text == NAME_40 and MIN_FIT_CAP_MM < cap < 34
    assert _width(text, cap) == pytest.approx(500)


def test_at_the_floor_the_name_breaks_into_balanced_lines():
    text, cap = fit_text(NAME_40, cap_mm=34, max_width_mm=200, weight="bold")
    lines = text.split("\n")
    assert len(lines) == 2 and " ".join(lines) == NAME_40
    assert cap >= MIN_FIT_CAP_MM and max(_width(line, cap) for line in lines) <= 200 + 1e-6
    # balanced: the two lines are within a word of each other
    assert abs(_width(lines[0], cap) - _width(lines[1], cap)) < _width("Pacific ", cap)


@given(
    st.lists(
        st.sampled_from(["6:", "DEALT-OUT,", "MISSED", "BLIND", "A", "ABSENT", "RESERVED"]), min_size=2, max_size=8
    )
)
@settings(max_examples=60, deadline=None)
def test_balancing_the_lines_breaks_no_word_that_fits_whole(words):
    """A word no wider than the line stays whole ("6: DEALT-OU / T, MISSED BLIND" was balanced
    narrower than its widest word)."""
    text = " ".join(words)
    width = _width(max(words, key=lambda w: _width(w, MIN_FIT_CAP_MM)), MIN_FIT_CAP_MM) + 1
    fitted, _ = fit_text(text, cap_mm=MIN_FIT_CAP_MM * 1.25, max_width_mm=width, weight="bold")
    assert fitted.split() == words


def test_a_higher_floor_is_kept_and_more_lines_are_used():
    text, cap = fit_text(NAME_40, cap_mm=34, max_width_mm=200, min_cap_mm=20, weight="bold")
    assert cap >= 20 and len(text.split("\n")) >= 3
    assert max(_width(line, cap) for line in text.split("\n")) <= 200 + 1e-6


def test_a_word_longer_than_the_line_is_never_cut():
    """ux-review P1: "PLA / CE YO / UR BET / S"; the word keeps a line of its own, at the floor."""
    from kiosk.scene.text import widest_word_mm

    text, cap = fit_text(
        "The Supercalifragilisticexpialidocious Room", cap_mm=20, max_width_mm=100, min_cap_mm=15, weight="bold"
    )
    assert cap == 15 and text.split("\n") == ["The", "Supercalifragilisticexpialidocious", "Room"]
    assert widest_word_mm(text, cap, weight="bold") > 100


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"cap_mm": 0, "max_width_mm": 10}, "must be > 0"),
        ({"cap_mm": 10, "max_width_mm": -1}, "must be > 0"),
        ({"cap_mm": 10, "max_width_mm": 10, "min_cap_mm": 12}, "must not be larger than cap_mm"),
    ],
)
def test_bad_sizes_are_named(kwargs, message):
    with pytest.raises(ValueError, match=message):
        fit_text("X", **kwargs)


names = st.text(
    alphabet=st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz &'-"), min_size=1, max_size=60
).filter(str.strip)


@settings(max_examples=150)
@given(names, st.floats(10, 60), st.floats(60, 1500), st.floats(8, 10))
def test_any_name_fits_and_stays_legible(name, cap, width, floor):
    text, fitted = fit_text(name, cap_mm=cap, max_width_mm=width, min_cap_mm=floor, weight="bold")
    assert floor - 1e-9 <= fitted <= cap + 1e-9
    assert text.split() == name.split()  # every word whole
    for line in text.split("\n"):
        assert _width(line, fitted) <= width + 1e-6 or len(line.split()) == 1


LAYOUT = """
format = "kiosk-layout/1"
game = "roulette"
size_mm = [1000, 300]

[[item]]
kind = "text"
x = 500
y = 100
text = "{casino_name}"
cap_mm = 34
weight = "bold"
valign = "middle"

[[item]]
kind = "text"
x = 500
y = 220
text = "Welcome to {game_name}"
x_mm = 20
"""


def _layout(fitting: dict[int, dict]):
    """The test layout with fitting keys added to items by index.  The scene builder reads them;
    the loader (kiosk/scene/layout_file.py) is to accept them from a file too."""
    layout = parse_layout(LAYOUT, "names.toml")
    items = tuple(dataclasses.replace(i, values={**i.values, **fitting.get(i.index, {})}) for i in layout.items)
    return dataclasses.replace(layout, items=items)


def _runs(scene):
    return [i for i in scene.items if isinstance(i, TextRun)]


def test_without_max_width_a_long_name_runs_wide():
    (name, welcome) = _runs(build_scene(_layout({}), game_name="Tri-Chro", casino_name=NAME_40))
    assert name.width_mm > 900 and name.text == NAME_40


def test_scene_fits_a_forty_character_casino_name():
    scene = build_scene(_layout({1: {"max_width_mm": 200}}), game_name="Tri-Chro", casino_name=NAME_40)
    runs = _runs(scene)
    name_runs = [r for r in runs if r.origin == (500, 100)]
    assert len(name_runs) == 2  # at the 8 mm floor it would be 226 mm wide: two lines instead
    for run in name_runs:
        assert 400 - 1e-6 <= run.x and run.x + run.width_mm <= 600 + 1e-6
        assert run.face.cap_height_em * run.size_mm >= MIN_FIT_CAP_MM - 1e-9
    # centred on the anchor as a block (valign middle): one line above y, one below
    assert name_runs[0].y < 100 < name_runs[1].y


def test_scene_shrinks_a_name_that_fits_above_the_floor_and_keeps_short_names():
    scene = build_scene(_layout({1: {"max_width_mm": 800}}), game_name="Tri-Chro", casino_name=NAME_40)
    (name, _welcome) = _runs(scene)
    cap = name.face.cap_height_em * name.size_mm
    assert name.width_mm == pytest.approx(800) and 8 < cap < 34
    short = _runs(build_scene(_layout({1: {"max_width_mm": 800}}), game_name="g", casino_name="Coral Coast Casino"))[0]
    assert short.face.cap_height_em * short.size_mm == pytest.approx(34)


def test_min_cap_and_x_height_items():
    fitting = {1: {"max_width_mm": 400, "min_cap_mm": 16}, 2: {"max_width_mm": 300}}
    scene = build_scene(_layout(fitting), game_name="Tri-Chro Sixty-Three Deluxe Edition", casino_name=NAME_40)
    runs = _runs(scene)
    name_runs = [r for r in runs if r.origin == (500, 100)]
    # 452 mm wide at 16 mm capitals: two lines of at least 16 mm rather than one of 14 mm
    assert len(name_runs) == 2 and all(r.face.cap_height_em * r.size_mm >= 16 - 1e-9 for r in name_runs)
    welcome = [r for r in runs if r.origin == (500, 220)]
    assert all(r.width_mm <= 300 + 1e-6 for r in welcome)
