"""Caribbean stud at the dealer's control panel: the progressive jackpot (000 pt 14).

Each round the dealer records the jackpot wagers placed (their contribution goes to the meter,
000 s231(4)); a winning jackpot hand is entered with its five cards and the rules settle the
payments (s245-s247); the link is then locked, and "pending" on every linked table, until pit
staff record the payment and reset the meter.  At a table with jackpot slots, a place whose slot
light did not light when the player put a chip in (the player tells the dealer, s237(3)) is
marked: its wager is not accepted, and the layout display says so (s231(1)(b)).
"""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QSpinBox, QWidget

from kiosk.rules.money import format_money
from kiosk.state.shapes import LinkState, TableState
from kiosk.ui.staff.dealer.base import GameSection, heading
from kiosk.ui.staff.ops import Operations
from kiosk.ui.widgets.touch import TouchButton
from kiosk.views import builders
from kiosk.views.facts import layout_features, slots_in_play, slots_not_accepted

__all__ = ["CaribbeanSection"]

PLACES = 7


class CaribbeanSection(GameSection):
    games = ("caribbean_stud",)

    def __init__(
        self, table_id: str, ops: Operations, parent: QWidget | None = None, *, k: float | None = None
    ) -> None:
        super().__init__(table_id, ops, parent, k=k)
        self.meter = heading("", self.k, 6.0)
        self.layout_.addWidget(self.meter)

        self.layout_.addWidget(
            heading("Places with a jackpot wager this round (their slot lights light, 000 s231(1)):", self.k, 3.5)
        )
        row = QHBoxLayout()
        self.places: dict[int, TouchButton] = {}
        for place in range(1, PLACES + 1):
            b = self.button(str(place), checkable=True, text_mm=5.0)
            row.addWidget(b)
            self.places[place] = b
        self.layout_.addLayout(row)
        row = QHBoxLayout()
        self.wagers = self.button("Record jackpot wagers", "W")
        self.wagers.clicked.connect(self._wagers)
        self.round_end = self.button("Round over: lights out", "E")
        self.round_end.clicked.connect(lambda: self.send({"type": "caribbean_round_end"}, self.round_end))
        row.addWidget(self.wagers)
        row.addWidget(self.round_end)
        self.layout_.addLayout(row)

        self.unlit_label = heading("Slot light did not light at place (wager not accepted, 000 s237(3)):", self.k, 3.5)
        self.layout_.addWidget(self.unlit_label)
        row_unlit = QHBoxLayout()
        self.unlit: dict[int, TouchButton] = {}
        for place in range(1, PLACES + 1):
            b = self.button(str(place), checkable=True, text_mm=5.0)
            b.setAccessibleName(f"the slot light of place {place} did not light")
            b.setStyleSheet("QPushButton:checked { background:#b00020; color:#ffffff; }")
            b.clicked.connect(lambda _=False, n=place, w=b: self._unlit(n, w))
            row_unlit.addWidget(b)
            self.unlit[place] = b
        self.layout_.addLayout(row_unlit)

        self.layout_.addWidget(heading("Jackpot hit: the winning player's place and five cards", self.k, 3.5))
        row2 = QHBoxLayout()
        self.place = self._spin(1, PLACES, "place ")
        self.cards = QLineEdit(self)
        self.cards.setPlaceholderText("e.g. AS KS QS JS TS")
        self.cards.setAccessibleName("the winning hand's five cards")
        self.cards.setMinimumHeight(round(9 * self.k))
        self.hit = self.button("Enter jackpot hit", "J")
        self.hit.clicked.connect(self._hit)
        row2.addWidget(self.place)
        row2.addWidget(self.cards, 2)
        row2.addWidget(self.hit)
        self.layout_.addLayout(row2)
        self.layout_.addWidget(self.feedback)

    def _spin(self, low: int, high: int, prefix: str) -> QSpinBox:
        box = QSpinBox(self)
        box.setRange(low, high)
        box.setPrefix(prefix)
        box.setMinimumHeight(round(9 * self.k))
        font = box.font()
        font.setPixelSize(max(10, round(4.0 * self.k / 0.72)))
        box.setFont(font)
        return box

    def _wagers(self) -> None:
        places = [n for n, b in self.places.items() if b.isChecked()]
        if places:
            self.send({"type": "jackpot_wagers", "places": places}, self.wagers)

    def _unlit(self, place: int, control: TouchButton) -> None:
        marked = not control.isChecked()  # the touch toggled it; the stream decides what it shows
        control.setChecked(marked)
        self.send(builders.caribbean_slot_unlit(self.table_id, place, unlit=not marked), control)

    def _hit(self) -> None:
        cards = self.cards.text().upper().replace(",", " ").split()
        self.send({"type": "jackpot_hit", "hands": {f"place {self.place.value()}": cards}}, self.hit)

    def show_state(self, table: TableState, link: LinkState | None) -> None:
        slots = "jackpot_slots" in layout_features(table)
        not_accepted = set(slots_not_accepted(table))
        self.unlit_label.setVisible(slots)
        for n, b in self.unlit.items():
            b.setVisible(slots)
            b.setChecked(n in not_accepted)
        if link is None:
            self.meter.setText("No jackpot at this table")
            for w in (self.wagers, self.hit, self.place, self.cards, self.round_end, *self.places.values()):
                w.setEnabled(False)
            return
        in_play = set(slots_in_play(table))
        for n, b in self.places.items():
            b.setChecked(n in in_play)
        amount = (link.get("meter") or {}).get("amount_cents", 0)
        pending = link.get("pending")
        text = f"{link.get('name') or link.get('id')}: {format_money(amount, always_cents=True)}"
        if pending:
            text += (
                f"  PENDING: hit at {pending.get('table_id', '?')}; locked until pit"
                " staff record the payment and reset (000 s245)"
            )
        self.meter.setText(text)
        for w in (self.wagers, self.hit, self.place, self.cards, *self.places.values()):
            w.setEnabled(not pending)
