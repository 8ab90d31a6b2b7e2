"""The roulette results board draws the floor's wheel (003 s131(2B), (2C)): the results in the
wheel's colours (not guessed from the cloth), the wheel's compartments in their order and
colours, the latest number between its neighbours on the wheel, and the arrangement's approval
in small print; every text at least the sign floor and on the screen, at every screen size."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kiosk.rules.roulette import Wheel
from kiosk.scene.primitives import Shape, TextRun
from kiosk.views.base import Area, CasinoSettings
from kiosk.views.screens import layout
from tests.fixtures.scenes import short_added_texts, texts

NOW = datetime(2026, 11, 30, 9, tzinfo=UTC)
AREAS = [Area(527, 296), Area(217, 136), Area(286, 179), Area(1209, 680)]
ORDER = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9,
         22, 18, 29, 7, 28, 12, 35, 3, 26]  # fmt: skip
RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]


@pytest.fixture
def settings(demo_floor) -> CasinoSettings:
    return CasinoSettings.from_floor(demo_floor)


def _table(demo_states, results, **wheel):
    tables, _ = demo_states
    table = tables["RO-01"]
    return {
        **table,
        "settings": {**table["settings"], **wheel},
        "game_state": {
            **table["game_state"],
            "results": results,
            "winning": [f"number_{results[0]}"] if results else [],
        },
    }


def _board(scene) -> list[str]:
    """The texts of the results board (after the cloth's)."""
    shown = texts(scene)
    return shown[shown.index("LAST RESULTS") :]


def _on_screen(scene) -> list[str]:
    out = []
    for item in scene.items:
        if isinstance(item, TextRun):
            top, bottom = item.y - item.size_mm * 0.8, item.y + item.size_mm * 0.25
            if (
                item.x < -0.1
                or item.x + item.width_mm > scene.width_mm + 0.1
                or top < -0.1
                or bottom > scene.height_mm + 0.1
            ):
                out.append(item.text)
    return out


def test_the_demo_floor_configures_its_wheel_and_the_board_draws_it(demo_states, settings):
    tables, _ = demo_states
    wheel = layout.compose(tables["RO-01"], None, settings, NOW).content.wheel
    assert wheel == Wheel(tuple(ORDER), frozenset(RED), "CE approval RW-2026-003")
    view = layout.compose(_table(demo_states, [17, 0, 32]), None, settings, NOW, area=Area(527, 296))
    shown = texts(view.scene)
    assert "Wheel arrangement: CE approval\nRW-2026-003 (003 s131(2B))" in shown or any(
        "RW-2026-003" in t and "003 s131(2B)" in t for t in shown
    )
    # the ring: 37 compartments in the wheel's colours, zero green at the top
    fills = [
        item.fill for item in view.scene.items if isinstance(item, Shape) and item.fill in layout.WHEEL_FILLS.values()
    ]
    assert fills.count(layout.WHEEL_FILLS["green"]) >= 2  # zero's compartment and, here, zero in the list
    assert fills.count(layout.WHEEL_FILLS["red"]) >= 18 and fills.count(layout.WHEEL_FILLS["black"]) >= 18


def test_the_results_take_the_wheels_colours_not_the_cloths(demo_states, settings):
    """A wheel whose 1 is black and 2 red, on the shipped cloth (1 red, 2 black): the board says the wheel's."""
    swapped = [n for n in RED if n != 1] + [2]
    table = _table(demo_states, [1, 2], wheel=ORDER, red=swapped, wheel_approval="diagram 5")
    view = layout.compose(table, None, settings, NOW, area=Area(527, 296))
    shown = _board(view.scene)
    assert shown.index("BLACK") < shown.index("RED")  # 1 black (the latest), then 2 red
    assert any("diagram 5 (003 s131(2C))" in t for t in texts(view.scene))
    # without a wheel the cloth's colours, as before
    plain = _table(demo_states, [1, 2], wheel=None, red=None, wheel_approval=None)
    view = layout.compose(plain, None, settings, NOW, area=Area(527, 296))
    shown = _board(view.scene)
    assert view.content.wheel is None and shown.index("RED") < shown.index("BLACK")
    assert not any("Wheel" in t for t in texts(view.scene))


def test_the_latest_number_sits_between_its_neighbours_on_the_wheel(demo_states, settings):
    view = layout.compose(_table(demo_states, [0, 5]), None, settings, NOW, area=Area(527, 296))
    shown = _board(view.scene)
    at = shown.index("GREEN")
    assert shown[at + 1 : at + 6] == ["3", "26", "0", "32", "15"]  # 2 each side, in the wheel's order


@pytest.mark.parametrize("area", AREAS, ids=lambda a: f"{a.width_mm:g}x{a.height_mm:g}")
@pytest.mark.parametrize("results", [[], [26], [17, 0, 32, 5, 26, 3, 35, 12]], ids=["none", "one", "eight"])
def test_every_text_is_legible_and_on_the_screen(demo_states, settings, area, results):
    table = _table(demo_states, results)
    view = layout.compose(table, None, settings, NOW, area=area)
    assert short_added_texts(view.scene, table, settings) == []
    assert _on_screen(view.scene) == []
    if results:
        assert str(results[0]) in texts(view.scene)
