"""Both painters put every glyph of any text in the same place (same advances, no kerning in
either), whatever the characters: letters, digits, money, punctuation, accents, or characters
the font lacks (drawn as the font's .notdef box by both)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk.scene.primitives import Scene
from kiosk.scene.text import text_runs
from tests.fixtures.raster import compare, pdf_array, qt_array

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789$,.:&'-–·éÜ€ \U0001f600"
K = 5.0  # px per mm


def _columns(a: np.ndarray) -> tuple[int, int]:
    ink = (a.mean(axis=2) < 128).any(axis=0)
    cols = np.nonzero(ink)[0]
    return (int(cols[0]), int(cols[-1])) if cols.size else (-1, -1)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet=ALPHABET, min_size=1, max_size=24), weight=st.sampled_from(["regular", "bold"]))
def test_any_text_is_placed_alike_by_both_painters(tmp_path: Path, text: str, weight: str):
    runs = text_runs(text, x=100, y=20, cap_mm=10, anchor="center", weight=weight, fill=(0, 0, 0, 255))
    scene = Scene(width_mm=200, height_mm=30, items=tuple(runs), background=(255, 255, 255, 255))
    qt, pdf = qt_array(scene, K), pdf_array(scene, K, tmp_path)
    metrics = compare(qt, pdf)
    assert metrics["mean"] < 4 and metrics["worst_tile"] < 45, metrics
    (q0, q1), (p0, p1) = _columns(qt), _columns(pdf)
    assert abs(q0 - p0) <= 1 and abs(q1 - p1) <= 1, (text, (q0, q1), (p0, p1))
