"""The PDF painter: true size, embedded TrueType fonts, real text, reproducible bytes."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from kiosk.render.pdf import PT_PER_MM, draw_scene, new_canvas, render_pdf
from kiosk.scene.build import build_scene
from kiosk.scene.layout_file import load_layout

DATA = Path(__file__).resolve().parents[1] / "scene" / "data"


@pytest.fixture(scope="module")
def scene():
    layout = load_layout(DATA / "trichro_grid.toml")
    return build_scene(layout, game_name="Tri-Chro", casino_name="Coral Coast Casino", lit={"any_red"})


def test_page_is_the_scene_at_true_size(scene, tmp_path):
    path = render_pdf(scene, tmp_path / "t.pdf")
    doc = pdfium.PdfDocument(str(path))
    assert len(doc) == 1
    w, h = doc[0].get_size()
    assert (w / PT_PER_MM, h / PT_PER_MM) == pytest.approx((1000, 600), abs=1e-3)
    doc.close()


def test_text_is_real_text_in_an_embedded_truetype_font(scene, tmp_path):
    path = render_pdf(scene, tmp_path / "t.pdf")
    doc = pdfium.PdfDocument(str(path))
    text = doc[0].get_textpage().get_text_range()
    doc.close()
    for words in ("RED STAR PAIR", "65 TO 1", "ODD PAIR GOLD AND RED", "33 TO 10", "Coral Coast Casino"):
        assert words in text
    raw = path.read_bytes()
    assert b"/FontFile2" in raw and b"Andika" in raw  # TrueType, embedded (subset)
    assert b"/Helvetica" not in raw  # no unembedded base-14 font


def test_same_scene_gives_the_same_bytes(scene, tmp_path):
    a = render_pdf(scene, tmp_path / "a.pdf").read_bytes()
    b = render_pdf(scene, tmp_path / "b.pdf").read_bytes()
    assert a == b


def test_draw_scene_places_the_scene_on_a_bigger_page(scene, tmp_path):
    """What an exporter does for bleed: the scene at an offset, still 1:1."""
    path = tmp_path / "offset.pdf"
    margin = 10 * PT_PER_MM
    c = new_canvas(path, (1020 * PT_PER_MM, 620 * PT_PER_MM))
    draw_scene(c, scene, margin, margin)
    c.showPage()
    c.save()
    doc = pdfium.PdfDocument(str(path))
    img = np.asarray(doc[0].render(scale=1 / PT_PER_MM).to_pil().convert("RGB")).astype(int)  # 1 px per mm
    doc.close()
    assert img[5, 5].tolist() == [255, 255, 255]  # the margin is blank paper
    assert img[15, 15].tolist() == pytest.approx([0x0B, 0x3D, 0x2E], abs=2)  # the felt starts at 10 mm
    # red star pair's red box starts 20 mm into the scene
    assert img[40, 40].tolist() == pytest.approx([0xB3, 0x20, 0x2A], abs=2)
