"""Windows side by side on a desktop instead of full screen: the demo's, and ``kiosk display --windowed``.

:func:`tiled` is a placement for :class:`~kiosk.ui.display.app.DisplayProcess`: the display
windows of one screen tiled over the left part of it, signs (which need the room to be shown at
true size) in full-height columns on the right, the other views in a two-row grid on the left.
:func:`staff_geometry` gives the demo's pit console and dealer panel the rest of the screen, so
no window covers another.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QScreen

from kiosk.ui.display.app import Place, Screen, ordered_screens
from kiosk.ui.display.window import KioskWindow
from kiosk.views.screen_state import SIGN_VIEWS

__all__ = ["staff_geometry", "tiled"]


def tiled(share: float = 1.0) -> Place:
    """A placement tiling the display windows over the left ``share`` of each screen's width,
    sign windows first (they get the full-height columns)."""

    def place(qscreen: QScreen, screens: list[Screen]) -> list[Screen]:
        ordered = sorted(screens, key=lambda s: s.spec.view not in SIGN_VIEWS)
        signs = sum(1 for s in ordered if s.spec.view in SIGN_VIEWS)
        for n, screen in enumerate(ordered):
            _tile(screen.window, qscreen, n, len(ordered), signs, share)
        return ordered

    return place


def staff_geometry(share: float) -> tuple[QRect, QRect]:
    """Where the demo's pit console and dealer panel stand on the primary screen: one above the
    other in the part right of the display windows' ``share``."""
    geo = ordered_screens()[0].availableGeometry()
    x = geo.x() + round(geo.width() * share)
    w = geo.right() + 1 - x
    top = round(geo.height() * 0.55)
    return QRect(x, geo.y(), w, top), QRect(x, geo.y() + top, w, geo.height() - top)


def _tile(window: KioskWindow, screen: QScreen, n: int, count: int, signs: int = 0, share: float = 1.0) -> None:
    """Place window ``n`` of ``count`` over the left ``share`` of ``screen`` (the demo's windows):
    the first ``signs`` windows (signs at true size need the room) each take a full-height column
    on the right, the others a two-row grid on the left."""
    geo = screen.availableGeometry()
    geo.setWidth(round(geo.width() * share))
    others = count - signs
    grid_cols = math.ceil(others / 2) if others > 1 else others
    cols = grid_cols + signs
    w = geo.width() // max(1, cols)
    if n < signs:
        x, y, h = geo.x() + (grid_cols + n) * w, geo.y(), geo.height()
    else:
        i = n - signs
        rows = 2 if others > 1 else 1
        h = geo.height() // rows
        x, y = geo.x() + (i // rows) * w, geo.y() + (i % rows) * h
    window.setCursor(Qt.CursorShape.ArrowCursor)  # a demo on a desktop keeps its pointer
    window.view.setCursor(Qt.CursorShape.ArrowCursor)
    window.setGeometry(x, y, w, h)
    window.show()
