"""Tri-chro at the dealer's control panel (001 pt 20).

Call "no more bets" (001 s463(1)); draw with the random result generator (s455) or enter the two
balls the ball device drew, which lights exactly the winning areas on the displays (s463(3));
void a drawing when the device or generator malfunctions (s465, s466); record a broken ball's
replacement before the next drawing (s465(4)(c)); record winning areas that did not light, and
the displays say the result stands (000 s78(7)). A new generator drawing after a malfunction
needs an inspector's approval (s466(b)), which the pit records at the console's table page.
"""

from __future__ import annotations

import asyncio

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QWidget

from kiosk.state.shapes import LinkState, TableState
from kiosk.ui.staff.dealer.base import GameSection, heading
from kiosk.ui.staff.ops import Operations, Outcome
from kiosk.ui.widgets.touch import TouchButton
from kiosk.views import builders
from kiosk.views.dealer.trichro import ball_words, controls
from kiosk.views.facts import illumination_fault, trichro_state

__all__ = ["TriChroSection"]

_STAR = "\u2605"
_VOID = (
    "QPushButton { border:3px solid #b00020; color:#7a0010; }"
    "QPushButton:disabled { border:1px solid #c8c8c8; color:#bdbdbd; }"
)
_VOID_ARMED = "QPushButton { background:#b00020; color:#ffffff; border:3px solid #5a0010; }"
_COLOURS = (("red", "#c62828", "#ffffff"), ("green", "#1b7f3b", "#ffffff"), ("gold", "#e0a800", "#000000"))


