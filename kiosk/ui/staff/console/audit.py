"""The audit trail for compliance: filter by table (or link), person, kind of change (picked by
its human name) and time, page back through it, save what is shown as CSV, and verify the chain
(naming the first broken record).  Each record reads as a sentence
(:func:`kiosk.views.console.audit_words.sentence`); the page opens on the last hour.  When the server signs no audit records (no audit key: ``audit_keyed`` false in its
health), the page says so above everything else, naming ``kiosk audit keygen``."""

from __future__ import annotations

import asyncio
import csv
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QDateTime, QTimeZone
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateTimeEdit,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from kiosk.state.auditkey import UNKEYED
from kiosk.state.errors import StateError
from kiosk.ui.staff.console.context import FIELD_FORMAT, ConsoleContext
from kiosk.ui.staff.ops import Feedback, Outcome
from kiosk.views.console.audit_words import KINDS, kind_title, sentence

__all__ = ["AuditPage", "CSV_COLUMNS", "write_csv"]

CSV_COLUMNS = ("n", "at", "actor", "role", "action", "target", "seq", "rule", "details")


def _rule(record: dict[str, Any]) -> str:
    data = ((record.get("details") or {}).get("event") or {}).get("data") or {}
    return str(data.get("rule") or "")


def write_csv(records: list[dict[str, Any]], path: Path) -> None:
    """The records as CSV (UTF-8, one row each, details as JSON), written whole or not at all."""
    tmp = path.with_name(path.name + ".part")
    with tmp.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(CSV_COLUMNS)
        for r in records:
            writer.writerow(
                [
                    r.get("n"),
                    r.get("at"),
                    r.get("actor"),
                    r.get("role"),
                    r.get("action"),
                    r.get("target"),
                    r.get("seq"),
                    _rule(r),
                    json.dumps(r.get("details"), sort_keys=True),
                ]
            )
    tmp.replace(path)


