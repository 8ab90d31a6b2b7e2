"""One scene, two painters: the Qt picture and the rasterised PDF are the same picture.

Every layout (the shipped ``layouts/*.toml`` and the test layouts of ``tests/scene/data``) is
built with some areas lit, painted by Qt and by reportlab, the PDF rasterised by pdfium at the
same pixels per mm (about 2000 px across), and compared after a 1 px (3x3) blur.

Tolerance, and why: the two rasterisers antialias edges differently (coverage, gamma, curve
flattening), which moves single edge pixels by up to a few tens of levels but never shifts
geometry.  Measured on these layouts: mean difference 0.3-1.5 levels, worst 24x24 tile 11-34
levels (dense small text), no pixel more than 96 levels apart.  The thresholds (mean < 2.5,
worst tile < 45, share over 96 < 0.1 %) sit above that and below what a real fault gives: a
missing label, an area 3 mm out of place, a wrong colour (mean 3.9: see the controls below).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from kiosk.scene.build import build_scene
from kiosk.scene.layout_file import load_layout
from kiosk.scene.primitives import Shape, TextRun
from tests.fixtures.paths import ROOT
from tests.fixtures.raster import compare, pdf_array, qt_array

DATA = ROOT / "tests" / "scene" / "data"
LAYOUTS = sorted((ROOT / "layouts").glob("*.toml")) + sorted(DATA.glob("*.toml"))
LIMITS = {"mean": 2.5, "worst_tile": 45.0, "share_over_96": 0.001}


def _scene(path: Path):
    layout = load_layout(path)
    logo = DATA / "logo.svg"
    lit = set(layout.areas[::3])  # every third area lit
    return build_scene(layout, game_name="Tri-Chro", casino_name="Coral Coast Casino", logo=logo, lit=lit)


def _k(scene) -> float:
    return 2000 / scene.width_mm


def _within(m: dict[str, float]) -> bool:
    return all(m[key] < LIMITS[key] for key in LIMITS)


@pytest.mark.parametrize("path", LAYOUTS, ids=[p.stem for p in LAYOUTS])
def test_qt_and_pdf_draw_the_same_picture(path, tmp_path):
    scene = _scene(path)
    k = _k(scene)
    metrics = compare(qt_array(scene, k), pdf_array(scene, k, tmp_path))
    assert _within(metrics), f"{path.name}: painters differ: {metrics} (limits {LIMITS})"


def _every_kind():
    scene = _scene(DATA / "every_kind.toml")
    return scene, _k(scene)


def test_control_a_missing_label_is_seen(tmp_path):
    scene, k = _every_kind()
    qt = qt_array(scene, k)
    first_text = next(i for i, it in enumerate(scene.items) if isinstance(it, TextRun))
    broken = dataclasses.replace(scene, items=scene.items[:first_text] + scene.items[first_text + 1 :])
    assert not _within(compare(qt, pdf_array(broken, k, tmp_path)))


def test_control_a_shape_out_of_place_is_seen(tmp_path):
    scene, k = _every_kind()
    qt = qt_array(scene, k)
    items = list(scene.items)
    i = next(i for i, it in enumerate(items) if isinstance(it, Shape) and it.area == "star")
    star = items[i]
    moved = [
        dataclasses.replace(
            sub, start=(sub.start[0] + 3, sub.start[1]), segments=tuple((s[0], s[1] + 3, s[2]) for s in sub.segments)
        )
        for sub in star.path.subpaths
    ]
    items[i] = dataclasses.replace(star, path=dataclasses.replace(star.path, subpaths=tuple(moved)))
    assert not _within(compare(qt, pdf_array(dataclasses.replace(scene, items=tuple(items)), k, tmp_path)))


def test_control_a_wrong_colour_is_seen(tmp_path):
    scene, k = _every_kind()
    qt = qt_array(scene, k)
    items = list(scene.items)
    i = next(i for i, it in enumerate(items) if isinstance(it, Shape) and it.area == "spot")
    items[i] = dataclasses.replace(items[i], fill=(40, 80, 120, 255))  # was #1d2f5a
    assert not _within(compare(qt, pdf_array(dataclasses.replace(scene, items=tuple(items)), k, tmp_path)))


def test_png_logo_with_transparency_looks_the_same(tmp_path):
    from PIL import Image as PILImage
    from PIL import ImageDraw

    logo = tmp_path / "logo.png"
    img = PILImage.new("RGBA", (300, 120), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.ellipse((10, 10, 110, 110), fill=(220, 40, 40, 255))
    draw.rectangle((130, 30, 290, 90), fill=(240, 200, 40, 200))
    img.save(logo)
    layout = load_layout(DATA / "every_kind.toml")
    scene = build_scene(layout, game_name="g", casino_name="c", logo=logo)
    k = _k(scene)
    metrics = compare(qt_array(scene, k), pdf_array(scene, k, tmp_path))
    assert _within(metrics), metrics
