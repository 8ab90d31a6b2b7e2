"""Bonus blackjack wagers at the dealer's panel (003 s50B): the boxes whose first player placed the
$1 bonus wager this round, one per box, recorded before the round's first card is dealt; the
blackjack section shows it under the nomination (:func:`kiosk.views.wager_checks.bonus_round`
decides what it says and allows)."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from kiosk.rules.blackjack import BOXES
from kiosk.state.shapes import TableState
from kiosk.ui.staff.ops import Feedback, Operations
from kiosk.ui.widgets.touch import TouchButton, text_px
from kiosk.views import builders
from kiosk.views.wager_checks import bonus_round

__all__ = ["BonusWagersBox"]


class BonusWagersBox(QWidget):
    """A button per box (checked: the box holds the round's bonus wager), "Record bonus wagers"
    for the newly checked ones, and "First card dealt" that closes them (s50B(3))."""

    def __init__(
        self, table_id: str, ops: Operations, k: float, feedback: Feedback, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.table_id = table_id
        self.ops = ops
        self.feedback = feedback
        self.held: tuple[int, ...] = ()
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        self.line = QLabel("")
        self.line.setWordWrap(True)
        font = self.line.font()
        font.setPixelSize(text_px(3.5, k))
        font.setBold(True)
        self.line.setFont(font)
        box.addWidget(self.line)
        row = QHBoxLayout()
        self.boxes: dict[int, TouchButton] = {}
        for n in range(1, BOXES + 1):
            b = TouchButton(str(n), self, k=k, text_mm=5.0, checkable=True)
            b.setAccessibleName(f"box {n}: its first player placed a bonus blackjack wager")
            row.addWidget(b)
            self.boxes[n] = b
        box.addLayout(row)
        row2 = QHBoxLayout()
        self.record = TouchButton("Record bonus wagers", self, k=k)
        self.record.clicked.connect(self._record)
        self.dealt = TouchButton("First card dealt: no more bonus wagers", self, k=k)
        self.dealt.clicked.connect(
            lambda: self.ops.submit(builders.blackjack_dealing(self.table_id), control=self.dealt, feedback=feedback)
        )
        row2.addWidget(self.record)
        row2.addWidget(self.dealt)
        box.addLayout(row2)

    def _record(self) -> None:
        new = [n for n, b in self.boxes.items() if b.isChecked() and n not in self.held]
        command = builders.bonus_wagers(self.table_id, new)
        self.ops.submit(command, control=self.record, feedback=self.feedback)

    def show_state(self, table: TableState) -> None:
        """Follow the table's round as the stream reports it."""
        state = bonus_round(table)
        self.setVisible(state.offered)
        self.held = state.boxes
        self.line.setText(state.line())
        for n, b in self.boxes.items():
            b.setChecked(n in state.boxes)
            b.setEnabled(state.open and n not in state.boxes)
        self.record.setEnabled(state.open)
        self.dealt.setEnabled(state.open)
