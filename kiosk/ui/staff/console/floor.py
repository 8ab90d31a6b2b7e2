"""The floor at a glance: every table with its game, name, limits, signs, jackpot link,
scheduled changes (with the time left) and its displays (the floor file's displays of that table
only, each with what its latest report says it shows: :mod:`kiosk.views.console.displays`);
filter and sort.  Above it, the alerts (a display offline, in fault or never heard from, a notice
that will not be shown in time) stay until a person acknowledges them, which the audit trail
records (who and when)."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt, QTimer, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from kiosk.rules.money import format_money
from kiosk.state.alerts import ALERT_ACTION
from kiosk.state.errors import StateError
from kiosk.state.shapes import TableState
from kiosk.state.showing import ACTION as SHOWING_ACTION
from kiosk.ui.staff.console.context import ConsoleContext
from kiosk.ui.staff.ops import Feedback, Outcome
from kiosk.views.console import game_name
from kiosk.views.console.displays import (
    Alert,
    DisplayLine,
    alert_rank,
    alerts,
    displays_cell,
    latest_reports,
    sign_titles,
    table_displays,
)
from kiosk.views.console.inbox import InboxItem, approve_command, approved_words, inbox
from kiosk.views.console.limits_edit import field_title
from kiosk.views.signs.frames import countdown_text

__all__ = ["FloorPage", "COLUMNS"]

COLUMNS = ("Table", "Game", "Name", "Minimum", "Maximum", "Signs", "Jackpot", "Scheduled", "Displays")
_SORT = Qt.ItemDataRole.UserRole + 1
DISPLAY_POLL_S = 10.0
ALERT_ROWS_SHOWN = 4  # alerts in view at once; the rest scroll
SIGNS_COLUMN_PX = 260  # the Signs column's width: the whole list is in its tooltip
REPORTS_READ = 1000  # the newest display reports read each poll: enough for every display of a floor


class FloorPage(QWidget):
    """The overview; a double-click (or Enter) on a row asks to edit that table."""

    edit_table = Signal(str)

    def __init__(self, ctx: ConsoleContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.reports: dict[str, Any] = {}  # display id -> its latest display_showing record
        self.showing_rows: list[dict[str, Any]] | None = None  # None: the reports could not be read
        self.streams: list[dict[str, Any]] | None = None  # the node's streaming displays (None: unknown)
        self.displays_known = False
        self.raised: dict[str, Alert] = {}  # alerts raised and not yet acknowledged, kept when they clear
        self.acknowledged: set[str] = set()  # keys acknowledged (the audit trail's alert_acknowledged)
        self.cleared: dict[str, datetime] = {}  # raised alerts no longer true, since when
        self.alert_labels: dict[str, QLabel] = {}
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
        signs = COLUMNS.index("Signs")
        self.view.horizontalHeader().setSectionResizeMode(signs, QHeaderView.ResizeMode.Interactive)
        self.view.setColumnWidth(signs, SIGNS_COLUMN_PX)
        self.view.doubleClicked.connect(self._activated)
        self.view.activated.connect(self._activated)
        self.summary = QLabel("")
        self.detail = QLabel("Pick a table to see what each of its displays shows.")
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.view.selectionModel().selectionChanged.connect(lambda *_: self._show_detail())
        # the alerts: a count, then the alerts in a box of at most a few rows that scrolls, so the
        # floor below stays in view however many there are
        self.alerts_box = QWidget()
        self.alerts_box.setObjectName("alerts")
        self.alerts_box.setStyleSheet("QWidget#alerts { background:#ffe3e6; border:2px solid #b00020; }")
        outer = QVBoxLayout(self.alerts_box)
        outer.setContentsMargins(6, 4, 6, 4)
        self.alerts_title = QLabel("")
        self.alerts_title.setStyleSheet("QLabel { color:#7a0010; font-weight:bold; }")
        outer.addWidget(self.alerts_title)
        rows = QWidget()
        self.alerts_layout = QVBoxLayout(rows)
        self.alerts_layout.setContentsMargins(0, 0, 0, 0)
        self.alerts_layout.addStretch(1)
        self.alerts_scroll = QScrollArea()
        self.alerts_scroll.setWidgetResizable(True)
        self.alerts_scroll.setWidget(rows)
        self.alerts_scroll.setMaximumHeight(ALERT_ROWS_SHOWN * 34)
        self.alerts_scroll.setFrameShape(QFrame.Shape.NoFrame)
        outer.addWidget(self.alerts_scroll)
        self.alerts_box.setVisible(False)
        self.alert_rows: dict[str, QWidget] = {}
        self.feedback = Feedback()
        self.inbox_box = QGroupBox("Waiting for your approval")
        self.inbox_layout = QVBoxLayout(self.inbox_box)
        self.inbox_box.setVisible(False)
        self.inbox_rows: list[QWidget] = []
        self._inbox_key: tuple[tuple[str, int], ...] | None = None
        box = QVBoxLayout(self)
        box.addWidget(self.alerts_box)
        box.addWidget(self.inbox_box)
        box.addWidget(self.feedback)
        box.addWidget(self.filter)
        box.addWidget(self.view, 1)
        box.addWidget(self.detail)
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
            await self.read_displays()
            await asyncio.sleep(DISPLAY_POLL_S)

    async def read_displays(self) -> None:
        """Read the streaming displays, their latest reports and the alerts acknowledged."""
        try:
            self.streams = list((await self.ctx.client.displays())["displays"])
        except StateError:
            self.streams = None
        try:
            rows = list((await self.ctx.client.audit(action=SHOWING_ACTION, limit=REPORTS_READ))["records"])
            acked = (await self.ctx.client.audit(action=ALERT_ACTION, limit=REPORTS_READ))["records"]
            self.showing_rows, self.reports = rows, dict(latest_reports(rows))
            self.acknowledged = {str((r.get("details") or {}).get("key")) for r in acked}
            self.displays_known = self.streams is not None
        except StateError:
            self.showing_rows, self.displays_known = None, False
        self.refresh()

    def lines_of(self, table: TableState) -> list[DisplayLine]:
        """What each display of ``table`` shows now (:func:`kiosk.views.console.displays.table_displays`)."""
        frame = self.ctx.frame
        if frame is None:
            return []
        return table_displays(
            table["id"],
            frame.displays,
            self.reports,
            self.streams if self.displays_known else None,
            self.ctx.local,
            link_id=table.get("link_id"),
        )

    def _raise_alerts(self, lines: list[DisplayLine]) -> None:
        if not self.displays_known:
            return
        now = {a.key: a for a in alerts(self.ctx.feed.state.tables, lines, self.showing_rows, self.ctx.local)}
        for key, alert in now.items():
            if key not in self.acknowledged:
                self.raised.setdefault(key, alert)
                self.cleared.pop(key, None)  # wrong again
        for key in self.raised:
            if key not in now and key not in self.cleared:
                self.cleared[key] = self.ctx.now()  # kept until acknowledged, but said to be over
        for key in [k for k in self.raised if k in self.acknowledged]:
            del self.raised[key]
        for key in [k for k in self.alert_rows if k not in self.raised]:
            self.alert_rows.pop(key).deleteLater()
            self.alert_labels.pop(key, None)
            self.cleared.pop(key, None)
        for key, alert in self.raised.items():
            if key in self.alert_rows:
                continue
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            label = QLabel("")  # its words and colour are set below
            label.setWordWrap(True)
            button = QPushButton("Acknowledge")
            button.setAccessibleName(f"acknowledge: {alert.text}")
            button.clicked.connect(lambda _=False, a=alert, b=button: self.acknowledge(a, b))
            line.addWidget(label, 1)
            line.addWidget(button)
            self.alerts_layout.insertWidget(self.alerts_layout.count() - 1, row)
            self.alert_rows[key] = row
            self.alert_labels[key] = label
        for key, label in self.alert_labels.items():
            over = self.cleared.get(key)
            text = f"ALERT: {self.raised[key].text}" + (
                f" (CLEARED at {self.ctx.local(over, '%H:%M')}: acknowledge to remove)" if over else ""
            )
            if label.text() != text:
                label.setText(text)
                label.setStyleSheet("QLabel { color:%s; font-weight:bold; }" % ("#5c5c5c" if over else "#7a0010"))
        raised = list(self.raised)
        order = sorted(raised, key=lambda k: (k in self.cleared, alert_rank(k), raised.index(k)))
        for i, key in enumerate(order):  # the worst first, whenever it was raised
            if self.alerts_layout.indexOf(self.alert_rows[key]) != i:
                self.alerts_layout.removeWidget(self.alert_rows[key])
                self.alerts_layout.insertWidget(i, self.alert_rows[key])
        count = len(self.raised)
        self.alerts_title.setText(
            f"{count} alert{'s' if count != 1 else ''} waiting for a person to acknowledge"
            + (" (scroll for all)" if count > ALERT_ROWS_SHOWN else "")
        )
        self.alerts_box.setVisible(bool(self.raised))

    def _inbox(self) -> None:
        """The jackpot proposals this person may approve, with their old and new values (C7)."""
        links = self.ctx.feed.state.links
        key = tuple(sorted((link_id, link["version"]) for link_id, link in links.items()))
        if key == self._inbox_key:
            return
        self._inbox_key = key
        for row in self.inbox_rows:
            row.deleteLater()
        self.inbox_rows = []
        items = [item for item in inbox(links, self.ctx.session) if item.can_approve]
        for item in items:
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            label = QLabel(f"{item.words}, proposed by {item.by} at {self.ctx.local(item.at)}")
            label.setWordWrap(True)
            approve = QPushButton("Approve")
            approve.setAccessibleName(f"approve: {item.words}")
            approve.clicked.connect(lambda _=False, i=item, b=approve: self.approve(i, b))
            line.addWidget(label, 1)
            line.addWidget(approve)
            self.inbox_layout.addWidget(row)
            self.inbox_rows.append(row)
        self.inbox_box.setVisible(bool(items))

    def approve(self, item: InboxItem, control: QWidget | None = None) -> asyncio.Task[Outcome]:
        return self.ctx.ops.submit(
            approve_command(item, self.ctx.feed.link(item.link_id)),
            control=control,
            feedback=self.feedback,
            success=approved_words(item),
        )

    def acknowledge(self, alert: Alert, button: QPushButton | None = None) -> asyncio.Task[None]:
        """Acknowledge ``alert``: recorded in the audit trail under the signed-in person's name."""
        return self.ctx.spawn(self._acknowledge(alert, button))

    async def _acknowledge(self, alert: Alert, button: QPushButton | None) -> None:
        if button is not None:
            button.setEnabled(False)
        try:
            record = await self.ctx.client.acknowledge_alert(alert.key, alert.target, alert.text)
        except StateError as exc:
            if button is not None:
                button.setEnabled(True)
            self.feedback.show_outcome(Outcome("error", f"not acknowledged: {' '.join(str(exc).split())}"))
            return
        self.acknowledged.add(alert.key)
        self.feedback.show_outcome(
            Outcome(
                "ok",
                f"Acknowledged by {record.get('actor') or self.ctx.session.get('name')} at "
                f"{self.ctx.local(record.get('at') or self.ctx.now(), '%H:%M')}: {alert.text}"
                + (f" (audit record {record['n']})" if record.get("n") else ""),
            )
        )
        self.refresh()

    def _show_detail(self) -> None:
        rows = self.view.selectionModel().selectedRows()
        table = self.ctx.feed.table(self.proxy.index(rows[0].row(), 0).data()) if rows else None
        if table is None:
            return
        lines = self.lines_of(table)
        if not lines:
            self.detail.setText(f"{table['id']}: no display of the floor shows this table.")
            return
        self.detail.setText(
            f"{table['id']}'s displays:\n"
            + "\n".join(f"{line.display_id} ({line.view}): {line.words}" for line in lines)
        )

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
                f"{field_title(k)} {format_money(v) if isinstance(v, int) and k.endswith('_cents') else v}"
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
                f"{link.get('name') or 'jackpot'}: {format_money(amount, always_cents=True)}"
                + (" PENDING" if link.get("pending") else ""),
                amount,
            )
        else:
            jackpot = ("", -1)
        online = (
            displays_cell(self.lines_of(table), self.displays_known)
            if self.ctx.frame is not None
            else ("not known (no floor file)", 0)  # which displays a table has is in the floor file
        )
        return [
            (table["id"], table["id"]),
            (game_name(table["game"]), table["game"]),
            (table.get("display_name", ""), table.get("display_name", "")),
            (format_money(limits.get("minimum_cents", 0)), limits.get("minimum_cents", 0)),
            (format_money(limits.get("maximum_cents", 0)), limits.get("maximum_cents", 0)),
            (sign_titles(s["kind"] for s in table.get("signs") or []), len(table.get("signs") or [])),
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
                    item.setToolTip(text)
                if item.data(_SORT) != key:
                    item.setData(key, _SORT)
        for row in sorted(present.values(), reverse=True):
            self.model.removeRow(row)
        self._raise_alerts([line for table in tables.values() for line in self.lines_of(table)])
        self._inbox()
        self._show_detail()
        self.summary.setText(f"{len(tables)} tables; {self.proxy.rowCount()} shown")
