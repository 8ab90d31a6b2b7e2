"""Pai gow at the dealer's panel: who banks the round and where the chung is (003 s417, s424,
s425): the house, a player/banker at a box, or a player co-banking with the house at a box (the
chung shows both, s424(3); only where the house's liability is displayed, s421(1)(b)(i)); and the
boxes with a priority set marker (s421(1)(d)); the display shows both."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QWidget

from kiosk.state.shapes import LinkState, TableState
from kiosk.ui.staff.dealer.base import GameSection, heading
from kiosk.ui.staff.ops import Operations
from kiosk.ui.widgets.touch import TouchButton
from kiosk.views import builders
from kiosk.views.facts import pai_gow_state

__all__ = ["PaiGowSection"]

BOXES = 7


class PaiGowSection(GameSection):
    games = ("pai_gow",)

    def __init__(
        self, table_id: str, ops: Operations, parent: QWidget | None = None, *, k: float | None = None
    ) -> None:
        super().__init__(table_id, ops, parent, k=k)
        self.status = heading("", self.k, 5.0)
        self.layout_.addWidget(self.status)
        self.house = self.button("House banks (box 1)", "Shift+H")
        self.house.clicked.connect(
            lambda: self.send({"type": "pai_gow_bank", "banker": "house", "box": None}, self.house)
        )
        self.layout_.addWidget(self.house)
        self.layout_.addWidget(heading("Player/banker at box:", self.k, 3.5))
        row = QHBoxLayout()
        self.bank_buttons: dict[int, TouchButton] = {}
        for box in range(1, BOXES + 1):
            b = self.button(str(box), text_mm=5.0)
            b.clicked.connect(
                lambda _=False, n=box, w=b: self.send({"type": "pai_gow_bank", "banker": "player", "box": n}, w)
            )
            row.addWidget(b)
            self.bank_buttons[box] = b
        self.layout_.addLayout(row)
        self.co_label = heading("Co-banking with the house, player at box (003 s424(3)):", self.k, 3.5)
        self.layout_.addWidget(self.co_label)
        row_co = QHBoxLayout()
        self.co_bank_buttons: dict[int, TouchButton] = {}
        for box in range(1, BOXES + 1):
            b = self.button(str(box), text_mm=5.0)
            b.setAccessibleName(f"co-banking with the player at box {box}")
            b.clicked.connect(
                lambda _=False, n=box, w=b: self.send(builders.pai_gow_bank(self.table_id, "co_banking", n), w)
            )
            row_co.addWidget(b)
            self.co_bank_buttons[box] = b
        self.layout_.addLayout(row_co)
        self.layout_.addWidget(heading("Priority set markers (wagers of half the table maximum or more):", self.k, 3.5))
        row2 = QHBoxLayout()
        self.priority: dict[int, TouchButton] = {}
        for box in range(1, BOXES + 1):
            b = self.button(str(box), checkable=True, text_mm=5.0)
            b.clicked.connect(self._send_priority)
            row2.addWidget(b)
            self.priority[box] = b
        self.layout_.addLayout(row2)
        self.layout_.addWidget(self.feedback)

    def _send_priority(self) -> None:
        boxes = [n for n, b in self.priority.items() if b.isChecked()]
        self.send({"type": "pai_gow_priority", "boxes": boxes}, None)

    def show_state(self, table: TableState, link: LinkState | None) -> None:
        gs = pai_gow_state(table)
        if gs is None:  # the panel gives this section pai gow tables only
            return
        bank = gs.get("bank")
        marked = set(gs.get("priority_boxes") or [])
        co_banking = bool((table.get("limits") or {}).get("co_banking"))
        self.co_label.setVisible(co_banking)  # only where the house liability is displayed (003 s421(1)(b)(i))
        for b in self.co_bank_buttons.values():
            b.setVisible(co_banking)
        for n, b in self.priority.items():
            b.setChecked(n in marked)
        if bank is None:
            self.status.setText("No round yet: choose who banks")
        else:
            who = (
                "the house" if bank["banker"] == "house" else f"{bank['banker'].replace('_', '-')} at box {bank['box']}"
            )
            self.status.setText(
                f"Round {bank['round']}: {who} banks; chung at box {bank['box']}"
                + (f"; priority: {', '.join(map(str, sorted(marked)))}" if marked else "")
            )
