"""Pai gow priority set markers at the dealer's panel (003 s421(1)(d)): the dealer types the total
of all wagers on each box; a box whose wagers total half the stated table maximum or more needs a
marker before the tiles are dealt, and only such a box takes one.  The boxes that need one are
checked as the totals are typed, and the service's own check says beside the button what it
would refuse (:func:`kiosk.views.wager_checks.priority_plan` decides)."""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from kiosk.state.shapes import TableState
from kiosk.ui.staff.ops import Feedback, Operations
from kiosk.ui.widgets.touch import MIN_TARGET_MM, TouchButton, text_px
from kiosk.views.wager_checks import PriorityPlan, half_maximum, marked_boxes, priority_plan

__all__ = ["PriorityBox"]


class PriorityBox(QWidget):
    """Each box's wager total and its priority set marker; one button records them all."""

    def __init__(
        self,
        table_id: str,
        ops: Operations,
        k: float,
        feedback: Feedback,
        boxes: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.table_id = table_id
        self.ops = ops
        self.feedback = feedback
        self.table: TableState | None = None
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        self.line = QLabel("")
        self.line.setWordWrap(True)
        self._font(self.line, k, 3.5, bold=True)
        box.addWidget(self.line)
        grid = QGridLayout()
        self.totals: dict[int, QLineEdit] = {}
        self.markers: dict[int, TouchButton] = {}
        for n in range(1, boxes + 1):
            field = QLineEdit(self)
            field.setPlaceholderText(f"box {n} $")
            field.setAccessibleName(f"the total of all wagers on box {n}")
            field.setMinimumHeight(round(MIN_TARGET_MM * k))
            self._font(field, k, 3.5)
            field.textChanged.connect(self._typed)
            grid.addWidget(field, 0, n - 1)
            self.totals[n] = field
            marker = TouchButton(f"P {n}", self, k=k, text_mm=4.0, checkable=True)
            marker.setAccessibleName(f"a priority set marker at box {n}")
            marker.clicked.connect(self._check)
            grid.addWidget(marker, 1, n - 1)
            self.markers[n] = marker
        box.addLayout(grid)
        self.hint = QLabel("")
        self.hint.setWordWrap(True)
        self._font(self.hint, k, 3.0)
        box.addWidget(self.hint)
        self.record = TouchButton("Record wager totals and priority set markers", self, k=k)
        self.record.clicked.connect(self._record)
        box.addWidget(self.record)

    @staticmethod
    def _font(w: QWidget, k: float, mm: float, bold: bool = False) -> None:
        font = w.font()
        font.setPixelSize(text_px(mm, k))
        font.setBold(bold)
        w.setFont(font)

    def plan(self) -> PriorityPlan:
        typed = {n: f.text() for n, f in self.totals.items()}
        marked = [n for n, b in self.markers.items() if b.isChecked()]
        return priority_plan(self.table, self.table_id, typed, marked)

    def _typed(self) -> None:
        """The boxes of half the table maximum or more take their markers as the totals are typed."""
        needed = set(self.plan().needed)
        for n, b in self.markers.items():
            if self.totals[n].text().strip():
                b.setChecked(n in needed)
        self._check()

    def _check(self) -> None:
        plan = self.plan()
        if plan.problem is None:
            self.hint.setText("")
            return
        rule = f" ({plan.rule})" if plan.rule and plan.rule not in plan.problem else ""
        self.hint.setText(f"{plan.problem}{rule}")

    def _record(self) -> None:
        plan = self.plan()
        if plan.command is None:  # a typing slip: nothing is sent
            self._check()
            return
        self.ops.submit(plan.command, control=self.record, feedback=self.feedback)

    def show_state(self, table: TableState) -> None:
        """Follow the round as the stream reports it: a new round clears the totals and markers."""
        previous = (self.table.get("game_state") or {}).get("round") if self.table is not None else None
        self.table = table
        round_ = (table.get("game_state") or {}).get("round")
        half = half_maximum(table)
        self.line.setText(
            "Priority set markers: wagers on a box of half the table maximum or more"
            + (f", {half}" if half else "")
            + "; type each box's total"
        )
        if previous is not None and previous != round_:
            for field in self.totals.values():
                field.blockSignals(True)
                field.clear()
                field.blockSignals(False)
        marked = set(marked_boxes(table))
        for n, b in self.markers.items():
            b.setChecked(n in marked)
        self._check()
