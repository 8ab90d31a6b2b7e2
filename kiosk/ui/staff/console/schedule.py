"""Schedule a change of limits for a time, with the notice the law requires, or record that
all players agreed; list the changes waiting, with the time left, and cancel them.

A higher minimum table stake at manila or draw poker needs its notice shown for 20 minutes up
to the change (003 s259(3), s295(3)) unless all players agree, recorded with who confirmed it;
the poker room's changes wait for three hands' notice or a majority (002 r6.9) and are made
with "Publish" on the poker table, a commission change once a display shows it (002 r7.3).
The service decides; this box shows what it said, and, from the displays' reports
(:mod:`kiosk.state.showing`, read from the audit trail every few seconds), since when each
notice has been shown on the table's displays, or that it is not shown: the words and the state
a row is styled by come from :func:`kiosk.views.console.notice_state.notice_state`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from PySide6.QtCore import QDateTime, QTimer, QTimeZone
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
from kiosk.rules.times import parse_utc
from kiosk.state.errors import StateError
from kiosk.state.events import Event
from kiosk.state.shapes import TableState
from kiosk.state.showing import ShowingRecord, records_from_audit
from kiosk.ui.staff.console.context import FIELD_FORMAT, ConsoleContext
from kiosk.ui.staff.ops import Feedback, Outcome
from kiosk.views import builders
from kiosk.views.console.displays import notice_warning
from kiosk.views.console.limits_edit import field_title
from kiosk.views.console.notice_state import commission_words, notice_state
from kiosk.views.signs.frames import countdown_text

__all__ = ["ScheduleBox"]

EVIDENCE_EVERY_S = 5.0  # how often the displays' reports are read while changes wait


def _field(key: str) -> str:
    """A limits field as staff read it: ``minimum_table_stake_cents`` -> ``minimum table stake``."""
    title = field_title(key)
    return title[0].lower() + title[1:]


class LimitsSource(Protocol):
    """What the schedule box reads of the limits editor above it (the console's EditorPage):
    the limits changed, in words, and what to do once the change is scheduled."""

    def patch(self) -> dict[str, Any]: ...

    def draft(self) -> Any: ...

    def scheduled(self) -> None: ...


class ScheduleBox(QGroupBox):
    def __init__(self, ctx: ConsoleContext, editor: LimitsSource) -> None:
        super().__init__("Schedule the limits above for later")
        self.ctx = ctx
        self.editor = editor
        self.table_id: str | None = None
        zone = QTimeZone(str(ctx.casino.timezone).encode())
        self.when = QDateTimeEdit()
        self.when.setTimeZone(zone)
        self.when.setDisplayFormat(FIELD_FORMAT)
        self.when.setCalendarPopup(True)
        self.when.setAccessibleName("when the change takes effect")
        self.agreed = QCheckBox("All players agreed (recorded instead of the notice)")
        self.agreed.toggled.connect(lambda _on: self.check_notice())
        self.confirmed_by = QLineEdit()
        self.confirmed_by.setPlaceholderText("who confirmed it")
        # the number of players who agreed and the number at the table: never taken for granted,
        # so both start unset (0, shown as "how many?") and an agreement of nobody is not sent
        # (docs/readings.md A-30)
        self.agreeing = QSpinBox()
        self.agreeing.setRange(0, 20)
        self.agreeing.setSpecialValueText("how many?")
        self.agreeing.setAccessibleName("players who agreed")
        self.players = QSpinBox()
        self.players.setRange(0, 20)
        self.players.setSpecialValueText("how many?")
        self.players.setAccessibleName("players at the table")
        self.button = QPushButton("Schedule")
        self.button.clicked.connect(self.send)
        self.warning = QLabel("")  # before scheduling: what stops the notice being shown (C10)
        self.warning.setWordWrap(True)
        self.warning.setStyleSheet(
            "QLabel { color:#5a3b00; background:#fff2cc; border:2px solid #a66f00; padding:6px; border-radius:4px; }"
        )
        self.warning.setVisible(False)
        self.feedback = Feedback()
        self.waiting = QVBoxLayout()
        form = QFormLayout()
        form.addRow("Takes effect", self.when)
        form.addRow("", self.agreed)
        row = QHBoxLayout()
        row.addWidget(self.confirmed_by, 2)
        row.addWidget(self.agreeing)
        row.addWidget(QLabel("players agreed, of"))
        row.addWidget(self.players)
        row.addWidget(QLabel("at the table"))
        form.addRow("Agreement", row)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(self.warning)
        box.addWidget(self.button)
        box.addWidget(self.feedback)
        box.addWidget(QLabel("Waiting:"))
        box.addLayout(self.waiting)
        self.clock = QTimer(self)
        self.clock.setInterval(1000)
        self.clock.timeout.connect(self.refresh)
        self.clock.start()
        self._rows: list[QWidget] = []
        self._texts: list[tuple[QLabel, Callable[[], str]]] = []
        self._key: tuple[str, int] | None = None
        self.evidence: list[ShowingRecord] | None = []  # the displays' reports of the table (None: unreadable)
        self._evidence_for: str | None = None
        self._evidence_read = float("-inf")
        self._reading: asyncio.Task[None] | None = None

    def set_table(self, table_id: str) -> None:
        self.table_id = table_id
        start = datetime.now(UTC) + timedelta(minutes=30)
        self.when.setDateTime(QDateTime.fromSecsSinceEpoch(int(start.timestamp()), self.when.timeZone()))
        self.refresh()

    def check_notice(self) -> None:
        """Warn, before anything is sent, when the table cannot show the notice this change
        needs (:func:`kiosk.views.console.displays.notice_warning`)."""
        table = self.ctx.feed.table(self.table_id) if self.table_id else None
        text = None
        if table is not None and self.ctx.frame is not None and not self.agreed.isChecked():
            try:
                text = notice_warning(table, self.editor.patch(), self.ctx.frame.displays)
            except (MoneyError, ValueError):
                text = None
        self.warning.setText(text or "")
        self.warning.setVisible(bool(text))

    def effective_at(self) -> datetime:
        return datetime.fromtimestamp(self.when.dateTime().toSecsSinceEpoch(), UTC)

    def command(self) -> dict[str, Any]:
        assert self.table_id is not None
        agreement = None
        if self.agreed.isChecked():
            if self.agreeing.value() < 1 or self.players.value() < 1:
                raise ValueError(
                    "the players' agreement: enter the number of players who agreed (at least 1) and the number "
                    "at the table; an empty table cannot agree (003 s259(3)(b), s295(3)(b))"
                )
            agreement = {
                "confirmed_by": self.confirmed_by.text().strip(),
                "agreeing": self.agreeing.value(),
                "players_at_table": self.players.value(),
            }
        table = self.ctx.feed.table(self.table_id)
        return builders.schedule_change(
            self.table_id,
            self.editor.patch(),
            self.effective_at(),
            players_agreed=agreement,
            expected_version=table["version"] if table is not None else None,
        )

    def send(self) -> None:
        try:
            cmd = self.command()
        except (MoneyError, ValueError) as exc:
            self.feedback.show_outcome(Outcome("error", str(exc)))
            return
        if not cmd.get("limits"):
            self.feedback.show_outcome(Outcome("error", "change a limit above first: nothing to schedule"))
            return
        when = self.effective_at()
        words = "; ".join(self.editor.draft().words()[: len(cmd["limits"])])
        table_id = self.table_id

        def done(events: list[Event]) -> str:
            return (
                f"Scheduled {table_id}: {words} at {self.ctx.local(when)}. Nothing changes before"
                " then: the form shows the table as it is now."
            )

        task = self.ctx.ops.submit(cmd, control=self.button, feedback=self.feedback, success=done)
        task.add_done_callback(
            lambda t: self.editor.scheduled() if not t.cancelled() and t.result().kind == "ok" else None
        )

    def _read_evidence(self, table: TableState | None) -> None:
        """Read the table's displays' reports again, every few seconds while changes wait."""
        if table is None or not (table.get("scheduled") or table.get("pending")):
            return
        now = time.monotonic()
        if table["id"] == self._evidence_for and now - self._evidence_read < EVIDENCE_EVERY_S:
            return
        if self._reading is not None and not self._reading.done():
            return
        self._evidence_read = now
        self._reading = self.ctx.spawn(self._evidence(table["id"]))

    async def _evidence(self, table_id: str) -> None:
        try:
            found = await self.ctx.client.audit(target=table_id, action="display_showing", limit=200)
            records: list[ShowingRecord] | None = records_from_audit(found.get("records") or [])
        except StateError:
            records = None
        if table_id != self.table_id:
            return
        self.evidence, self._evidence_for = records, table_id
        self._key = None  # redraw the rows with what the displays said
        self.refresh()

    def refresh(self) -> None:
        table = self.ctx.feed.state.tables.get(self.table_id) if self.table_id else None
        self._read_evidence(table)
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
        self.setToolTip(
            "poker room changes wait for hands (002 r6.9): publish them above" if table["game"] == "poker" else ""
        )
        records = self.evidence if self._evidence_for == table["id"] else []
        for item in table.get("scheduled") or []:
            when = parse_utc(item["effective_at"])
            what = ", ".join(
                f"{_field(k)} {format_money(v) if isinstance(v, int) and not isinstance(v, bool) else v}"
                for k, v in item["limits"].items()
            )
            state, how = notice_state(table, item, records, self.ctx.local)
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            label = QLabel()
            label.setWordWrap(True)  # the whole sentence, never cut off at the box's edge

            def text(what: str = what, when: datetime = when, how: str = how, by: str = item["by"]) -> str:
                return f"{what} at {self.ctx.local(when)} ({countdown_text(when, self.ctx.now())}); {how}; by {by}"

            label.setText(text())
            if state.stands_out:  # a change that will fail stands out
                label.setStyleSheet("QLabel { color:#7a0010; font-weight:bold; }")
            self._texts.append((label, text))
            line.addWidget(label, 1)
            cancel = QPushButton("Cancel")
            cancel.clicked.connect(
                lambda _=False, cid=item["id"], b=cancel: self.ctx.ops.submit(
                    builders.cancel_change(table["id"], cid, expected_version=table["version"]),
                    control=b,
                    feedback=self.feedback,
                )
            )
            line.addWidget(cancel)
            self.waiting.addWidget(row)
            self._rows.append(row)
        for change in table.get("pending") or []:
            waits = []
            if change.get("notice"):
                waits.append("three hands' notice or a majority (002 r6.9)")
            if change.get("commission"):
                waits.append(commission_words(table, change["id"], records))
            what = ", ".join(_field(k) for k in change["limits"])
            label = QLabel(f"{what} given by {change['given_by']}; waits for the end of a hand and " + "; ".join(waits))
            label.setWordWrap(True)
            self.waiting.addWidget(label)
            self._rows.append(label)
