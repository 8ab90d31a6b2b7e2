"""What was shown: pick a table or a display and a moment - on a slider over the casino's day with
the day's records marked, or typed - and see the picture composed from the floor as the event log
says it was then (``GET /api/v1/state``) with its digest, the signs that were up and the notices
that were running with the displays that reported them, and the audit records around the moment;
for a display, whether the picture it reported then is the one its state composes again
(:mod:`kiosk.views.proof`); export the picture with its one-page certificate and checkpoint.  The decisions are
:mod:`kiosk.views.console.shown`'s; this page only shows them."""

from __future__ import annotations

import asyncio
import hashlib
import os
import shutil
import tempfile
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from PySide6.QtCore import QDate, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateEdit,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSlider,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from kiosk.render.certificate import write_certificate
from kiosk.render.qt import render_png
from kiosk.rules.times import parse_utc
from kiosk.scene.digest import COMPOSER, frames_digest
from kiosk.state.errors import StateError
from kiosk.state.history import PastState, describe_moment
from kiosk.state.time_input import parse_moment
from kiosk.ui.staff.console.context import ConsoleContext
from kiosk.ui.staff.ops import Feedback, Outcome
from kiosk.ui.widgets.scene_widget import SceneWidget
from kiosk.views.base import Area, ViewState
from kiosk.views.console.shown import (
    Choice,
    DaySpan,
    Mark,
    around,
    certificate,
    choices,
    day_span,
    marks,
    notices_then,
    signs_then,
    views_for,
)
from kiosk.views.past import built_from, compose_then, settings_then
from kiosk.views.proof import Comparison, Picture, recompose
from kiosk.views.screen import Subject

__all__ = ["ShownPage", "EXPORT_SIZE", "EXPORT_MM"]

EXPORT_SIZE = (1920, 1080)
"""The exported picture, in pixels, and the screen it is composed for, in millimetres (the
displays' reports do not say their screens' sizes yet: a 24-inch 16:9 screen)."""
EXPORT_MM = (527.0, 296.0)
AROUND = timedelta(minutes=15)


