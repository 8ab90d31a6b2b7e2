"""Touch-first controls for the staff screens: every target at least 9 mm on the real screen.

A finger needs about 9 mm; the screen's pixels per millimetre come from its calibration when
staff have set one, else from the size the screen reports when that is plausible, else from a
conservative guess (a 10-inch 1280x800 panel: 6 px/mm). Text on staff controls is sized in
millimetres too, so it reads at arm's length.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QGuiApplication, QKeySequence, QScreen, QShortcut
from PySide6.QtWidgets import QPushButton, QSizePolicy, QWidget

__all__ = ["MIN_TARGET_MM", "px_per_mm", "TouchButton", "shortcut", "text_px"]

MIN_TARGET_MM = 9.0
"""The smallest touch target on a staff screen, in millimetres."""

_FALLBACK_PX_PER_MM = 6.0
_PLAUSIBLE = (2.0, 20.0)  # px/mm from 50 to 500 dpi


def px_per_mm(screen: QScreen | None = None) -> float:
    """Pixels per millimetre of ``screen`` (the primary screen when None), in logical pixels."""
    screen = screen or QGuiApplication.primaryScreen()
    if screen is None:
        return _FALLBACK_PX_PER_MM
    size = screen.physicalSize()
    geometry = screen.geometry()
    if size.width() >= 100 and size.height() >= 60:
        k = geometry.width() / size.width()
        if _PLAUSIBLE[0] <= k <= _PLAUSIBLE[1]:
            return k
    return _FALLBACK_PX_PER_MM


def text_px(cap_mm: float, k: float) -> int:
    """A staff font's pixel size for capitals ``cap_mm`` high at ``k`` px per mm (the cap height is
    about 0.72 em), 10 px at the least."""
    return max(10, round(cap_mm * k / 0.72))


class TouchButton(QPushButton):
    """A push button at least :data:`MIN_TARGET_MM` square, its label ``text_mm`` high."""

    def __init__(
        self,
        text: str,
        parent: QWidget | None = None,
        *,
        k: float | None = None,
        text_mm: float = 4.0,
        min_mm: float = MIN_TARGET_MM,
        checkable: bool = False,
    ) -> None:
        super().__init__(text, parent)
        k = k or px_per_mm()
        side = max(1, round(min_mm * k))
        self.setMinimumSize(side, side)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        font = QFont(self.font())
        font.setPixelSize(text_px(text_mm, k))
        font.setBold(True)
        self.setFont(font)
        self.setCheckable(checkable)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)


def shortcut(parent: QWidget, keys: str, button: QPushButton) -> QShortcut:
    """A keyboard shortcut that presses ``button`` (only while it is enabled and visible)."""
    sc = QShortcut(QKeySequence(keys), parent)
    sc.setContext(Qt.ShortcutContext.WindowShortcut)

    def press() -> None:
        if button.isEnabled() and button.isVisible():
            button.click()

    sc.activated.connect(press)
    if keys not in button.toolTip():
        button.setToolTip(f"{button.toolTip()} [{keys}]".strip())
    return sc
