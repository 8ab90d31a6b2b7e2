"""After a tri-chro drawing exactly the winning areas are lit on screen (001 s456(5)(b)(ii),
s463(3)(b)), and nothing else changes.

For every one of the 21 kinds of drawing (two balls from red, green, gold, each with or without
a star) the table is painted lit and unlit; the change is measured inside each area (its shape
painted as a mask, 3 px in from the edge) and everywhere outside the lit areas.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPainter

from kiosk.render.qt import scene_to_qpath
from kiosk.rules.trichro import winning_wagers
from kiosk.scene.layout import build_scene, load_layout
from render_raster import qt_array

ROOT = Path(__file__).resolve().parents[2]
TRI_CHRO = sorted((ROOT / "layouts").glob("tri_chro_*.toml")) + [ROOT / "tests" / "scene" / "data" / "trichro_grid.toml"]
BALLS = ["red", "red*", "green", "green*", "gold", "gold*"]
DRAWS = list(itertools.combinations_with_replacement(BALLS, 2))


def _mask(path, k: float, shape) -> np.ndarray:
    img = QImage(shape[1], shape[0], QImage.Format.Format_Grayscale8)
    img.fill(0)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.scale(k, k)
    p.fillPath(scene_to_qpath(path), QColor(255, 255, 255))
    p.end()
    raw = np.frombuffer(img.constBits(), np.uint8).reshape(shape[0], img.bytesPerLine())[:, : shape[1]]
    return raw > 0


def _grow(mask: np.ndarray, px: int) -> np.ndarray:
    out = mask.copy()
    for _ in range(px):
        g = out.copy()
        g[1:] |= out[:-1]
        g[:-1] |= out[1:]
        g[:, 1:] |= out[:, :-1]
        g[:, :-1] |= out[:, 1:]
        out = g
    return out


def _shrink(mask: np.ndarray, px: int) -> np.ndarray:
    return ~_grow(~mask, px)


@pytest.fixture(scope="module", params=TRI_CHRO, ids=[p.stem for p in TRI_CHRO])
def table(request):
    layout = load_layout(request.param)
    unlit = build_scene(layout, game_name="Tri-Chro", casino_name="Coral Coast Casino")
    k = 1000 / unlit.width_mm
    base = qt_array(unlit, k)
    masks = {a: _mask(p, k, base.shape[:2]) for a, p in unlit.areas.items()}
    inner = {a: _shrink(m, 3) for a, m in masks.items()}
    grown = {a: _grow(m, 3) for a, m in masks.items()}
    return layout, k, base, inner, grown


def _lit_picture(layout, k, lit):
    scene = build_scene(layout, game_name="Tri-Chro", casino_name="Coral Coast Casino", lit=lit)
    return qt_array(scene, k)


@pytest.mark.parametrize("draw", DRAWS, ids=[",".join(d) for d in DRAWS])
def test_exactly_the_winning_areas_are_lit(table, draw):
    layout, k, base, inner_masks, grown_masks = table
    balls = 63 if layout.game == "tri_chro_63" else 54
    winners = winning_wagers(balls, draw)
    picture = _lit_picture(layout, k, winners)
    changed = np.abs(picture - base).max(axis=2) > 10
    grey_change = np.abs(picture.mean(axis=2) - base.mean(axis=2))

    seen_lit = set()
    for area, inner in inner_masks.items():
        share = changed[inner].mean()
        if share > 0.5:
            seen_lit.add(area)
            # not by colour alone: brightness and texture change too
            assert grey_change[inner].mean() > 12, f"{area}: lit only by hue"
    assert seen_lit == set(winners), f"draw {draw}: lit {sorted(seen_lit)}, winners {sorted(winners)}"

    lit_zone = np.zeros(base.shape[:2], bool)
    for area in winners:
        lit_zone |= grown_masks[area]
    outside = np.abs(picture - base).max(axis=2)[~lit_zone]
    assert outside.max() <= 2, f"draw {draw}: {int((outside > 2).sum())} pixels changed outside the winning areas"



def test_control_one_area_too_many_is_seen(table):
    """The measurement can fail: lighting a losing area as well shows up as a lit area."""
    layout, k, base, inner_masks, _ = table
    winners = winning_wagers(63 if layout.game == "tri_chro_63" else 54, ("red", "green"))
    extra = next(a for a in layout.areas if a not in winners)
    picture = _lit_picture(layout, k, winners | {extra})
    changed = np.abs(picture - base).max(axis=2) > 10
    seen = {a for a, inner in inner_masks.items() if changed[inner].mean() > 0.5}
    assert seen == set(winners) | {extra}
