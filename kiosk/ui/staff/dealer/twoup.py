"""Two-up dice at the dealer's control panel (004 sch13).

A spinner's game starts with a seat and a call, or the dealer spinning with no wager (s5, s6);
"no more bets" before each spin (s7(1)); then heads, tails, odds or "no spin" (s2, s20). The
panel prompts when the spinner must change after three invalid spins (s21) or when the dealer
takes over (s10(4)); a light marked failed is replaced on the display by a result card (s19(2)),
so the lights are on a screen of their own and each change asks for a confirm.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QStackedWidget, QVBoxLayout, QWidget

from kiosk.state.shapes import LinkState, TableState
from kiosk.ui.staff.dealer.base import GameSection, heading
from kiosk.ui.staff.ops import Operations
from kiosk.ui.widgets.touch import TouchButton
from kiosk.views.dealer.twoup import LIGHT_SETS, SEAT_RANGE, LightChange, next_seat, status_text
from kiosk.views.facts import twoup_failed_lights, twoup_state

__all__ = ["TwoUpSection"]


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

        self.pages = QStackedWidget(self)
        game_page = QWidget(self.pages)
        game = QVBoxLayout(game_page)
        game.setContentsMargins(0, 0, 0, 0)
        game.setSpacing(self.layout_.spacing())
        start = QHBoxLayout()
        self.seat_value = SEAT_RANGE[0]
        self.seat_down = self.button("\u2212", text_mm=6.0)
        self.seat_down.setAccessibleName("the spinner's seat: one lower")
        self.seat_down.clicked.connect(lambda: self._seat(-1))
        self.seat_label = heading("", self.k, 5.0)
        self.seat_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.seat_up = self.button("+", text_mm=6.0)
        self.seat_up.setAccessibleName("the spinner's seat: one higher")
        self.seat_up.clicked.connect(lambda: self._seat(1))
        start.addWidget(self.seat_down)
        start.addWidget(self.seat_label)
        start.addWidget(self.seat_up)
        self.new_heads = self.button("New spinner: heads")
        self.new_heads.clicked.connect(lambda: self._new_game("heads", self.new_heads))
        self.new_tails = self.button("New spinner: tails")
        self.new_tails.clicked.connect(lambda: self._new_game("tails", self.new_tails))
        self.new_dealer = self.button("Dealer spins")
        self.new_dealer.clicked.connect(
            lambda: self.send({"type": "twoup_new_game", "seat": None, "call": None}, self.new_dealer)
        )
        for b in (self.new_heads, self.new_tails, self.new_dealer):
            start.addWidget(b, 2)
        game.addLayout(start)

        self.no_more_bets = self.button("No more bets", "N")
        self.no_more_bets.clicked.connect(lambda: self.send({"type": "twoup_no_more_bets"}, self.no_more_bets))
        game.addWidget(self.no_more_bets)

        spins = QHBoxLayout()
        self.spin_buttons: dict[str, TouchButton] = {}
        for code, text, key in (("H", "HEADS", "H"), ("T", "TAILS", "T"), ("O", "ODDS", "O"), ("X", "NO SPIN", "X")):
            b = self.button(text, key, text_mm=6.0, min_mm=16.0)
            b.clicked.connect(lambda _=False, c=code, w=b: self.send({"type": "twoup_spin", "result": c}, w))
            spins.addWidget(b)
            self.spin_buttons[code] = b
        game.addLayout(spins)

        row = QHBoxLayout()
        self.stops = self.button("Spinner stops (dealer takes over)")
        self.stops.clicked.connect(lambda: self.send({"type": "twoup_spinner_stops"}, self.stops))
        self.open_lights = self.button("Result lights\u2026")
        self.open_lights.setAccessibleName("mark a result light failed or repaired (004 sch13 s19(2))")
        self.open_lights.clicked.connect(lambda: self._show_lights(True))
        row.addWidget(self.stops, 2)
        row.addWidget(self.open_lights, 1)
        game.addLayout(row)
        self.pages.addWidget(game_page)

        lights_page = QWidget(self.pages)
        lights_box = QVBoxLayout(lights_page)
        lights_box.setContentsMargins(0, 0, 0, 0)
        lights_box.addWidget(
            heading("Result lights: a failed light is replaced by a result card (004 sch13 s19(2))", self.k, 4.0)
        )
        lights = self.grid()
        self.light_buttons: dict[tuple[str, int], TouchButton] = {}
        for row_i, (name, count) in enumerate(LIGHT_SETS):
            for i in range(1, count + 1):
                b = self.button(f"{name.upper()} {i}", checkable=True, text_mm=4.0)
                b.clicked.connect(lambda _=False, n=name, j=i: self._pick_light(n, j))
                lights.addWidget(b, row_i, i - 1)
                self.light_buttons[(name, i)] = b
        lights_box.addLayout(lights, 3)
        self.light_question = heading("", self.k, 4.5)
        lights_box.addWidget(self.light_question)
        row = QHBoxLayout()
        self.light_confirm = self.button("Confirm", text_mm=4.5)
        self.light_confirm.setStyleSheet("QPushButton:enabled { background:#b00020; color:white; }")
        self.light_confirm.clicked.connect(self._confirm_light)
        self.light_done = self.button("Back to the game", "Escape")
        self.light_done.clicked.connect(lambda: self._show_lights(False))
        row.addWidget(self.light_confirm, 2)
        row.addWidget(self.light_done, 1)
        lights_box.addLayout(row, 1)
        self.pages.addWidget(lights_page)
        self.layout_.addWidget(self.pages, 1)
        self.layout_.addWidget(self.feedback)
        self._failed: dict[str, list[int]] = {"heads": [], "tails": [], "odds": []}
        self.change = LightChange()
        self._seat(0)
        self._show_change()

    def _seat(self, step: int) -> None:
        self.seat_value = next_seat(self.seat_value, step)
        self.seat_label.setText(f"seat {self.seat_value}")
        self.seat_down.setEnabled(self.seat_value > SEAT_RANGE[0])
        self.seat_up.setEnabled(self.seat_value < SEAT_RANGE[1])

    def _new_game(self, call: str, control: QWidget) -> None:
        self.send({"type": "twoup_new_game", "seat": self.seat_value, "call": call}, control)

    def _show_lights(self, on: bool) -> None:
        self.change.cancel()
        self.pages.setCurrentIndex(1 if on else 0)
        self._show_change()

    def _pick_light(self, name: str, index: int) -> None:
        self.change.pick(name, index, index in self._failed.get(name, []))
        self._show_change()

    def _confirm_light(self) -> None:
        change = self.change.confirm()
        self._show_change()
        if change is not None:
            name, index, failed = change
            self.send({"type": "twoup_light", "light": name, "index": index, "failed": failed}, self.light_confirm)

    def _show_change(self) -> None:
        for (name, i), b in self.light_buttons.items():
            failed = i in self._failed.get(name, [])
            b.setChecked(failed)
            b.setText(f"{name.upper()} {i}{': FAILED' if failed else ''}")
            chosen = self.change.light == name and self.change.index == i
            b.setStyleSheet(
                "QPushButton:checked { background:#b00020; color:white; }"
                + ("QPushButton { border:6px solid #ffd600; }" if chosen else "")
            )
        self.light_question.setText(self.change.question())
        self.light_confirm.setEnabled(self.change.light is not None)
        self.light_confirm.setText(
            "Confirm: " + ("mark failed" if self.change.failed else "mark repaired")
            if self.change.light is not None
            else "Confirm"
        )

    def show_state(self, table: TableState, link: LinkState | None) -> None:
        gs = twoup_state(table)
        if gs is None:  # the panel gives this section two-up tables only
            return
        game = gs.get("game")
        self._failed = {}
        for kind, index in twoup_failed_lights(table):
            self._failed.setdefault(kind, []).append(index)
        self._show_change()
        decided = game is None or game.get("outcome") is not None
        phase = gs.get("phase", "betting")
        for b in (self.new_heads, self.new_tails, self.new_dealer):
            b.setEnabled(decided)
        self.no_more_bets.setEnabled(not decided and phase != "no_more_bets")
        for b in self.spin_buttons.values():
            b.setEnabled(not decided and phase == "no_more_bets")
        self.stops.setEnabled(not decided and bool(game and game.get("seat") is not None))
        if game is None:
            self.status.setText(status_text(None, phase))
            self.prompt.setVisible(False)
            return
        outcome = game.get("outcome")
        self.status.setText(status_text(game, phase))
        prompts = []
        if game.get("must_change_spinner"):
            prompts.append("Three invalid spins in a row: the spinner must change (004 sch13 s21)")
        if game.get("spinner") == "dealer" and game.get("seat") is not None:
            prompts.append("The dealer spins until the wager is decided (004 sch13 s10(4))")
        if outcome and game.get("seat") is not None and not game.get("spinner_may_continue"):
            prompts.append("This spinner must stop: offer the dice to the next player (004 sch13 s5, s10(2))")
        self.prompt.setText("\n".join(prompts))
        self.prompt.setVisible(bool(prompts))
