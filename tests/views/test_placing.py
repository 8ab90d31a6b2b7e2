"""Placing a layout's primitives on the screen (:func:`kiosk.views.placing.placed`): a primitive
placed again (a display recomposing after a drawing, issue 20) is the one placed before, and
that is the primitive placed afresh."""

from __future__ import annotations

from pathlib import Path

from kiosk.scene.build import build_scene
from kiosk.scene.layout_file import load_layout
from kiosk.views.placing import Box, placed

LAYOUTS = Path(__file__).resolve().parents[2] / "layouts"


def _scene(lit=frozenset()):
    layout = load_layout(LAYOUTS / "tri_chro_54.toml")
    return build_scene(layout, game_name="Tri-Chro 54", casino_name="Coral Coast Casino", lit=lit)


def _same(items, others) -> bool:
    """Primitives compare by identity: these have every field equal (their reprs are exact)."""
    return [repr(i) for i in items] == [repr(o) for o in others]


def test_placed_again_is_what_was_placed_and_what_placing_afresh_gives():
    scene = _scene()
    box = Box(10.0, 20.0, 500.0, 250.0)
    first, where = placed(scene, box)
    again, where_again = placed(scene, box)
    assert where_again == where and _same(again, first)
    assert all(a is b for a, b in zip(again[1:], first[1:], strict=True))  # remembered, not placed again
    assert _same(first[1:], [where.item(item) for item in scene.items])  # as placed afresh
    lit = _scene(lit=frozenset({"any_red", "red_star_pair"}))
    shown, _ = placed(lit, box)
    assert _same(shown[1:], [where.item(item) for item in lit.items])
    assert not _same(shown, first)


def test_another_box_places_the_same_primitives_anew():
    scene = _scene()
    small, at_small = placed(scene, Box(0.0, 0.0, 300.0, 150.0))
    large, at_large = placed(scene, Box(0.0, 0.0, 900.0, 450.0))
    assert at_small != at_large and not _same(small, large)
    assert _same(large[1:], [at_large.item(item) for item in scene.items])
    assert _same(small[1:], [at_small.item(item) for item in scene.items])
