"""After a tri-chro drawing exactly the winning areas are lit on screen (001 s456(5)(b)(ii),
s463(3)(b)), they read as lit from two metres and not by colour alone (docs/readings.md P-2), their
words stay legible, and nothing else changes.

For every one of the 21 kinds of drawing (two balls from red, green, gold, each with or without
a star) the table is painted lit and unlit; the change is measured inside each area (its shape
painted as a mask, 3 px in from the edge) and everywhere outside the lit areas.

What "reads as lit" means here, measured on the picture as WCAG 2 relative luminance (0 black,
1 white) averaged over the whole area, print, balls and border included:

* a lit area's mean luminance is at least 0.5 and at least 0.15 above the same area unlit
  (measured: at least 0.55 and a rise of at least 0.19, the smallest for the gold areas, whose
  unlit gold is the brightest fill on the cloth; blue and red areas rise by about 0.5);
* every lit area is brighter than every unlit area of the same picture by at least 0.1
  (measured: lit 0.55 and more, unlit 0.42 at most);
* the text on a lit area, measured as the colour of its ink pixels against the glow around it,
  has a contrast ratio of at least 4.5 to 1 (WCAG 2 level AA; measured: about 15 to 1);
* the border shows light and dark blocks along the whole inside edge (a pattern, not a colour).
"""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np
import pytest
from PySide6.QtGui import QColor, QImage, QPainter

from kiosk.render.qt import scene_to_qpath
from kiosk.rules.trichro import winning_wagers
from kiosk.scene.build import build_scene
from kiosk.scene.hit import area_at
from kiosk.scene.layout_file import load_layout
from kiosk.scene.lighting import LIT_INK, lit_sizes
from kiosk.scene.primitives import Scene, TextRun
from tests.fixtures.paths import ROOT
from tests.fixtures.raster import qt_array

TRI_CHRO = sorted((ROOT / "layouts").glob("tri_chro_*.toml")) + [
    ROOT / "tests" / "scene" / "data" / "trichro_grid.toml"
]
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


def luminance(picture: np.ndarray) -> np.ndarray:
    """WCAG 2 relative luminance of each pixel of an ``(h, w, 3)`` 0-255 RGB array."""
    c = picture / 255.0
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return linear @ np.array([0.2126, 0.7152, 0.0722])


def contrast(l1: float, l2: float) -> float:
    """WCAG 2 contrast ratio of two relative luminances."""
    return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)


@pytest.fixture(scope="module", params=TRI_CHRO, ids=[p.stem for p in TRI_CHRO])
def table(request):
    layout = load_layout(request.param)
    unlit = build_scene(layout, game_name="Tri-Chro", casino_name="Coral Coast Casino")
    k = 1000 / unlit.width_mm
    base = qt_array(unlit, k)
    masks = {a: _mask(p, k, base.shape[:2]) for a, p in unlit.areas.items()}
    inner = {a: _shrink(m, 3) for a, m in masks.items()}
    grown = {a: _grow(m, 3) for a, m in masks.items()}
    base_lum = luminance(base)
    unlit_mean = {a: float(base_lum[m].mean()) for a, m in masks.items()}
    return layout, k, base, inner, grown, masks, unlit_mean


def _lit_picture(layout, k, lit):
    scene = build_scene(layout, game_name="Tri-Chro", casino_name="Coral Coast Casino", lit=lit)
    return qt_array(scene, k)


@pytest.mark.parametrize("draw", DRAWS, ids=[",".join(d) for d in DRAWS])
def test_exactly_the_winning_areas_are_lit(table, draw):
    layout, k, base, inner_masks, grown_masks, masks, unlit_mean = table
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

    lum = luminance(picture)
    lit_mean = {a: float(lum[masks[a]].mean()) for a in winners}
    unlit_max = max(v for a, v in unlit_mean.items() if a not in winners)
    for area, mean in lit_mean.items():
        before = unlit_mean[area]
        assert mean >= 0.5 and mean - before >= 0.15, f"{area}: luminance {before:.2f} unlit, {mean:.2f} lit"
        assert mean >= unlit_max + 0.1, (
            f"{area}: lit {mean:.2f} is not clearly brighter than an unlit area ({unlit_max:.2f})"
        )

    lit_zone = np.zeros(base.shape[:2], bool)
    for area in winners:
        lit_zone |= grown_masks[area]
    outside = np.abs(picture - base).max(axis=2)[~lit_zone]
    assert outside.max() <= 2, f"draw {draw}: {int((outside > 2).sum())} pixels changed outside the winning areas"


def test_control_one_area_too_many_is_seen(table):
    """The measurement can fail: lighting a losing area as well shows up as a lit area."""
    layout, k, base, inner_masks = table[:4]
    winners = winning_wagers(63 if layout.game == "tri_chro_63" else 54, ("red", "green"))
    extra = next(a for a in layout.areas if a not in winners)
    picture = _lit_picture(layout, k, winners | {extra})
    changed = np.abs(picture - base).max(axis=2) > 10
    seen = {a for a, inner in inner_masks.items() if changed[inner].mean() > 0.5}
    assert seen == set(winners) | {extra}


K_TEXT = 2.0  # px per mm for the legibility measurements: bold strokes of 20 mm letters are 6-8 px


def _lit_text(scene: Scene) -> dict[str, list[TextRun]]:
    """The text runs printed on each lit area's glow (drawn in the lit ink), by area."""
    out: dict[str, list[TextRun]] = {}
    for item in scene.items:
        if isinstance(item, TextRun) and item.fill == LIT_INK:
            out.setdefault(area_at(scene, *item.origin), []).append(item)
    return out


