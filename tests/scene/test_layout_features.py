"""Items drawn only on tables with (``when``) or without (``unless``) a feature.

A Caribbean stud table with jackpot slots and lights (000 s231(1)) must not carry areas marked
'jackpot' (000 s230(3)(c)); the shipped layout shows a slot with its light bezel instead.
"""

from __future__ import annotations

import pytest

from kiosk.floor import load_floor
from kiosk.scene.build import build_scene
from kiosk.scene.layout_file import LayoutError, load_layout
from kiosk.scene.primitives import Shape, TextRun
from tests.fixtures.paths import ROOT

CARIBBEAN = ROOT / "layouts" / "caribbean_stud.toml"


def _scene(features):
    return build_scene(
        load_layout(CARIBBEAN), game_name="Caribbean Stud Poker", casino_name="Test Casino", features=features
    )


def _printed(scene) -> list[str]:
    return [item.text for item in scene.items if isinstance(item, TextRun)]


def _slot_holes(scene) -> list:
    """Filled circles 26 mm across: the holes the jackpot chip drops through."""
    holes = []
    for item in scene.items:
        if isinstance(item, Shape) and item.area is None and item.fill is not None:
            x0, y0, x1, y1 = item.path.bounds()
            if abs((x1 - x0) - 26) < 0.5 and abs((y1 - y0) - 26) < 0.5:
                holes.append(item)
    return holes


def test_a_table_without_slots_has_a_jackpot_area_at_every_place():
    scene = _scene(frozenset())
    assert {f"seat{n}_jackpot" for n in range(1, 8)} <= set(scene.areas)
    assert _printed(scene).count("jackpot") == 7


def test_a_table_with_slots_has_no_area_marked_jackpot():
    with_slots, without = _scene({"jackpot_slots"}), _scene(frozenset())
    assert not [a for a in with_slots.areas if "jackpot" in a]
    assert "jackpot" not in _printed(with_slots)
    # ante and bet stay; the seven slot bezels and holes are drawn instead of the jackpot areas
    assert {f"seat{n}_{w}" for n in range(1, 8) for w in ("ante", "bet")} <= set(with_slots.areas)
    assert len(_slot_holes(with_slots)) == 7 and not _slot_holes(without)


def test_lighting_an_area_the_table_does_not_draw_lights_nothing():
    layout = load_layout(CARIBBEAN)
    scene = build_scene(layout, game_name="x", casino_name="y", lit={"seat1_jackpot"}, features={"jackpot_slots"})
    assert scene.lit == frozenset()


def test_the_demo_floor_chooses_the_features_from_the_table():
    floor = load_floor(ROOT / "assets" / "demo_floor.toml")
    slots = {t.id for t in floor.tables.values() if t.layout_features() == {"jackpot_slots"}}
    assert slots == {
        t.id for t in floor.tables.values() if t.game == "caribbean_stud" and t.caribbean_settings.jackpot.slots
    }
    assert slots and "CSP-04" not in slots


def test_an_unknown_feature_is_refused_naming_the_item(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'format = "kiosk-layout/1"\ngame = "poker"\nsize_mm = [1000, 800]\n\n'
        '[[item]]\nkind = "rect"\nx = 1\ny = 1\nw = 10\nh = 10\nwhen = "free_drinks"\n',
        encoding="utf-8",
    )
    with pytest.raises(LayoutError) as err:
        load_layout(bad)
    assert any("item[1]" in p and "when" in p and "free_drinks" in p for p in err.value.problems)
