"""Every shipped layout prints a configured name of up to 60 characters ({casino_name},
{game_name}) fitted to the room it has: inside the drawing, clear of every area and every other
text, never under 12 mm capitals (above the 10 mm cloth minimum of test_shipped_layouts).
"""

from __future__ import annotations

import pytest

from kiosk.scene.build import build_scene
from kiosk.scene.layout_file import KINDS, load_layout
from kiosk.scene.primitives import TextRun
from tests.scene import test_shipped_layouts as shipped


def test_the_loader_reads_the_fitting_keys():
    assert {"max_width_mm", "min_cap_mm"} <= set(KINDS["text"][1])


NAMES = {
    24: ("Treasury Casino Brisbane", "Tri-Chro"),
    40: ("The Grand Pacific Reef Casino and Resort", "Coral Coast Grand Pacific Special Edition"),
    60: (
        "The Grand Pacific Reef Casino and Resort Hotel, Gold Coast QLD",
        "Coral Coast Grand Pacific Special Edition with Bonus Jackpot",
    ),
}
GAMES = sorted(p.stem for p in shipped.LAYOUTS.glob("*.toml"))
NAME_FLOOR_MM = 12.0


@pytest.mark.parametrize("game", GAMES)
def test_every_name_item_is_fitted(game):
    layout = load_layout(shipped.LAYOUTS / f"{game}.toml")
    names = [i for i in layout.items if i.kind == "text" and i.get("text") in ("{casino_name}", "{game_name}")]
    assert names, f"{game}: no name item"
    for item in names:
        assert item.get("max_width_mm") and item.get("min_cap_mm") == NAME_FLOOR_MM, f"{game} item[{item.index}]"


@pytest.mark.parametrize("length", sorted(NAMES))
@pytest.mark.parametrize("game", GAMES)
def test_long_names_fit_without_crossing_anything(game, length, monkeypatch):
    casino, game_name = NAMES[length]
    layout = load_layout(shipped.LAYOUTS / f"{game}.toml")
    scene = build_scene(layout, game_name=game_name, casino_name=casino)
    # the shipped-layout geometry checks, run on this scene
    monkeypatch.setattr(shipped, "scene", lambda g, casino_name=None: scene)
    shipped.test_every_text_inside_the_drawing(game)
    shipped.test_text_outside_areas_does_not_cross_them(game)
    shipped.test_texts_do_not_overlap(game)
    anchors = {(i.get("x"), i.get("y")) for i in layout.items if i.get("max_width_mm")}
    name_runs = [i for i in scene.items if isinstance(i, TextRun) and i.origin in anchors]
    assert name_runs
    for run in name_runs:
        assert run.face.cap_height_em * run.size_mm >= NAME_FLOOR_MM - 1e-9, run.text
