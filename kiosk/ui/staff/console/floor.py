"""The floor at a glance: every table with its game, name, limits, signs, jackpot link,
scheduled changes (with the time left) and whether its displays are streaming; filter and sort."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt, QTimer, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QLineEdit, QTableView, QVBoxLayout, QWidget

from kiosk.rules.games import GAMES
from kiosk.rules.money import format_money
from kiosk.state.errors import StateError
from kiosk.state.shapes import TableState
from kiosk.ui.staff.console.context import ConsoleContext
from kiosk.views.signs.frames import countdown_text

__all__ = ["FloorPage", "COLUMNS"]

COLUMNS = ("Table", "Game", "Name", "Minimum", "Maximum", "Signs", "Jackpot", "Scheduled", "Displays")
_SORT = Qt.ItemDataRole.UserRole + 1
DISPLAY_POLL_S = 10.0


def _game_name(game: str) -> str:
    entry = GAMES.get(game)
    return entry.default_name if entry is not None else game


class FloorPage(QWidget):
    """The overview; a double-click (or Enter) on a row asks to edit that table."""

    edit_table = Signal(str)

    def __init__(self, ctx: ConsoleContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.displays: dict[str, list[dict[str, Any]]] = {}
        self.displays_known = False
        self.model = QStandardItemModel(0, len(COLUMNS), self)
        self.model.setHorizontalHeaderLabels(list(COLUMNS))
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setSortRole(_SORT)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("filter: table, game, name, link ...  (Ctrl+F)")
        self.filter.setAccessibleName("filter tables")
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.doubleClicked.connect(self._activated)
        self.view.activated.connect(self._activated)
        self.summary = QLabel("")
        box = QVBoxLayout(self)
        box.addWidget(self.filter)
        box.addWidget(self.view, 1)
        box.addWidget(self.summary)
        ctx.feed.changed.connect(lambda *_: self.refresh())
        self.clock = QTimer(self)
        self.clock.setInterval(1000)
        self.clock.timeout.connect(self.refresh)
        self._poll: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.clock.start()
        if self._poll is None:
            self._poll = asyncio.ensure_future(self._poll_displays())
        self.refresh()

    async def stop(self) -> None:
        self.clock.stop()
        if self._poll is not None:
            self._poll.cancel()
            await asyncio.gather(self._poll, return_exceptions=True)
            self._poll = None

    async def _poll_displays(self) -> None:
        while True:
            try:
                found = (await self.ctx.client.displays())["displays"]
                by_table: dict[str, list[dict[str, Any]]] = {}
                for d in found:
                    for table_id in d.get("tables") or list(self.ctx.feed.state.tables):
                        by_table.setdefault(table_id, []).append(d)
                self.displays, self.displays_known = by_table, True
            except StateError:
                self.displays_known = False
            self.refresh()
            await asyncio.sleep(DISPLAY_POLL_S)

    def _activated(self, index: QModelIndex) -> None:
        table_id = self.proxy.index(index.row(), 0).data()
        if table_id:
            self.edit_table.emit(table_id)

    def row_of(self, table: TableState, now: datetime) -> list[tuple[str, str | float]]:
        limits = table.get("limits") or {}
        link_id = table.get("link_id")
        link = self.ctx.feed.link(link_id) if link_id else None
        scheduled = sorted(table.get("scheduled") or [], key=lambda s: s["effective_at"])
        if scheduled:
            first = scheduled[0]
            when = datetime.fromisoformat(first["effective_at"].replace("Z", "+00:00"))
            what = ", ".join(
                f"{k.replace('_cents', '')} {format_money(v) if isinstance(v, int) and k.endswith('_cents') else v}"
                for k, v in first["limits"].items()
            )
            sched = (f"{what} {countdown_text(when, now)} ({self.ctx.local(when, '%H:%M')})", when.timestamp())
        elif table.get("pending"):
            sched = (f"{len(table['pending'])} waiting for hands (002 r6.9)", 0)
        else:
            sched = ("", float("inf"))
        if link is not None:
            amount = (link.get("meter") or {}).get("amount_cents", 0)
            jackpot = (
                f"{link.get('name') or link['id']}: {format_money(amount, always_cents=True)}"
                + (" PENDING" if link.get("pending") else ""),
                amount,
            )
        else:
            jackpot = ("", -1)
        shown = self.displays.get(table["id"], [])
        if not self.displays_known:
            online = ("unknown", -1)
        else:
            online = (f"{len(shown)} streaming" if shown else "none streaming", len(shown))
        return [
            (table["id"], table["id"]),
            (_game_name(table["game"]), table["game"]),
            (table.get("display_name", ""), table.get("display_name", "")),
            (format_money(limits.get("minimum_cents", 0)), limits.get("minimum_cents", 0)),
            (format_money(limits.get("maximum_cents", 0)), limits.get("maximum_cents", 0)),
            (", ".join(s["kind"] for s in table.get("signs") or []), len(table.get("signs") or [])),
            jackpot,
            sched,
            online,
        ]

    def refresh(self) -> None:
        tables = self.ctx.feed.state.tables
        now = self.ctx.now()
        present = {self.model.item(r, 0).text(): r for r in range(self.model.rowCount())}
        for table_id, table in tables.items():
            cells = self.row_of(table, now)
            row = present.pop(table_id, None)
            if row is None:
                self.model.appendRow([QStandardItem() for _ in COLUMNS])
                row = self.model.rowCount() - 1
            for col, (text, key) in enumerate(cells):
                item = self.model.item(row, col)
                if item.text() != text:
                    item.setText(text)
                if item.data(_SORT) != key:
                    item.setData(key, _SORT)
        for row in sorted(present.values(), reverse=True):
            self.model.removeRow(row)
        self.summary.setText(f"{len(tables)} tables; {self.proxy.rowCount()} shown")
