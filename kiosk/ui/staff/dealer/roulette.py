"""Roulette at the dealer's panel: touch the winning number (0 to 36, a single zero wheel,
003 s131(2), (2A)) on a pad laid out like the cloth and coloured like the wheel, then confirm it;
the layout lights it and the results board shows the last results.  A double tap cannot record
two spins: the confirm strip empties once sent, and a second confirm within a second is ignored.
A number entered wrongly is corrected under a pit supervisor's token (``roulette_correct_result``,
000 s78; docs/readings.md A-95), recorded in the audit trail.  When the number did not light on
the layout, record it: the result stands and the displays say so (000 s78(7)).
"""

from __future__ import annotations

import asyncio
import time

from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QWidget

from kiosk.rules.roulette import Colour
from kiosk.state.client import KioskClient
from kiosk.state.shapes import LinkState, TableState
from kiosk.ui.staff.dealer.base import GameSection, heading
from kiosk.ui.staff.ops import Operations, Outcome
from kiosk.ui.widgets.touch import TouchButton
from kiosk.views import builders
from kiosk.views.dealer.roulette import (
    ResultEntry,
    confirm_text,
    correction_text,
    pad,
    pad_colours,
    status_text,
)
from kiosk.views.facts import illumination_fault, roulette_state

__all__ = ["RouletteSection"]

_FILLS: dict[Colour, str] = {"green": "#168c48", "red": "#c8102e", "black": "#111111"}
_PICKED = "border:6px solid #ffd600;"


