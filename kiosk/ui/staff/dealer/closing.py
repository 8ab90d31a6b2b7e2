"""The closing of the table at the top of every dealer panel (003 s32(3); ``docs/readings.md``
A-41): what the pit directed and the rounds remaining, and, where the game records no end of a
round (blackjack, pai gow, manila and draw poker), the dealer's button counting each round."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QSizePolicy, QVBoxLayout, QWidget

from kiosk.state.shapes import TableState
from kiosk.ui.staff.dealer.base import heading
from kiosk.ui.staff.ops import Feedback, Operations
from kiosk.ui.widgets.touch import TouchButton
from kiosk.views import builders
from kiosk.views.console.table_controls import closing_line, dealer_counts_rounds
from kiosk.views.facts import table_closing

__all__ = ["ClosingBar"]


class ClosingBar(QWidget):
    """Hidden while no closing is directed."""

    def __init__(self, table_id: str, ops: Operations, parent: QWidget | None = None, *, k: float) -> None:
        super().__init__(parent)
        self.table_id = table_id
        self.ops = ops
        self.line = heading("", k, 4.0)
        self.line.setStyleSheet("QLabel { background:#fcd34d; color:#111111; padding:6px; }")
        self.round_played = TouchButton("Round played", self, k=k)
        self.round_played.setAccessibleName("count a round played before the table closes")
        self.round_played.clicked.connect(self._played)
        self.feedback = Feedback(self)
        row = QHBoxLayout()
        row.addWidget(self.line, 3)
        row.addWidget(self.round_played, 1)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addLayout(row)
        box.addWidget(self.feedback)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.round_played.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setVisible(False)

    def _played(self) -> None:
        self.ops.submit(builders.closing_round_played(self.table_id), control=self.round_played, feedback=self.feedback)

    def show_state(self, table: TableState) -> None:
        closing = table_closing(table)
        self.setVisible(closing is not None)
        self.line.setText(closing_line(table))
        self.round_played.setVisible(closing is not None and dealer_counts_rounds(table))
        self.round_played.setEnabled(closing is not None and not closing.closed)
