"""Schedule a change of limits for a time, with the notice the law requires, or record that
all players agreed; list the changes waiting, with the time left, and cancel them.

A higher minimum table stake at manila or draw poker needs its notice shown for 20 minutes up
to the change (003 s259(3), s295(3)) unless all players agree, recorded with who confirmed it;
the poker room's changes wait for three hands' notice or a majority (002 r6.9) and are made
with "Publish" on the poker table. The service decides; this box shows what it said.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any, Protocol

from PySide6.QtCore import QDateTime, QTimeZone, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QDateTimeEdit,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from kiosk.rules.money import MoneyError, format_money
from kiosk.ui.console.context import ConsoleContext
from kiosk.ui.ops import Feedback, Outcome
from kiosk.views import builders
from kiosk.views.signs.frames import countdown_text

__all__ = ["ScheduleBox"]


class LimitsSource(Protocol):
    """What the schedule box reads of the limits editor above it (the console's EditorPage)."""

    def patch(self) -> dict[str, Any]: ...


class ScheduleBox(QGroupBox):
    def __init__(self, ctx: ConsoleContext, editor: LimitsSource) -> None:
        super().__init__("Schedule the limits above for later")
        self.ctx = ctx
        self.editor = editor
        self.table_id: str | None = None
        zone = QTimeZone(str(ctx.casino.timezone).encode())
        self.when = QDateTimeEdit()
        self.when.setTimeZone(zone)
        self.when.setDisplayFormat("ddd d MMM yyyy HH:mm")
        self.when.setCalendarPopup(True)
        self.when.setAccessibleName("when the change takes effect")
        self.agreed = QCheckBox("All players agreed (recorded instead of the notice)")
        self.confirmed_by = QLineEdit()
        self.confirmed_by.setPlaceholderText("who confirmed it")
        self.agreeing = QSpinBox()
        self.agreeing.setRange(0, 20)
        self.players = QSpinBox()
        self.players.setRange(0, 20)
        self.button = QPushButton("Schedule")
        self.button.clicked.connect(self.send)
        self.feedback = Feedback()
        self.waiting = QVBoxLayout()
        form = QFormLayout()
        form.addRow("Takes effect", self.when)
        form.addRow("", self.agreed)
        row = QHBoxLayout()
        row.addWidget(self.confirmed_by, 2)
        row.addWidget(QLabel("agreeing"))
        row.addWidget(self.agreeing)
        row.addWidget(QLabel("of"))
        row.addWidget(self.players)
        form.addRow("Agreement", row)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(self.button)
        box.addWidget(self.feedback)
        box.addWidget(QLabel("Waiting:"))
        box.addLayout(self.waiting)
        self.clock = QTimer(self)
        self.clock.setInterval(1000)
        self.clock.timeout.connect(self.refresh)
        self.clock.start()
        self._rows: list[QWidget] = []
        self._texts: list[tuple[QLabel, Any]] = []
        self._key: tuple[str, int] | None = None

    def set_table(self, table_id: str) -> None:
        self.table_id = table_id
        start = datetime.now(timezone.utc) + timedelta(minutes=30)
        self.when.setDateTime(QDateTime.fromSecsSinceEpoch(int(start.timestamp()), self.when.timeZone()))
        self.refresh()

    def effective_at(self) -> datetime:
        return datetime.fromtimestamp(self.when.dateTime().toSecsSinceEpoch(), timezone.utc)

    def command(self) -> dict[str, Any]:
        assert self.table_id is not None
        agreement = None
        if self.agreed.isChecked():
            agreement = {"confirmed_by": self.confirmed_by.text().strip(), "agreeing": self.agreeing.value(),
                         "players_at_table": self.players.value()}
        table = self.ctx.feed.table(self.table_id) or {}
        return builders.schedule_change(self.table_id, self.editor.patch(), self.effective_at(),
                                        players_agreed=agreement, expected_version=table.get("version"))

    def send(self) -> None:
        try:
            cmd = self.command()
        except (MoneyError, ValueError) as exc:
            self.feedback.show_outcome(Outcome("error", str(exc)))
            return
        if not cmd.get("limits"):
            self.feedback.show_outcome(Outcome("error", "change a limit above first: nothing to schedule"))
            return
        self.ctx.ops.submit(cmd, control=self.button, feedback=self.feedback)

    def refresh(self) -> None:
        table = self.ctx.feed.table(self.table_id) if self.table_id else None
        key = None if table is None else (table["id"], table["version"])
        if key == self._key:
            for label, text in self._texts:
                label.setText(text())
            return
        self._key = key
        for w in self._rows:
            w.deleteLater()
        self._rows, self._texts = [], []
        if table is None:
            return
        self.setEnabled(table["game"] != "poker")
        self.setToolTip("poker room changes wait for hands (002 r6.9): publish them above" if table["game"] == "poker" else "")
        for item in table.get("scheduled") or []:
            when = datetime.fromisoformat(item["effective_at"].replace("Z", "+00:00"))
            notice = datetime.fromisoformat(item["notice_from"].replace("Z", "+00:00"))
            what = ", ".join(f"{k}: {format_money(v) if isinstance(v, int) and not isinstance(v, bool) else v}"
                             for k, v in item["limits"].items())
            agreed = item.get("agreement")
            how = (f"all players agreed, confirmed by {agreed['confirmed_by']}" if agreed
                   else f"notice shown since {self.ctx.local(notice, '%H:%M')}")
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            label = QLabel()
            text = (lambda what=what, when=when, how=how, by=item["by"]:
                    f"{what} at {self.ctx.local(when)} ({countdown_text(when, self.ctx.now())}); {how}; by {by}")
            label.setText(text())
            self._texts.append((label, text))
            line.addWidget(label, 1)
            cancel = QPushButton("Cancel")
            cancel.clicked.connect(lambda _=False, cid=item["id"], b=cancel: self.ctx.ops.submit(
                builders.cancel_change(table["id"], cid, expected_version=table["version"]), control=b,
                feedback=self.feedback))
            line.addWidget(cancel)
            self.waiting.addWidget(row)
            self._rows.append(row)
        for item in table.get("pending") or []:
            label = QLabel(f"waiting for hands (002 r6.9): {item['limits']} given by {item['given_by']}")
            self.waiting.addWidget(label)
            self._rows.append(label)
