"""A poker table's promotion or event logo, from the seed's words (002 r2.2): the layout "may or
may not carry the name and/or logo of the casino or the logo of the poker promotion or event
being played".  The floor names it (``[table.poker] event_logo``), checked as the casino's logo
is; the cloth draws it in its event medallion, on screen and on paper alike (one scene)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from kiosk.floor import FloorError, parse_floor
from kiosk.floor.models import settings_section
from kiosk.scene.layout_file import load_layout
from kiosk.scene.primitives import Image, Shape
from kiosk.scene.resources import default_layout_path
from kiosk.state.floorsync import floor_config
from kiosk.views.base import CasinoSettings
from kiosk.views.cloth import cloth_scene
from kiosk.views.signs.source import states_from_floor
from tests.fixtures.floors import TABLES, floor_text
from tests.fixtures.paths import ROOT
from tests.fixtures.raster import compare, pdf_array, qt_array

EVENT_SVG = ROOT / "assets" / "logo" / "poker_classic.svg"
PNG = b"\x89PNG\r\n\x1a\n"


def _floor(event_logo: str | None, base: Path | str = "."):
    table = TABLES["poker"]
    if event_logo is not None:
        table = table.replace("[table.poker]\n", f'[table.poker]\nevent_logo = "{event_logo}"\n')
    return parse_floor(floor_text(table), name="floor.toml", base=base)


def _problems(event_logo: str, base: Path) -> list[str]:
    with pytest.raises(FloorError) as info:
        _floor(event_logo, base)
    return info.value.problems


def test_the_event_logo_is_a_file_as_the_casinos_logo_is(tmp_path):
    (tmp_path / "event.svg").write_text(EVENT_SVG.read_text(encoding="utf-8"), encoding="utf-8")
    floor = _floor("event.svg", tmp_path)
    assert floor.tables["T-poker"].poker_settings.event_logo == tmp_path / "event.svg"
    assert _floor("bundled:poker_classic.svg").tables["T-poker"].poker_settings.event_logo == EVENT_SVG
    assert _floor(None).tables["T-poker"].poker_settings.event_logo is None  # "may or may not"


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("event.gif", b"GIF89a", "must be a .png or .svg file"),
        ("missing.png", None, "file not found"),
        ("event.png", b"not a png", "not a PNG image"),
        ("event.svg", b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>POKER</text></svg>', "text"),
        ("../outside.png", PNG, "outside the floor file's folder"),
    ],
    ids=["gif", "missing", "not_png", "svg_text", "outside"],
)
def test_a_logo_that_cannot_be_drawn_or_is_elsewhere_is_refused_in_one_line(tmp_path, name, content, words):
    folder = tmp_path / "floor"
    folder.mkdir()
    if content is not None:
        (folder / name).write_bytes(content)
    [problem] = _problems(name, folder)
    assert problem.startswith("floor.toml: table T-poker: poker.event_logo:") and words in problem, problem
    # the casino's logo is checked by the same function
    text = floor_text(TABLES["blackjack"]).replace('name = "Test Casino"', f'name = "Test Casino"\nlogo = "{name}"')
    with pytest.raises(FloorError) as info:
        parse_floor(text, name="floor.toml", base=folder)
    assert words in info.value.problems[0]


def test_only_a_poker_table_has_one():
    text = floor_text(TABLES["blackjack"] + '[table.poker]\nevent_logo = "bundled:poker_classic.svg"\n')
    with pytest.raises(FloorError, match=r"use \[table.blackjack\]"):
        parse_floor(text, name="floor.toml")
    assert settings_section("poker") == "poker"


def test_it_is_a_file_of_this_machine_not_stored_state():
    """Like the logo and the layouts: a change of file is no change of the database."""
    with_logo, without = _floor("bundled:poker_classic.svg"), _floor(None)
    assert floor_config(with_logo) == floor_config(without)
    assert "event_logo" not in floor_config(with_logo)["tables"]["T-poker"]["settings"]


def _medallion(scene) -> tuple[float, float, float, float]:
    item = load_layout(default_layout_path("poker")).item_for_area("event_logo").values
    return item["cx"] - item["rx"], item["cy"] - item["ry"], item["cx"] + item["rx"], item["cy"] + item["ry"]


def _inside(bounds, box) -> bool:
    x0, y0, x1, y1 = bounds
    return box[0] <= x0 and x1 <= box[2] and box[1] <= y0 and y1 <= box[3]


def test_the_cloth_draws_it_in_the_event_medallion_and_nothing_without(demo_floor):
    settings = CasinoSettings.from_floor(demo_floor)
    tables, _ = states_from_floor(demo_floor)
    assert settings.event_logo_of("PK-01") == EVENT_SVG and settings.event_logo_of("PK-02") is None
    with_logo, without = cloth_scene(tables["PK-01"], settings), cloth_scene(tables["PK-02"], settings)
    box = _medallion(with_logo)
    added = [i for i in with_logo.items[len(without.items) :] if isinstance(i, (Shape, Image))]
    assert len(with_logo.items) > len(without.items) and added
    assert all(_inside(i.path.bounds(), box) for i in added if isinstance(i, Shape))


def test_screen_and_paper_draw_the_same_logo(demo_floor, tmp_path):
    """One scene for both painters: the medallion of the printed cloth holds the same logo."""
    settings = CasinoSettings.from_floor(demo_floor)
    tables, _ = states_from_floor(demo_floor)
    scene = cloth_scene(tables["PK-01"], settings)
    k = 0.5  # px per mm: the 2700 mm cloth is 1350 px wide
    screen, paper = qt_array(scene, k), pdf_array(scene, k, tmp_path)
    x0, y0, x1, y1 = (round(v * k) for v in _medallion(scene))
    part = (slice(y0, y1), slice(x0, x1))
    metrics = compare(screen[part], paper[part])
    assert metrics["mean"] < 6, metrics
    empty = qt_array(cloth_scene(tables["PK-02"], settings), k)[part]
    assert np.abs(screen[part] - empty).max(axis=2).mean() > 10  # the logo is really there
