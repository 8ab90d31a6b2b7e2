"""The sign typesetter remembers what it measures (widths at unit size, line breaks, glyph runs)
and draws the scale search's best trial without measuring it again: for every sign of the demo
floor, on paper and on screens, the sign it lays out with everything remembered from the other
signs is the one a straightforward search lays out, with nothing remembered between two trials
(the same design, scale, lines, runs and places; the same refusal when the page is too small)."""

from __future__ import annotations

import pytest

from kiosk.views.signs import SignTooSmall, compose_sign, sign_contents, table_signs, typeset
from kiosk.views.signs.content import SignContent

from .test_scenes import _ctx

PAGES = [(297.0, 420.0, 3.0, False), (210.0, 297.0, 3.0, False), (160.0, 90.0, 0.0, True), (500.0, 280.0, 0.0, True)]
"""A3 and A4 paper with bleed (A4 refuses some demo signs), a 10-inch and a 4K screen's areas."""


def _contents(demo_states, demo_floor) -> list[SignContent]:
    tables, _ = demo_states
    return [
        content
        for table_id, table in sorted(tables.items())
        for kind, _cap in table_signs(table)
        for content in sign_contents(kind, _ctx(demo_states, demo_floor, table_id))
    ]


def _laid_out(content: SignContent, page: tuple[float, float, float, bool]) -> str:
    """The scene in full (its repr: a path compares by identity), or the refusal."""
    w, h, bleed, screen = page
    try:
        return repr(compose_sign(content, w, h, bleed_mm=bleed, screen=screen))
    except SignTooSmall as exc:
        return f"refused: {exc.message}"


def test_every_demo_sign_is_laid_out_as_a_search_that_remembers_nothing(demo_states, demo_floor, monkeypatch):
    contents = _contents(demo_states, demo_floor)
    assert len(contents) >= 30
    # remembered: every sign laid out once before, the others' measures kept
    typeset.clear_caches()
    for page in PAGES:
        for content in reversed(contents):
            _laid_out(content, page)
    remembered = {(i, page): _laid_out(c, page) for page in PAGES for i, c in enumerate(contents)}

    # straightforward: every trial of the search measured from the fonts, nothing kept between two
    measured = typeset._measured

    def from_scratch(*args):
        typeset.clear_caches()
        return measured(*args)

    monkeypatch.setattr(typeset, "_measured", from_scratch)
    refused = 0
    for (i, page), laid_out in remembered.items():
        typeset.clear_caches()
        assert _laid_out(contents[i], page) == laid_out, (contents[i].table_id, contents[i].kind, page)
        refused += laid_out.startswith("refused: ")
    assert 0 < refused < len(remembered)  # some pages too small, and most not


@pytest.mark.parametrize("bold", [False, True])
def test_a_text_s_remembered_width_is_its_advances(bold):
    face = typeset.font_face("sans", "bold" if bold else "regular")
    at_1 = typeset.em_size_mm(face, cap_mm=1.0)
    typeset.clear_caches()
    for text in ("Minimum bet $25", "Ắ ẳ 最低 €", "Minimum bet $25"):
        assert typeset._width_at_1(text, bold) == pytest.approx(typeset.text_width_mm(text, face, at_1), rel=1e-12)
