"""The cloth rules issue 22 adds to the cloth check (:mod:`kiosk.scene.cloth_content`), each from
its seed's words: two-up dice (004 sch13 s3(2): "the layout cloth ... must include (a) the name
of, or logo for, the casino; and (b) areas for placing the spinner's wager and players'
wagers"), the places at manila and draw poker (003 s258(1) "places for not more than 13 players",
s294(1) "not more than 8 players") and the Caribbean stud wager areas (000 s230(2)(c)
"rectangular, circular or oval areas for wagers")."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.scene.cloth_content import ClothTable, _rect_or_oval, cloth_violations
from kiosk.scene.layout_file import load_layout
from kiosk.scene.primitives import Path as ScenePath
from kiosk.scene.primitives import SubPath, ellipse_path, polygon_path, rect_path
from tests.fixtures.paths import ROOT

LAYOUTS = ROOT / "layouts"


def shipped(game: str) -> str:
    return (LAYOUTS / f"{game}.toml").read_text(encoding="utf-8")


def found(tmp_path: Path, game: str, text: str, table: ClothTable | None = None) -> list[tuple[str, str]]:
    path = tmp_path / f"custom_{game}.toml"
    path.write_text(text, encoding="utf-8")
    return [(v.rule, v.message) for v in cloth_violations(load_layout(path), table)]


def test_two_up_needs_the_casinos_name_or_logo(tmp_path):
    text = shipped("two_up_dice")
    assert found(tmp_path, "two_up_dice", text) == []
    logo = text.rindex("[[item]]")  # the logo is the last item
    assert 'src = "logo"' in text[logo:]
    without = text[:logo]
    [(rule, message)] = found(tmp_path, "two_up_dice", without)
    assert rule == "004 sch13 s3(2)(a)" and "the casino's name or logo" in message
    name = '[[item]]\nkind = "text"\nx = 1200\ny = 1100\ntext = "{casino_name}"\ncap_mm = 30\n'
    assert found(tmp_path, "two_up_dice", without + name) == []


def test_two_up_needs_an_area_for_the_spinners_wager(tmp_path):
    text = shipped("two_up_dice").replace('text = "SPINNER\'S BET AREA"', 'text = "BET AREA"')
    [(rule, message)] = found(tmp_path, "two_up_dice", text)
    assert rule == "004 sch13 s3(2)(b)" and "spinner's wager" in message and "s6(3)" in message


def test_two_up_needs_areas_for_players_wagers_on_heads_and_on_tails(tmp_path):
    # the spinner's areas say HEADS and TAILS too: they do not count for the players
    text = shipped("two_up_dice").replace('text = "TAILS"\ncap_mm = 92', 'text = "DRAGONS"\ncap_mm = 92')
    assert text.count("DRAGONS") == 2, "both players' tails areas renamed"
    [(rule, message)] = found(tmp_path, "two_up_dice", text)
    assert rule == "004 sch13 s3(2)(b)" and "'tails'" in message and "'heads'" not in message


def _seat(n: int, x: float) -> str:
    return (
        f'\n[[item]]\nkind = "ellipse"\narea = "seat{n}"\ncx = {x}\ncy = 120\nrx = 40\nry = 40\nstroke = "#ffffff"\n'
        f'\n[[item]]\nkind = "text"\nx = {x}\ny = 120\ntext = "{n}"\ncap_mm = 30\nvalign = "middle"\n'
    )


@pytest.mark.parametrize(
    ("game", "most", "rule"), [("manila_poker", 13, "003 s258(1)"), ("draw_poker", 8, "003 s294(1)")]
)
def test_places_for_not_more_players_than_the_seed_allows(tmp_path, game, most, rule):
    assert found(tmp_path, game, shipped(game)) == []
    [(got, message)] = found(tmp_path, game, shipped(game) + _seat(most + 1, 120))
    assert got == rule and f"not more than {most} players" in message and f"{most + 1} places" in message


def test_caribbean_wager_areas_are_rectangular_circular_or_oval(tmp_path):
    text = shipped("caribbean_stud")
    bet = text.index('area = "seat4_bet"')
    start = text.rindex("[[item]]", 0, bet)
    end = text.index("[[item]]", bet)
    triangle = (
        '[[item]]\nkind = "polygon"\narea = "seat4_bet"\npoints = [[870, 660], [1030, 660], [950, 540]]\n'
        'stroke = "#ffffff"\n\n'
    )
    changed = text[:start] + triangle + text[end:]
    problems = found(tmp_path, "caribbean_stud", changed)
    assert [rule for rule, _ in problems] == ["000 s230(2)(c)"]
    assert "'seat4_bet'" in problems[0][1]


def _turned(path: ScenePath, deg: float, dx: float = 0.0, dy: float = 0.0) -> ScenePath:
    a = math.radians(deg)
    c, s = math.cos(a), math.sin(a)

    def f(x: float, y: float) -> tuple[float, float]:
        return (x * c - y * s + dx, x * s + y * c + dy)

    subs = []
    for sub in path.subpaths:
        segs = []
        for seg in sub.segments:
            if seg[0] == "L":
                segs.append(("L", *f(seg[1], seg[2])))
            else:
                segs.append(("C", *f(seg[1], seg[2]), *f(seg[3], seg[4]), *f(seg[5], seg[6])))
        subs.append(SubPath(f(*sub.start), tuple(segs), sub.closed))
    return ScenePath(tuple(subs))


@settings(max_examples=60, deadline=None)
@given(
    w=st.floats(20, 400),
    h=st.floats(20, 400),
    radius=st.floats(0, 1),
    angle=st.floats(0, 360),
    oval=st.booleans(),
)
def test_rectangles_circles_and_ovals_any_way_turned_are_wager_areas(w, h, radius, angle, oval):
    shape = ellipse_path(0, 0, w / 2, h / 2) if oval else rect_path(0, 0, w, h, radius * min(w, h) / 2)
    assert _rect_or_oval(_turned(shape, angle, 500, 300))


@pytest.mark.parametrize("sides", [3, 5, 6, 7, 8])
def test_other_outlines_are_not(sides):
    points = [(100 * math.cos(2 * math.pi * i / sides), 100 * math.sin(2 * math.pi * i / sides)) for i in range(sides)]
    assert not _rect_or_oval(polygon_path(points))
    assert not _rect_or_oval(polygon_path([(0, 0), (100, 0), (120, 50), (20, 50)]))  # a parallelogram
    assert not _rect_or_oval(polygon_path([(0, 0), (100, 0), (100, 50), (50, 20), (0, 50)]))  # not convex
