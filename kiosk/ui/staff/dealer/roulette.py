"""Roulette at the dealer's panel: enter the winning number (0 to 36, a single zero wheel,
003 s131(2), (2A)); the layout lights it and the results board shows the last results.  When
the number did not light on the layout, record it: the result stands and the displays say so
(000 s78(7))."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from kiosk.state.shapes import LinkState, TableState
from kiosk.ui.staff.dealer.base import GameSection, heading
from kiosk.ui.staff.ops import Operations
from kiosk.ui.widgets.touch import TouchButton
from kiosk.views import builders
from kiosk.views.facts import illumination_fault, roulette_state

__all__ = ["RouletteSection"]


class RouletteSection(GameSection):
    games = ("roulette",)

    def __init__(
        self, table_id: str, ops: Operations, parent: QWidget | None = None, *, k: float | None = None
    ) -> None:
        super().__init__(table_id, ops, parent, k=k)
        self.status = heading("", self.k, 5.0)
        self.layout_.addWidget(self.status)
        pad = self.grid()
        self.numbers: dict[int, TouchButton] = {}
        zero = self.button("0", text_mm=5.0)
        zero.setStyleSheet("QPushButton { background:#1b7f3b; color:white; }")
        zero.clicked.connect(lambda _=False: self._enter(0))
        pad.addWidget(zero, 0, 0, 3, 1)
        self.numbers[0] = zero
        for n in range(1, 37):  # the cloth's order: three rows, twelve columns
            b = self.button(str(n), text_mm=5.0)
            b.clicked.connect(lambda _=False, n=n: self._enter(n))
            pad.addWidget(b, 2 - (n - 1) % 3, 1 + (n - 1) // 3)
            self.numbers[n] = b
        self.layout_.addLayout(pad)
        self.unlit = self.button("The number did not light: the result stands", "L")
        self.unlit.setAccessibleName("record an illumination fault (000 s78(7))")
        self.unlit.clicked.connect(lambda: self.send(builders.roulette_illumination_fault(self.table_id), self.unlit))
        self.layout_.addWidget(self.unlit)
        self.layout_.addWidget(self.feedback)

    def _enter(self, number: int) -> None:
        self.send({"type": "roulette_result", "number": number}, self.numbers[number])

    def show_state(self, table: TableState, link: LinkState | None) -> None:
        gs = roulette_state(table)
        if gs is None:  # the panel gives this section roulette tables only
            return
        number = gs.get("number")
        last = gs.get("results") or []
        fault = illumination_fault(table)
        self.unlit.setEnabled(number is not None and fault is None)
        if number is None:
            self.status.setText("Touch the winning number")
        else:
            self.status.setText(
                f"Winning number {number}; last: {' '.join(str(n) for n in last[:12])}"
                + ("; it did not light: the result stands (000 s78(7))" if fault else "")
            )