class AuditPage(QWidget):
    def __init__(self, ctx: ConsoleContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.records: list[dict[str, Any]] = []
        self.more = False
        self._task: asyncio.Task[None] | None = None
        self._keying_task: asyncio.Task[None] | None = None
        self.keyed: bool | None = None  # whether the server signs its audit records; None: not known yet
        self.keying = QLabel("")
        self.keying.setWordWrap(True)
        self.keying.setStyleSheet(
            "QLabel { color:#5a3b00; background:#fff2cc; border:2px solid #a66f00; padding:6px; border-radius:4px; }"
        )
        self.keying.setVisible(False)
        zone = QTimeZone(str(ctx.casino.timezone).encode())
        self.target = QLineEdit()
        self.target.setPlaceholderText("table or link id")
        self.actor = QLineEdit()
        self.actor.setPlaceholderText("person (token name)")
        self.action = QComboBox()
        self.action.setAccessibleName("kind of record")
        self.action.addItem("every kind", "")
        for action, title in sorted(KINDS.items(), key=lambda kv: kv[1]):
            self.action.addItem(title, action)
        self.use_since = QCheckBox("from")
        self.use_since.setChecked(True)  # the page opens on the last hour
        self.since = QDateTimeEdit()
        self.since.setTimeZone(zone)
        self.since.setDisplayFormat(FIELD_FORMAT)
        self.since.setCalendarPopup(True)
        self.since.setDateTime(QDateTime.currentDateTime().addSecs(-3600))
        self.use_until = QCheckBox("until")
        self.until = QDateTimeEdit()
        self.until.setTimeZone(zone)
        self.until.setDisplayFormat(FIELD_FORMAT)
        self.until.setCalendarPopup(True)
        self.until.setDateTime(QDateTime.currentDateTime())
        self.search = QPushButton("Search")
        self.search.clicked.connect(lambda: self.run(fresh=True))
        for edit in (self.target, self.actor):
            edit.returnPressed.connect(lambda: self.run(fresh=True))
        self.action.activated.connect(lambda *_: self.run(fresh=True))
        self.older = QPushButton("Older records")
        self.older.clicked.connect(lambda: self.run(fresh=False))
        self.csv_path = QLineEdit(str(Path.home() / "kiosk-audit.csv"))
        self.csv_path.setAccessibleName("CSV file")
        self.save = QPushButton("Save as CSV")
        self.save.clicked.connect(self.save_csv)
        self.verify = QPushButton("Verify the chain")
        self.verify.clicked.connect(lambda: self.ctx.spawn(self._verify()))
        self.verify.setEnabled(ctx.is_admin)
        self.verify.setToolTip("" if ctx.is_admin else "administrators verify the chain")
        self.result = QLabel("")
        self.result.setWordWrap(True)
        self.feedback = Feedback()
        self.model = QStandardItemModel(0, 4, self)
        self.model.setHorizontalHeaderLabels(["When", "What happened", "Kind", "#"])
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.view.horizontalHeader().setStretchLastSection(False)
        self.view.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)  # the sentence
        self.view.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Table / link", self.target)
        form.addRow("Person", self.actor)
        form.addRow("Kind", self.action)
        times = QHBoxLayout()
        for w in (self.use_since, self.since, self.use_until, self.until, self.search):
            times.addWidget(w)
        form.addRow("Time", times)
        out = QHBoxLayout()
        out.addWidget(self.older)
        out.addWidget(self.csv_path, 1)
        out.addWidget(self.save)
        out.addWidget(self.verify)
        box = QVBoxLayout(self)
        box.addWidget(self.keying)
        box.addLayout(form)
        box.addWidget(self.feedback)
        box.addWidget(self.view, 1)
        box.addLayout(out)
        box.addWidget(self.result)
        self.check_keying()
        self.run(fresh=True)  # the last hour, without pressing Search

    def check_keying(self) -> None:
        """Ask the server whether it signs its audit records: when the page opens and with each
        search (a console may have moved to another node since)."""
        if self._keying_task is None or self._keying_task.done():
            self._keying_task = self.ctx.spawn(self._check_keying())

    async def _check_keying(self) -> None:
        try:
            health = await self.ctx.client.health()
        except StateError:
            return  # the page's own requests say when the server cannot be reached
        keyed = health.get("audit_keyed")
        if not isinstance(keyed, bool):
            return  # a server from before audit_keyed: nothing to say
        self.keyed = keyed
        self.keying.setText("" if keyed else f"This server has {UNKEYED}.")
        self.keying.setVisible(not keyed)

    def _moment(self, edit: QDateTimeEdit, use: QCheckBox) -> datetime | None:
        return datetime.fromtimestamp(edit.dateTime().toSecsSinceEpoch(), UTC) if use.isChecked() else None

    def run(self, fresh: bool) -> None:
        if self._task is not None and not self._task.done():
            if not fresh:
                return
            self._task.cancel()  # a new search replaces the one in flight
        self._task = self.ctx.spawn(self._run(fresh))
        self.check_keying()

    async def _run(self, fresh: bool) -> None:
        before = None if fresh or not self.records else self.records[-1]["n"]
        self.search.setEnabled(False)
        try:
            found = await self.ctx.client.audit(
                target=self.target.text().strip() or None,
                actor=self.actor.text().strip() or None,
                action=str(self.action.currentData() or "") or None,
                since=self._moment(self.since, self.use_since),
                until=self._moment(self.until, self.use_until),
                before=before,
            )
        except StateError as exc:
            self.feedback.show_outcome(Outcome("error", " ".join(str(exc).split()), getattr(exc, "rule", None)))
            return
        finally:
            self.search.setEnabled(True)
        self.feedback.clear_outcome()
        if fresh:
            self.records = []
            self.model.removeRows(0, self.model.rowCount())
        self.records += found["records"]
        self.more = found["more"]
        for r in found["records"]:
            self.model.appendRow(
                [
                    QStandardItem(str(x))
                    for x in (
                        self.ctx.local(r["at"], "%a %d %b %H:%M:%S"),
                        sentence(r, self.ctx.local),
                        kind_title(str(r["action"])),
                        r["n"],
                    )
                ]
            )
        self.older.setEnabled(self.more)
        self.result.setText(f"{len(self.records)} records shown" + ("; older ones exist" if self.more else ""))

    def save_csv(self) -> None:
        path = Path(self.csv_path.text().strip()).expanduser()
        try:
            write_csv(self.records, path)
        except OSError as exc:
            self.feedback.show_outcome(Outcome("error", f"{path}: cannot write it ({exc.strerror})"))
            return
        self.result.setText(f"Saved {len(self.records)} records to {path}")

    async def _verify(self) -> None:
        self.verify.setEnabled(False)
        try:
            report = await self.ctx.client.verify_audit()
        except StateError as exc:
            self.result.setText(f"Could not verify: {' '.join(str(exc).split())}")
            return
        finally:
            self.verify.setEnabled(self.ctx.is_admin)
        if report.get("ok"):
            self.result.setText(f"Chain verified: {report.get('records')} records, nothing altered.")
        else:
            self.result.setText(f"CHAIN BROKEN at record {report.get('first_broken')}: {report.get('reason')}")
