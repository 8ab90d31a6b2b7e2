"""PySide6 regression (docs/architecture.md, Pitfalls): 6.12.0 on Python 3.11 drops a reference to ``None`` on
every QPainter call that returns nothing, and the interpreter aborts after a few thousand.  Make
a few hundred thousand such calls and check the count of ``None`` has not fallen."""

from __future__ import annotations

import sys

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPen

CALLS = 300_000


def test_void_painter_calls_keep_none_alive():
    image = QImage(64, 64, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    pen = QPen(QColor(255, 0, 0))
    colour = QColor(0, 0, 255)
    rect = QRectF(1, 1, 10, 10)
    before = sys.getrefcount(None)
    try:
        for _ in range(CALLS // 3):
            painter.setPen(pen)  # returns None
            painter.fillRect(rect, colour)  # returns None
            painter.drawRect(rect)  # returns None
    finally:
        painter.end()
    after = sys.getrefcount(None)
    assert after >= before - 100, f"None lost {before - after} references over {CALLS} void calls"