class TriChroSection(GameSection):
    games = ("tri_chro_54", "tri_chro_63")

    def __init__(
        self, table_id: str, ops: Operations, parent: QWidget | None = None, *, k: float | None = None
    ) -> None:
        super().__init__(table_id, ops, parent, k=k)
        self.device = "ball_device"
        self.picked: list[str] = []
        self.gs: dict = {}
        self.fault_recorded = False
        self.status = heading("", self.k, 5.0)
        self.layout_.addWidget(self.status)

        row = QHBoxLayout()
        self.no_more_bets = self.button("No more bets", "N")
        self.no_more_bets.clicked.connect(lambda: self.send({"type": "trichro_no_more_bets"}, self.no_more_bets))
        self.generate = self.button("Draw (generator)", "G")
        self.generate.clicked.connect(lambda: self.send({"type": "trichro_generate"}, self.generate))
        row.addWidget(self.no_more_bets)
        row.addWidget(self.generate)
        self.layout_.addLayout(row)

        self.ball_label = heading("Balls drawn: pick two", self.k, 4.0)
        self.layout_.addWidget(self.ball_label)
        balls = self.grid()
        self.ball_buttons: dict[str, TouchButton] = {}
        for col, (colour, bg, fg) in enumerate(_COLOURS):
            for row_i, star in enumerate(("", "*")):
                token = colour + star
                text = colour.upper() + (" \u2605 star" if star else "")
                b = self.button(text, f"{col + 1}" if not star else f"Shift+{col + 1}")
                b.setCheckable(True)
                b.setStyleSheet(
                    f"QPushButton {{ background:{bg}; color:{fg}; border:2px solid #555; }}"
                    "QPushButton:checked { border:8px solid #1565c0; text-decoration:underline; }"
                    "QPushButton:disabled { background:#9e9e9e; color:#e0e0e0; }"
                )
                b.clicked.connect(lambda _=False, t=token: self._pick(t))
                balls.addWidget(b, row_i, col)
                self.ball_buttons[token] = b
        self.layout_.addLayout(balls)

        row2 = QHBoxLayout()
        self.enter = self.button("Enter draw and light", "Return")
        self.enter.clicked.connect(self._enter)
        self.clear_pick = self.button("Clear", "Escape")
        self.clear_pick.clicked.connect(self._clear)
        row2.addWidget(self.enter)
        row2.addWidget(self.clear_pick)
        self.layout_.addLayout(row2)

        row3 = QHBoxLayout()
        self.void = self.button("Void: malfunction", "V", text_mm=3.5)
        self.void.setStyleSheet(_VOID)
        self.void.clicked.connect(self._void)
        self._void_armed = False
        self.inspector = QLineEdit(self)
        self.inspector.setPlaceholderText("inspector's name")
        self.inspector.setAccessibleName("inspector present at the replacement")
        self.inspector.setMinimumHeight(round(9 * self.k))
        self.replaced = self.button("Broken ball replaced", "B")
        self.replaced.clicked.connect(self._replaced)
        row3.addWidget(self.void)
        row3.addWidget(self.inspector)
        row3.addWidget(self.replaced)
        self.layout_.addLayout(row3)
        self.unlit = self.button("Winning areas did not light: the result stands", "L")
        self.unlit.setAccessibleName("record an illumination fault (000 s78(7))")
        self.unlit.clicked.connect(lambda: self.send(builders.trichro_illumination_fault(self.table_id), self.unlit))
        self.layout_.addWidget(self.unlit)
        self.layout_.addWidget(self.feedback)

    def _void(self) -> None:
        """Voiding a drawing takes two touches: the first asks, the second (within 5 s) voids."""
        if not self._void_armed:
            self._void_armed = True
            self.void.setText("Touch again to VOID this drawing")
            self.void.setStyleSheet(_VOID_ARMED)
            QTimer.singleShot(5000, self._disarm)
            return
        self._disarm()
        self.send(
            {
                "type": "trichro_malfunction",
                "device": "rrg" if self.device == "random_result_generator" else "ball_device",
            },
            self.void,
        )

    def _disarm(self) -> None:
        self._void_armed = False
        self.void.setText("Void: malfunction")
        self.void.setStyleSheet(_VOID)

    def _pick(self, token: str) -> None:
        if len(self.picked) >= 2:
            self.picked = []
        self.picked.append(token)  # two balls of one kind are a drawing too (red + red)
        self._show_pick()

    def _clear(self) -> None:
        self.picked = []
        self._show_pick()

    def _show_pick(self) -> None:
        names = " + ".join(ball_words(t).upper() for t in self.picked) or "touch the two balls"
        self.ball_label.setText(f"Balls drawn: {names}")
        gs = self.gs
        c = controls(
            gs.get("phase", "betting"),
            by_generator=self.device == "random_result_generator",
            awaiting_inspector=bool(gs.get("awaiting_inspector")),
            broken_ball=bool(gs.get("broken_ball")),
            fault_recorded=self.fault_recorded,
            picked=len(self.picked),
        )
        self.no_more_bets.setEnabled(c.no_more_bets)
        for token, b in self.ball_buttons.items():
            b.setEnabled(c.pick_balls)
            b.setChecked(token in self.picked)
        self.enter.setEnabled(c.enter)
        self.clear_pick.setEnabled(bool(self.picked))
        self.generate.setEnabled(c.generate)
        self.void.setEnabled(c.void)
        self.replaced.setEnabled(c.replaced)
        self.unlit.setEnabled(c.unlit)

    def _enter(self) -> None:
        if len(self.picked) != 2:
            return
        task = self.send({"type": "trichro_draw", "balls": list(self.picked)}, self.enter)
        task.add_done_callback(self._entered)

    def _entered(self, task: asyncio.Task[Outcome]) -> None:
        """Clear the balls once the draw is recorded; a refusal keeps them to correct."""
        if not task.cancelled() and task.exception() is None and task.result().kind == "ok":
            self.picked = []
        self._show_pick()

    def _replaced(self) -> None:
        self.send({"type": "trichro_ball_replaced", "inspector": self.inspector.text().strip()}, self.replaced)

    def show_state(self, table: TableState, link: LinkState | None) -> None:
        gs = trichro_state(table)
        if gs is None:  # the panel gives this section tri-chro tables only
            return
        self.device = gs.get("device", "ball_device")
        self.gs = dict(gs)
        phase = gs.get("phase", "betting")
        by_generator = self.device == "random_result_generator"
        void = gs.get("void")
        text = {
            "betting": f"Drawing {gs.get('drawing', 0) + 1}: bets open",
            "no_more_bets": f"Drawing {gs.get('drawing', 0)}: no more bets; "
            + ("draw with the generator" if by_generator else "enter the two balls"),
            "result": f"Drawing {gs.get('drawing', 0)}: "
            + " + ".join(t.replace("*", _STAR) for t in gs.get("drawn") or [])
            + f", {len(gs.get('winning') or [])} areas lit",
            "void": f"Drawing {gs.get('drawing', 0)} VOID: nothing lit ({void.get('rule', '') if void else ''})",
        }.get(phase, phase)
        if gs.get("awaiting_inspector"):
            text += "; a new generator drawing needs an inspector's approval (001 s466(b))"
        if gs.get("broken_ball"):
            text += "; replace the broken ball before the next drawing (001 s465(4)(c))"
        fault = illumination_fault(table)
        self.fault_recorded = fault is not None
        if fault is not None:
            text += "; illumination fault recorded: the result stands (000 s78(7))"
        self.status.setText(text)
        self.generate.setVisible(by_generator)
        for b in self.ball_buttons.values():
            b.setVisible(not by_generator)
        self.ball_label.setVisible(not by_generator)
        self.enter.setVisible(not by_generator)
        self.clear_pick.setVisible(not by_generator)
        self.inspector.setVisible(bool(gs.get("broken_ball")))
        self._show_pick()
