"""Export signs as print-ready PDFs for chosen tables and sign kinds, off the UI thread with a
progress bar, opening the folder when done: the same planning and writing as ``kiosk export``
(:mod:`kiosk.render.export`), from the state the console mirrors, with the command's choices:
paper (``auto`` by default: each sign on the smallest of A4, A3, A2 that holds it), orientation,
tent, bleed, crop marks with the slug line, press condition, only the signs changed since the
last export in the folder, and all-or-nothing.  The signs no paper holds are listed under the
result, one line each, the rest written."""

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
    QDoubleSpinBox,
    QFileDialog,
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
from kiosk.render.export import (
    ExportError,
    ExportResult,
    export_signs,
    manifest_path,
    plan_signs,
    read_manifest,
)
from kiosk.render.paper import AUTO_PAPERS, DEFAULT_BLEED_MM, PageSpec, PaperError, parse_paper
from kiosk.render.press import DEFAULT_PRESS, PRESS_CONDITIONS
from kiosk.ui.staff.console.context import ConsoleContext
from kiosk.ui.staff.ops import Feedback, Outcome

__all__ = ["ExportPage", "AUTO_LABEL"]

AUTO_LABEL = f"auto: smallest that fits ({', '.join(AUTO_PAPERS)})"
_EITHER = "either: what fits"
_STYLE = "QCheckBox::indicator { width: 22px; height: 22px; }"  # about 6 mm at 96 dpi


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
        self.setStyleSheet(_STYLE)
        self.paper = QComboBox()
        self.paper.setEditable(True)
        self.paper.addItems([AUTO_LABEL, "A4", "A3", "A2", "A5", "letter"])
        self.paper.setAccessibleName("paper: auto, a name, or WxHmm")
        self.orientation = QComboBox()
        self.orientation.addItems([_EITHER, "portrait", "landscape"])
        self.orientation.setAccessibleName("orientation")
        self.tent = QCheckBox("table tent (folded, printed both ways up)")
        self.bleed = QDoubleSpinBox()
        self.bleed.setRange(0.0, 25.0)
        self.bleed.setDecimals(1)
        self.bleed.setSuffix(" mm")
        self.bleed.setValue(DEFAULT_BLEED_MM)
        self.bleed.setAccessibleName("bleed around the trim, mm")
        self.crop = QCheckBox("crop marks and slug line")
        self.press = QComboBox()
        for key, condition in PRESS_CONDITIONS.items():
            self.press.addItem(condition.about, key)
        self.press.setCurrentIndex(list(PRESS_CONDITIONS).index(DEFAULT_PRESS))
        self.press.setAccessibleName("press condition")
        self.changed_only = QCheckBox("only signs changed since the last export to this folder")
        self.strict = QCheckBox("write nothing if a sign fits no paper")
        self.batch = QCheckBox("one PDF with every page")
        self.folder = QLineEdit(str(Path.home() / "kiosk-signs"))
        self.folder.setAccessibleName("output folder")
        self.choose = QPushButton("Choose...")
        self.choose.setAccessibleName("choose the output folder")
        self.choose.clicked.connect(self.choose_folder)
        self.chooser: QFileDialog | None = None
        self.open_when_done = QCheckBox("open the folder when done")
        self.open_when_done.setChecked(True)
        self.button = QPushButton("Export")
        self.button.clicked.connect(self.start_export)
        self.progress = QProgressBar()
        self.progress.setFormat("%v of %m signs")
        self.feedback = Feedback()
        self.result = QLabel("")
        self.result.setWordWrap(True)
        self.not_written = QListWidget()
        self.not_written.setAccessibleName("signs not written, and why")
        self.not_written.setVisible(False)
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
        for w in (self.paper, self.orientation, self.tent):
            paper.addWidget(w)
        form.addRow("Paper", paper)
        finish = QHBoxLayout()
        finish.addWidget(QLabel("Bleed"))
        finish.addWidget(self.bleed)
        finish.addWidget(self.crop)
        form.addRow("Trim", finish)
        form.addRow("Press", self.press)
        which = QHBoxLayout()
        for box_ in (self.changed_only, self.strict, self.batch):
            which.addWidget(box_)
        form.addRow("Write", which)
        where = QHBoxLayout()
        where.addWidget(self.folder, 1)
        where.addWidget(self.choose)
        form.addRow("Folder", where)
        form.addRow("", self.open_when_done)
        box = QVBoxLayout(self)
        box.addLayout(lists, 1)
        box.addLayout(form)
        box.addWidget(self.button)
        box.addWidget(self.progress)
        box.addWidget(self.feedback)
        box.addWidget(self.result)
        box.addWidget(self.not_written)
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

    def choose_folder(self) -> None:
        """A folder dialog (Qt's own, so it works on a bare X server too); the folder chosen
        goes into the folder box."""
        dialog = QFileDialog(self, "Folder for the exported signs", self.folder.text().strip())
        dialog.setFileMode(QFileDialog.FileMode.Directory)
        dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        dialog.fileSelected.connect(lambda path: self.folder.setText(path))
        self.chooser = dialog
        dialog.open()

    def start_export(self) -> None:
        if self.task is not None and not self.task.done():
            return
        self.task = self.ctx.spawn(self._export())

    def _spec(self) -> tuple[PageSpec, tuple[str, ...] | None]:
        """The page as chosen, and the papers to choose from (``None``: the one paper)."""
        text = self.paper.currentText().strip()
        auto = text == AUTO_LABEL or text.lower() == "auto"
        orientation = None if self.orientation.currentText() == _EITHER else self.orientation.currentText()
        paper = parse_paper(AUTO_PAPERS[0] if auto else text)
        spec = PageSpec(paper, orientation, self.tent.isChecked(), self.bleed.value(), self.crop.isChecked())
        return spec, AUTO_PAPERS if auto else None

    async def _export(self) -> None:
        folder = Path(self.folder.text().strip()).expanduser()
        out = folder / "signs.pdf" if self.batch.isChecked() else folder
        note = ""
        try:
            spec, papers = self._spec()
            jobs = plan_signs(
                self.ctx.feed.state.tables,
                self.ctx.feed.state.links,
                table_ids=_checked(self.tables),
                kinds=_checked(self.kinds),
                timezone_=self.ctx.casino.timezone,
            )
            changed = None
            if self.changed_only.isChecked():
                earlier = manifest_path(out, self.batch.isChecked())
                if earlier.is_file():
                    changed = read_manifest(earlier)
                else:
                    note = f"; no earlier export in {folder}, so every sign was written"
        except (PaperError, ExportError) as exc:
            self.feedback.show_outcome(Outcome("error", str(exc), getattr(exc, "rule", None)))
            return
        if not folder.exists() and folder.parent.is_dir() and self.batch.isChecked():
            folder.mkdir()
        loop = asyncio.get_running_loop()

        def progress(done: int, total: int) -> None:  # on the export thread
            loop.call_soon_threadsafe(self._progress, done, total)

        self.button.setEnabled(False)
        self.feedback.clear_outcome()
        self.not_written.clear()
        self.not_written.setVisible(False)
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
                    changed_since=changed,
                    progress=progress,
                    papers=papers,
                    strict=self.strict.isChecked(),
                    press=PRESS_CONDITIONS[str(self.press.currentData())],
                ),
            )
        except ExportError as exc:
            self.feedback.show_outcome(Outcome("error", str(exc), getattr(exc, "rule", None)))
            return
        finally:
            self.button.setEnabled(True)
        self.last_result = result
        self.progress.setValue(self.progress.maximum())
        self.result.setText(_summary(result, folder) + note)
        if result.refused:
            self.not_written.addItems(result.refused)
            self.not_written.setVisible(True)
        if self.open_when_done.isChecked() and not QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))):
            self.result.setText(
                f"{self.result.text()}. This computer could not open the folder: open {folder} yourself"
            )

    def _progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)


def _summary(result: ExportResult, folder: Path) -> str:
    """``"39 signs written (35 on A4, 4 on A3) to FOLDER; manifest ...; 2 unchanged; 1 not written"``."""
    signs = result.manifest.get("signs", [])
    written = [s for s in signs if s["written"]]
    papers: dict[str, int] = {}
    for sign in written:
        papers[sign["paper"]] = papers.get(sign["paper"], 0) + 1
    on = ", ".join(f"{n} on {paper}" for paper, n in papers.items())
    text = f"{len(written)} sign{'s' if len(written) != 1 else ''} written ({on}) to {folder}; manifest {result.manifest_path}"
    if result.unchanged:
        text += f"; {result.unchanged} unchanged, not written again"
    if result.refused:
        text += f"; {len(result.refused)} not written (no paper holds them at 8 mm), listed below"
    return text
