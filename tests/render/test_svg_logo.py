"""The bundled Coral Coast Casino logo (``assets/logo/coral_coast_casino.svg``) draws its waves
with smooth quadratic curves (``t``): it loads as a layout image and as the casino's logo, and
both painters draw the waves exactly as the same curves spelt out with ``Q``."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from kiosk.scene.build import build_scene
from kiosk.scene.layout_file import parse_layout
from kiosk.scene.primitives import Shape
from tests.fixtures.paths import ROOT
from tests.fixtures.raster import compare, pdf_array, qt_array

LOGO = ROOT / "assets" / "logo" / "coral_coast_casino.svg"
K = 20.0  # px per mm: the 120 x 40 mm logo is 2400 px wide
BOX = (5, 5, 120, 60)  # the logo box of the test layout (x, y, w, h)
LAYOUT = (
    'format = "kiosk-layout/1"\ngame = "roulette"\nsize_mm = [130, 70]\nbackground = "#0b5d36"\n'
    '[[item]]\nkind = "image"\nx = 5\ny = 5\nw = 120\nh = 60\nsrc = "logo"\n'
)

# the waves with every smooth segment written out: each control point reflected by hand
WAVES_SMOOTH = "M 60 320 q 35 -22 70 0 t 70 0 t 70 0 t 70 0 M 60 350 q 35 -22 70 0 t 70 0 t 70 0 t 70 0"
WAVES_SPELT = (
    "M 60 320 Q 95 298 130 320 Q 165 342 200 320 Q 235 298 270 320 Q 305 342 340 320 "
    "M 60 350 Q 95 328 130 350 Q 165 372 200 350 Q 235 328 270 350 Q 305 372 340 350"
)


def _scene(logo: Path):
    return build_scene(parse_layout(LAYOUT, "logo_box.toml"), game_name="g", casino_name="c", logo=logo)


def _logo_pixels(scene) -> np.ndarray:
    x, y, w, h = BOX
    picture = qt_array(scene, K)
    return picture[int(y * K) : int((y + h) * K), int(x * K) : int((x + w) * K)]


def test_the_logo_file_uses_smooth_curves():
    assert WAVES_SMOOTH in LOGO.read_text(encoding="utf-8")


def test_logo_loads_as_a_layout_image():
    source = (
        'format = "kiosk-layout/1"\ngame = "roulette"\nsize_mm = [200, 100]\n'
        '[[item]]\nkind = "image"\nx = 10\ny = 10\nw = 180\nh = 60\nsrc = "logo/coral_coast_casino.svg"\n'
    )
    layout = parse_layout(source, "logo_test.toml")
    scene = build_scene(layout, game_name="g", casino_name="c")
    assert sum(isinstance(i, Shape) for i in scene.items) >= 5


def test_waves_are_drawn_as_the_spelt_out_curves(tmp_path):
    spelt = tmp_path / "spelt.svg"
    spelt.write_text(LOGO.read_text(encoding="utf-8").replace(WAVES_SMOOTH, WAVES_SPELT), encoding="utf-8")
    no_waves = tmp_path / "no_waves.svg"
    no_waves.write_text(LOGO.read_text(encoding="utf-8").replace(WAVES_SMOOTH, "M 0 0 L 0 0.001"), encoding="utf-8")
    smooth_px = _logo_pixels(_scene(LOGO))
    assert np.abs(smooth_px - _logo_pixels(_scene(spelt))).max() <= 1
    # control: the waves are really there (about 2 x 280 x 1 svg units of blue stroke)
    changed = (np.abs(smooth_px - _logo_pixels(_scene(no_waves))).max(axis=2) > 60).sum()
    wave_px = 2 * 28 * 1.0 * K * K  # two waves, 28 mm long, 1 mm wide, at K px per mm
    assert changed > 0.8 * wave_px


def test_both_painters_draw_the_logo_alike(tmp_path):
    scene = _scene(LOGO)
    metrics = compare(qt_array(scene, K), pdf_array(scene, K, tmp_path))
    assert metrics["mean"] < 4 and metrics["worst_tile"] < 45, metrics
