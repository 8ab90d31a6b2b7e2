"""The dealer's steps before a straight or royal flush jackpot is paid (000 s245(5)): the floor
manager notified (who, how long ago) and the cards counted in the deck in use, recorded with
``jackpot_before_payment``; shown in the Caribbean stud section while the table's hit waits for
them (:func:`kiosk.views.jackpot_steps.payment_step` decides)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QSpinBox, QVBoxLayout, QWidget

from kiosk.rules.caribbean import BEFORE_PAYMENT_RULE, DECK_CARDS
from kiosk.rules.times import parse_utc, utc_now
from kiosk.state.shapes import LinkState
from kiosk.ui.staff.ops import Feedback, Operations, Outcome
from kiosk.ui.widgets.touch import MIN_TARGET_MM, TouchButton, text_px
from kiosk.views import builders
from kiosk.views.jackpot_steps import MOST_MINUTES_AGO, notified_at, payment_step

__all__ = ["BeforePaymentBox"]

NOT_COUNTED = -1  # the count box's value before the dealer enters one: never sent


class BeforePaymentBox(QWidget):
    """Asks for the floor manager's notification and the count of the deck before a straight or
    royal flush jackpot of this table is paid, and sends them as one command."""

    def __init__(
        self, table_id: str, ops: Operations, k: float, feedback: Feedback, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.table_id = table_id
        self.ops = ops
        self.k = k
        self.feedback = feedback
        self.now = utc_now  # the one clock (kiosk.rules.times)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        self.line = QLabel("")
        self.line.setWordWrap(True)
        self._font(self.line, 4.0, bold=True)
        box.addWidget(self.line)
        row = QHBoxLayout()
        self.floor_manager = QLineEdit(self)
        self.floor_manager.setPlaceholderText("floor manager notified (name)")
        self.floor_manager.setAccessibleName("the floor manager the dealer notified")
        self.minutes = self._spin(0, MOST_MINUTES_AGO, "notified ", " min ago")
        self.minutes.setSpecialValueText("notified just now")
        self.minutes.setAccessibleName("how many minutes ago the floor manager was notified")
        self.cards = self._spin(NOT_COUNTED, 2 * DECK_CARDS, "", " cards counted")
        self.cards.setSpecialValueText("cards counted?")
        self.cards.setAccessibleName("the cards counted in the deck in use")
        self.cards.setValue(NOT_COUNTED)
        self.record = TouchButton("Record: floor manager notified, cards counted", self, k=k)
        self.record.clicked.connect(self._record)
        for w in (self.floor_manager, self.minutes, self.cards):
            w.setMinimumHeight(round(MIN_TARGET_MM * k))
            self._font(w, 4.0)
        row.addWidget(self.floor_manager, 2)
        row.addWidget(self.minutes, 1)
        row.addWidget(self.cards, 1)
        self.form = QWidget(self)
        form = QVBoxLayout(self.form)
        form.setContentsMargins(0, 0, 0, 0)
        form.addLayout(row)
        form.addWidget(self.record)
        box.addWidget(self.form)
        self.setVisible(False)

    def _font(self, w: QWidget, mm: float, bold: bool = False) -> None:
        font = w.font()
        font.setPixelSize(text_px(mm, self.k))
        font.setBold(bold)
        w.setFont(font)

    def _spin(self, low: int, high: int, prefix: str, suffix: str) -> QSpinBox:
        spin = QSpinBox(self)
        spin.setRange(low, high)
        spin.setPrefix(prefix)
        spin.setSuffix(suffix)
        return spin

    def _record(self) -> None:
        name = self.floor_manager.text().strip()
        counted = self.cards.value()
        if not name or counted == NOT_COUNTED:
            missing = "the floor manager you notified" if not name else "the cards you counted in the deck in use"
            self.feedback.show_outcome(Outcome("error", f"enter {missing} first", BEFORE_PAYMENT_RULE))
            return

        def command() -> dict[str, Any]:  # built when sent: "just now" is the moment it goes
            return builders.jackpot_before_payment(
                self.table_id, name, counted, notified_at=notified_at(self.now(), self.minutes.value())
            )

        self.ops.submit(command, control=self.record, feedback=self.feedback)

    def show_state(self, link: LinkState | None) -> None:
        """Follow the table's jackpot as the stream reports it."""
        step = payment_step(link, self.table_id)
        if step is None or not step.needed:
            self.setVisible(False)
            return
        self.setVisible(True)
        self.line.setText(step.line(_clock_time))
        self.form.setVisible(step.asks)
        if not step.asks:
            self.floor_manager.clear()
            self.minutes.setValue(0)
            self.cards.setValue(NOT_COUNTED)


def _clock_time(stored: str) -> str:
    """A stored UTC time as this computer's clock time (HH:MM), as the panel's banner shows times."""
    try:
        return parse_utc(stored).astimezone().strftime("%H:%M")
    except ValueError:
        return stored
