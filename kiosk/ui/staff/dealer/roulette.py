"""Roulette at the dealer's panel: touch the winning number (0 to 36, a single zero wheel,
003 s131(2), (2A)) on a pad laid out like the cloth and coloured like the wheel, then confirm it;
the layout lights it and the results board shows the last results.  A double tap cannot record
two spins: the confirm strip empties once sent, and a second confirm within a second is ignored.
A number entered wrongly is corrected under a pit supervisor's PIN (``roulette_correct_result``,
000 s78; docs/readings.md A-95): the dealer touches Correct, the right number and the correction;
on the supervisor's page the supervisor touches their name and types their PIN on its keypad
(people enrolled on this computer with ``kiosk enrol`` or at the console,
:mod:`kiosk.ui.staff.credentials`).  The command goes once with the supervisor's own token, so the
audit trail names them; the token is forgotten at once.  A wrong PIN is refused in one line and
counted: after three in a row the page waits before the next try (A-96).  Only where nobody is
enrolled on this computer does the page ask for the supervisor's token instead, and says so.
When the number did not light on the layout, record it: the result stands and the displays say
so (000 s78(7)).
"""

from __future__ import annotations

import asyncio
import time

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QButtonGroup, QGridLayout, QHBoxLayout, QLineEdit, QVBoxLayout, QWidget

from kiosk.rules.roulette import Colour
from kiosk.state.client import KioskClient
from kiosk.state.shapes import LinkState, TableState
from kiosk.ui.staff.credentials import Attempts, CredentialsError, WrongSecret
from kiosk.ui.staff.dealer.base import GameSection, heading
from kiosk.ui.staff.ops import Operations, Outcome
from kiosk.ui.widgets.touch import TouchButton, text_px
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
from kiosk.views.screens.layout import WHEEL_FILLS

__all__ = ["RouletteSection"]

_FILLS: dict[str, str] = {name: "#{:02x}{:02x}{:02x}".format(*fill[:3]) for name, fill in WHEEL_FILLS.items()}
_PICKED = "border:6px solid #ffd600;"
_KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "Clear", "0", "\u232b")


