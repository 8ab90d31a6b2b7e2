"""The full-screen kiosk window of one display: no chrome, no cursor, not closable by touch.

* :func:`show_on_screen` places a window on its configured screen (``windowHandle().setScreen()``
  before ``showFullScreen()``: a window shown first lands on the primary screen).
* Closing is refused (Alt+F4, the window manager, a stray touch) unless staff unlocked it:
  press and hold the top-left corner for 3 seconds, enter the staff PIN on the keypad that
  appears, then choose *Exit display* or *Calibrate this screen* from the staff menu.  Five wrong
  PINs lock the keypad for a minute.  No PIN configured (``DeviceSettings.staff_pin``) means no
  exit by touch at all: staff stop the service from the computer (docs/deploy-display.md).
* A player's touch anywhere else is :attr:`KioskWindow.touched` (its position in the window):
  the display process opens help for the table, or turns its page (:mod:`kiosk.views.screens.help`).
* The staff panels are child widgets, never ``QDialog.exec()`` (a nested event loop would stall
  the qasync loop the stream runs on).
"""

from __future__ import annotations

import time

from PySide6.QtCore import QPoint, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QColor,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
    QScreen,
)
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from kiosk.ui.display.calibration import scale_from_ruler
from kiosk.ui.display.device_settings import verify_pin
from kiosk.ui.widgets.scene_widget import SceneWidget

__all__ = ["KioskWindow", "PinPad", "StaffMenu", "RulerPanel", "show_on_screen", "HOLD_SECONDS"]

HOLD_SECONDS = 3.0
_CORNER_SHARE = 0.12  # the staff corner: this share of the shorter side, top-left
_MAX_WRONG = 5
_LOCK_SECONDS = 60.0
_PANEL_STYLE = (
    "QWidget#panel { background: #1c2433; border: 3px solid #8aa0c0; border-radius: 12px; }"
    "QLabel { color: white; } QPushButton { font-size: 26px; min-height: 64px; min-width: 90px;"
    " color: white; background: #34425c; border-radius: 8px; } QPushButton:pressed { background: #50648a; }"
)


def show_on_screen(window: QWidget, screen: QScreen) -> None:
    """Show ``window`` full screen on ``screen``."""
    window.setWindowFlags(window.windowFlags() | Qt.WindowType.FramelessWindowHint)
    window.winId()  # creates the native window so windowHandle() exists
    handle = window.windowHandle()
    if handle is not None:
        handle.setScreen(screen)
    window.setGeometry(screen.geometry())
    window.showFullScreen()


