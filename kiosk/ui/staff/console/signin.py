"""Sign in to the pit console: a pit or admin token (typed, from a file only the user can read,
or kept in the keyring), or a short PIN mapped to one on this computer."""

from __future__ import annotations

import asyncio
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from kiosk.state.client import KioskClient
from kiosk.state.errors import StateError
from kiosk.ui.staff.console.credentials import Credentials, CredentialsError, read_token_file

__all__ = ["SignInPage"]

STAFF_ROLES = ("pit", "admin")


class SignInPage(QWidget):
    """Emits :attr:`signed_in` with ``(token, session)`` once the server accepts a staff token."""

    signed_in = Signal(str, dict)

    def __init__(self, servers: list[str], credentials: Credentials, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.servers = servers
        self.credentials = credentials
        self._task: asyncio.Task[None] | None = None
        title = QLabel("Pit console: sign in")
        font = title.font()
        font.setPointSize(font.pointSize() + 8)
        font.setBold(True)
        title.setFont(font)
        self.pin = QLineEdit()
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin.setPlaceholderText("PIN (if one is set on this computer)")
        self.pin.setAccessibleName("PIN")
        self.token = QLineEdit()
        self.token.setEchoMode(QLineEdit.EchoMode.Password)
        self.token.setPlaceholderText("pit or admin token")
        self.token.setAccessibleName("token")
        self.token_file = QLineEdit()
        self.token_file.setPlaceholderText("or a token file (mode 600)")
        self.token_file.setAccessibleName("token file")
        self.remember = QCheckBox(f"Keep the token in {credentials.where}")
        self.new_pin = QLineEdit()
        self.new_pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.new_pin.setPlaceholderText("set a PIN for next time (4-8 digits, optional)")
        self.new_pin.setAccessibleName("new PIN")
        self.button = QPushButton("Sign in")
        self.button.setDefault(True)
        self.button.clicked.connect(self.submit)
        for edit in (self.pin, self.token, self.token_file, self.new_pin):
            edit.returnPressed.connect(self.submit)
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("QLabel { color:#7a0010; }")
        form = QFormLayout()
        form.addRow("PIN", self.pin)
        form.addRow("Token", self.token)
        form.addRow("Token file", self.token_file)
        form.addRow("", self.remember)
        form.addRow("New PIN", self.new_pin)
        box = QVBoxLayout(self)
        box.addStretch(1)
        box.addWidget(title, 0, Qt.AlignmentFlag.AlignHCenter)
        box.addWidget(QLabel(f"Server: {', '.join(servers)}"), 0, Qt.AlignmentFlag.AlignHCenter)
        row = QHBoxLayout()
        row.addStretch(1)
        inner = QVBoxLayout()
        inner.addLayout(form)
        inner.addWidget(self.button)
        inner.addWidget(self.message)
        row.addLayout(inner, 2)
        row.addStretch(1)
        box.addLayout(row)
        box.addStretch(2)

    @property
    def key(self) -> str:
        return self.servers[0]

    def reset(self, message: str = "") -> None:
        for edit in (self.pin, self.token, self.new_pin):
            edit.clear()
        self.message.setText(message)
        self.button.setEnabled(True)
        self.pin.setFocus()

    def submit(self) -> None:
        if self._task is not None and not self._task.done():
            return
        try:
            token = self._token()
        except CredentialsError as exc:
            self.message.setText(str(exc))
            return
        self.button.setEnabled(False)
        self.message.setText("Checking the token with the server...")
        self._task = asyncio.ensure_future(self._check(token))

    def _token(self) -> str:
        if self.token.text().strip():
            return self.token.text().strip()
        if self.token_file.text().strip():
            return read_token_file(Path(self.token_file.text().strip()).expanduser())
        if self.pin.text():
            return self.credentials.token_for_pin(self.key, self.pin.text())
        kept = self.credentials.load(self.key)
        if kept:
            return kept
        raise CredentialsError("give a PIN, a token or a token file")

    async def _check(self, token: str) -> None:
        try:
            async with KioskClient(self.servers, token) as client:
                session = await client.session_info()
        except StateError as exc:
            self.button.setEnabled(True)
            self.message.setText(f"Not signed in: {' '.join(str(exc).split())}")
            return
        if session.get("role") not in STAFF_ROLES:
            self.button.setEnabled(True)
            self.message.setText(
                f"Not signed in: a {session.get('role')} token cannot configure tables; use a pit or admin token"
            )
            return
        try:
            if self.remember.isChecked():
                self.credentials.save(self.key, token)
            if self.new_pin.text():
                self.credentials.set_pin(self.key, self.new_pin.text(), token)
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
