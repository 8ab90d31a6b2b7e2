"""build_scene: tokens substituted, the logo (or the casino's name) placed, lit areas flagged."""

from __future__ import annotations

from pathlib import Path

import pytest

from kiosk.scene.build import build_scene
from kiosk.scene.layout_file import load_layout
from kiosk.scene.lighting import DEFAULT_LIT_FILL, LIT_INK, lit_sizes
from kiosk.scene.primitives import Clipped, Image, Shape, TextRun
from kiosk.scene.svgimage import SvgError, svg_shapes

DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(scope="module")
def layout():
    return load_layout(DATA / "every_kind.toml")


def _texts(scene):
    return [i.text for i in scene.items if isinstance(i, TextRun)]


def test_tokens_are_substituted(layout):
    scene = build_scene(layout, game_name="Bonus Blackjack", casino_name="Coral Coast Casino", logo=DATA / "logo.svg")
    assert _texts(scene) == ["BLACKJACK", "Bonus Blackjack", "Minimum $25 · Coral Coast Casino"]
    assert (scene.width_mm, scene.height_mm) == (600, 400)


def test_lit_areas_get_their_overlay_right_after_the_area(layout):
    scene = build_scene(layout, game_name="g", casino_name="c", lit={"spot", "drop"})
    assert scene.lit == {"spot", "drop"}
    items = list(scene.items)
    for area in ("table", "spot", "star", "drop"):
        i = next(n for n, it in enumerate(items) if isinstance(it, Shape) and it.area == area)
        follows_overlay = isinstance(items[i + 1], Clipped) and items[i + 1].clip is scene.areas[area]
        assert follows_overlay == (area in {"spot", "drop"}), area
    overlay = next(it for it in items if isinstance(it, Clipped) and it.clip is scene.areas["spot"])
    glow, ring, lamps = overlay.items
    # lit_fill "#b0f0ff" (luminance 0.80) is bright enough as it is; the glow is opaque
    assert glow.fill == (0xB0, 0xF0, 0xFF, 255) and glow.stroke is None
    border, lamp, _ = lit_sizes(scene.areas["spot"])
    assert ring.stroke == LIT_INK and ring.stroke_mm == 2 * border and ring.dash_mm is None
    assert lamps.fill == (255, 255, 255, 255) and lamps.stroke is None
    assert len(lamps.path.subpaths) >= 10 and all(sub.closed for sub in lamps.path.subpaths)
    drop = next(it for it in items if isinstance(it, Clipped) and it.clip is scene.areas["drop"])
    assert drop.items[0].fill == DEFAULT_LIT_FILL  # no lit_fill: lamp light


def test_unknown_lit_area_is_refused(layout):
    with pytest.raises(ValueError, match="no area 'moon' to light"):
        build_scene(layout, game_name="g", casino_name="c", lit={"moon"})


@pytest.mark.parametrize("name", ["Coral Coast Casino", "The Grand Pacific Reef Casino and Resort", "Jupiters"])
def test_without_a_logo_the_casino_name_fills_the_logo_box(layout, name):
    scene = build_scene(layout, game_name="g", casino_name=name)
    # the logo box is x 300..420, y 300..360, its centre (360, 330)
    runs = [i for i in scene.items if isinstance(i, TextRun) and i.origin == (360, 330)]
    assert " ".join(r.text for r in runs) == name
    caps = {round(r.face.cap_height_em * r.size_mm, 9) for r in runs}
    assert len(caps) == 1
    cap = caps.pop()
    for run in runs:
        assert 300 <= run.x and run.x + run.width_mm <= 420
        assert 300 <= run.y - cap and run.y <= 360
    # as large as fits: the name on one line would be smaller (or is this line)
    face = runs[0].face
    one_line = min(110.4 / (face.width_em(name) / face.cap_height_em), 36)
    assert cap >= one_line - 1e-9


