"""Letter heights of a scene checked against the 8 mm rule (docs/readings.md P-1, 001 s459(2))."""

from __future__ import annotations

import pytest

from kiosk.scene.legibility import letter_height_mm, short_text
from kiosk.scene.lighting import lit_overlay
from kiosk.scene.primitives import Clipped, Scene, rect_path
from kiosk.scene.text import text_runs


def _scene(*runs) -> Scene:
    return Scene(width_mm=300, height_mm=100, items=tuple(r for group in runs for r in group))


def test_lowercase_counts_by_its_x_height_and_capitals_by_cap_height():
    (caps,) = text_runs("MAXIMUM $1,200", x=0, y=50, cap_mm=8)
    (mixed,) = text_runs("Maximum $1,200", x=0, y=50, cap_mm=8)
    (sized_by_x,) = text_runs("Maximum $1,200", x=0, y=50, x_mm=8)
    (dashes,) = text_runs("— · —", x=0, y=50, cap_mm=8)
    assert letter_height_mm(caps) == pytest.approx(8)
    assert letter_height_mm(mixed) < 8  # its lowercase is only x-height tall
    assert letter_height_mm(sized_by_x) == pytest.approx(8)
    assert letter_height_mm(dashes) is None


def test_short_text_names_the_rule_and_the_text():
    scene = _scene(
        text_runs("MINIMUM $5", x=0, y=20, cap_mm=8),
        text_runs("Maximum $1,200", x=0, y=50, cap_mm=8),
        text_runs("odds 65 to 1", x=0, y=80, x_mm=8.0),
    )
    problems = short_text(scene, rule="001 s459(2)")
    assert [p.key for p in problems] == ["Maximum $1,200"]
    assert problems[0].rule == "001 s459(2)" and "001 s459(2)" in problems[0].message
    assert "at least 8 mm" in problems[0].message


def test_scale_is_how_big_it_is_shown():
    scene = _scene(text_runs("MINIMUM $5", x=0, y=20, cap_mm=20))
    assert short_text(scene, rule="003 s23(2)", scale=0.5) == []
    assert len(short_text(scene, rule="003 s23(2)", scale=0.39)) == 1


def test_text_inside_a_clipped_group_counts():
    (run,) = text_runs("MIN $5", x=0, y=20, cap_mm=5)
    overlay = lit_overlay(rect_path(0, 0, 10, 10))
    scene = Scene(width_mm=100, height_mm=50, items=(Clipped(overlay.clip, (run,)),))
    assert len(short_text(scene, rule="003 s259(2)")) == 1


def _every_glyph_measured_at_once(path):
    """Every glyph's ink box from its outline, by glyph name, as the faces measured them up front."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.ttLib import TTFont

    font = TTFont(str(path))
    glyph_set, order = font.getGlyphSet(), font.getGlyphOrder()
    boxes = {}
    for name in order:
        pen = BoundsPen(glyph_set)
        glyph_set[name].draw(pen)
        boxes[name] = pen.bounds
    cmap = dict(font.getBestCmap())
    font.close()
    return order, boxes, cmap


@pytest.mark.parametrize("family,weight", [("sans", "regular"), ("sans", "bold"), ("cjk", "regular")])
def test_glyph_ink_measured_on_demand_is_every_glyph_measured_up_front(family, weight):
    """Glyphs are measured one at a time when first asked for (a display's cold start): the same
    boxes as measuring every glyph of the face at once, and so the same ink rows and CJK heights."""
    from kiosk.scene.fonts import GlyphInk, counts_as_glyph, font_face

    face = font_face(family, weight)
    order, boxes, cmap = _every_glyph_measured_at_once(face.path)
    on_demand = GlyphInk(face.path)
    for gid in reversed(range(len(order))):  # out of order: each glyph alone
        assert on_demand.box(gid) == boxes[order[gid]], order[gid]
    assert on_demand.box(len(order)) is None
    for code, name in cmap.items():
        box = boxes[name]
        expected = None
        if face.measures_ink and box is not None:
            height, width = int(round(box[3] - box[1])), int(round(box[2] - box[0]))
            expected = height / face.units_per_em if counts_as_glyph(chr(code), height, width) else None
        assert face.ink_em(chr(code)) == expected, name
