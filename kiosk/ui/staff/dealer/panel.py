"""The dealer panel: a touch screen at one table (``kiosk dealer --server URL --table ID``).

It reads the table (and its jackpot link) from the stream only, and every button sends one
command through the one write path (:mod:`kiosk.ui.staff.ops`). Which controls it shows follows the
table's game.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from kiosk.state.client import KioskClient
from kiosk.state.client.status import Connected, Offline, Resuming, TokenRefused
from kiosk.ui.staff.credentials import Credentials
from kiosk.ui.staff.dealer.base import GameSection, heading
from kiosk.ui.staff.dealer.closing import ClosingBar
from kiosk.ui.staff.live import LiveFeed
from kiosk.ui.staff.ops import Operations
from kiosk.ui.widgets.touch import px_per_mm, text_px

__all__ = ["DealerPanel", "SECTIONS"]


def _sections() -> dict[str, type[GameSection]]:
    from kiosk.ui.staff.dealer.blackjack import BlackjackSection
    from kiosk.ui.staff.dealer.cardroom import CardRoomSection
    from kiosk.ui.staff.dealer.caribbean import CaribbeanSection
    from kiosk.ui.staff.dealer.paigow import PaiGowSection
    from kiosk.ui.staff.dealer.poker import PokerSection
    from kiosk.ui.staff.dealer.roulette import RouletteSection
    from kiosk.ui.staff.dealer.trichro import TriChroSection
    from kiosk.ui.staff.dealer.twoup import TwoUpSection

    out: dict[str, type[GameSection]] = {}
    for cls in (
        TriChroSection,
        TwoUpSection,
        CaribbeanSection,
        RouletteSection,
        BlackjackSection,
        PaiGowSection,
        PokerSection,
        CardRoomSection,
    ):
        for game in cls.games:
            out[game] = cls
    return out


SECTIONS = _sections()


class DealerPanel(QWidget):
    """One table's dealer controls; ``client`` is a KioskClient with a dealer (or higher) token."""

    closed = Signal()

    def __init__(
        self,
        client: KioskClient,
        table_id: str,
        parent: QWidget | None = None,
        *,
        k: float | None = None,
        credentials: Credentials | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Dealer panel: {table_id}")
        self.table_id = table_id
        self.credentials = credentials  # supervisors enrolled on this computer (``kiosk enrol``)
        self.k = k or px_per_mm()
        self.ops = Operations(client, self)
        self.feed = LiveFeed(client, [table_id], self)
        self.section: GameSection | None = None

        self.banner = QLabel(self)
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setStyleSheet("QLabel { background:#303030; color:white; padding:8px; font-weight:bold; }")
        self.banner.setVisible(False)
        self.banner.setWordWrap(True)
        font = self.banner.font()  # read at arm's length, like the controls
        font.setPixelSize(text_px(5.0, self.k))
        self.banner.setFont(font)
        self.title = heading(f"Table {table_id}: connecting to the server\u2026 (retrying)", self.k, 6.0)
        self.closing = ClosingBar(table_id, self.ops, self, k=self.k)
        box = QVBoxLayout(self)
        box.addWidget(self.banner)
        box.addWidget(self.title)
        box.addWidget(self.closing)
        for label in (self.banner, self.title):
            label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        box.addStretch(0)
        self._box = box

        self.ops.offline_changed.connect(self._offline)
        # the write path re-enables the control that sent a command when it is answered; the stream
        # may have disabled it first (the round's next legal action), so show the state again
        self.ops.finished.connect(lambda _: self._changed("table", table_id))
        self.feed.changed.connect(self._changed)
        self.feed.connection.connect(self._connection)
        self.feed.failed.connect(lambda text: self._show_banner(f"Stopped: {text}"))

    def start(self) -> None:
        self.feed.start()

    async def stop(self) -> None:
        await self.ops.drain()
        await self.feed.stop()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.closed.emit()
        super().closeEvent(event)

    # -- stream -------------------------------------------------------------------------------
    def _changed(self, kind: str, ident: str) -> None:
        table = self.feed.table(self.table_id)
        if table is None:
            return
        self.closing.show_state(table)
        if self.section is None:
            cls = SECTIONS.get(table.get("game", ""))
            if cls is None:
                self.title.setText(f"{table.get('display_name', self.table_id)}: no dealer controls for this game")
                return
            self.section = cls(self.table_id, self.ops, self, k=self.k)
            self.section.credentials = self.credentials
            self._box.addWidget(self.section, 1)
        self.title.setText(f"{table.get('display_name', self.table_id)} ({self.table_id})")
        link_id = table.get("link_id")
        self.section.show_state(table, self.feed.link(link_id) if link_id else None)

    def _connection(self, event: object) -> None:
        if isinstance(event, Offline):
            self._show_banner(
                f"OFFLINE since {event.since.astimezone().strftime('%H:%M')}: "
                "controls send nothing until the server is back"
            )
        elif isinstance(event, TokenRefused):
            self._show_banner(f"Token refused: {event.message}")
        elif isinstance(event, (Connected, Resuming)):
            self.banner.setVisible(False)

    def _offline(self, offline: bool, text: str) -> None:
        if offline:
            self._show_banner(text)
        else:
            self.banner.setVisible(False)

    def _show_banner(self, text: str) -> None:
        self.banner.setText(text)
        self.banner.setVisible(True)
