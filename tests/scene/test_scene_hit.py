"""area_at: the named area under a point, as a touch panel needs it."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from kiosk.scene.build import build_scene
from kiosk.scene.hit import area_at, contains
from kiosk.scene.layout_file import load_layout
from kiosk.scene.primitives import ellipse_path, rect_path

DATA = Path(__file__).resolve().parent / "data"


def test_points_find_their_area():
    scene = build_scene(load_layout(DATA / "every_kind.toml"), game_name="g", casino_name="c")
    assert area_at(scene, 150, 100) == "table"
    assert area_at(scene, 430, 100) == "spot"
    assert area_at(scene, 100, 260) == "star"  # the star's centre
    assert area_at(scene, 110, 215) is None  # beside the star's top point
    assert area_at(scene, 450, 235) == "drop"
    # the inner square turns the same way as the outline: under the non-zero rule (SVG's
    # default, and the painters') it is filled, not a hole
    assert area_at(scene, 450, 230) == "drop"
    assert area_at(scene, 590, 390) is None


@given(st.floats(-50, 150), st.floats(-50, 150))
def test_ellipse_membership_matches_its_equation(x, y):
    cx, cy, rx, ry = 50.0, 40.0, 45.0, 25.0
    inside = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2
    if abs(inside - 1) > 0.01:  # away from the edge, where flattening decides
        assert contains(ellipse_path(cx, cy, rx, ry), x, y) == (inside < 1)


@given(st.floats(-10, 110), st.floats(-10, 110))
def test_rounded_rect_membership(x, y):
    path = rect_path(0, 0, 100, 100, radius=20)
    corner = min(x, 100 - x) < 20 and min(y, 100 - y) < 20
    if not corner and (0.01 < x < 99.99 and 0.01 < y < 99.99):
        assert contains(path, x, y)
    if x < -0.01 or x > 100.01 or y < -0.01 or y > 100.01:
        assert not contains(path, x, y)
