"""Caribbean stud at the dealer's control panel: the progressive jackpot (000 pt 14).

Each round the dealer records the jackpot wagers placed (their contribution goes to the meter,
000 s231(4)); a winning jackpot hand is entered with its five cards and the rules settle the
payments (s245-s247); the link is then locked, and "pending" on every linked table, until pit
staff record the payment and reset the meter.  At a table with jackpot slots, a place whose slot
light did not light when the player put a chip in (the player tells the dealer, s237(3)) is
marked: its wager is not accepted, and the layout display says so (s231(1)(b)).  Before a
straight or royal flush is paid the dealer records the floor manager notified and the cards
counted in the deck (s245(5)).
"""

from __future__ import annotations

import asyncio
from functools import partial

from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QStackedWidget, QVBoxLayout, QWidget

from kiosk.rules.cards import Card
from kiosk.rules.money import format_money
from kiosk.state.shapes import LinkState, TableState
from kiosk.ui.staff.dealer.base import GameSection, heading
from kiosk.ui.staff.dealer.before_payment import BeforePaymentBox
from kiosk.ui.staff.ops import Operations, Outcome
from kiosk.ui.widgets.touch import TouchButton
from kiosk.views import builders
from kiosk.views.dealer.caribbean import (
    ALL_CARDS,
    PLACES,
    RANKS,
    SUIT_COLOURS,
    HandPick,
    card_face,
    payout_lines,
    recorded_text,
)
from kiosk.views.facts import layout_features, slots_in_play, slots_not_accepted

__all__ = ["CaribbeanSection"]

_SLOT_STYLE = (
    "QPushButton:checked { background:#ffd600; color:#000000; border:6px solid #1565c0; }"
    "QPushButton:disabled { background:#e0e0e0; color:#9e9e9e; }"
)
_CARD_STYLE = (
    "QPushButton {{ background:#ffffff; color:{fg}; border:2px solid #888; border-radius:6px; }}"
    "QPushButton:checked {{ background:#fff59d; border:6px solid #1565c0; }}"
    "QPushButton:disabled {{ background:#e0e0e0; color:#9e9e9e; }}"
)


