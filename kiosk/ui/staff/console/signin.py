"""Sign in to the pit console as a named person: pick your name and type your PIN or password
(bound to your token on this computer, :class:`~kiosk.ui.staff.credentials.Credentials`).
The first time on a computer, sign in with the token an administrator issued to you (typed, or
from a file only you can read) and choose the PIN or password that stands for it from then on."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from kiosk.state.client import KioskClient
from kiosk.state.errors import StateError
from kiosk.ui.staff.credentials import Attempts, Credentials, CredentialsError, WrongSecret, read_token_file
from kiosk.views.console import SUPERVISOR_ROLES

__all__ = ["SignInPage"]


class SignInPage(QWidget):
    """Emits :attr:`signed_in` with ``(token, session)`` once the server accepts a staff token."""

    signed_in = Signal(str, dict)

    def __init__(self, servers: list[str], credentials: Credentials, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.servers = servers
        self.credentials = credentials
        self._task: asyncio.Task[None] | None = None
        self.attempts = Attempts("console")  # wrong PINs in a row at this console (docs/readings.md A-96)
        title = QLabel("Pit console: sign in")
        font = title.font()
        font.setPointSize(font.pointSize() + 8)
        font.setBold(True)
        title.setFont(font)
        self.person = QComboBox()
        self.person.setAccessibleName("who is signing in")
        self.pin = QLineEdit()
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin.setPlaceholderText("your PIN or password")
        self.pin.setAccessibleName("PIN or password")
        self.token = QLineEdit()
        self.token.setEchoMode(QLineEdit.EchoMode.Password)
        self.token.setPlaceholderText("the token an administrator issued to you")
        self.token.setAccessibleName("token")
        self.token_file = QLineEdit()
        self.token_file.setPlaceholderText("or a token file (mode 600)")
        self.token_file.setAccessibleName("token file")
        self.remember = QCheckBox("Keep the token itself on this computer (not needed with a PIN or password)")
        self.remember.setToolTip(f"kept in {credentials.where}")
        self.new_pin = QLineEdit()
        self.new_pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.new_pin.setPlaceholderText("your PIN (4-8 digits) or password (8 or more characters) for next time")
        self.new_pin.setAccessibleName("new PIN or password")
        self.button = QPushButton("Sign in")
        self.button.setDefault(True)
        self.button.clicked.connect(self.submit)
        for edit in (self.pin, self.token, self.token_file, self.new_pin):
            edit.returnPressed.connect(self.submit)
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("QLabel { color:#7a0010; }")
        self.named = QGroupBox("Sign in")
        form = QFormLayout(self.named)
        form.addRow("Who", self.person)
        form.addRow("PIN or password", self.pin)
        self.first = QGroupBox("First time on this computer: your token")
        first = QFormLayout(self.first)
        first.addRow("Token", self.token)
        first.addRow("Token file", self.token_file)
        first.addRow("PIN or password", self.new_pin)
        first.addRow("", self.remember)
        box = QVBoxLayout(self)
        box.addStretch(1)
        box.addWidget(title, 0, Qt.AlignmentFlag.AlignHCenter)
        box.addWidget(QLabel(f"Server: {', '.join(servers)}"), 0, Qt.AlignmentFlag.AlignHCenter)
        row = QHBoxLayout()
        row.addStretch(1)
        inner = QVBoxLayout()
        inner.addWidget(self.named)
        inner.addWidget(self.first)
        inner.addWidget(self.button)
        inner.addWidget(self.message)
        row.addLayout(inner, 2)
        row.addStretch(1)
        box.addLayout(row)
        box.addStretch(2)
        self._people()

    def _people(self) -> None:
        """The people who sign in here by PIN or password, the last one picked."""
        try:
            people = self.credentials.people(self.key)
            legacy = self.credentials.has_pin(self.key)
        except CredentialsError as exc:
            people, legacy = [], False
            self.message.setText(str(exc))
        self.person.clear()
        for name in people:
            self.person.addItem(name, name)
        if legacy:
            self.person.addItem("(the PIN set before names)", "")
        self.named.setVisible(bool(people) or legacy)
        self.first.setTitle(
            "First time on this computer: your token"
            if people or legacy
            else "Sign in with your token (first time here)"
        )

    @property
    def key(self) -> str:
        return self.servers[0]

    def reset(self, message: str = "") -> None:
        for edit in (self.pin, self.token, self.token_file, self.new_pin):
            edit.clear()
        self._people()
        self.message.setText(message)
        self.button.setEnabled(True)
        self.pin.setFocus()

    def submit(self) -> None:
        if self._task is not None and not self._task.done():
            return
        now = time.monotonic()
        if self.attempts.wait(now) > 0:  # docs/readings.md A-96: after a few wrong ones, a wait
            self.message.setText(self.attempts.refusal(now))
            return
        self.button.setEnabled(False)
        self.message.setText("Checking the token with the server...")
        self._task = asyncio.ensure_future(self._sign_in(*self._token_reader()))

    def _token_reader(self) -> tuple[Callable[[], str], bool]:
        """What was typed, as a reader of the token it stands for (run off the Qt thread: a PIN
        is checked with scrypt), and whether that reader checks a PIN (a typed token or token
        file comes first)."""
        token, token_file, pin = self.token.text().strip(), self.token_file.text().strip(), self.pin.text()
        person, key, credentials = self.person.currentData(), self.key, self.credentials

        def read() -> str:
            if token:
                return token
            if token_file:
                return read_token_file(Path(token_file).expanduser())
            if pin:
                if person:
                    return credentials.token_for(key, str(person), pin)
                return credentials.token_for_pin(key, pin)
            kept = credentials.load(key)
            if kept:
                return kept
            raise CredentialsError("pick your name and type your PIN or password, or give your token")

        return read, bool(pin) and not token and not token_file

    async def _sign_in(self, read: Callable[[], str], by_pin: bool) -> None:
        try:
            if by_pin:
                token = await self.attempts.unlock(read)
            else:
                token = await asyncio.get_running_loop().run_in_executor(None, read)
        except WrongSecret as exc:
            self.pin.clear()  # typed again from the start
            self.button.setEnabled(True)
            self.message.setText(f"{exc}; {self.attempts.refusal(time.monotonic())}")
            return
        except CredentialsError as exc:
            self.button.setEnabled(True)
            self.message.setText(str(exc))
            return
        await self._check(token)

    async def _check(self, token: str) -> None:
        try:
            async with KioskClient(self.servers, token) as client:
                session = await client.session_info()
        except StateError as exc:
            self.button.setEnabled(True)
            self.message.setText(f"Not signed in: {' '.join(str(exc).split())}")
            return
        if session.get("role") not in SUPERVISOR_ROLES:
            self.button.setEnabled(True)
            self.message.setText(
                f"Not signed in: a {session.get('role')} token cannot configure tables; use a pit or admin token"
            )
            return
        try:
            if self.remember.isChecked():
                self.credentials.save(self.key, token)
            if self.new_pin.text():
                person = str(session.get("person") or session.get("name") or "")
                self.credentials.set_secret(self.key, person, self.new_pin.text(), token)
        except CredentialsError as exc:
            self.button.setEnabled(True)
            self.message.setText(str(exc))
            return
        self.reset()
        self.signed_in.emit(token, session)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