def test_png_logo_is_an_image_and_svg_logo_becomes_shapes(layout, tmp_path):
    png = tmp_path / "logo.png"
    from PIL import Image as PILImage

    PILImage.new("RGB", (40, 20), (200, 30, 30)).save(png)
    scene = build_scene(layout, game_name="g", casino_name="c", logo=png)
    (img,) = [i for i in scene.items if isinstance(i, Image)]
    assert (img.x, img.y, img.w, img.h, img.source) == (300, 300, 120, 60, png)
    scene = build_scene(layout, game_name="g", casino_name="c", logo=DATA / "logo.svg")
    assert not [i for i in scene.items if isinstance(i, Image)]
    with pytest.raises(ValueError, match="logo file not found"):
        build_scene(layout, game_name="g", casino_name="c", logo=tmp_path / "none.png")


def test_svg_is_fitted_into_its_box_keeping_aspect():
    shapes = svg_shapes(DATA / "logo.svg", 10, 10, 100, 100)  # viewBox 200x100 -> 100x50, centred
    xs0, ys0, xs1, ys1 = zip(*(s.path.bounds() for s in shapes), strict=True)
    assert min(xs0) == pytest.approx(11) and max(xs1) == pytest.approx(109)
    assert min(ys0) == pytest.approx(36) and max(ys1) == pytest.approx(84)
    fills = [s.fill for s in shapes]
    assert (0x10, 0x20, 0x40, 255) in fills and (0x17, 0x80, 0x3D, 255) in fills
    stroke_of_rect = shapes[0]
    assert stroke_of_rect.stroke_mm == pytest.approx(2.0)  # 4 units at half scale


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("<text x='1' y='1'>Casino</text>", "unsupported SVG element <text>"),
        ("<rect width='5' height='5' fill='url(#g)'/>", "unsupported SVG paint"),
        ("<path d='M 0 0 Q 1'/>", "Q needs 4 numbers"),
        ("<g transform='skewX(20)'><rect width='5' height='5'/></g>", "unsupported SVG transform"),
    ],
)
def test_svg_that_cannot_be_drawn_faithfully_is_refused(tmp_path, body, message):
    path = tmp_path / "bad.svg"
    path.write_text(f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'>{body}</svg>", encoding="utf-8")
    with pytest.raises(SvgError, match=message):
        svg_shapes(path, 0, 0, 10, 10)


def test_stroked_only_kinds_default_to_a_white_outline(layout):
    scene = build_scene(layout, game_name="g", casino_name="c")
    arc = next(i for i in scene.items if isinstance(i, Shape) and not i.path.subpaths[0].closed)
    assert arc.fill is None and arc.stroke is not None


@pytest.mark.parametrize(
    "name", sorted(p.stem for p in (Path(__file__).resolve().parents[2] / "layouts").glob("*.toml"))
)
def test_the_shapes_under_each_item_are_those_that_contain_its_anchor(name):
    """The geometry worked out once per layout (which earlier shapes hold each item's anchor, so
    a drawing never composed before tests no point) is the point-in-shape test of every pair."""
    from kiosk.scene.build import _filled, _for_table, _shapes_under, item_path
    from kiosk.scene.hit import contains
    from kiosk.scene.layout_file import FEATURES

    layout = load_layout(Path(__file__).resolve().parents[2] / "layouts" / f"{name}.toml")
    for features in (frozenset(), frozenset(FEATURES)):
        drawn = [item for item in layout.items if _for_table(item.values, features)]
        under = _shapes_under(layout, drawn, features)
        grounds = [j for j, it in enumerate(drawn) if it.kind not in ("text", "image") and (it.area or _filled(it))]
        for i, item in enumerate(drawn):
            if item.kind == "text":
                x, y = item.values["x"], item.values["y"]
            elif item.kind != "image" and item.area is None:
                x0, y0, x1, y1 = item_path(item).bounds()
                x, y = (x0 + x1) / 2, (y0 + y1) / 2
            else:
                assert under[i] == ()
                continue
            assert under[i] == tuple(j for j in grounds if j < i and contains(item_path(drawn[j]), x, y)), (name, i)
        assert _shapes_under(layout, drawn, features) is under  # remembered
