"""Export signs as print-ready PDFs for chosen tables and sign kinds, off the UI thread with a
progress bar, opening the folder when done: the same planning and writing as ``kiosk export``
(:mod:`kiosk.render.export`), from the state the console mirrors."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from kiosk.floor.signs import SIGN_KINDS
from kiosk.render.export import ExportError, ExportResult, export_signs, plan_signs
from kiosk.render.paper import PageSpec, PaperError, parse_paper
from kiosk.ui.staff.console.context import ConsoleContext
from kiosk.ui.staff.ops import Feedback, Outcome

__all__ = ["ExportPage"]


def _checked(widget: QListWidget) -> list[str]:
    return [
        widget.item(i).data(Qt.ItemDataRole.UserRole)
        for i in range(widget.count())
        if widget.item(i).checkState() == Qt.CheckState.Checked
    ]


class ExportPage(QWidget):
    def __init__(self, ctx: ConsoleContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.task: asyncio.Task[None] | None = None
        self.last_result: ExportResult | None = None
        self.tables = QListWidget()
        self.tables.setAccessibleName("tables to export (none checked: all)")
        self.kinds = QListWidget()
        self.kinds.setAccessibleName("sign kinds to export (none checked: each table's own signs)")
        for kind, sk in SIGN_KINDS.items():
            item = QListWidgetItem(f"{sk.title} ({kind})")
            item.setData(Qt.ItemDataRole.UserRole, kind)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.kinds.addItem(item)
        self.paper = QComboBox()
        self.paper.setEditable(True)
        self.paper.addItems(["A4", "A3", "A5", "letter"])
        self.paper.setAccessibleName("paper, or WxHmm")
        self.orientation = QComboBox()
        self.orientation.addItems(["portrait", "landscape"])
        self.crop = QCheckBox("crop marks")
        self.batch = QCheckBox("one PDF with every page")
        self.folder = QLineEdit(str(Path.home() / "kiosk-signs"))
        self.folder.setAccessibleName("output folder")
        self.open_when_done = QCheckBox("open the folder when done")
        self.open_when_done.setChecked(True)
        self.button = QPushButton("Export")
        self.button.clicked.connect(self.start_export)
        self.progress = QProgressBar()
        self.progress.setFormat("%v of %m signs")
        self.feedback = Feedback()
        self.result = QLabel("")
        self.result.setWordWrap(True)
        lists = QHBoxLayout()
        left = QVBoxLayout()
        left.addWidget(QLabel("Tables (none checked: all)"))
        left.addWidget(self.tables)
        right = QVBoxLayout()
        right.addWidget(QLabel("Sign kinds (none checked: each table's own signs)"))
        right.addWidget(self.kinds)
        lists.addLayout(left)
        lists.addLayout(right)
        form = QFormLayout()
        paper = QHBoxLayout()
        for w in (self.paper, self.orientation, self.crop, self.batch):
            paper.addWidget(w)
        form.addRow("Paper", paper)
        form.addRow("Folder", self.folder)
        form.addRow("", self.open_when_done)
        box = QVBoxLayout(self)
        box.addLayout(lists, 1)
        box.addLayout(form)
        box.addWidget(self.button)
        box.addWidget(self.progress)
        box.addWidget(self.feedback)
        box.addWidget(self.result)
        ctx.feed.changed.connect(lambda *_: self._tables())

    def _tables(self) -> None:
        ids = sorted(self.ctx.feed.state.tables)
        if [self.tables.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.tables.count())] == ids:
            return
        checked = set(_checked(self.tables))
        self.tables.clear()
        for table_id in ids:
            table = self.ctx.feed.state.tables[table_id]
            item = QListWidgetItem(f"{table_id}: {table.get('display_name', '')}")
            item.setData(Qt.ItemDataRole.UserRole, table_id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if table_id in checked else Qt.CheckState.Unchecked)
            self.tables.addItem(item)

    def start_export(self) -> None:
        if self.task is not None and not self.task.done():
            return
        self.task = self.ctx.spawn(self._export())

    async def _export(self) -> None:
        try:
            spec = PageSpec(
                parse_paper(self.paper.currentText()), self.orientation.currentText(), False, 3.0, self.crop.isChecked()
            )
            jobs = plan_signs(
                self.ctx.feed.state.tables,
                self.ctx.feed.state.links,
                table_ids=_checked(self.tables),
                kinds=_checked(self.kinds),
                timezone_=self.ctx.casino.timezone,
            )
        except (PaperError, ExportError) as exc:
            self.feedback.show_outcome(Outcome("error", str(exc), getattr(exc, "rule", None)))
            return
        folder = Path(self.folder.text().strip()).expanduser()
        out = folder / "signs.pdf" if self.batch.isChecked() else folder
        if not folder.exists() and folder.parent.is_dir() and self.batch.isChecked():
            folder.mkdir()
        loop = asyncio.get_running_loop()

        def progress(done: int, total: int) -> None:  # on the export thread
            loop.call_soon_threadsafe(self._progress, done, total)

        self.button.setEnabled(False)
        self.feedback.clear_outcome()
        self.progress.setRange(0, len(jobs))
        self.progress.setValue(0)
        try:
            result = await loop.run_in_executor(
                None,
                partial(
                    export_signs,
                    jobs,
                    spec,
                    out,
                    batch=self.batch.isChecked(),
                    generated=datetime.now(UTC),
                    progress=progress,
                ),
            )
        except ExportError as exc:
            self.feedback.show_outcome(Outcome("error", str(exc), getattr(exc, "rule", None)))
            return
        finally:
            self.button.setEnabled(True)
        self.last_result = result
        self.progress.setValue(self.progress.maximum())
        self.result.setText(f"{len(result.files)} files written to {folder}; manifest {result.manifest_path}")
        if self.open_when_done.isChecked():
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))

    def _progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)
