"""Two-up dice at the dealer's control panel (004 sch13).

A spinner's game starts with a seat and a call, or the dealer spinning with no wager (s5, s6);
"no more bets" before each spin (s7(1)); then heads, tails, odds or "no spin" (s2, s20). The
panel prompts when the spinner must change after three invalid spins (s21) or when the dealer
takes over (s10(4)); a light marked failed is replaced on the display by a result card (s19(2)).
"""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QSpinBox, QWidget

from kiosk.state.shapes import LinkState, TableState
from kiosk.ui.staff.dealer.base import GameSection, heading
from kiosk.ui.staff.ops import Operations
from kiosk.ui.widgets.touch import TouchButton
from kiosk.views.facts import twoup_failed_lights, twoup_state

__all__ = ["TwoUpSection"]

_SETS = (("heads", 3), ("tails", 3), ("odds", 5))


class TwoUpSection(GameSection):
    games = ("two_up_dice",)

    def __init__(
        self, table_id: str, ops: Operations, parent: QWidget | None = None, *, k: float | None = None
    ) -> None:
        super().__init__(table_id, ops, parent, k=k)
        self.status = heading("", self.k, 5.0)
        self.prompt = heading("", self.k, 4.5)
        self.prompt.setStyleSheet("QLabel { background:#fff2cc; color:#3b2a00; padding:6px; }")
        self.layout_.addWidget(self.status)
        self.layout_.addWidget(self.prompt)

        start = QHBoxLayout()
        self.seat = QSpinBox(self)
        self.seat.setRange(1, 99)
        self.seat.setPrefix("seat ")
        self.seat.setMinimumHeight(round(9 * self.k))
        font = self.seat.font()
        font.setPixelSize(max(10, round(4.0 * self.k / 0.72)))
        self.seat.setFont(font)
        self.seat.setAccessibleName("spinner's seat")
        start.addWidget(self.seat)
        self.new_heads = self.button("New spinner: heads")
        self.new_heads.clicked.connect(lambda: self._new_game("heads", self.new_heads))
        self.new_tails = self.button("New spinner: tails")
        self.new_tails.clicked.connect(lambda: self._new_game("tails", self.new_tails))
        self.new_dealer = self.button("Dealer spins")
        self.new_dealer.clicked.connect(
            lambda: self.send({"type": "twoup_new_game", "seat": None, "call": None}, self.new_dealer)
        )
        for b in (self.new_heads, self.new_tails, self.new_dealer):
            start.addWidget(b)
        self.layout_.addLayout(start)

        self.no_more_bets = self.button("No more bets", "N")
        self.no_more_bets.clicked.connect(lambda: self.send({"type": "twoup_no_more_bets"}, self.no_more_bets))
        self.layout_.addWidget(self.no_more_bets)

        spins = QHBoxLayout()
        self.spin_buttons: dict[str, TouchButton] = {}
        for code, text, key in (("H", "HEADS", "H"), ("T", "TAILS", "T"), ("O", "ODDS", "O"), ("X", "NO SPIN", "X")):
            b = self.button(text, key, text_mm=6.0, min_mm=16.0)
            b.clicked.connect(lambda _=False, c=code, w=b: self.send({"type": "twoup_spin", "result": c}, w))
            spins.addWidget(b)
            self.spin_buttons[code] = b
        self.layout_.addLayout(spins)

        self.stops = self.button("Spinner stops (dealer takes over)")
        self.stops.clicked.connect(lambda: self.send({"type": "twoup_spinner_stops"}, self.stops))
        self.layout_.addWidget(self.stops)

        self.layout_.addWidget(
            heading("Result lights: touch to mark failed or repaired (004 sch13 s19(2))", self.k, 3.5)
        )
        lights = self.grid()
        self.light_buttons: dict[tuple[str, int], TouchButton] = {}
        for row, (name, count) in enumerate(_SETS):
            for i in range(1, count + 1):
                b = self.button(f"{name[0].upper()}{i}", checkable=True, text_mm=3.5)
                b.clicked.connect(lambda _=False, n=name, j=i, w=b: self._toggle_light(n, j, w))
                lights.addWidget(b, row, i - 1)
                self.light_buttons[(name, i)] = b
        self.layout_.addLayout(lights)
        self.layout_.addWidget(self.feedback)
        self._failed: dict[str, list[int]] = {"heads": [], "tails": [], "odds": []}

    def _new_game(self, call: str, control: QWidget) -> None:
        self.send({"type": "twoup_new_game", "seat": self.seat.value(), "call": call}, control)

    def _toggle_light(self, name: str, index: int, control: TouchButton) -> None:
        failed = index not in self._failed.get(name, [])
        control.setChecked(not failed)  # the stream sets the real state
        self.send({"type": "twoup_light", "light": name, "index": index, "failed": failed}, control)

    def show_state(self, table: TableState, link: LinkState | None) -> None:
        gs = twoup_state(table)
        if gs is None:  # the panel gives this section two-up tables only
            return
        game = gs.get("game")
        self._failed = {}
        for kind, index in twoup_failed_lights(table):
            self._failed.setdefault(kind, []).append(index)
        for (name, i), b in self.light_buttons.items():
            failed = i in self._failed.get(name, [])
            b.setChecked(failed)
            b.setText(f"{name[0].upper()}{i}{' FAILED' if failed else ''}")
            b.setStyleSheet("QPushButton:checked { background:#b00020; color:white; }")
        decided = game is None or game.get("outcome") is not None
        phase = gs.get("phase", "betting")
        for b in (self.new_heads, self.new_tails, self.new_dealer):
            b.setEnabled(decided)
        self.no_more_bets.setEnabled(not decided and phase != "no_more_bets")
        for b in self.spin_buttons.values():
            b.setEnabled(not decided and phase == "no_more_bets")
        self.stops.setEnabled(not decided and bool(game and game.get("seat") is not None))
        if game is None:
            self.status.setText("No spinner yet: start a game")
            self.prompt.setVisible(False)
            return
        lights = game.get("lights") or {}
        who = "dealer" if game.get("seat") is None else f"seat {game['seat']} calls {game.get('call')}"
        outcome = game.get("outcome")
        self.status.setText(
            f"Game {game.get('number')}: {who}; lit H{lights.get('heads', 0)} T{lights.get('tails', 0)} "
            f"O{lights.get('odds', 0)}; "
            + (
                f"decided: {outcome.upper()}"
                if outcome
                else ("no more bets: enter the spin" if phase == "no_more_bets" else "bets open")
            )
        )
        prompts = []
        if game.get("must_change_spinner"):
            prompts.append("Three invalid spins in a row: the spinner must change (004 sch13 s21)")
        if game.get("spinner") == "dealer" and game.get("seat") is not None:
            prompts.append("The dealer spins until the wager is decided (004 sch13 s10(4))")
        if outcome and game.get("seat") is not None and not game.get("spinner_may_continue"):
            prompts.append("This spinner must stop: offer the dice to the next player (004 sch13 s5, s10(2))")
        self.prompt.setText("\n".join(prompts))
        self.prompt.setVisible(bool(prompts))