def _ink_contrast(scene: Scene, k: float, texts: dict[str, list[TextRun]] | None = None) -> dict[str, float]:
    """Per lit area with text (``texts``, by default the runs in the lit ink): the contrast ratio
    of the text's ink pixels against the glow pixels around them, as painted."""
    picture = luminance(qt_array(scene, k))
    shape = picture.shape
    texts = texts or _lit_text(scene)
    white = tuple(dataclasses.replace(r, fill=(255, 255, 255, 255)) for runs in texts.values() for r in runs)
    text_only = Scene(width_mm=scene.width_mm, height_mm=scene.height_mm, items=white, background=(0, 0, 0, 255))
    coverage = qt_array(text_only, k).mean(axis=2)
    ink = _shrink(coverage > 250, 1)  # pixels wholly inside the letters
    near_text = _grow(coverage > 0, 2)
    result = {}
    for area in texts:
        x0, y0, x1, y1 = (int(v * k) for v in scene.areas[area].bounds())
        box = (slice(max(0, y0 - 1), y1 + 2), slice(max(0, x0 - 1), x1 + 2))
        border_px = int(lit_sizes(scene.areas[area])[0] * k) + 2
        inside = _shrink(_mask(scene.areas[area], k, shape)[box], border_px)
        area_ink = ink[box] & inside
        around = inside & ~near_text[box]
        assert area_ink.sum() > 50 and around.sum() > 50, area
        result[area] = contrast(float(np.median(picture[box][area_ink])), float(np.median(picture[box][around])))
    return result


@pytest.mark.parametrize("path", TRI_CHRO, ids=[p.stem for p in TRI_CHRO])
def test_lit_text_has_wcag_contrast_on_the_glow(path):
    layout = load_layout(path)
    scene = build_scene(layout, game_name="Tri-Chro", casino_name="Coral Coast Casino", lit=set(layout.areas))
    ratios = _ink_contrast(scene, K_TEXT)
    assert len(ratios) == len(layout.areas), f"areas with no dark print when lit: {set(layout.areas) - set(ratios)}"
    worst = min(ratios, key=ratios.get)
    assert ratios[worst] >= 4.5, f"{worst}: text contrast {ratios[worst]:.1f}:1 on the glow (WCAG 2 AA needs 4.5:1)"


def test_control_light_print_on_the_glow_fails_the_contrast_measure():
    """The measurement can fail: the same text left in its unlit cream on the glow is caught."""
    layout = load_layout(TRI_CHRO[0])
    scene = build_scene(layout, game_name="Tri-Chro", casino_name="Coral Coast Casino", lit={"any_star"})
    texts = _lit_text(scene)
    runs = texts["any_star"]
    cream = tuple(dataclasses.replace(i, fill=(0xF1, 0xE2, 0xB0, 255)) if i in runs else i for i in scene.items)
    faded = _ink_contrast(dataclasses.replace(scene, items=cream), K_TEXT, texts)["any_star"]
    inked = _ink_contrast(scene, K_TEXT, texts)["any_star"]
    assert faded < 4.5 <= inked


@pytest.mark.parametrize("path", TRI_CHRO[:1], ids=[p.stem for p in TRI_CHRO[:1]])
def test_border_shows_light_and_dark_blocks_all_round(path):
    """Walking round the inside of a lit area's edge, in the lamp band, light and dark alternate:
    the lit cue is a pattern a colour-blind player sees (docs/readings.md P-2)."""
    layout = load_layout(path)
    scene = build_scene(layout, game_name="Tri-Chro", casino_name="Coral Coast Casino", lit=set(layout.areas))
    picture = luminance(qt_array(scene, K_TEXT))
    for area, outline in scene.areas.items():
        _border, lamp, _ring = lit_sizes(outline)
        x0, y0, x1, y1 = outline.bounds()
        mid = lamp / 2  # the middle of the lamp band, this far in from the edge
        row = picture[int((y0 + mid) * K_TEXT), int((x0 + 2 * lamp) * K_TEXT) : int((x1 - 2 * lamp) * K_TEXT)]
        light = row > 0.8
        changes = int(np.count_nonzero(light[1:] != light[:-1]))
        expected = (x1 - x0 - 4 * lamp) / lamp  # a change at every block end
        assert 0.2 < light.mean() < 0.8 and changes >= 0.6 * expected, f"{area}: no block pattern along the top edge"


SHIPPED = sorted((ROOT / "layouts").glob("*.toml"))


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_every_layout_lights_its_areas_brighter_and_changes_nothing_else(path):
    layout = load_layout(path)
    lit = set(layout.areas[::4])
    unlit = build_scene(layout, game_name="Game", casino_name="Coral Coast Casino")
    k = 800 / unlit.width_mm
    base = qt_array(unlit, k)
    picture = qt_array(build_scene(layout, game_name="Game", casino_name="Coral Coast Casino", lit=lit), k)
    lum_before, lum_after = luminance(base), luminance(picture)
    zone = np.zeros(base.shape[:2], bool)
    for area in lit:
        mask = _mask(unlit.areas[area], k, base.shape[:2])
        zone |= _grow(mask, 3)
        before, after = float(lum_before[mask].mean()), float(lum_after[mask].mean())
        assert after >= 0.5 and after - before >= 0.15, f"{path.stem} {area}: luminance {before:.2f} -> {after:.2f}"
    outside = np.abs(picture - base).max(axis=2)[~zone]
    assert outside.max() <= 2, f"{path.stem}: {int((outside > 2).sum())} pixels changed outside the lit areas"
