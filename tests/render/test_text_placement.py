"""Both painters put every glyph of any text in the same place (same advances, no kerning in
either), whatever the characters: letters, digits, money, punctuation, accents, or characters
the font lacks (drawn as the font's .notdef box by both).

The PDF is read back by pdfium, which reads a font's ``/Widths`` as whole thousandths of an em
(585.9375 becomes 585), so over 19 zeros it draws the last one 1.2 px (at 5 px/mm) short of
where the PDF puts it; readers that take the widths as written (poppler, Acrobat) do not. The Qt
picture it is compared with is therefore drawn at the advances pdfium reads."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk.scene.primitives import Scene, TextRun
from kiosk.scene.text import text_runs
from tests.fixtures.raster import compare, pdf_array, qt_array

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789$,.:&'-–·éÜ€ \U0001f600"
K = 5.0  # px per mm


def _columns(a: np.ndarray) -> tuple[int, int]:
    ink = (a.mean(axis=2) < 128).any(axis=0)
    cols = np.nonzero(ink)[0]
    return (int(cols[0]), int(cols[-1])) if cols.size else (-1, -1)


def _as_pdfium_reads(run: TextRun) -> TextRun:
    """``run`` with each advance cut to whole thousandths of an em, as pdfium reads ``/Widths``."""
    offsets = [0.0]
    for a, b in zip(run.offsets_mm, run.offsets_mm[1:], strict=False):
        thousandths = math.floor((b - a) / run.size_mm * 1000 + 1e-6)
        offsets.append(offsets[-1] + thousandths * run.size_mm / 1000)
    return replace(run, offsets_mm=tuple(offsets))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet=ALPHABET, min_size=1, max_size=24), weight=st.sampled_from(["regular", "bold"]))
def test_any_text_is_placed_alike_by_both_painters(tmp_path: Path, text: str, weight: str):
    runs = text_runs(text, x=100, y=20, cap_mm=10, anchor="center", weight=weight, fill=(0, 0, 0, 255))
    scene = Scene(width_mm=200, height_mm=30, items=tuple(runs), background=(255, 255, 255, 255))
    as_read = replace(scene, items=tuple(_as_pdfium_reads(r) for r in runs))
    qt, pdf = qt_array(as_read, K), pdf_array(scene, K, tmp_path)
    metrics = compare(qt, pdf)
    assert metrics["mean"] < 1.5 and metrics["worst_tile"] < 30, metrics  # 400 examples: at most 0.28, 9.1
    (q0, q1), (p0, p1) = _columns(qt), _columns(pdf)
    assert abs(q0 - p0) <= 1 and abs(q1 - p1) <= 1, (text, (q0, q1), (p0, p1))
