"""The lit look in numbers (kiosk.scene.lighting) and which print the scene inks dark when lit.

A lit area must be bright (a glow of relative luminance 0.7 or more, 0.3 above its unlit fill
where white allows) and its print dark on it (WCAG 2 contrast 4.5:1 or more): docs/readings.md
P-2, 001 s463(3)(b).
"""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kiosk.scene.build import build_scene
from kiosk.scene.layout_file import parse_layout
from kiosk.scene.lighting import (
    DEFAULT_LIT_FILL,
    GLOW_LUMINANCE,
    LIT_INK,
    MIN_INK_CONTRAST,
    WARM_WHITE,
    contrast_ratio,
    glow_colour,
    is_light_print,
    lamp_path,
    lit_sizes,
    relative_luminance,
)
from kiosk.scene.primitives import Clipped, Shape, TextRun, ellipse_path, rect_path

channel = st.integers(0, 255)
colours = st.tuples(channel, channel, channel, st.sampled_from([0, 64, 255]))
solid = st.tuples(channel, channel, channel, st.just(255))


def test_luminance_and_contrast_match_wcag():
    assert relative_luminance((255, 255, 255, 255)) == pytest.approx(1.0)
    assert relative_luminance((0, 0, 0, 255)) == 0.0
    assert contrast_ratio((0, 0, 0, 255), (255, 255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((118, 118, 118, 255), (255, 255, 255, 255)) == pytest.approx(4.54, abs=0.01)  # WCAG's #767676


def test_default_glow_is_bright_and_dark_ink_reads_on_it():
    assert relative_luminance(DEFAULT_LIT_FILL) == pytest.approx(0.86, abs=0.01)
    assert contrast_ratio(LIT_INK, DEFAULT_LIT_FILL) >= 16


@given(st.one_of(st.none(), colours), st.one_of(st.none(), solid))
def test_every_glow_is_bright_opaque_and_legible_under_dark_ink(fill, lit_fill):
    glow = glow_colour(fill, lit_fill)
    lum = relative_luminance(glow)
    assert glow[3] == 255
    assert lum >= GLOW_LUMINANCE - 1e-3
    if fill is not None and fill[3] == 255 and relative_luminance(fill) + 0.3 <= 0.9:
        assert lum >= relative_luminance(fill) + 0.3 - 1e-3
    assert contrast_ratio(LIT_INK, glow) >= MIN_INK_CONTRAST


@given(solid)
def test_a_bright_enough_lit_fill_is_kept_and_a_dark_one_keeps_its_hue(lit_fill):
    glow = glow_colour((12, 53, 99, 255), lit_fill)
    if relative_luminance(lit_fill) >= GLOW_LUMINANCE:
        assert glow == lit_fill
    else:  # tinted towards warm white just enough: each channel between lit_fill and warm white
        assert all(
            min(c, w) - 1 <= g <= max(c, w) + 1 for g, c, w in zip(glow[:3], lit_fill[:3], WARM_WHITE[:3], strict=True)
        )
        assert relative_luminance(glow) < GLOW_LUMINANCE + 0.01


@pytest.mark.parametrize(
    ("colour", "light"),
    [
        ((255, 255, 255, 255), True),  # white print
        ((0xF1, 0xE2, 0xB0, 255), True),  # cream print
        ((0xF5, 0xF1, 0xE1, 255), True),
        ((0xD9, 0xA5, 0x20, 255), False),  # a gold ball keeps its colour
        ((0xC8, 0x10, 0x2E, 255), False),  # red
        ((0x13, 0x85, 0x43, 255), False),  # green
        ((0x14, 0x14, 0x14, 255), False),  # black print is already dark
        ((255, 255, 255, 0), False),  # not painted
        (None, False),
    ],
)
def test_light_print_is_white_and_cream_not_coloured_symbols(colour, light):
    assert is_light_print(colour, DEFAULT_LIT_FILL) is light


@pytest.mark.parametrize(("w", "h"), list(itertools.product([20, 60, 180, 400], [20, 90, 250])))
def test_border_sizes_scale_with_the_area(w, h):
    border, lamp, ring = lit_sizes(rect_path(0, 0, w, h))
    assert border == pytest.approx(min(20.0, max(4.0, 0.08 * min(w, h))))
    assert lamp + ring == pytest.approx(border) and lamp > ring > 0


@pytest.mark.parametrize(
    "path", [rect_path(0, 0, 300, 180), rect_path(10, 10, 260, 160, 20), ellipse_path(100, 100, 80, 50)]
)
def test_lamps_go_evenly_round_the_whole_outline(path):
    _border, lamp, _ = lit_sizes(path)
    lamps = lamp_path(path, lamp)
    outline = path.polygons(0.05)[0]
    perimeter = sum(math.dist(a, b) for a, b in zip(outline, outline[1:] + outline[:1], strict=False))
    assert len(lamps.subpaths) == round(perimeter / (2 * lamp))
    assert all(sub.closed for sub in lamps.subpaths)
    # every block straddles the outline: lamp deep either side of it
    x0, y0, x1, y1 = path.bounds()
    lx0, ly0, lx1, ly1 = lamps.bounds()
    assert lx0 == pytest.approx(x0 - lamp, abs=0.05 * lamp) and ly1 == pytest.approx(y1 + lamp, abs=0.05 * lamp)


LAYOUT = """
format = "kiosk-layout/1"
game = "roulette"
size_mm = [400, 200]
background = "#0b5d36"

[[item]]
kind = "rect"
area = "red"
x = 10
y = 10
w = 180
h = 120
fill = "#c8102e"
stroke = "#f5f1e1"

[[item]]
kind = "text"
x = 100
y = 40
text = "RED"
cap_mm = 20
fill = "#ffffff"

[[item]]
kind = "polygon"
points = [[30, 100], [50, 100], [40, 80]]
fill = "#ffffff"
stroke = "#f1e2b0"

[[item]]
kind = "ellipse"
cx = 150
cy = 100
rx = 20
ry = 20
fill = "#d9a520"
stroke = "#ffffff"

[[item]]
kind = "text"
x = 150
y = 100
text = "7"
cap_mm = 12
valign = "middle"
fill = "#ffffff"

[[item]]
kind = "text"
x = 300
y = 60
text = "OFF THE AREA"
cap_mm = 10
fill = "#ffffff"

[[item]]
kind = "ellipse"
area = "pocket"
cx = 300
cy = 150
rx = 40
ry = 30
fill = "#00000040"
lit_fill = "#60a0ff"
"""


def _scene(lit):
    return build_scene(parse_layout(LAYOUT, "lighting.toml"), game_name="g", casino_name="c", lit=lit)


def _runs(scene):
    return {i.text: i.fill for i in scene.items if isinstance(i, TextRun)}


def _symbols(scene):
    return [i for i in scene.items if isinstance(i, Shape) and i.area is None]


def test_print_on_the_glow_is_inked_dark_and_nothing_else_is():
    unlit, lit = _scene(set()), _scene({"red"})
    assert _runs(unlit) == {
        "RED": (255, 255, 255, 255),
        "7": (255, 255, 255, 255),
        "OFF THE AREA": (255, 255, 255, 255),
    }
    # "RED" is on the glow; "7" is on the gold ball inside the area; the last text is off it
    assert _runs(lit) == {"RED": LIT_INK, "7": (255, 255, 255, 255), "OFF THE AREA": (255, 255, 255, 255)}
    (_star, ball), (star_lit, ball_lit) = _symbols(unlit), _symbols(lit)
    assert (star_lit.fill, star_lit.stroke) == (LIT_INK, LIT_INK)  # white and cream print
    assert (ball_lit.fill, ball_lit.stroke) == (ball.fill, LIT_INK)  # gold kept, white ring inked


def test_area_without_opaque_fill_and_its_lit_fill():
    scene = _scene({"pocket"})
    overlay = next(i for i in scene.items if isinstance(i, Clipped))
    glow = overlay.items[0].fill
    assert relative_luminance(glow) >= GLOW_LUMINANCE - 1e-3
    assert glow[2] > glow[0]  # the blue of lit_fill "#60a0ff", brightened
    assert _runs(scene)["RED"] == (255, 255, 255, 255)  # the other area is not lit
