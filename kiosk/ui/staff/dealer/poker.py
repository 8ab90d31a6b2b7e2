"""The poker room at the dealer's panel: the time-to-act clock for a seat (002 r6.14), "Hand
complete", the changes waiting for the end of a hand with what each waits for (002 r6.9
notice of three hands or a majority; 002 r7.3 a commission change, until the table's displays
show it), and the marker buttons at each seat (002 r8.1.3): choose a seat, then touch a button to
place it or take it away; the layout display shows them at the seats."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QWidget

from kiosk.rules.poker_buttons import BUTTONS, SEATS
from kiosk.state.shapes import LinkState, PendingChange, TableState
from kiosk.ui.staff.dealer.base import GameSection, heading
from kiosk.ui.staff.ops import Operations
from kiosk.ui.widgets.touch import TouchButton
from kiosk.views import builders
from kiosk.views.console.table_controls import seat_words, toggled
from kiosk.views.facts import poker_buttons, poker_state

__all__ = ["PokerSection"]

_CHECKED = "QPushButton:checked { background:#1565c0; color:#ffffff; }"


class PokerSection(GameSection):
    games = ("poker",)

    def __init__(
        self, table_id: str, ops: Operations, parent: QWidget | None = None, *, k: float | None = None
    ) -> None:
        super().__init__(table_id, ops, parent, k=k)
        self.status = heading("", self.k, 5.0)
        self.layout_.addWidget(self.status)
        self.layout_.addWidget(heading("Start the time-to-act clock for seat:", self.k, 3.5))
        pad = self.grid()
        self.seats: dict[int, TouchButton] = {}
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
        self.waiting = heading("", self.k, 3.5)
        self.layout_.addWidget(self.waiting)

        self.layout_.addWidget(heading("Marker buttons (002 r8.1.3): seat, then the button", self.k, 3.5))
        row = QHBoxLayout()
        self.button_seat = 1
        self.button_seats: dict[int, TouchButton] = {}
        for seat in range(1, SEATS + 1):
            b = self.button(str(seat), checkable=True, text_mm=4.5)
            b.setStyleSheet(_CHECKED)
            b.setAccessibleName(f"marker buttons of seat {seat}")
            b.clicked.connect(lambda _=False, s=seat: self._choose_seat(s))
            row.addWidget(b)
            self.button_seats[seat] = b
        self.layout_.addLayout(row)
        marks = self.grid()
        self.markers: dict[str, TouchButton] = {}
        for i, (code, spec) in enumerate(BUTTONS.items()):
            b = self.button(spec.name, checkable=True, text_mm=3.5)
            b.setStyleSheet(_CHECKED)
            b.setToolTip(f"{spec.name}: {spec.means} ({spec.rule})")
            b.clicked.connect(lambda _=False, c=code, w=b: self._toggle(c, w))
            marks.addWidget(b, i // 4, i % 4)
            self.markers[code] = b
        self.layout_.addLayout(marks)
        self.seat_line = heading("", self.k, 3.5)
        self.layout_.addWidget(self.seat_line)
        self.held: dict[int, tuple[str, ...]] = {}
        self.layout_.addWidget(self.feedback)
        self._choose_seat(1)

    def _choose_seat(self, seat: int) -> None:
        self.button_seat = seat
        for n, b in self.button_seats.items():
            b.setChecked(n == seat)
        self._show_buttons()

    def _toggle(self, code: str, control: TouchButton) -> None:
        seat = self.button_seat
        wanted = toggled(self.held.get(seat, ()), code, seat)
        self._show_buttons()  # the stream, not the touch, checks the buttons
        self.send(builders.poker_buttons(self.table_id, seat, list(wanted)), control)

    def _show_buttons(self) -> None:
        held = self.held.get(self.button_seat, ())
        for code, b in self.markers.items():
            b.setChecked(code in held)
        placed = [seat_words(seat, codes) for seat, codes in sorted(self.held.items())]
        self.seat_line.setText("; ".join(placed) if placed else "No marker buttons placed")

    def show_state(self, table: TableState, link: LinkState | None) -> None:
        gs = poker_state(table)
        clock = gs.get("clock") if gs is not None else None
        self.stop_clock.setEnabled(bool(clock))
        self.status.setText(
            f"Clock running for seat {clock['seat']} ({clock['seconds']} s)"
            if clock
            else f"{table.get('hands_completed', 0)} hands completed; no clock running"
        )
        self.waiting.setText("\n".join(waiting_line(item) for item in table.get("pending") or []))
        self.held = dict(poker_buttons(table))
        self._show_buttons()


def waiting_line(item: PendingChange) -> str:
    """One pending change and what it waits for, for the dealer."""
    what = ", ".join(
        "commission" if k == "rake" else k.removesuffix("_cents").replace("_", " ")
        for k in sorted(item.get("limits") or {})
    )
    waits = []
    notice = item.get("notice")
    if notice:
        more = max(0, 3 - int(notice.get("hands_completed", 0)))
        waits.append(
            f"{more} more hand{'s' if more != 1 else ''} of notice or a majority (002 r6.9)"
            if more
            else "the end of this hand (002 r6.9)"
        )
    if item.get("commission"):
        waits.append("the table's displays to show it (002 r7.3)")
    return f"Waiting: {what} change - for {' and '.join(waits) or 'the end of a hand'}"
