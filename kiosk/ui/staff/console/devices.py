"""Settings of this display computer: check each screen's calibration against a real ruler
(and correct it), and the night brightness schedule (never dimmer than legibility allows).
They are the device settings ``kiosk display`` reads (:mod:`kiosk.ui.display.device_settings`)."""

from __future__ import annotations

from datetime import time
from pathlib import Path

from PySide6.QtCore import QTime
from PySide6.QtGui import QResizeEvent, QScreen
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSpinBox,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)

from kiosk.ui.display.app import ordered_screens, screen_scale
from kiosk.ui.display.device_settings import (
    MIN_BRIGHTNESS_PERCENT,
    BrightnessPeriod,
    DeviceSettings,
    DeviceSettingsError,
    default_settings_path,
    load_settings,
    save_settings,
)
from kiosk.ui.display.window import RulerPanel
from kiosk.ui.staff.console.context import ConsoleContext
from kiosk.ui.staff.ops import Feedback, Outcome

__all__ = ["DevicesPage"]


def _qtime(t: time) -> QTime:
    return QTime(t.hour, t.minute)


class DevicesPage(QWidget):
    def __init__(self, ctx: ConsoleContext, parent: QWidget | None = None, *, path: Path | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.path = path or default_settings_path()
        self.settings: DeviceSettings | None = None
        self.screens = QListWidget()
        self.screens.setAccessibleName("this computer's screens")
        self.check = QPushButton("Check this screen against a ruler")
        self.check.clicked.connect(self.open_ruler)
        self.ruler_host = QWidget()
        self.ruler_host.setMinimumHeight(260)
        self.ruler = RulerPanel(self.ruler_host)
        self.ruler.saved.connect(self.save_calibration)
        self.periods = QListWidget()
        self.periods.setAccessibleName("brightness periods")
        self.start = QTimeEdit(QTime(22, 0))
        self.end = QTimeEdit(QTime(6, 0))
        self.percent = QSpinBox()
        self.percent.setRange(MIN_BRIGHTNESS_PERCENT, 100)
        self.percent.setValue(60)
        self.percent.setSuffix(" %")
        self.add = QPushButton("Add period")
        self.add.clicked.connect(self.add_period)
        self.remove = QPushButton("Remove selected")
        self.remove.clicked.connect(self.remove_period)
        self.feedback = Feedback()
        self.where = QLabel("")
        box = QVBoxLayout(self)
        box.addWidget(self.where)
        box.addWidget(QLabel("Screens (calibration in device pixels per millimetre):"))
        box.addWidget(self.screens)
        box.addWidget(self.check)
        box.addWidget(self.ruler_host, 1)
        box.addWidget(QLabel(f"Night brightness (never below {MIN_BRIGHTNESS_PERCENT} %: signs stay legible):"))
        box.addWidget(self.periods)
        form = QFormLayout()
        row = QHBoxLayout()
        for w in (self.start, QLabel("to"), self.end, self.percent, self.add, self.remove):
            row.addWidget(w)
        form.addRow("Period", row)
        box.addLayout(form)
        box.addWidget(self.feedback)
        self.reload()

    def reload(self) -> None:
        try:
            self.settings = load_settings(self.path)
        except DeviceSettingsError as exc:
            self.feedback.show_outcome(Outcome("error", str(exc)))
            return
        self.where.setText(f"Device settings: {self.path}")
        self.screens.clear()
        for i, screen in enumerate(ordered_screens()):
            key, scale = screen_scale(screen, self.settings)
            k = f"{scale.px_per_mm:.3f} px/mm" if scale.known else "not calibrated"
            self.screens.addItem(f"screen {i}: {screen.name()} ({key}): {k}, {scale.source}")
        if self.screens.count():
            self.screens.setCurrentRow(0)
        self.periods.clear()
        for p in self.settings.brightness:
            self.periods.addItem(f"{p.start:%H:%M} to {p.end:%H:%M}: {p.percent} %")

    def _screen(self) -> QScreen | None:
        screens = ordered_screens()
        row = self.screens.currentRow()
        return screens[row] if 0 <= row < len(screens) else None

    def open_ruler(self) -> None:
        screen = self._screen()
        if screen is None or self.settings is None:
            return
        _key, scale = screen_scale(screen, self.settings)
        self.ruler.open(scale.px_per_mm)

    def save_calibration(self, px_per_mm: float) -> None:
        screen = self._screen()
        if screen is None or self.settings is None:
            return
        key, _scale = screen_scale(screen, self.settings)
        self._save(self.settings.with_calibration(key, px_per_mm, by=str(self.ctx.session.get("name", ""))))

    def add_period(self) -> None:
        if self.settings is None:
            return
        try:
            period = BrightnessPeriod(
                start=time(self.start.time().hour(), self.start.time().minute()),
                end=time(self.end.time().hour(), self.end.time().minute()),
                percent=self.percent.value(),
            )
        except ValueError as exc:
            self.feedback.show_outcome(Outcome("error", " ".join(str(exc).split())))
            return
        self._save(self.settings.model_copy(update={"brightness": (*self.settings.brightness, period)}))

    def remove_period(self) -> None:
        row = self.periods.currentRow()
        if self.settings is None or row < 0:
            return
        kept = tuple(p for i, p in enumerate(self.settings.brightness) if i != row)
        self._save(self.settings.model_copy(update={"brightness": kept}))

    def _save(self, settings: DeviceSettings) -> None:
        try:
            save_settings(settings, self.path)
        except (OSError, DeviceSettingsError) as exc:
            self.feedback.show_outcome(Outcome("error", f"{self.path}: {' '.join(str(exc).split())}"))
            return
        self.feedback.clear_outcome()
        self.reload()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.ruler.isVisible():
            self.ruler.setGeometry(0, 0, self.ruler_host.width(), self.ruler_host.height())
