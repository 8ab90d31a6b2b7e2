"""A 40-character casino name with ``max_width_mm`` is painted inside its width, by both painters."""

from __future__ import annotations

import dataclasses

import numpy as np

from kiosk.scene.build import build_scene
from kiosk.scene.layout_file import parse_layout
from tests.fixtures.raster import pdf_array, qt_array

NAME_40 = "The Grand Pacific Reef Casino and Resort"
LAYOUT = """
format = "kiosk-layout/1"
game = "roulette"
size_mm = [400, 120]
background = "#0b5d36"

[[item]]
kind = "text"
x = 200
y = 60
text = "{casino_name}"
cap_mm = 34
weight = "bold"
valign = "middle"
"""
K = 4.0


def _scene(max_width_mm: float | None):
    layout = parse_layout(LAYOUT, "name.toml")
    if max_width_mm is not None:
        (item,) = layout.items
        layout = dataclasses.replace(
            layout, items=(dataclasses.replace(item, values={**item.values, "max_width_mm": max_width_mm}),)
        )
    return build_scene(layout, game_name="g", casino_name=NAME_40)


def _ink_columns(picture: np.ndarray) -> tuple[float, float]:
    ink = np.nonzero((picture.mean(axis=2) > 128).any(axis=0))[0]
    return ink.min() / K, (ink.max() + 1) / K


def test_fitted_name_ink_stays_inside_its_width(tmp_path):
    scene = _scene(200)
    for picture in (qt_array(scene, K), pdf_array(scene, K, tmp_path)):
        left, right = _ink_columns(picture)
        assert 100 - 0.5 <= left and right <= 300 + 0.5, (left, right)
        rows = np.nonzero((picture.mean(axis=2) > 128).any(axis=1))[0]
        assert rows.max() - rows.min() > 2 * 8 * K  # two lines of at least 8 mm capitals


def test_control_unfitted_name_runs_off_the_drawing():
    left, right = _ink_columns(qt_array(_scene(None), K))
    assert left < 1 and right > 399
