"""Text in more than one script (docs/readings.md A-75): Chinese falls back to the bundled CJK
face one character at a time, and is sized by the ink of the glyphs shown, not an x-height.

* A line mixing English and Chinese is set as one run per face, at one em size, with the
  widths each face gives (so centring and fitting see the real width).
* Every CJK glyph a text shows, measured from its outline, has at least the ink asked for
  (hypothesis over the characters the catalogues use), and the sign floor holds whichever
  script is the shorter.
* A single horizontal stroke (一) and punctuation are not read by their height.
"""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.rules.lettering import MIN_TEXT_MM
from kiosk.scene.cjk_subset import catalogue_characters
from kiosk.scene.fonts import counts_as_glyph, font_face
from kiosk.scene.legibility import letter_height_mm
from kiosk.scene.text import ink_em_size_mm, text_runs, text_width_mm
from kiosk.views.base import sign_text

SANS = font_face("sans", "regular")
CJK = font_face("cjk", "regular")
HAN = sorted(ch for ch in catalogue_characters() if not SANS.has_char(ch) and CJK.ink_em(ch) is not None)


def test_a_mixed_line_is_one_run_per_face_at_one_size():
    runs = text_runs("Minimum 最低投注 $5", x=0, y=0, cap_mm=10, anchor="left")
    assert [(r.text, r.face.family) for r in runs] == [("Minimum ", "sans"), ("最低投注", "cjk"), (" $5", "sans")]
    assert len({r.size_mm for r in runs}) == 1
    for left, right in zip(runs, runs[1:], strict=False):
        assert abs(left.x + left.width_mm - right.x) < 1e-9
    width = text_width_mm("Minimum 最低投注 $5", SANS, runs[0].size_mm)
    assert abs(sum(r.width_mm for r in runs) - width) < 1e-9
    assert all(g != 0 for r in runs for g in r.glyphs)  # no .notdef box


def test_the_cjk_face_measures_each_glyph():
    assert CJK.ink_em("一") is None  # one flat stroke
    assert CJK.ink_em("。") is None and CJK.ink_em("，") is None  # punctuation
    assert 0.6 < CJK.ink_em("低") < 1.0 and 0.6 < CJK.ink_em("限") < 1.0
    assert counts_as_glyph("口", 100, 90) and not counts_as_glyph("一", 10, 90)
    assert CJK.shortest_glyph_em("最低") == min(CJK.ink_em("最"), CJK.ink_em("低"))


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(HAN), min_size=1, max_size=12).map("".join),
    st.sampled_from(["", " $5", " Max", "Table "]),
    st.floats(min_value=MIN_TEXT_MM, max_value=40),
)
def test_every_cjk_glyph_shown_has_the_ink_asked_for(han, latin, mm):
    text = han + latin if latin.startswith(" ") else latin + han
    runs = sign_text(text, x=0, y=0, mm=mm)
    for run in runs:
        height = letter_height_mm(run)
        assert height is None or height >= mm - 1e-6, (run.text, height)
        if run.face is CJK:
            for ch in run.text:
                ink = CJK.ink_em(ch)
                assert ink is None or ink * run.size_mm >= mm - 1e-6, (ch, ink * run.size_mm)


def test_the_size_follows_the_shorter_script():
    assert ink_em_size_mm("Table", 8) == 8 / SANS.x_height_em  # lowercase: x-height
    assert ink_em_size_mm("MAX", 8) == 8 / SANS.cap_height_em
    han = "限额本"
    assert ink_em_size_mm(han, 8) == 8 / CJK.shortest_glyph_em(han)
    assert ink_em_size_mm("Max " + han, 8) == max(8 / SANS.x_height_em, 8 / CJK.shortest_glyph_em(han))


def test_the_subset_holds_every_han_character_of_the_catalogues():
    han = {ch for ch in catalogue_characters() if unicodedata.name(ch, "").startswith("CJK UNIFIED")}
    assert han and all(CJK.has_char(ch) for ch in han)