class RouletteSection(GameSection):
    games = ("roulette",)
    restate_after_send = True

    def __init__(
        self, table_id: str, ops: Operations, parent: QWidget | None = None, *, k: float | None = None
    ) -> None:
        super().__init__(table_id, ops, parent, k=k)
        self.colours: dict[int, Colour] = {}
        self.entry = ResultEntry()
        self.correcting = False
        self.correction_number: int | None = None
        self.last: tuple[int, int] | None = None  # (spin, number) as the stream reports it
        self.supervisor_task: asyncio.Task[Outcome] | None = None
        self.status = heading("", self.k, 5.0)
        self.layout_.addWidget(self.status)
        grid = self.grid()
        self.numbers: dict[int, TouchButton] = {}
        for n in range(37):
            b = self.button(str(n), text_mm=5.0)
            b.setAccessibleName(f"winning number {n}")
            b.clicked.connect(lambda _=False, n=n: self._pick(n))
            self.numbers[n] = b
        self.pad_layout = grid
        self.layout_.addLayout(grid, 3)

        strip = QHBoxLayout()
        self.confirm = self.button("Touch the winning number", "Return", text_mm=5.0, min_mm=14.0)
        self.confirm.clicked.connect(self._confirm)
        self.cancel = self.button("Cancel", "Escape")
        self.cancel.clicked.connect(self._cancel)
        strip.addWidget(self.confirm, 3)
        strip.addWidget(self.cancel, 1)
        self.layout_.addLayout(strip, 1)

        row = QHBoxLayout()
        self.correct = self.button("Correct the last spin…", checkable=True)
        self.correct.clicked.connect(self._toggle_correction)
        self.unlit = self.button("The number did not light: the result stands", "L")
        self.unlit.setAccessibleName("record an illumination fault (000 s78(7))")
        self.unlit.clicked.connect(lambda: self.send(builders.roulette_illumination_fault(self.table_id), self.unlit))
        row.addWidget(self.correct)
        row.addWidget(self.unlit)
        self.layout_.addLayout(row, 1)

        self.correction_row = QWidget(self)
        crow = QHBoxLayout(self.correction_row)
        crow.setContentsMargins(0, 0, 0, 0)
        self.supervisor = QLineEdit(self.correction_row)
        self.supervisor.setEchoMode(QLineEdit.EchoMode.Password)
        self.supervisor.setPlaceholderText("supervisor's token")
        self.supervisor.setAccessibleName("the pit supervisor's token (never kept on this panel)")
        self.supervisor.setMinimumHeight(round(9 * self.k))
        self.apply_correction = TouchButton("", self.correction_row, k=self.k)
        self.apply_correction.setStyleSheet("QPushButton { background:#7a4a00; color:white; }")
        self.apply_correction.clicked.connect(self._send_correction)
        crow.addWidget(self.supervisor, 1)
        crow.addWidget(self.apply_correction, 2)
        self.correction_row.setVisible(False)
        self.layout_.addWidget(self.correction_row)
        self.layout_.addWidget(self.feedback)

    # -- the pad -----------------------------------------------------------------------------
    def _paint_pad(self, table: TableState) -> None:
        colours = pad_colours(table)
        if colours == self.colours:
            return
        self.colours = colours
        for key in pad(colours):
            b = self.numbers[key.number]
            self.pad_layout.addWidget(b, key.row, key.column, key.rows, 1)
        self._show_pick()

    def _style(self, number: int, picked: bool) -> str:
        fill = _FILLS[self.colours.get(number, "black")]
        return (
            f"QPushButton {{ background:{fill}; color:white; {_PICKED if picked else 'border:2px solid #555;'} }}"
            "QPushButton:disabled { background:#9e9e9e; color:#e0e0e0; }"
        )

    def _pick(self, number: int) -> None:
        if self.correcting:
            self.correction_number = number
        else:
            self.entry.pick(number)
        self._show_pick()

    def _cancel(self) -> None:
        self.entry.cancel()
        self.correction_number = None
        self._show_pick()

    def _confirm(self) -> None:
        number = self.entry.confirm(time.monotonic())
        self._show_pick()
        if number is not None:
            task = self.send(builders.roulette_result(self.table_id, number), self.confirm)
            task.add_done_callback(lambda _: self._show_pick())  # the write path re-enables it

    def _show_pick(self) -> None:
        chosen = self.correction_number if self.correcting else self.entry.picked
        for n, b in self.numbers.items():
            b.setStyleSheet(self._style(n, n == chosen))
        if not self.colours:
            return
        self.confirm.setText(confirm_text(self.entry.picked, self.colours))
        self.confirm.setEnabled(self.entry.picked is not None and not self.correcting)
        self.confirm.setStyleSheet(
            "QPushButton:enabled { background:#1b5e20; color:white; }" if self.entry.picked is not None else ""
        )
        self.cancel.setEnabled(chosen is not None)
        if self.last is not None:
            spin, was = self.last
            self.apply_correction.setText(correction_text(spin, was, self.correction_number, self.colours))
        self.apply_correction.setEnabled(
            self.correction_number is not None and self.last is not None and self.correction_number != self.last[1]
        )

    # -- the correction under a supervisor ------------------------------------------------------
    def _toggle_correction(self) -> None:
        self.correcting = self.correct.isChecked() and self.last is not None
        self.correct.setChecked(self.correcting)
        self.correction_number = None
        self.entry.cancel()
        self.correction_row.setVisible(self.correcting)
        self._show_pick()

    def _send_correction(self) -> None:
        token = self.supervisor.text().strip()
        if self.last is None or self.correction_number is None:
            return
        spin, was = self.last
        command = builders.roulette_correct_result(
            self.table_id, spin, was, self.correction_number, "dealer entered the wrong number"
        )
        self.supervisor_task = asyncio.ensure_future(self._as_supervisor(token, command))

    async def _as_supervisor(self, token: str, command: dict) -> Outcome:
        """Send the correction with the supervisor's own token (the audit names them), then forget it."""
        self.supervisor.clear()
        async with KioskClient(self.ops.client.urls, token or None) as client:
            outcome = await Operations(client, self).submit(
                command, control=self.apply_correction, feedback=self.feedback
            )
        if outcome.kind == "ok":
            self.correct.setChecked(False)
            self._toggle_correction()
        else:
            self._show_pick()
        return outcome

    # -- the stream ----------------------------------------------------------------------------
    def show_state(self, table: TableState, link: LinkState | None) -> None:
        gs = roulette_state(table)
        if gs is None:  # the panel gives this section roulette tables only
            return
        self._paint_pad(table)
        number = gs.get("number")
        results = list(gs.get("results") or [])
        fault = illumination_fault(table)
        self.last = (int(gs.get("spins", 0)), number) if number is not None else None
        self.unlit.setEnabled(number is not None and fault is None)
        self.correct.setEnabled(number is not None)
        if self.correcting and self.last is None:
            self.correct.setChecked(False)
            self._toggle_correction()
        self.status.setText(status_text(number, results, self.colours, fault is not None))
        self._show_pick()
