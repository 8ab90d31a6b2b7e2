"""The poker room at the dealer's panel: the time-to-act clock for a seat (002 r6.14)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from kiosk.ui.dealer.base import GameSection, heading

__all__ = ["PokerSection"]

SEATS = 10


class PokerSection(GameSection):
    games = ("poker",)

    def __init__(self, table_id: str, ops, parent: QWidget | None = None, *, k: float | None = None) -> None:
        super().__init__(table_id, ops, parent, k=k)
        self.status = heading("", self.k, 5.0)
        self.layout_.addWidget(self.status)
        self.layout_.addWidget(heading("Start the time-to-act clock for seat:", self.k, 3.5))
        pad = self.grid()
        self.seats = {}
        for seat in range(1, SEATS + 1):
            b = self.button(str(seat), text_mm=5.0)
            b.clicked.connect(lambda _=False, s=seat, w=b: self.send({"type": "time_to_act", "seat": s}, w))
            pad.addWidget(b, (seat - 1) // 5, (seat - 1) % 5)
            self.seats[seat] = b
        self.layout_.addLayout(pad)
        self.stop_clock = self.button("Stop the clock", "Escape")
        self.stop_clock.clicked.connect(lambda: self.send({"type": "time_to_act", "seat": None}, self.stop_clock))
        self.layout_.addWidget(self.stop_clock)
        self.hand = self.button("Hand complete", "Shift+C")
        self.hand.clicked.connect(lambda: self.send({"type": "hand_complete"}, self.hand))
        self.layout_.addWidget(self.hand)
        self.layout_.addWidget(self.feedback)

    def show_state(self, table: dict[str, Any], link: dict[str, Any] | None) -> None:
        clock = (table.get("game_state") or {}).get("clock")
        self.stop_clock.setEnabled(bool(clock))
        self.status.setText(f"Clock running for seat {clock['seat']} ({clock['seconds']} s)" if clock
                            else f"{table.get('hands_completed', 0)} hands completed; no clock running")
