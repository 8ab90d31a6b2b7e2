"""Blackjack at the dealer's panel: nominate the round's bonus blackjack (003 s50C(3)): the ace
of a suit and a 10, jack, queen or king of the same suit; the nominated blackjack sign follows.
At a table with a card machine, a malfunction in a round and the procedure followed (003
ss65B-65D): the cards moved to another machine, or the round finished from a dealing shoe, when
the displays tell players they may have the round's wagers returned until the round is completed."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QWidget

from kiosk.rules.card_machine import PROCEDURES
from kiosk.state.shapes import LinkState, TableState
from kiosk.ui.staff.dealer.base import GameSection, heading
from kiosk.ui.staff.ops import Operations
from kiosk.ui.widgets.touch import TouchButton
from kiosk.views import builders
from kiosk.views.facts import blackjack_state, card_machine_procedure

__all__ = ["BlackjackSection"]

_SUITS = (("S", "\u2660 spades"), ("H", "\u2665 hearts"), ("D", "\u2666 diamonds"), ("C", "\u2663 clubs"))
_CARDS = (("10", "10"), ("J", "jack"), ("Q", "queen"), ("K", "king"))


class BlackjackSection(GameSection):
    games = ("blackjack",)

    def __init__(
        self, table_id: str, ops: Operations, parent: QWidget | None = None, *, k: float | None = None
    ) -> None:
        super().__init__(table_id, ops, parent, k=k)
        self.suit, self.card = "S", "K"
        self.status = heading("", self.k, 5.0)
        self.layout_.addWidget(self.status)
        self.suit_buttons: dict[str, TouchButton] = {}
        self.card_buttons: dict[str, TouchButton] = {}
        for options, store, attr in ((_SUITS, self.suit_buttons, "suit"), (_CARDS, self.card_buttons, "card")):
            row = QHBoxLayout()
            for code, text in options:
                b = self.button(text, checkable=True, text_mm=5.0)
                b.clicked.connect(lambda _=False, c=code, a=attr: self._choose(a, c))
                row.addWidget(b)
                store[code] = b
            self.layout_.addLayout(row)
        self.nominate = self.button("Nominate for this round", "Return")
        self.nominate.clicked.connect(
            lambda: self.send({"type": "nominate_blackjack", "suit": self.suit, "card": self.card}, self.nominate)
        )
        self.layout_.addWidget(self.nominate)

        self.machine_label = heading("Card machine malfunction in this round (003 ss65B-65D):", self.k, 3.5)
        self.layout_.addWidget(self.machine_label)
        machines = self.grid()
        self.machine: dict[str, TouchButton] = {}
        for i, (code, steps) in enumerate(PROCEDURES.items()):
            b = self.button(f"{steps.label} ({steps.rule})", text_mm=3.5)
            b.setToolTip(f"{steps.dealer} ({steps.rule})")
            b.clicked.connect(
                lambda _=False, c=code, w=b: self.send(builders.card_machine_malfunction(self.table_id, c), w)
            )
            machines.addWidget(b, i, 0)
            self.machine[code] = b
        self.layout_.addLayout(machines)
        self.machine_status = heading("", self.k, 3.5)
        self.layout_.addWidget(self.machine_status)
        self.round_completed = self.button("Round completed from the dealing shoe (003 s65D(2)(d))")
        self.round_completed.clicked.connect(
            lambda: self.send(builders.card_machine_round_completed(self.table_id), self.round_completed)
        )
        self.layout_.addWidget(self.round_completed)
        self.layout_.addWidget(self.feedback)
        self._choose("suit", self.suit)

    def _choose(self, attr: str, code: str) -> None:
        setattr(self, attr, code)
        for c, b in self.suit_buttons.items():
            b.setChecked(c == self.suit)
        for c, b in self.card_buttons.items():
            b.setChecked(c == self.card)

    def show_state(self, table: TableState, link: LinkState | None) -> None:
        gs = blackjack_state(table)
        if gs is None:  # the panel gives this section blackjack tables only
            return
        self._show_machine(table)
        settings = table.get("settings") or {}
        bonus = bool((table.get("limits") or {}).get("bonus_blackjack"))
        for w in (*self.suit_buttons.values(), *self.card_buttons.values(), self.nominate):
            w.setVisible(bonus)  # nothing to nominate at a table without bonus blackjack
        if not bonus:
            self.status.setText("This table does not play bonus blackjack: nothing to nominate")
            self.nominate.setEnabled(False)
            return
        self.nominate.setEnabled(True)
        suit, card = settings.get("nominated_suit"), settings.get("nominated_card")
        self.status.setText(
            f"Round {gs.get('round', 0)}: nominated blackjack ace and {card} of {suit}"
            if suit and card
            else "No blackjack nominated yet (003 s50C(3))"
        )

    def _show_machine(self, table: TableState) -> None:
        has_machine = bool((table.get("limits") or {}).get("card_machine"))
        for w in (self.machine_label, self.machine_status, self.round_completed, *self.machine.values()):
            w.setVisible(has_machine)
        code = card_machine_procedure(table)
        steps = PROCEDURES.get(code) if code else None
        self.round_completed.setEnabled(steps is not None and steps.wagers_may_be_returned)
        if steps is None:
            self.machine_status.setText("")
        elif steps.wagers_may_be_returned:
            self.machine_status.setText(
                f"The displays say players may have the round's wagers returned ({steps.rule}(a))"
            )
        else:
            self.machine_status.setText(f"Recorded: {steps.label.lower()}; the game continues ({steps.rule})")