class CaribbeanSection(GameSection):
    games = ("caribbean_stud",)

    def __init__(
        self, table_id: str, ops: Operations, parent: QWidget | None = None, *, k: float | None = None
    ) -> None:
        super().__init__(table_id, ops, parent, k=k)
        self.meter = heading("", self.k, 6.0)
        self.layout_.addWidget(self.meter)

        self.payout = heading("", self.k, 6.0)
        self.payout.setStyleSheet(
            "QLabel { background:#fff2cc; color:#3b2a00; padding:8px; border:3px solid #a66f00; }"
        )
        self.payout.setVisible(False)
        self.layout_.addWidget(self.payout)
        self.pages = QStackedWidget(self)
        round_page = QWidget(self.pages)
        rnd = QVBoxLayout(round_page)
        rnd.setContentsMargins(0, 0, 0, 0)
        rnd.addWidget(
            heading("Places with a jackpot wager this round (their slot lights light, 000 s231(1)):", self.k, 3.5)
        )
        row = QHBoxLayout()
        self.places: dict[int, TouchButton] = {}
        for place in range(1, PLACES + 1):
            b = self.button(str(place), checkable=True, text_mm=5.0)
            b.setAccessibleName(f"place {place}'s jackpot wager")
            b.setStyleSheet(_SLOT_STYLE)
            row.addWidget(b)
            self.places[place] = b
        rnd.addLayout(row)
        row = QHBoxLayout()
        self.wagers = self.button("Record jackpot wagers", "W")
        self.wagers.clicked.connect(self._wagers)
        self.round_end = self.button("Round over: lights out", "E")
        self.round_end.clicked.connect(lambda: self.send({"type": "caribbean_round_end"}, self.round_end))
        row.addWidget(self.wagers)
        row.addWidget(self.round_end)
        rnd.addLayout(row)

        self.unlit_label = heading("Slot light did not light at place (wager not accepted, 000 s237(3)):", self.k, 3.5)
        rnd.addWidget(self.unlit_label)
        row_unlit = QHBoxLayout()
        self.unlit: dict[int, TouchButton] = {}
        for place in range(1, PLACES + 1):
            b = self.button(str(place), checkable=True, text_mm=5.0)
            b.setAccessibleName(f"the slot light of place {place} did not light")
            b.setStyleSheet("QPushButton:checked { background:#b00020; color:#ffffff; }")
            b.clicked.connect(lambda _=False, n=place, w=b: self._unlit(n, w))
            row_unlit.addWidget(b)
            self.unlit[place] = b
        rnd.addLayout(row_unlit)

        self.recorded = heading("", self.k, 4.5)
        self.recorded.setStyleSheet("QLabel { color:#1b5e20; }")
        self.recorded.setVisible(False)
        rnd.addWidget(self.recorded)
        self.open_hit = self.button("Jackpot hit\u2026", "J")
        self.open_hit.setAccessibleName("enter a jackpot hit: the winner's place and five cards")
        self.open_hit.clicked.connect(lambda: self._show_hit(True))
        rnd.addWidget(self.open_hit)
        self.pages.addWidget(round_page)
        self.pages.addWidget(self._hit_page())
        self.layout_.addWidget(self.pages, 1)
        self.pick = HandPick()
        self.prize_cents = 0
        self.dead_mans_hand = False
        self._armed = False
        self._locked = False
        self.wager_cents: int | None = None
        self.before_payment = BeforePaymentBox(table_id, ops, self.k, self.feedback, self)  # 000 s245(5)
        self.layout_.addWidget(self.before_payment)
        self.layout_.addWidget(self.feedback)

    def _hit_page(self) -> QWidget:
        page = QWidget(self.pages)
        box = QVBoxLayout(page)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(heading("Jackpot hit: touch the winner's place, then the five cards", self.k, 4.0))
        row = QHBoxLayout()
        self.hit_places: dict[int, TouchButton] = {}
        group = QButtonGroup(page)
        for place in range(1, PLACES + 1):
            b = self.button(f"place {place}", checkable=True, text_mm=4.0)
            b.clicked.connect(lambda _=False, n=place: self._choose_place(n))
            group.addButton(b)
            row.addWidget(b)
            self.hit_places[place] = b
        box.addLayout(row)
        cards = self.grid()
        cards.setSpacing(max(3, round(1.0 * self.k)))
        self.card_buttons: dict[Card, TouchButton] = {}
        for card in ALL_CARDS:
            b = self.button(card_face(card), checkable=True, text_mm=4.0)
            b.setAccessibleName(card.name)
            b.setStyleSheet(_CARD_STYLE.format(fg="#c62828" if SUIT_COLOURS[card.suit] == "red" else "#111111"))
            b.clicked.connect(lambda _=False, c=card: self._toggle_card(c))
            cards.addWidget(b, "SHDC".index(card.suit), RANKS.index(card.rank))
            self.card_buttons[card] = b
        box.addLayout(cards, 4)
        self.hand_line = heading("", self.k, 5.0)
        box.addWidget(self.hand_line)
        row = QHBoxLayout()
        self.hit = self.button("Enter jackpot hit", text_mm=4.5)
        self.hit.clicked.connect(self._hit)
        self.hit_clear = self.button("Clear")
        self.hit_clear.clicked.connect(self._clear_hit)
        self.hit_back = self.button("Back", "Escape")
        self.hit_back.clicked.connect(lambda: self._show_hit(False))
        row.addWidget(self.hit, 3)
        row.addWidget(self.hit_clear, 1)
        row.addWidget(self.hit_back, 1)
        box.addLayout(row, 1)
        return page

    def _show_hit(self, on: bool) -> None:
        self._armed = False
        self.pages.setCurrentIndex(1 if on else 0)
        self._show_pick()

    def _choose_place(self, place: int) -> None:
        self.pick.choose_place(place)
        self._armed = False
        self._show_pick()

    def _toggle_card(self, card: Card) -> None:
        self.pick.toggle(card)
        self._armed = False
        self._show_pick()

    def _clear_hit(self) -> None:
        self.pick.clear()
        self._armed = False
        self._show_pick()

    def _show_pick(self) -> None:
        dmh = self.dead_mans_hand
        for place, b in self.hit_places.items():
            b.setChecked(place == self.pick.place)
        full = len(self.pick.cards) >= 5
        for card, b in self.card_buttons.items():
            chosen = card in self.pick.cards
            b.setChecked(chosen)
            b.setEnabled(chosen or not full)
        faces = "  ".join(card_face(c) for c in self.pick.cards)
        where = f"place {self.pick.place}" if self.pick.place else "no place yet"
        self.hand_line.setText(f"{where}: {faces or 'no cards yet'} \u2014 {self.pick.hand_name(dead_mans_hand=dmh)}")
        ready = self.pick.ready(dead_mans_hand=dmh) and not self._locked
        self.hit.setEnabled(ready)
        if self._armed and ready:
            self.hit.setText(self.pick.confirm_text(self.prize_cents, dead_mans_hand=dmh))
            self.hit.setStyleSheet("QPushButton { background:#1b5e20; color:white; }")
        else:
            self._armed = False
            self.hit.setText("Enter jackpot hit" if ready else "Touch the winner's place and five cards")
            self.hit.setStyleSheet("")

    def _wagers(self) -> None:
        places = [n for n, b in self.places.items() if b.isChecked()]
        if places:
            task = self.send({"type": "jackpot_wagers", "places": places}, self.wagers)
            task.add_done_callback(partial(self._wagers_sent, places=places))

    def _wagers_sent(self, task: asyncio.Task[Outcome], *, places: list[int]) -> None:
        """Say what was recorded (the places, and what they added at the table's wager)."""
        if task.cancelled() or task.exception() is not None or task.result().kind != "ok":
            self.recorded.setVisible(False)
            return
        self.recorded.setText(recorded_text(places, self.wager_cents))
        self.recorded.setVisible(True)

    def _unlit(self, place: int, control: TouchButton) -> None:
        marked = not control.isChecked()  # the touch toggled it; the stream decides what it shows
        control.setChecked(marked)
        self.send(builders.caribbean_slot_unlit(self.table_id, place, unlit=not marked), control)

    def _hit(self) -> None:
        """The first touch asks (the hand, the place and what it pays), the second records it."""
        if not self._armed:
            self._armed = True
            self._show_pick()
            return
        self._armed = False
        task = self.send({"type": "jackpot_hit", "hands": self.pick.command_hands()}, self.hit)
        task.add_done_callback(self._hit_sent)

    def _hit_sent(self, task: asyncio.Task[Outcome]) -> None:
        if not task.cancelled() and task.exception() is None and task.result().kind == "ok":
            self.pick.clear()
            self.pages.setCurrentIndex(0)
        self._show_pick()

    def show_state(self, table: TableState, link: LinkState | None) -> None:
        self.before_payment.show_state(link)
        slots = "jackpot_slots" in layout_features(table)
        not_accepted = set(slots_not_accepted(table))
        self.unlit_label.setVisible(slots)
        for n, b in self.unlit.items():
            b.setVisible(slots)
            b.setChecked(n in not_accepted)
        jackpot = table.get("settings", {}).get("jackpot") or {}
        self.dead_mans_hand = bool(isinstance(jackpot, dict) and jackpot.get("dead_mans_hand"))
        if link is None:
            self.meter.setText("No jackpot at this table")
            self._locked = True
            for w in (self.wagers, self.open_hit, self.round_end, *self.places.values()):
                w.setEnabled(False)
            self.payout.setVisible(False)
            self._show_pick()
            return
        in_play = set(slots_in_play(table))
        for n, b in self.places.items():
            b.setChecked(n in in_play)
        amount = (link.get("meter") or {}).get("amount_cents", 0)
        self.prize_cents = int(amount)
        wager = (link.get("wager_cents") or {}).get(self.table_id)
        self.wager_cents = int(wager) if isinstance(wager, int) else None
        pending = link.get("pending")
        lines = payout_lines(pending) if pending and pending.get("table_id") == self.table_id else []
        self.payout.setText("\n".join(lines))
        self.payout.setVisible(bool(lines))
        text = f"{link.get('name') or link.get('id')}: {format_money(amount, always_cents=True)}"
        if pending:
            text += (
                f"  PENDING: hit at {pending.get('table_id', '?')}; locked until pit"
                " staff record the payment and reset (000 s245)"
            )
        self.meter.setText(text)
        self._locked = bool(pending)
        for w in (self.wagers, self.open_hit, *self.places.values()):
            w.setEnabled(not pending)
        if pending and self.pages.currentIndex() == 1:
            self.pages.setCurrentIndex(0)
        self._show_pick()