class RouletteSection(GameSection):
    games = ("roulette",)

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
        self.game_page = QWidget(self)
        game = QVBoxLayout(self.game_page)
        game.setContentsMargins(0, 0, 0, 0)
        game.setSpacing(self.layout_.spacing())
        grid = self.grid()
        self.numbers: dict[int, TouchButton] = {}
        for n in range(37):
            b = self.button(str(n), text_mm=5.0)
            b.setAccessibleName(f"winning number {n}")
            b.clicked.connect(lambda _=False, n=n: self._pick(n))
            self.numbers[n] = b
        self.pad_layout = grid
        game.addLayout(grid, 3)

        strip = QHBoxLayout()
        self.confirm = self.button("Touch the winning number", "Return", text_mm=5.0, min_mm=14.0)
        self.confirm.clicked.connect(self._confirm)
        self.cancel = self.button("Cancel", "Escape")
        self.cancel.clicked.connect(self._cancel)
        strip.addWidget(self.confirm, 3)
        strip.addWidget(self.cancel, 1)
        game.addLayout(strip, 1)

        row = QHBoxLayout()
        self.correct = self.button("Correct the last spin…", checkable=True)
        self.correct.clicked.connect(self._toggle_correction)
        self.unlit = self.button("The number did not light: the result stands", "L")
        self.unlit.setAccessibleName("record an illumination fault (000 s78(7))")
        self.unlit.clicked.connect(lambda: self.send(builders.roulette_illumination_fault(self.table_id), self.unlit))
        row.addWidget(self.correct)
        row.addWidget(self.unlit)
        game.addLayout(row, 1)

        self.correction_row = QWidget(self.game_page)
        crow = QHBoxLayout(self.correction_row)
        crow.setContentsMargins(0, 0, 0, 0)
        self.apply_correction = TouchButton("", self.correction_row, k=self.k)
        self.apply_correction.setStyleSheet("QPushButton { background:#7a4a00; color:white; }")
        self.apply_correction.clicked.connect(self._open_supervisor)
        crow.addWidget(self.apply_correction)
        self.correction_row.setVisible(False)
        game.addWidget(self.correction_row)
        self.layout_.addWidget(self.game_page, 1)
        self._build_supervisor_page()
        self.layout_.addWidget(self.feedback)

    def _build_supervisor_page(self) -> None:
        """The supervisor's page: their name, their PIN on a keypad (or, where nobody is
        enrolled on this computer, their token), then the correction or Back."""
        self.attempts = Attempts()
        self.people: list[str] = []
        self.supervisor_page = QWidget(self)
        page = QVBoxLayout(self.supervisor_page)
        page.setContentsMargins(0, 0, 0, 0)
        page.setSpacing(self.layout_.spacing())
        self.supervisor_title = heading("", self.k, 5.0)
        self.enrol_note = heading("", self.k, 4.0)
        page.addWidget(self.supervisor_title)
        page.addWidget(self.enrol_note)
        self.names = QWidget(self.supervisor_page)
        self.names_grid = QGridLayout(self.names)
        self.names_grid.setContentsMargins(0, 0, 0, 0)
        self.names_grid.setSpacing(self.layout_.spacing())
        self.name_group = QButtonGroup(self)
        self.name_group.setExclusive(True)
        self.name_buttons: dict[str, TouchButton] = {}
        page.addWidget(self.names)
        self.supervisor = QLineEdit(self.supervisor_page)
        self.supervisor.setEchoMode(QLineEdit.EchoMode.Password)
        self.supervisor.setMinimumHeight(round(9 * self.k))
        font = self.supervisor.font()
        font.setPixelSize(text_px(5.0, self.k))
        self.supervisor.setFont(font)
        self.supervisor.returnPressed.connect(self._send_correction)
        page.addWidget(self.supervisor)
        self.keypad = QWidget(self.supervisor_page)
        keys = QGridLayout(self.keypad)
        keys.setContentsMargins(0, 0, 0, 0)
        keys.setSpacing(self.layout_.spacing())
        self.keys: dict[str, TouchButton] = {}
        for i, key in enumerate(_KEYS):
            b = TouchButton(key, self.keypad, k=self.k, text_mm=5.0)
            b.setAccessibleName(
                {"Clear": "clear the PIN", "\u232b": "delete the last digit"}.get(key, f"PIN digit {key}")
            )
            b.clicked.connect(lambda _=False, key=key: self._key(key))
            keys.addWidget(b, i // 3, i % 3)
            self.keys[key] = b
        page.addWidget(self.keypad, 3)
        bottom = QHBoxLayout()
        self.supervisor_ok = TouchButton("", self.supervisor_page, k=self.k, text_mm=4.5)
        self.supervisor_ok.setStyleSheet(
            "QPushButton:enabled { background:#7a4a00; color:white; }"
            "QPushButton:disabled { background:#9e9e9e; color:#e0e0e0; }"
        )
        self.supervisor_ok.clicked.connect(self._send_correction)
        self.supervisor_back = TouchButton("Back", self.supervisor_page, k=self.k)
        self.supervisor_back.setAccessibleName("back to the pad: nothing is sent")
        self.supervisor_back.clicked.connect(lambda: self._show_supervisor(False))
        bottom.addWidget(self.supervisor_ok, 3)
        bottom.addWidget(self.supervisor_back, 1)
        page.addLayout(bottom, 1)
        self.token_space = page.count()
        page.addStretch(0)  # where the keypad is not shown (a token), the buttons stay button-sized
        self.supervisor_layout = page
        self.supervisor_page.setVisible(False)
        self.layout_.addWidget(self.supervisor_page, 1)
        self.waited = QTimer(self)
        self.waited.setSingleShot(True)
        self.waited.timeout.connect(self._show_supervisor_ok)

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
        if not self.correcting:
            self._show_supervisor(False)
        self._show_pick()

    @property
    def server(self) -> str:
        """The server the enrolments on this computer are kept for."""
        return self.ops.client.urls[0]

    def _open_supervisor(self) -> None:
        if self.last is None or self.correction_number is None:
            return
        try:
            self.people = self.credentials.people(self.server) if self.credentials is not None else []
            problem = ""
        except CredentialsError as exc:
            self.people, problem = [], str(exc)
        for b in self.name_buttons.values():
            self.name_group.removeButton(b)
            b.deleteLater()
        self.name_buttons = {}
        columns = 3
        for i, person in enumerate(self.people):
            b = TouchButton(person, self.names, k=self.k, text_mm=4.5, checkable=True)
            b.setAccessibleName(f"supervisor {person}")
            b.toggled.connect(lambda _=False: self._show_supervisor_ok())
            self.name_group.addButton(b)
            self.names_grid.addWidget(b, i // columns, i % columns)
            self.name_buttons[person] = b
        if len(self.people) == 1:
            self.name_buttons[self.people[0]].setChecked(True)
        spin, was = self.last
        change = correction_text(spin, was, self.correction_number, self.colours).removeprefix("Supervisor: ")
        named = bool(self.people)
        self.supervisor_title.setText(
            f"Supervisor: {change}. Touch your name and type your PIN."
            if named
            else f"Supervisor: {change}. Type your token."
        )
        self.enrol_note.setText(
            ""
            if named
            else problem
            or "No supervisor is enrolled on this computer (kiosk enrol): the supervisor types their token."
        )
        self.enrol_note.setVisible(not named)
        self.names.setVisible(named)
        self.keypad.setVisible(named)
        self.supervisor_layout.setStretch(self.token_space, 0 if named else 3)
        self.supervisor.setPlaceholderText("PIN" if named else "supervisor's token")
        self.supervisor.setAccessibleName(
            "the supervisor's PIN" if named else "the pit supervisor's token (never kept on this panel)"
        )
        self.supervisor_ok.setText(
            f"Correct spin {spin} to {self.correction_number} {self.colours[self.correction_number].upper()}"
        )
        self._show_supervisor(True)

    def _show_supervisor(self, shown: bool) -> None:
        self.supervisor.clear()
        self.game_page.setVisible(not shown)
        self.status.setVisible(not shown)  # the page's title says which spin, from and to what
        self.supervisor_page.setVisible(shown)
        if shown:
            self.feedback.clear_outcome()
            self.supervisor.setFocus()
            self._show_supervisor_ok()

    def _picked_person(self) -> str | None:
        for person, b in self.name_buttons.items():
            if b.isChecked():
                return person
        return None

    def _show_supervisor_ok(self) -> None:
        """The correction can go once a name is touched (where there are names) and no wait runs."""
        wait = self.attempts.wait(time.monotonic())
        busy = self.supervisor_task is not None and not self.supervisor_task.done()
        named = not self.people or self._picked_person() is not None
        self.supervisor_ok.setEnabled(named and wait == 0 and not busy)
        if wait > 0:
            self.waited.start(round(wait * 1000) + 50)

    def _key(self, key: str) -> None:
        if key == "Clear":
            self.supervisor.clear()
        elif key == "\u232b":
            self.supervisor.backspace()
        else:
            self.supervisor.insert(key)

    def _send_correction(self) -> None:
        if self.last is None or self.correction_number is None or not self.supervisor_ok.isEnabled():
            return
        secret, person = self.supervisor.text(), self._picked_person()
        self.supervisor.clear()  # typed again from the start after a refusal; never kept
        spin, was = self.last
        command = builders.roulette_correct_result(
            self.table_id, spin, was, self.correction_number, "dealer entered the wrong number"
        )
        done = f"Spin {spin} corrected from {was} to {self.correction_number}"
        self.supervisor_task = asyncio.ensure_future(self._as_supervisor(person, secret, command, done))
        self.supervisor_task.add_done_callback(lambda _: self._after_supervisor())
        self._show_supervisor_ok()

    async def _as_supervisor(self, person: str | None, secret: str, command: dict, done: str) -> Outcome:
        """Send the correction with the supervisor's own token (the audit names them), then forget it."""
        credentials, server = self.credentials, self.server
        if person is not None and credentials is not None:
            try:
                token = await self.attempts.unlock(lambda: credentials.token_for(server, person, secret))
            except WrongSecret as exc:
                return self._wrong(str(exc))
            except CredentialsError as exc:  # not enrolled here: nothing to count
                text = str(exc)
                outcome = Outcome("refused", f"{text[:1].upper()}{text[1:]}: nothing was corrected")
                self.feedback.show_outcome(outcome)
                return outcome
        else:
            token = secret.strip()
        async with KioskClient(self.ops.client.urls, token or None) as client:
            del token
            outcome = await Operations(client, self).submit(command, control=self.supervisor_ok, feedback=self.feedback)
        if outcome.kind == "ok":
            self.correct.setChecked(False)
            self._toggle_correction()
            if person:
                self.feedback.show_outcome(Outcome("ok", f"{done} under {person}'s PIN"))
        return outcome

    def _after_supervisor(self) -> None:
        try:
            self._show_supervisor_ok()
        except RuntimeError:  # the panel was closed while the correction was in flight
            pass

    def _wrong(self, reason: str) -> Outcome:
        """A wrong PIN (counted by :meth:`Attempts.unlock`): refused in one line, and after a few
        the next try waits."""
        text = reason[:1].upper() + reason[1:]
        outcome = Outcome("refused", f"{text}: nothing was corrected; {self.attempts.refusal(time.monotonic())}")
        self.feedback.show_outcome(outcome)
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
