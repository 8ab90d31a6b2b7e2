"""Bonus blackjack at the dealer's panel: nominate the round's blackjack (003 s50C(3)): the ace
of a suit and a 10, jack, queen or king of the same suit; the nominated blackjack sign follows.
Then the round's bonus wagers, one per box, before the first card is dealt (s50B)."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QWidget

from kiosk.state.shapes import LinkState, TableState
from kiosk.ui.staff.dealer.base import GameSection, heading
from kiosk.ui.staff.dealer.bonus_wagers import BonusWagersBox
from kiosk.ui.staff.ops import Operations
from kiosk.ui.widgets.touch import TouchButton
from kiosk.views.facts import blackjack_state

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
        self.bonus = BonusWagersBox(table_id, ops, self.k, self.feedback, self)  # 003 s50B
        self.layout_.addWidget(self.bonus)
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
        self.bonus.show_state(table)
        settings = table.get("settings") or {}
        if not (table.get("limits") or {}).get("bonus_blackjack"):
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
