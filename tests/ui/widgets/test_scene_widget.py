"""The scene widget repaints only what changed, and the picture is the same as a full repaint.

Every tri-chro drawing lights its winning areas (001 s463(3)(b)); the widget goes from one
drawing to the next through a partial repaint.  After each step its picture must equal, pixel
for pixel, a widget that painted the same scene from scratch, and the repaint must not have
been a full one.  The drawings are played twice, so the second time the boxes come from the
widget's tiles (what they showed before) rather than from painting: those pictures too must be
the full repaint's.  The jackpot meter the same, its wheels counting up and turning.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from PySide6.QtGui import QImage

from kiosk.floor import load_floor
from kiosk.rules.trichro import winning_wagers
from kiosk.scene.build import build_scene
from kiosk.scene.layout_file import load_layout
from kiosk.scene.primitives import Scene
from kiosk.scene.text import text_runs
from kiosk.ui.widgets.scene_widget import Overlay, Placement, SceneWidget
from kiosk.views.base import Area, CasinoSettings
from kiosk.views.meter_count import MeterCount
from kiosk.views.screens import jackpot
from tests.fixtures.paths import ROOT

BALLS = ["red", "red*", "green", "green*", "gold", "gold*"]
AREA = Area(527.0, 296.0)
DRAWS = list(itertools.combinations_with_replacement(BALLS, 2))


def _array(image: QImage) -> np.ndarray:
    img = image.convertToFormat(QImage.Format.Format_RGB888)
    raw = np.frombuffer(img.constBits(), np.uint8).reshape(img.height(), img.bytesPerLine())
    return raw[:, : img.width() * 3].reshape(img.height(), img.width(), 3).copy()


def _grab(widget: SceneWidget) -> np.ndarray:
    return _array(widget.grab().toImage())


def _scene(layout, balls: int, draw) -> Scene:
    lit = frozenset(winning_wagers(balls, list(draw))) if draw else frozenset()
    return build_scene(layout, game_name="Tri-Chro", casino_name="Coral Coast", logo=None, lit=lit)


@pytest.mark.parametrize("game, balls", [("tri_chro_54", 54), ("tri_chro_63", 63)])
def test_every_drawing_partial_repaint_equals_full(qtbot, game, balls):
    layout = load_layout(ROOT / "layouts" / f"{game}.toml")
    live = SceneWidget()
    fresh = SceneWidget()
    for w in (live, fresh):
        qtbot.addWidget(w)
        w.resize(960, 540)
    live.set_scene(_scene(layout, balls, None))
    live.show()
    sequence = DRAWS + [None] + DRAWS[::-1][:5] + DRAWS  # the second time through: from the tiles
    _assert_each_like_a_full_repaint(live, fresh, [(draw, _scene(layout, balls, draw)) for draw in sequence])
    assert live.partial_repaints == len(sequence)
    assert live.static_repaints >= 1
    assert live.tiles_reused > len(DRAWS)  # lit again, unlit again: shown from tiles


def test_the_meter_counting_and_turning_repaints_like_a_full_repaint(qtbot):
    settings = CasinoSettings.from_floor(load_floor(ROOT / "assets" / "demo_floor.toml"))
    start = 4_821_390  # $48,213.90: the count carries through the dollars
    content = jackpot.JackpotContent("CSP-PROG", "Coral Coast Progressive", start, None, None, False, None, AREA)
    frames, meter, amount, t = [], MeterCount.at(start), start, 0.0
    for _ in range(6):  # contributions of a few cents, each counted up at 25 frames a second
        amount += 37
        meter.retarget(amount, t)
        while meter.counting(t):
            scene = jackpot.meter_scene(content, meter.shown_at(t), settings, roll=meter.roll_at(t))
            frames.append((f"{meter.shown_at(t)} at {t:.2f} s", scene))
            t += 0.04
    steps = [(str(cents), jackpot.meter_scene(content, cents, settings)) for cents in range(start, start + 400, 37)]
    live, fresh = SceneWidget(), SceneWidget()
    for w in (live, fresh):
        qtbot.addWidget(w)
        w.resize(960, 540)
    live.set_scene(jackpot.meter_scene(content, start, settings))
    live.show()
    sequence = frames + steps + steps  # the second count from the tiles
    _assert_each_like_a_full_repaint(live, fresh, sequence)
    assert live.tiles_reused >= len(steps)


def _assert_each_like_a_full_repaint(live: SceneWidget, fresh: SceneWidget, sequence) -> None:
    for name, scene in sequence:
        full_before = live.full_repaints
        live.set_scene(scene)
        assert live.full_repaints == full_before, f"{name}: a full repaint"
        fresh.set_scene(scene)
        fresh._invalidate()
        a, b = _grab(live), _grab(fresh)
        assert a.shape == b.shape
        assert np.array_equal(a, b), f"{name}: {(a != b).any(axis=2).sum()} pixels differ from a full repaint"


def test_same_scene_again_repaints_nothing(qtbot):
    layout = load_layout(ROOT / "layouts" / "tri_chro_54.toml")
    w = SceneWidget()
    qtbot.addWidget(w)
    w.resize(640, 360)
    w.set_scene(_scene(layout, 54, ("red", "gold")))
    counts = (w.full_repaints, w.partial_repaints)
    w.set_scene(_scene(layout, 54, ("red", "gold")))  # recomposed: new objects, same picture
    assert (w.full_repaints, w.partial_repaints) == counts


def test_true_size_places_the_scene_at_the_screen_scale(qtbot):
    page = Scene(100.0, 50.0, (), background=(255, 255, 255, 255))
    w = SceneWidget(placement=Placement("true_size", px_per_mm=4.0))
    qtbot.addWidget(w)
    w.resize(800, 400)
    w.set_scene(page)
    img = _grab(w)
    white = np.argwhere(img.min(axis=2) > 250)
    (y0, x0), (y1, x1) = white.min(axis=0), white.max(axis=0)
    assert (x1 - x0 + 1, y1 - y0 + 1) == (400, 200)  # 100 x 50 mm at 4 px/mm, centred
    assert w.shown_scale() == pytest.approx(1.0)
    w.resize(200, 100)  # smaller than the page: shrunk to fit, and the widget says so
    assert w.shown_scale() == pytest.approx(0.5)


def test_overlay_and_night_dimming_leave_the_picture_underneath(qtbot):
    page = Scene(160.0, 90.0, (), background=(200, 200, 200, 255))
    w = SceneWidget()
    qtbot.addWidget(w)
    w.resize(640, 360)
    w.set_scene(page)
    base = _grab(w)
    band = Scene(
        160.0, 12.0, tuple(text_runs("OFFLINE", x=80, y=6, cap_mm=8, valign="middle")), background=(60, 60, 60, 255)
    )
    w.set_overlay("status", Overlay(band, "bottom"))
    marked = _grab(w)
    assert (marked[-40:] != base[-40:]).any() and np.array_equal(marked[:300], base[:300])
    w.set_overlay("status", None)
    assert np.array_equal(_grab(w), base)
    w.set_brightness(50)
    dim = _grab(w)
    assert abs(int(dim[10, 10, 0]) - 100) <= 2  # 200 grey at half brightness
    w.set_brightness(100)
    assert np.array_equal(_grab(w), base)
    with pytest.raises(ValueError):
        w.set_brightness(0)
