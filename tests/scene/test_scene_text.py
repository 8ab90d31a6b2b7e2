"""Text sized from the font's real ink, placed by anchor and alignment (docs/readings.md P-1)."""

from __future__ import annotations

import pytest
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont
from hypothesis import given
from hypothesis import strategies as st

from kiosk.scene.fonts import FAMILIES, WEIGHTS, font_face, font_files
from kiosk.scene.text import em_size_mm, text_runs, text_width_mm

CAPITALS_AND_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
LOWERCASE_WITHOUT_ASCENDERS = "acemnorsuvwxz"  # docs/readings.md P-1


def _ink_heights(face, chars):
    font = TTFont(str(face.path))
    gs = font.getGlyphSet()
    cmap = font.getBestCmap()
    out = {}
    for ch in chars:
        pen = BoundsPen(gs)
        gs[cmap[ord(ch)]].draw(pen)
        out[ch] = pen.bounds[3] - pen.bounds[1]
    return out


@pytest.mark.parametrize("weight", WEIGHTS)
def test_metrics_come_from_the_ink_of_h_and_x(weight):
    face = font_face("sans", weight)
    ink = _ink_heights(face, "Hx")
    assert face.cap_height == ink["H"] and face.x_height == ink["x"]
    # the OS/2 figures of the bundled font include overshoot: sizing from them would be short
    assert face.os2_cap_height is not None and face.os2_cap_height > face.cap_height


@pytest.mark.parametrize("weight", WEIGHTS)
def test_every_letter_and_number_is_at_least_as_tall_as_asked(weight):
    """At 8 mm asked, no capital, digit or x-height lowercase letter has less than 8 mm of ink."""
    face = font_face("sans", weight)
    em_cap = em_size_mm(face, cap_mm=8.0)
    for ch, units in _ink_heights(face, CAPITALS_AND_DIGITS).items():
        assert units / face.units_per_em * em_cap >= 8.0 - 1e-9, ch
    em_x = em_size_mm(face, x_mm=8.0)
    for ch, units in _ink_heights(face, LOWERCASE_WITHOUT_ASCENDERS).items():
        assert units / face.units_per_em * em_x >= 8.0 - 1e-9, ch


def test_bundled_fonts_are_truetype_outlines_with_their_licence():
    for family in FAMILIES:
        for path in font_files(family).values():
            font = TTFont(str(path))
            assert "glyf" in font and "CFF " not in font, f"{path.name}: reportlab needs TrueType outlines"
    licence = path.parent / "OFL.txt"
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence.read_text(encoding="utf-8")


@given(st.floats(0.5, 500))
def test_em_size_gives_the_asked_cap_and_x_height(size):
    face = font_face("sans", "regular")
    assert em_size_mm(face, cap_mm=size) * face.cap_height_em == pytest.approx(size)
    assert em_size_mm(face, x_mm=size) * face.x_height_em == pytest.approx(size)


@pytest.mark.parametrize(
    ("kwargs", "message"), [({}, "exactly one"), ({"cap_mm": 8, "x_mm": 8}, "exactly one"), ({"cap_mm": 0}, "> 0")]
)
def test_em_size_refuses_bad_requests(kwargs, message):
    with pytest.raises(ValueError, match=message):
        em_size_mm(font_face(), **kwargs)


def test_anchors_place_the_line():
    face = font_face()
    width = text_width_mm("MINIMUM $25", face, em_size_mm(face, cap_mm=10))
    for anchor, left in (("left", 100), ("center", 100 - width / 2), ("right", 100 - width)):
        (run,) = text_runs("MINIMUM $25", x=100, y=50, cap_mm=10, anchor=anchor)
        assert run.x == pytest.approx(left) and run.width_mm == pytest.approx(width)
        assert run.offsets_mm[0] == 0 and len(run.offsets_mm) == len(run.glyphs) == 11


@given(st.text(alphabet="AVWay.,$ 0123456789最低投注", max_size=30))
def test_each_glyph_sits_at_the_sum_of_the_advances_before_it(text):
    # a run measures its glyphs once: each offset, and the run's width, is the running sum of
    # the face's advances at the run's em size
    for run in text_runs(text, x=0, y=0, cap_mm=8, anchor="left"):
        ids, advances = run.face.glyphs(run.text)
        scale = run.size_mm / run.face.units_per_em
        assert run.glyphs == ids
        assert run.offsets_mm == tuple(sum(advances[:i]) * scale for i in range(len(advances)))
        assert run.width_mm == sum(advances) * scale


def test_vertical_alignment_uses_the_capitals():
    def first_baseline(valign, text="AB"):
        return text_runs(text, x=0, y=100, cap_mm=10, valign=valign)[0].y

    assert first_baseline("baseline") == 100
    assert first_baseline("top") == pytest.approx(110)
    assert first_baseline("middle") == pytest.approx(105)
    runs = text_runs("A\nB", x=0, y=100, cap_mm=10, valign="bottom")
    assert runs[-1].y == pytest.approx(100)


def test_lines_are_one_plus_line_gap_cap_heights_apart():
    runs = text_runs("RED STAR PAIR\n65 TO 1\nX", x=0, y=0, cap_mm=12, line_gap=0.5)
    assert [r.y for r in runs] == pytest.approx([0, 18, 36])
    runs = text_runs("A\nB", x=0, y=0, cap_mm=10)  # default gap 1.3
    assert runs[1].y - runs[0].y == pytest.approx(23)
    middle = text_runs("A\nB", x=0, y=0, cap_mm=10, valign="middle")
    # the block from the first cap top to the last baseline is centred on y
    assert (middle[0].y - 10 + middle[1].y) / 2 == pytest.approx(0)


def test_bold_is_wider_than_regular_and_unknown_choices_are_refused():
    assert font_face("sans", "bold").width_em("WAGER") > font_face("sans", "regular").width_em("WAGER")
    with pytest.raises(ValueError, match="anchor"):
        text_runs("A", x=0, y=0, cap_mm=8, anchor="middle")
    with pytest.raises(ValueError, match="valign"):
        text_runs("A", x=0, y=0, cap_mm=8, valign="center")
    with pytest.raises(ValueError, match="unknown font"):
        text_runs("A", x=0, y=0, cap_mm=8, family="serif")
    with pytest.raises(ValueError, match="weight"):
        text_runs("A", x=0, y=0, cap_mm=8, weight="black")


def test_characters_missing_from_the_font_still_take_space():
    face = font_face()
    glyphs, advances = face.glyphs("A\U0001f600B")
    assert glyphs[1] == 0 and advances[1] > 0 and not face.has_char("\U0001f600")