class _Panel(QWidget):
    """A staff panel: a framed box centred over the kiosk window."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(_PANEL_STYLE)
        self.hide()

    def open(self) -> None:
        self.adjustSize()
        parent = self.parentWidget()
        assert parent is not None  # a panel is made over its window
        self.move((parent.width() - self.width()) // 2, (parent.height() - self.height()) // 2)
        self.show()
        self.raise_()


class PinPad(_Panel):
    """A numeric keypad; emits :attr:`accepted` after a correct PIN, :attr:`cancelled` otherwise."""

    accepted = Signal()
    cancelled = Signal()

    def __init__(self, parent: QWidget, pin_hash: str | None) -> None:
        super().__init__(parent)
        self._hash = pin_hash
        self._digits = ""
        self._wrong = 0
        self._locked_until = 0.0
        layout = QVBoxLayout(self)
        self.prompt = QLabel("Staff PIN")
        self.prompt.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.prompt.setFont(QFont(self.font().family(), 22))
        self.dots = QLabel("")
        self.dots.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.dots.setFont(QFont(self.font().family(), 30))
        layout.addWidget(self.prompt)
        layout.addWidget(self.dots)
        grid = QGridLayout()
        self.buttons: dict[str, QPushButton] = {}
        for i, key in enumerate(["1", "2", "3", "4", "5", "6", "7", "8", "9", "Cancel", "0", "OK"]):
            button = QPushButton(key)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, k=key: self.press(k))
            grid.addWidget(button, i // 3, i % 3)
            self.buttons[key] = button
        layout.addLayout(grid)
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.setInterval(30_000)
        self._idle.timeout.connect(lambda: self.press("Cancel"))

    def open(self) -> None:
        self._digits = ""
        self._show_state()
        super().open()
        self._idle.start()

    def press(self, key: str) -> None:
        """A key of the pad was touched (also used by the tests)."""
        self._idle.start()
        if key == "Cancel":
            self._digits = ""
            self.hide()
            self.cancelled.emit()
            return
        if time.monotonic() < self._locked_until:
            self._show_state()
            return
        if key == "OK":
            if verify_pin(self._digits, self._hash):
                self._wrong = 0
                self._digits = ""
                self.hide()
                self.accepted.emit()
                return
            self._wrong += 1
            self._digits = ""
            if self._wrong >= _MAX_WRONG:
                self._wrong = 0
                self._locked_until = time.monotonic() + _LOCK_SECONDS
            self.prompt.setText("Wrong PIN")
            self.dots.setText("")
            return
        if key.isdigit() and len(self._digits) < 12:
            self._digits += key
        self._show_state()

    def _show_state(self) -> None:
        if time.monotonic() < self._locked_until:
            self.prompt.setText(f"Locked: try again in {int(self._locked_until - time.monotonic()) + 1} s")
        elif self._hash is None:
            self.prompt.setText("No staff PIN is set on this display")
        else:
            self.prompt.setText("Staff PIN")
        self.dots.setText("\u25cf " * len(self._digits))


class StaffMenu(_Panel):
    """What staff can do once unlocked."""

    exit_requested = Signal()
    calibrate_requested = Signal()

    def __init__(self, parent: QWidget, title: str) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        label = QLabel(title)
        label.setFont(QFont(self.font().family(), 20))
        layout.addWidget(label)
        self.calibrate = QPushButton("Calibrate this screen")
        self.exit = QPushButton("Exit display")
        self.back = QPushButton("Back to the view")
        for button in (self.calibrate, self.exit, self.back):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            layout.addWidget(button)
        self.calibrate.clicked.connect(self._calibrate)
        self.exit.clicked.connect(self._exit)
        self.back.clicked.connect(self.hide)

    def _calibrate(self) -> None:
        self.hide()
        self.calibrate_requested.emit()

    def _exit(self) -> None:
        self.hide()
        self.exit_requested.emit()


class RulerPanel(QWidget):
    """The calibration screen: a 100 mm ruler staff stretch until it matches a real one.

    Drag anywhere to move the ruler's right end, or use the buttons (0.5 mm and 0.1 mm steps at
    the current scale).  *Save* emits :attr:`saved` with device pixels per millimetre.
    """

    saved = Signal(float)
    cancelled = Signal()
    RULER_MM = 100.0

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self._length = 400.0  # logical px of the ruler
        self._left = 0.0
        self.hide()
        self.message = QLabel(self)
        self.message.setStyleSheet("color: white; font-size: 24px;")
        row = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for key, step in (("-0.5 mm", -0.5), ("-0.1 mm", -0.1), ("+0.1 mm", 0.1), ("+0.5 mm", 0.5)):
            b = QPushButton(key)
            b.clicked.connect(lambda _=False, s=step: self.nudge_mm(s))
            row.addWidget(b)
            self.buttons[key] = b
        for key in ("Save", "Cancel"):
            b = QPushButton(key)
            row.addWidget(b)
            self.buttons[key] = b
        self.buttons["Save"].clicked.connect(self.save)
        self.buttons["Cancel"].clicked.connect(self.cancel)
        for b in self.buttons.values():
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            b.setStyleSheet(
                "font-size: 24px; min-height: 60px; min-width: 110px; color: white;"
                " background: #34425c; border-radius: 8px;"
            )
        self._row = QWidget(self)
        self._row.setLayout(row)

    def open(self, device_px_per_mm: float | None) -> None:
        """Show the ruler at ``device_px_per_mm`` (a guess of 96 dpi when the screen is unknown)."""
        parent = self.parentWidget()
        assert parent is not None  # the ruler is made over its window
        self.setGeometry(0, 0, parent.width(), parent.height())
        d = self.devicePixelRatioF() or 1.0
        k = device_px_per_mm or 96 / 25.4
        self._length = self.RULER_MM * k / d
        self._left = max(20.0, (self.width() - self._length) / 2)
        self._row.adjustSize()
        self._row.move((self.width() - self._row.width()) // 2, self.height() - self._row.height() - 30)
        self._update_message()
        self.show()
        self.raise_()

    def device_px_per_mm(self) -> float:
        return self._length * (self.devicePixelRatioF() or 1.0) / self.RULER_MM

    def nudge_mm(self, mm: float) -> None:
        """Lengthen (or shorten) the ruler by ``mm`` at the current scale."""
        self.set_length(self._length * (1 + mm / self.RULER_MM))

    def set_length(self, px: float) -> None:
        self._length = max(50.0, min(float(self.width() - self._left - 10), px))
        self._update_message()
        self.update()

    def save(self) -> None:
        try:
            k = scale_from_ruler(self._length * (self.devicePixelRatioF() or 1.0), self.RULER_MM)
        except ValueError as exc:
            self.message.setText(str(exc))
            self.message.adjustSize()
            return
        self.hide()
        self.saved.emit(k)

    def cancel(self) -> None:
        self.hide()
        self.cancelled.emit()

    def _update_message(self) -> None:
        self.message.setText(
            f"Lay a ruler along the scale. Drag until the marks match: 100 mm = {self.device_px_per_mm():.3f} px/mm"
        )
        self.message.adjustSize()
        self.message.move(20, 20)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.set_length(event.position().x() - self._left)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self.set_length(event.position().x() - self._left)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        try:
            p.fillRect(self.rect(), QColor(250, 250, 245))
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            top = self.height() * 0.35
            per_mm = self._length / self.RULER_MM
            p.fillRect(QRectF(self._left, top, self._length, per_mm * 30), QColor(255, 236, 150))
            p.setPen(QPen(QColor(0, 0, 0), max(1.0, per_mm * 0.15)))
            for mm in range(0, int(self.RULER_MM) + 1):
                x = self._left + mm * per_mm
                tick = 10 if mm % 10 == 0 else (7 if mm % 5 == 0 else 4)
                p.drawLine(QPoint(round(x), round(top)), QPoint(round(x), round(top + tick * per_mm)))
                if mm % 10 == 0:
                    p.drawText(QRectF(x - 30, top + 12 * per_mm, 60, 30), Qt.AlignmentFlag.AlignCenter, str(mm // 10))
            p.drawText(QRectF(self._left, top + 20 * per_mm, self._length, 40), Qt.AlignmentFlag.AlignCenter, "cm")
        finally:
            p.end()


class KioskWindow(QWidget):
    """One display's window: a :class:`SceneWidget` filling it, staff panels over it."""

    staff_exit = Signal()
    calibrated = Signal(float)  # device px per mm saved by staff
    touched = Signal(float, float)  # a player's touch: x, y in the window's logical pixels

    def __init__(self, title: str, pin_hash: str | None, scene_widget: SceneWidget | None = None) -> None:
        super().__init__(None, Qt.WindowType.FramelessWindowHint)
        self.setWindowTitle(title)
        self.setCursor(Qt.CursorShape.BlankCursor)
        self.setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents, True)
        self.view = scene_widget or SceneWidget()
        self.view.setParent(self)
        self.view.setCursor(Qt.CursorShape.BlankCursor)
        self.view.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.pin_pad = PinPad(self, pin_hash)
        self.menu = StaffMenu(self, title)
        self.ruler = RulerPanel(self)
        self.pin_pad.accepted.connect(self.menu.open)
        self.pin_pad.accepted.connect(lambda: self.setCursor(Qt.CursorShape.ArrowCursor))
        self.pin_pad.cancelled.connect(self._staff_done)
        self.menu.back.clicked.connect(self._staff_done)
        self.menu.exit_requested.connect(self.exit_by_staff)
        self.menu.calibrate_requested.connect(self._calibrate)
        self.ruler.saved.connect(self._ruler_saved)
        self.ruler.cancelled.connect(self._staff_done)
        self._may_close = False
        self._hold = QTimer(self)
        self._hold.setSingleShot(True)
        self._hold.setInterval(int(HOLD_SECONDS * 1000))
        self._hold.timeout.connect(self.pin_pad.open)
        self.device_px_per_mm: float | None = None

    def exit_by_staff(self) -> None:
        """Close the window for good (staff chose *Exit display*)."""
        self._may_close = True
        self.staff_exit.emit()
        self.close()

    def allow_close(self) -> None:
        """Let the next close go through (the process is shutting down)."""
        self._may_close = True

    def _staff_done(self) -> None:
        self.setCursor(Qt.CursorShape.BlankCursor)

    def _calibrate(self) -> None:
        self.ruler.open(self.device_px_per_mm)

    def _ruler_saved(self, k: float) -> None:
        self._staff_done()
        self.calibrated.emit(k)

    def in_staff_corner(self, pos: QPoint) -> bool:
        side = min(self.width(), self.height()) * _CORNER_SHARE
        return pos.x() <= side and pos.y() <= side

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.view.setGeometry(0, 0, self.width(), self.height())
        if self.ruler.isVisible():
            self.ruler.setGeometry(0, 0, self.width(), self.height())

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.in_staff_corner(event.position().toPoint()) and not self.pin_pad.isVisible():
            self._hold.start()
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._hold.stop()
        event.accept()
        if not any(panel.isVisible() for panel in (self.pin_pad, self.menu, self.ruler)):
            self.touched.emit(event.position().x(), event.position().y())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._hold.isActive() and not self.in_staff_corner(event.position().toPoint()):
            self._hold.stop()
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        event.accept()  # no key does anything on a kiosk (Escape, F11, Alt+F4 included)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._may_close:
            event.accept()
        else:
            event.ignore()