class MarksBar(QWidget):
    """The day's records as ticks over the slider, the moment shown as a red line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.marks: list[Mark] = []
        self.position: float | None = None
        self.setMinimumHeight(14)
        self.setAccessibleName("the day's audit records")

    def set_marks(self, found: list[Mark]) -> None:
        self.marks = found
        self.setToolTip(f"{len(found)} records this day")
        self.update()

    def set_position(self, position: float | None) -> None:
        self.position = position
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            painter.fillRect(self.rect(), QColor(245, 245, 245))
            w, h = self.width(), self.height()
            painter.setPen(QPen(QColor(30, 60, 140), 1))
            for mark in self.marks:
                x = round(mark.position * (w - 1))
                painter.drawLine(x, 2, x, h - 2)
            if self.position is not None:
                painter.setPen(QPen(QColor(200, 0, 0), 2))
                x = round(self.position * (w - 1))
                painter.drawLine(x, 0, x, h)
        finally:
            painter.end()


class ShownPage(QWidget):
    def __init__(self, ctx: ConsoleContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.zone = ctx.casino.timezone
        self.choices: list[Choice] = []
        self.past: PastState | None = None
        self.view_state: ViewState | None = None
        self.subject: Subject | None = None
        self.records: list[dict] = []
        self.last_export: dict[str, Path] = {}
        self._task: asyncio.Task[None] | None = None
        self._marks_task: asyncio.Task[None] | None = None
        self._moment = ctx.now() - timedelta(seconds=1)  # until one is picked: a moment ago
        self.digest: str | None = None
        self.verdict: str | None = None
        self._folder = Path(tempfile.mkdtemp(prefix="kiosk-console-logo-"))  # the server's logo, fetched once
        folder = self._folder
        self.destroyed.connect(lambda *_: shutil.rmtree(folder, ignore_errors=True))
        self._logo_file: Path | None = None
        self._logo_fetched = False
        self.what = QComboBox()
        self.what.setAccessibleName("table or display")
        self.what.currentIndexChanged.connect(self._picked)
        self.view = QComboBox()
        self.view.setAccessibleName("view of the table")
        self.view.currentIndexChanged.connect(lambda _i: self.show_moment())
        self.day = QDateEdit()
        self.day.setCalendarPopup(True)
        self.day.setDisplayFormat("ddd d MMM yyyy")
        self.day.setAccessibleName("day (the casino's)")
        today = datetime.now(UTC).astimezone(self.zone).date()
        self.day.setDate(QDate(today.year, today.month, today.day))
        self.day.dateChanged.connect(self._day_changed)
        self.span: DaySpan = day_span(today, self.zone)
        self.bar = MarksBar()
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setAccessibleName("time of the day")
        self.slider.setRange(0, self.span.seconds - 1)
        self.slider.setPageStep(600)
        self.slider.setValue(self.span.second_of(self._moment))
        self.slider.valueChanged.connect(self._slid)
        self.debounce = QTimer(self)
        self.debounce.setSingleShot(True)
        self.debounce.setInterval(250)
        self.debounce.timeout.connect(self.show_moment)
        self.moment_label = QLabel("")
        self.typed = QLineEdit()
        self.typed.setPlaceholderText("or type a time: 2026-11-28 21:14 (casino time) or ...Z for UTC")
        self.typed.setAccessibleName("moment, typed")
        self.typed.returnPressed.connect(self.go_to_typed)
        self.go = QPushButton("Go")
        self.go.clicked.connect(self.go_to_typed)
        self.picture = SceneWidget()
        self.picture.setMinimumSize(480, 270)
        self.facts = QLabel("")
        self.facts.setWordWrap(True)
        self.facts.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.signs = QListWidget()
        self.signs.setAccessibleName("signs up then")
        self.notices = QListWidget()
        self.notices.setAccessibleName("notices running then")
        self.reports = QListWidget()
        self.reports.setAccessibleName("the displays' reports then")
        self.audit = QStandardItemModel(0, 6, self)
        self.audit.setHorizontalHeaderLabels(["#", "When", "Who", "Kind", "Table / link", "What"])
        self.audit_view = QTableView()
        self.audit_view.setModel(self.audit)
        self.audit_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.audit_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.audit_view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.audit_view.horizontalHeader().setStretchLastSection(True)
        self.folder = QLineEdit(str(Path.home() / "kiosk-what-was-shown"))
        self.folder.setAccessibleName("folder for the picture and certificate")
        self.export = QPushButton("Export picture and certificate")
        self.export.clicked.connect(self.export_now)
        self.export.setEnabled(False)
        self.feedback = Feedback()
        self.result = QLabel("")
        self.result.setWordWrap(True)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # layout
        pick = QHBoxLayout()
        pick.addWidget(self.what, 2)
        pick.addWidget(self.view, 1)
        pick.addWidget(self.day)
        typed = QHBoxLayout()
        typed.addWidget(self.typed, 1)
        typed.addWidget(self.go)
        form = QFormLayout()
        form.addRow("Show", pick)
        slider = QVBoxLayout()
        slider.setSpacing(0)
        slider.addWidget(self.bar)
        slider.addWidget(self.slider)
        form.addRow("When", slider)
        form.addRow("", self.moment_label)
        form.addRow("", typed)
        side = QVBoxLayout()
        side.addWidget(self.facts)
        side.addWidget(QLabel("Signs up then (and the displays that reported them)"))
        side.addWidget(self.signs)
        side.addWidget(QLabel("Notices running then"))
        side.addWidget(self.notices)
        side.addWidget(QLabel("The displays' reports then"))
        side.addWidget(self.reports)
        right = QWidget()
        right.setLayout(side)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.picture)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        out = QHBoxLayout()
        out.addWidget(self.folder, 1)
        out.addWidget(self.export)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(self.feedback)
        box.addWidget(split, 3)
        box.addWidget(
            QLabel(f"Audit records within {AROUND.seconds // 60} minutes of the moment (bold: in the picture)")
        )
        box.addWidget(self.audit_view, 2)
        box.addLayout(out)
        box.addWidget(self.result)
        self.moment_label.setText(describe_moment(self._moment, self.zone))
        ctx.feed.changed.connect(lambda *_: self._refresh_choices())
        self._refresh_choices()

    # -- what to show --------------------------------------------------------------------------
    def _refresh_choices(self) -> None:
        displays = [d.model_dump() for d in self.ctx.frame.displays.values()] if self.ctx.frame is not None else []
        found = choices(self.ctx.feed.state.tables, displays)
        if [c.label for c in found] == [c.label for c in self.choices]:
            return
        current = self.what.currentText()
        self.choices = found
        self.what.blockSignals(True)
        self.what.clear()
        self.what.addItems([c.label for c in found])
        index = self.what.findText(current)
        self.what.setCurrentIndex(max(index, 0))
        self.what.blockSignals(False)
        self._picked()

    def choice(self) -> Choice | None:
        i = self.what.currentIndex()
        return self.choices[i] if 0 <= i < len(self.choices) else None

    def pick(self, label_start: str) -> None:
        """Pick the first choice whose label starts with ``label_start`` (``"Display D-BJ-01"``)."""
        for i, c in enumerate(self.choices):
            if c.label.startswith(label_start):
                self.what.setCurrentIndex(i)
                return
        raise KeyError(f"nothing to show named {label_start!r}")

    def _picked(self, _index: int = 0) -> None:
        c = self.choice()
        self.view.blockSignals(True)
        self.view.clear()
        if c is not None and c.view is None and c.table is not None:
            table = self.ctx.feed.state.tables.get(c.table)
            self.view.addItems(views_for(table.get("game") if table else None))
        self.view.setEnabled(self.view.count() > 0)
        self.view.blockSignals(False)
        self._load_marks()
        self.show_moment()

    # -- when -----------------------------------------------------------------------------------
    def _day_changed(self, qdate: QDate) -> None:
        self.span = day_span(date(qdate.year(), qdate.month(), qdate.day()), self.zone)
        self.slider.blockSignals(True)
        self.slider.setRange(0, self.span.seconds - 1)
        self.slider.blockSignals(False)
        self._load_marks()
        self._slid(self.slider.value())

    def _slid(self, value: int) -> None:
        moment = self.span.moment(value)
        self.moment_label.setText(describe_moment(moment, self.zone))
        self.bar.set_position(value / max(1, self.span.seconds - 1))
        self._moment = moment
        self.debounce.start()

    def set_moment(self, moment: datetime) -> None:
        """Show ``moment`` (aware): its day on the slider, the slider at it, and the picture."""
        local = moment.astimezone(self.zone).date()
        self.day.blockSignals(True)
        self.day.setDate(QDate(local.year, local.month, local.day))
        self.day.blockSignals(False)
        self.span = day_span(local, self.zone)
        self.slider.blockSignals(True)
        self.slider.setRange(0, self.span.seconds - 1)
        self.slider.setValue(self.span.second_of(moment))
        self.slider.blockSignals(False)
        self._moment = moment
        self.moment_label.setText(describe_moment(moment, self.zone))
        self.bar.set_position(self.span.second_of(moment) / max(1, self.span.seconds - 1))
        self._load_marks()
        self.show_moment()

    def go_to_typed(self) -> None:
        try:
            moment = parse_moment(self.typed.text(), "time", self.zone)
        except StateError as exc:
            self.feedback.show_outcome(Outcome("error", exc.message))
            return
        self.feedback.clear_outcome()
        self.set_moment(moment)

    # -- reading the past -------------------------------------------------------------------------
    def _load_marks(self) -> None:
        if self._marks_task is not None and not self._marks_task.done():
            self._marks_task.cancel()
        self._marks_task = self.ctx.spawn(self._read_marks())

    async def _read_marks(self) -> None:
        c = self.choice()
        if c is None:
            return
        try:
            found = await self.ctx.client.audit(
                target=c.table or c.link, since=self.span.start, until=self.span.end, limit=1000
            )
        except StateError:
            self.bar.set_marks([])
            return
        self.bar.set_marks(marks(found["records"], self.span))

    def show_moment(self) -> None:
        self.debounce.stop()
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = self.ctx.spawn(self._show(self._moment))

    async def _show(self, moment: datetime) -> None:
        c = self.choice()
        if c is None:
            return
        subject = c.subject(self.view.currentText() or None)
        try:
            past = await self.ctx.client.state_at(moment, table=c.table, link=c.link)
            found = await self.ctx.client.audit(
                target=c.table or c.link, since=moment - AROUND, until=moment + AROUND, limit=200
            )
        except StateError as exc:
            self._clear(" ".join(str(exc).split()))
            return
        try:
            settings = settings_then(past, await self._logo(past))
            state = compose_then(subject, past, area=Area(*EXPORT_MM), settings=settings)
            verdict = await self._verdict(c, subject, past) if c.display is not None else None
        except StateError as exc:
            self._clear(" ".join(str(exc).split()))
            return
        except (LookupError, ValueError) as exc:
            self._clear(str(exc).splitlines()[0])
            return
        self.feedback.clear_outcome()
        self.past, self.view_state, self.subject, self.records = past, state, subject, found["records"]
        self.digest, self.verdict = frames_digest(state.frames, state.frame_seconds), verdict
        self.picture.set_scene(state.scene)
        self.facts.setText(
            f"{subject.view} of {subject.name} at {describe_moment(past.at, past.zone)}: {built_from(past)}."
            f" Casino frame from {past.frame_from}. Digest {self.digest}."
            + (f" Display's picture then: {verdict}." if verdict else "")
        )
        table = c.table
        self.signs.clear()
        self.notices.clear()
        self.reports.clear()
        if table is not None:
            self.signs.addItems([s.text for s in signs_then(past, table)])
            notices = notices_then(past, table)
            self.notices.addItems(
                [f"{n.text}: " + (", ".join(n.shown_by) or "no display reported its notice") for n in notices]
                or ["none"]
            )
            self.reports.addItems(
                [
                    f"{'this display: ' if c.display is not None and r.display_id == c.display else ''}{r.display}"
                    f" at {r.at.astimezone(self.zone):%H:%M:%S} (record {r.n}): signs"
                    f" {', '.join(sorted(r.signs)) or 'none'}; notices {', '.join(sorted(r.notices)) or 'none'}"
                    for r in past.showing()
                ]
                or ["no display of the table had reported"]
            )
        self.audit.removeRows(0, self.audit.rowCount())
        for line in around(self.records, past):
            row = [
                QStandardItem(str(x))
                for x in (line.n, self.ctx.local(line.at, "%H:%M:%S"), line.actor, line.action, line.target, line.what)
            ]
            if line.before:
                for item in row:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
            self.audit.appendRow(row)
        self.export.setEnabled(True)

    async def _logo(self, past: PastState) -> Path | None:
        """The casino's logo as the frame then recorded it: the server's logo file, fetched once,
        when its SHA-256 is the recorded one (a display draws the server's)."""
        recorded = (past.frame or {}).get("logo") or {}
        if not isinstance(recorded, dict) or not recorded.get("sha256"):
            return None
        if not self._logo_fetched:
            self._logo_fetched = True
            summary = await self.ctx.client.floor_summary()
            self._logo_file = await self.ctx.client.floor_logo(self._folder, summary)
        if self._logo_file is None or hashlib.sha256(self._logo_file.read_bytes()).hexdigest() != recorded["sha256"]:
            return None
        return self._logo_file

    async def _verdict(self, c: Choice, subject: Subject, past: PastState) -> str:
        """The picture display ``c`` reported then, composed again from the state it says it was
        composed from and compared (:class:`kiosk.views.proof.Comparison`), in one line."""
        mine = [r for r in past.reports if (r.get("details") or {}).get("display_id") == c.display]
        if not mine:
            return f"{c.display} had made no report"
        record = mine[-1]
        picture = Picture.of(record.get("details") or {})
        if picture is None:
            return f"{c.display}'s report of record {record['n']} carries no picture (no digest)"
        after = await self.ctx.client.state_after(picture.seq, table=c.table, link=c.link)
        shown = Subject(picture.view, table=subject.table, link=subject.link)
        _, digest = recompose(picture, shown, after.tables, after.links, settings_then(after, await self._logo(after)))
        return Comparison(picture, parse_utc(str(record["at"])), digest).verdict(self.zone)

    def _clear(self, message: str) -> None:
        self.past = self.view_state = None
        self.feedback.show_outcome(Outcome("error", message))
        self.export.setEnabled(False)
        self.facts.setText("")
        for widget in (self.signs, self.notices, self.reports):
            widget.clear()
        self.audit.removeRows(0, self.audit.rowCount())

    # -- export -----------------------------------------------------------------------------------
    def export_now(self) -> None:
        past, state, subject = self.past, self.view_state, self.subject
        if past is None or state is None or subject is None:
            return
        c = self.choice()
        folder = Path(self.folder.text().strip()).expanduser()
        stem = f"{subject.name}-{subject.view}-{past.at.astimezone(self.zone):%Y%m%d-%H%M%S}"
        paths = {
            "png": folder / f"{stem}.png",
            "pdf": folder / f"{stem}.pdf",
            "checkpoint": folder / f"{stem}.checkpoint",
        }
        w, h = EXPORT_SIZE
        try:
            folder.mkdir(parents=True, exist_ok=True)
            image = render_png(state.scene, w, h, px_per_mm=min(w / EXPORT_MM[0], h / EXPORT_MM[1]))
            part = paths["png"].with_name(f".{paths['png'].name}.{os.getpid()}.part")
            if not image.save(str(part), "PNG"):  # type: ignore[call-overload]  # stubs say bytes; PySide6 takes str only
                raise OSError(f"cannot write {paths['png']}")
            os.replace(part, paths["png"])
            cert = certificate(
                past,
                subject,
                display=c.display if c is not None else None,
                screen=f"{EXPORT_MM[0]:g} x {EXPORT_MM[1]:g} mm ({w} x {h} px)",
                server=self.ctx.server,
                generated=self.ctx.now(),
                digest=self.digest,
                composer=COMPOSER,
                verdict=self.verdict,
            )
            write_certificate(cert, state.scene, paths["pdf"])
            paths["checkpoint"].write_text(cert.checkpoint + "\n", encoding="utf-8")
        except OSError as exc:
            self.feedback.show_outcome(Outcome("error", f"{folder}: cannot write the export ({exc.strerror or exc})"))
            return
        self.last_export = paths
        self.result.setText(
            f"Saved {paths['png'].name}, {paths['pdf'].name} and {paths['checkpoint'].name} in {folder}"
        )
