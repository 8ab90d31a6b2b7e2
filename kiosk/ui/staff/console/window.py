"""The pit console window: sign in, then the floor, the table editor, the pit's actions at a
table in play, jackpots, the audit trail, what was shown at a past moment, sign export and this
computer's display settings, each a tab (Ctrl+1 ... Ctrl+8).

Reads come from the stream only (:class:`~kiosk.ui.staff.live.LiveFeed`), writes go through the one
write path (:class:`~kiosk.ui.staff.ops.Operations`). The console signs out after a spell without
input (default 10 minutes), with the "Sign out / switch person" button beside the signed-in
person's name, and on Ctrl+Shift+Q; the server being unreachable shows a banner.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from kiosk.state.client import KioskClient
from kiosk.state.client.status import Connected, Offline, Resuming, TokenRefused
from kiosk.state.errors import StateError
from kiosk.state.floorlaw import FloorFrame
from kiosk.state.wire import FloorSummary
from kiosk.ui.staff.console.audit import AuditPage
from kiosk.ui.staff.console.context import ConsoleContext
from kiosk.ui.staff.console.devices import DevicesPage
from kiosk.ui.staff.console.editor import EditorPage
from kiosk.ui.staff.console.export import ExportPage
from kiosk.ui.staff.console.floor import FloorPage
from kiosk.ui.staff.console.jackpots import JackpotPage
from kiosk.ui.staff.console.shown import ShownPage
from kiosk.ui.staff.console.signin import SignInPage
from kiosk.ui.staff.console.table import TablePage
from kiosk.ui.staff.credentials import Credentials
from kiosk.ui.staff.live import LiveFeed
from kiosk.ui.staff.ops import Operations
from kiosk.views.base import CasinoSettings
from kiosk.views.console import SUPERVISOR_ROLES
from kiosk.views.console.inbox import inbox

__all__ = ["ConsoleWindow", "IDLE_MINUTES"]

IDLE_MINUTES = 10.0
_ROLE_WORDS = {"pit": "pit boss", "admin": "administrator"}
_INPUT = {QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress, QEvent.Type.TouchBegin, QEvent.Type.Wheel}


class _Activity(QObject):
    """Restarts the idle timer on any key, click, touch or wheel anywhere in the application."""

    def __init__(self, timer: QTimer) -> None:
        super().__init__()
        self.timer = timer

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in _INPUT and self.timer.isActive():
            self.timer.start()
        return False


def _application() -> QApplication:
    app = QApplication.instance()
    assert isinstance(app, QApplication)  # a window lives in a QApplication
    return app


class ConsoleWindow(QMainWindow):
    closed = Signal()
    signed_out = Signal(str)

    def __init__(
        self,
        servers: list[str],
        credentials: Credentials,
        *,
        idle_minutes: float = IDLE_MINUTES,
        devices_path: Path | None = None,
        token: str | None = None,
    ) -> None:
        super().__init__()
        self.setWindowTitle("kiosk: pit console")
        self.servers = servers
        self.devices_path = devices_path
        self.ctx: ConsoleContext | None = None
        self.pages: dict[str, QWidget] = {}
        self._floor: FloorPage | None = None  # the pages the window itself talks to
        self._editor: EditorPage | None = None
        self._token = token
        self.banner = QLabel("")
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setStyleSheet("QLabel { background:#303030; color:white; padding:6px; font-weight:bold; }")
        self.banner.setVisible(False)
        self.who = QLabel("")
        self.who.setAccessibleName("who is signed in")
        self.switch = QPushButton("Sign out / switch person (Ctrl+Shift+Q)")
        self.switch.clicked.connect(lambda: asyncio.ensure_future(self.sign_out("Signed out")))
        self.bar = QWidget()
        bar = QHBoxLayout(self.bar)
        bar.setContentsMargins(6, 2, 6, 2)
        bar.addWidget(self.who, 1)
        bar.addWidget(self.switch)
        self.bar.setVisible(False)
        self.signin = SignInPage(servers, credentials)
        self.signin.signed_in.connect(self._signed_in)
        self.tabs = QTabWidget()
        self.stack = QStackedWidget()
        self.stack.addWidget(self.signin)
        self.stack.addWidget(self.tabs)
        central = QWidget()
        box = QVBoxLayout(central)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.banner)
        box.addWidget(self.bar)
        box.addWidget(self.stack, 1)
        self.setCentralWidget(central)
        self.idle = QTimer(self)
        self.idle.setSingleShot(True)
        self.idle.setInterval(round(idle_minutes * 60_000))
        self.idle.timeout.connect(
            lambda: asyncio.ensure_future(self.sign_out(f"Signed out after {idle_minutes:g} minutes without use"))
        )
        self._activity = _Activity(self.idle)
        _application().installEventFilter(self._activity)
        for i in range(9):  # Ctrl+1 ... Ctrl+9: every tab there is
            QShortcut(QKeySequence(f"Ctrl+{i + 1}"), self).activated.connect(lambda i=i: self.tabs.setCurrentIndex(i))
        QShortcut(QKeySequence("Ctrl+Shift+Q"), self).activated.connect(
            lambda: asyncio.ensure_future(self.sign_out("Signed out"))
        )
        QShortcut(QKeySequence("Ctrl+F"), self).activated.connect(self._focus_filter)
        self._starting: asyncio.Task[None] | None = None

    # -- lifecycle (run_staff_screen) -----------------------------------------------------
    def start(self) -> None:
        self.fit_screen()
        if self._token:
            self._starting = asyncio.ensure_future(self._sign_in_with(self._token))

    def fit_screen(self) -> None:
        """A console opened larger than its screen (1440x900 on a 1280x800 podium) is maximised
        to the screen's free area, so nothing is off the screen (ux-review C11)."""
        screen = self.screen()
        if screen is None or self.isFullScreen():
            return
        free = screen.availableGeometry()
        if self.width() > free.width() or self.height() > free.height():
            self.setGeometry(free)
            self.showMaximized()

    async def _sign_in_with(self, token: str) -> None:
        try:
            async with KioskClient(self.servers, token) as client:
                session = await client.session_info()
        except StateError as exc:
            self.signin.reset(f"Not signed in: {' '.join(str(exc).split())}")
            return
        if session.get("role") not in SUPERVISOR_ROLES:
            self.signin.reset(f"a {session.get('role')} token cannot configure tables; use a pit or admin token")
            return
        self._signed_in(token, session)

    async def stop(self) -> None:
        _application().removeEventFilter(self._activity)
        if self._starting is not None:
            self._starting.cancel()
            await asyncio.gather(self._starting, return_exceptions=True)
        await self.signin.stop()
        await self._close_session()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.closed.emit()
        super().closeEvent(event)

    # -- session ----------------------------------------------------------------------------
    def _signed_in(self, token: str, session: dict[str, Any]) -> None:
        asyncio.ensure_future(self._open_session(token, session))

    async def _open_session(self, token: str, session: dict[str, Any]) -> None:
        client = KioskClient(self.servers, token)
        summary: FloorSummary | None
        try:
            summary = await client.floor_summary()
        except StateError:
            summary = None
        try:
            frame = FloorFrame.from_json(json.dumps(await client.floor_frame()))
        except (StateError, ValueError):
            frame = None  # checked as the service checks, less the floor's displays and layouts
        feed = LiveFeed(client, None, self)
        ops = Operations(client, self)
        ctx = self.ctx = ConsoleContext(
            client=client,
            feed=feed,
            ops=ops,
            session=session,
            casino=CasinoSettings.from_summary(summary),
            server=self.servers[0],
            frame=frame,
            credentials=self.signin.credentials,
            servers=list(self.servers),
        )
        ops.offline_changed.connect(lambda offline, text: self._banner(text if offline else ""))
        feed.connection.connect(self._connection)
        feed.failed.connect(lambda text: self._banner(f"Stream stopped: {text}"))
        floor = self._floor = FloorPage(ctx)
        editor = self._editor = EditorPage(ctx)
        self.pages = {
            "Floor": floor,
            "Edit table": editor,
            "At the table": TablePage(ctx),
            "Jackpots": JackpotPage(ctx),
            "Audit": AuditPage(ctx),
            "What was shown": ShownPage(ctx),
            "Export signs": ExportPage(ctx),
            "This computer": DevicesPage(ctx, path=self.devices_path),
        }
        for title, page in self.pages.items():
            self.tabs.addTab(page, title)
        floor.edit_table.connect(self.edit_table)
        feed.changed.connect(lambda *_: self._badges())
        self.setWindowTitle(f"kiosk: pit console ({session.get('name')}, {session.get('role')})")
        self.who.setText(f"Signed in as <b>{session.get('name')}</b> ({_ROLE_WORDS.get(str(session.get('role')), '')})")
        self.bar.setVisible(True)
        self.stack.setCurrentWidget(self.tabs)
        self._badges()
        feed.start()
        floor.start()
        self.idle.start()

    def _badges(self) -> None:
        """The Jackpots tab says how many proposals wait for this person's approval."""
        page = self.pages.get("Jackpots")
        if self.ctx is None or page is None:
            return
        waiting = sum(1 for item in inbox(self.ctx.feed.state.links, self.ctx.session) if item.can_approve)
        self.tabs.setTabText(self.tabs.indexOf(page), f"Jackpots ({waiting} to approve)" if waiting else "Jackpots")

    def edit_table(self, table_id: str) -> None:
        if self._editor is None:
            return
        self._editor.edit(table_id)
        self.tabs.setCurrentWidget(self._editor)

    async def _close_session(self) -> None:
        ctx, self.ctx = self.ctx, None
        self.idle.stop()
        if ctx is None:
            return
        if self._floor is not None:
            await self._floor.stop()
        await ctx.cancel_tasks()
        await ctx.ops.drain()
        await ctx.feed.stop()
        await ctx.client.close()
        self.tabs.clear()
        for page in self.pages.values():
            page.deleteLater()
        self.pages = {}
        self._floor = self._editor = None

    async def sign_out(self, message: str) -> None:
        self.bar.setVisible(False)
        await self._close_session()
        self._banner("")
        self.stack.setCurrentWidget(self.signin)
        self.signin.reset(message)
        self.setWindowTitle("kiosk: pit console")
        self.signed_out.emit(message)

    # -- banner -------------------------------------------------------------------------------
    def _connection(self, event: object) -> None:
        if isinstance(event, Offline):
            when = self.ctx.local(event.since, "%H:%M") if self.ctx else ""
            self._banner(f"OFFLINE since {when}: showing the last known floor; changes cannot be sent")
        elif isinstance(event, TokenRefused):
            self._banner(f"Token refused: {event.message}")
        elif isinstance(event, (Connected, Resuming)):
            self._banner("")

    def _banner(self, text: str) -> None:
        self.banner.setText(text)
        self.banner.setVisible(bool(text))

    def _focus_filter(self) -> None:
        page = self._floor
        if page is not None:
            self.tabs.setCurrentWidget(page)
            page.filter.setFocus()
