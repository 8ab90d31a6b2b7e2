"""The kiosk window: not closable by touch or keys, staff get in with a held corner and a PIN."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QCloseEvent

from kiosk.ui.display.device_settings import hash_pin
from kiosk.ui.display.window import HOLD_SECONDS, KioskWindow


@pytest.fixture
def window(qtbot):
    w = KioskWindow("D-1: limits of BJ-01", hash_pin("4711"))
    qtbot.addWidget(w)
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.allow_close()


def test_no_chrome_no_cursor_and_closing_is_refused(window, qtbot):
    assert window.windowFlags() & Qt.WindowType.FramelessWindowHint
    assert window.cursor().shape() == Qt.CursorShape.BlankCursor
    event = QCloseEvent()
    window.closeEvent(event)
    assert not event.isAccepted()
    window.close()
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    qtbot.keyClick(window, Qt.Key.Key_F4, Qt.KeyboardModifier.AltModifier)
    assert window.isVisible()


def test_a_short_touch_or_one_outside_the_corner_does_nothing(window, qtbot):
    qtbot.mousePress(window, Qt.MouseButton.LeftButton, pos=QPoint(20, 20))
    qtbot.wait(300)
    qtbot.mouseRelease(window, Qt.MouseButton.LeftButton, pos=QPoint(20, 20))
    qtbot.mousePress(window, Qt.MouseButton.LeftButton, pos=QPoint(640, 360))
    qtbot.wait(int(HOLD_SECONDS * 1000) + 300)
    assert not window.pin_pad.isVisible()
    qtbot.mouseRelease(window, Qt.MouseButton.LeftButton, pos=QPoint(640, 360))


def test_staff_hold_the_corner_enter_the_pin_and_exit(window, qtbot):
    qtbot.mousePress(window, Qt.MouseButton.LeftButton, pos=QPoint(15, 15))
    qtbot.waitUntil(window.pin_pad.isVisible, timeout=int(HOLD_SECONDS * 1000) + 2000)
    qtbot.mouseRelease(window, Qt.MouseButton.LeftButton, pos=QPoint(15, 15))
    for key in "4712":
        qtbot.mouseClick(window.pin_pad.buttons[key], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(window.pin_pad.buttons["OK"], Qt.MouseButton.LeftButton)
    assert window.pin_pad.prompt.text() == "Wrong PIN" and not window.menu.isVisible()
    for key in "4711":
        qtbot.mouseClick(window.pin_pad.buttons[key], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(window.pin_pad.buttons["OK"], Qt.MouseButton.LeftButton)
    assert window.menu.isVisible() and not window.pin_pad.isVisible()
    with qtbot.waitSignal(window.staff_exit, timeout=1000):
        qtbot.mouseClick(window.menu.exit, Qt.MouseButton.LeftButton)
    assert not window.isVisible()


def test_five_wrong_pins_lock_the_pad(window, qtbot):
    window.pin_pad.open()
    for _ in range(5):
        for key in "0000":
            window.pin_pad.press(key)
        window.pin_pad.press("OK")
    for key in "4711":
        window.pin_pad.press(key)
    window.pin_pad.press("OK")
    assert window.pin_pad.prompt.text().startswith("Locked") and not window.menu.isVisible()


def test_no_pin_configured_means_no_exit_by_touch(qtbot):
    w = KioskWindow("D-2", None)
    qtbot.addWidget(w)
    w.pin_pad.open()
    assert "No staff PIN" in w.pin_pad.prompt.text()
    for key in ["1", "2", "3", "4", "OK"]:
        w.pin_pad.press(key)
    assert not w.menu.isVisible()
    w.allow_close()


def test_ruler_calibration_gives_px_per_mm(window, qtbot):
    window.device_px_per_mm = 4.0
    window.menu.open()
    qtbot.mouseClick(window.menu.calibrate, Qt.MouseButton.LeftButton)
    assert window.ruler.isVisible()
    assert window.ruler.device_px_per_mm() == pytest.approx(4.0)
    for _ in range(5):
        qtbot.mouseClick(window.ruler.buttons["+0.1 mm"], Qt.MouseButton.LeftButton)
    expected = 4.0 * 1.001**5
    with qtbot.waitSignal(window.calibrated, timeout=1000) as saved:
        qtbot.mouseClick(window.ruler.buttons["Save"], Qt.MouseButton.LeftButton)
    assert saved.args[0] == pytest.approx(expected, rel=1e-3)
    assert not window.ruler.isVisible()
