"""The Qt painter draws on any QPaintDevice: a widget (as a display does), a pixmap, an image."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QWidget

from kiosk.render.qt import paint_scene, paint_scene_fitted
from kiosk.scene.build import build_scene
from kiosk.scene.layout_file import load_layout
from tests.fixtures.raster import qimage_array, qt_array

DATA = Path(__file__).resolve().parents[1] / "scene" / "data"


def _scene():
    layout = load_layout(DATA / "trichro_grid.toml")
    return build_scene(layout, game_name="Tri-Chro", casino_name="Coral Coast Casino", lit={"any_star"})


class _Table(QWidget):
    def __init__(self, scene):
        super().__init__()
        self.scene = scene
        self.px_per_mm = 0.0

    def paintEvent(self, event):
        p = QPainter(self)
        self.px_per_mm = paint_scene_fitted(p, self.scene, QRectF(self.rect()))
        p.end()


def test_a_widget_shows_the_same_picture_as_an_image(qtbot):
    scene = _scene()
    widget = _Table(scene)
    qtbot.addWidget(widget)
    widget.resize(1000, 600)
    widget.show()
    qtbot.waitExposed(widget)
    shot = qimage_array(widget.grab().toImage())
    assert widget.px_per_mm == 1.0
    expected = qt_array(scene, 1.0)
    assert shot.shape == expected.shape
    assert np.abs(shot - expected).max() <= 1


def test_a_pixmap_at_an_offset(qtbot):
    scene = _scene()
    pixmap = QPixmap(1100, 700)
    pixmap.fill()
    p = QPainter(pixmap)
    paint_scene(p, scene, 1.0, (50, 50))
    p.end()
    arr = qimage_array(pixmap.toImage())
    assert arr[10, 10].tolist() == [255, 255, 255]  # untouched outside the scene
    assert np.abs(arr[50:650, 50:1050] - qt_array(scene, 1.0)).max() <= 1
