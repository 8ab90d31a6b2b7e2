"""The pit's actions in play at one table: what the law gives a pit boss or a casino key
employee, not the dealer (``docs/readings.md`` A-44).

* Close the table after a number of rounds (003 s32(3): "a pit boss or assistant pit boss
  directs only 3 more rounds to be played before the table is closed"); the table's displays
  count the rounds down; withdraw it to reopen.
* Tri-chro: record the inspector's approval of a new drawing after the random result generator
  malfunctioned (001 s466(b)), with the inspector's name (an inspector holds no token: the pit
  records the approval the inspector gave).
* Two-up dice: overrule the dealer's last 'no spin' call with the result the dice showed (004
  sch13 s20(4): "a casino key employee responsible for managing table games").

Which actions are open is asked of the service's own code on the mirrored floor
(:func:`kiosk.views.console.table_controls.pit_actions`); a refusal and its citation show beside
the controls.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from kiosk.rules.closing import MOST_ROUNDS, SEED_ROUNDS
from kiosk.ui.staff.console.context import ConsoleContext
from kiosk.ui.staff.ops import Feedback
from kiosk.ui.widgets.touch import TouchButton
from kiosk.views import builders
from kiosk.views.console.table_controls import pit_actions

__all__ = ["TablePage"]


class TablePage(QWidget):
    def __init__(self, ctx: ConsoleContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.picker = QComboBox()
        self.picker.setAccessibleName("table")
        self.picker.currentTextChanged.connect(lambda _t: self.refresh())
        self.state = QLabel("")
        self.state.setWordWrap(True)
        self.feedback = Feedback()

        closing = QGroupBox("Close the table after more rounds (003 s32(3))")
        self.rounds = QSpinBox()
        self.rounds.setRange(1, MOST_ROUNDS)
        self.rounds.setValue(SEED_ROUNDS)
        self.rounds.setSuffix(" more rounds")
        self.rounds.setAccessibleName("rounds to play before the table closes")
        self.direct = TouchButton("Direct the closing", text_mm=3.0)
        self.direct.clicked.connect(
            lambda: self._send(builders.table_closing(self.table_id, self.rounds.value()), self.direct)
        )
        self.withdraw = TouchButton("Withdraw: the table stays open", text_mm=3.0)
        self.withdraw.clicked.connect(lambda: self._send(builders.table_closing(self.table_id, None), self.withdraw))
        row = QHBoxLayout(closing)
        row.addWidget(self.rounds)
        row.addWidget(self.direct)
        row.addWidget(self.withdraw)

        self.inspector_box = QGroupBox("Tri-chro: the inspector's approval of a new drawing (001 s466(b))")
        self.inspector = QLineEdit()
        self.inspector.setPlaceholderText("the inspector's name")
        self.inspector.setAccessibleName("inspector who approved the new drawing")
        self.inspector.textChanged.connect(lambda _t: self.refresh())
        self.approve = TouchButton("Record the approval", text_mm=3.0)
        self.approve.clicked.connect(
            lambda: self._send(
                builders.trichro_approve_redraw(self.table_id, self.inspector.text().strip()), self.approve
            )
        )
        form = QFormLayout(self.inspector_box)
        form.addRow("Inspector", self.inspector)
        form.addRow("", self.approve)

        self.overrule_box = QGroupBox("Two-up: overrule the last 'no spin' call (004 sch13 s20(4))")
        row2 = QHBoxLayout(self.overrule_box)
        row2.addWidget(QLabel("The dice showed:"))
        self.overrule: dict[str, TouchButton] = {}
        for code, word in (("H", "Heads"), ("T", "Tails"), ("O", "Odds")):
            b = TouchButton(word, text_mm=3.0)
            b.setAccessibleName(f"overrule: the spin stands as {word.lower()}")
            b.clicked.connect(
                lambda _=False, c=code, w=b: self._send(builders.twoup_overrule_invalid(self.table_id, c), w)
            )
            row2.addWidget(b)
            self.overrule[code] = b

        top = QFormLayout()
        top.addRow("Table", self.picker)
        box = QVBoxLayout(self)
        box.addLayout(top)
        box.addWidget(self.state)
        box.addWidget(closing)
        box.addWidget(self.inspector_box)
        box.addWidget(self.overrule_box)
        box.addWidget(self.feedback)
        box.addStretch(1)
        ctx.feed.changed.connect(lambda kind, ident: self.refresh())
        ctx.ops.finished.connect(lambda _: self.refresh())  # the write path re-enabled the button: re-decide it

    @property
    def table_id(self) -> str:
        return self.picker.currentText()

    def select(self, table_id: str) -> None:
        self.picker.setCurrentText(table_id)

    def _send(self, command: dict[str, Any], control: QWidget) -> None:
        table = self.ctx.feed.table(self.table_id)
        if table is not None:
            command = {**command, "expected_version": table["version"]}
        self.ctx.ops.submit(command, control=control, feedback=self.feedback)

    def refresh(self) -> None:
        tables = self.ctx.feed.state.tables
        ids = sorted(tables)
        if [self.picker.itemText(i) for i in range(self.picker.count())] != ids:
            current = self.picker.currentText()
            self.picker.blockSignals(True)
            self.picker.clear()
            self.picker.addItems(ids)
            self.picker.blockSignals(False)
            if current in ids:
                self.picker.setCurrentText(current)
        if self.table_id not in tables:
            self.state.setText("No tables on this floor.")
            for w in (self.direct, self.withdraw, self.approve, *self.overrule.values()):
                w.setEnabled(False)
            self.inspector_box.setVisible(False)
            self.overrule_box.setVisible(False)
            return
        table = tables[self.table_id]
        actions = pit_actions(self.table_id, tables, self.ctx.feed.state.links)
        self.state.setText(f"<b>{table['display_name']}</b> ({table['id']})<br>" + "<br>".join(actions.lines))
        self.direct.setEnabled(actions.direct is None)
        self.withdraw.setEnabled(actions.withdraw is None)
        self.inspector_box.setVisible(actions.shows_inspector)
        self.approve.setEnabled(actions.inspector is None and bool(self.inspector.text().strip()))
        self.overrule_box.setVisible(actions.shows_overrule)
        for b in self.overrule.values():
            b.setEnabled(actions.overrule is None)
