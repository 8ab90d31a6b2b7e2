"""Edit one table: limits, the casino's name for the game, its signs; a live preview drawn by
the same scenes as the display and the PDF; every change checked as you type by the service's
own checks (:class:`kiosk.views.console.limits_edit.LimitsEdit`), the rule cited; then publish.

Publishing sends the changed parts as commands with ``expected_version``: if someone else
changed the table meanwhile the server answers 409, nothing is overwritten, and the page shows
the difference between what you started from and what the table is now, with a reload button.
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from kiosk.floor.signs import SIGN_KINDS
from kiosk.rules.limits import ROULETTE_WAGER_TYPES
from kiosk.rules.money import MoneyError, format_money
from kiosk.state.errors import Conflict, Forbidden, StateError
from kiosk.state.events import ROLES, Event
from kiosk.state.shapes import TableState
from kiosk.ui.staff.console.context import ConsoleContext
from kiosk.ui.staff.console.schedule import ScheduleBox
from kiosk.ui.staff.ops import Feedback, Outcome
from kiosk.ui.widgets.scene_widget import Placement, SceneWidget
from kiosk.views.console import game_name
from kiosk.views.console.displays import sign_titles
from kiosk.views.console.limits_edit import LABELS, LimitsEdit, field_title, money_words
from kiosk.views.screen import Subject, compose_view

__all__ = ["EditorPage", "difference", "table_title"]

_ORDER = {cls: i for i, cls in enumerate(ROULETTE_WAGER_TYPES)}  # the sign's (the seed's) order


def _money_text(value: Any) -> str:
    return format_money(value) if isinstance(value, int) and not isinstance(value, bool) else ""


def table_title(table: Mapping[str, Any]) -> str:
    """A table as staff pick it: "BJ-01 · Blackjack" (and the casino's name when it differs)."""
    game = game_name(table.get("game", ""))
    name = table.get("display_name") or ""
    return f"{table['id']} · {game}" + (f" “{name}”" if name and name != game else "")


def difference(mine: Mapping[str, Any], theirs: Mapping[str, Any]) -> list[str]:
    """What changed in a table between the state an edit started from and the table now."""
    out = []
    if mine.get("display_name") != theirs.get("display_name"):
        out.append(f"name: {mine.get('display_name')!r} is now {theirs.get('display_name')!r}")
    a, b = mine.get("limits") or {}, theirs.get("limits") or {}
    for key in sorted(set(a) | set(b)):
        if a.get(key) != b.get(key):
            out.append(money_words(key, a.get(key), b.get(key)).replace(" → ", " is now "))
    sa = [s["kind"] for s in mine.get("signs") or []]
    sb = [s["kind"] for s in theirs.get("signs") or []]
    if sa != sb:
        out.append(f"signs: {sign_titles(sa)} are now {sign_titles(sb)}")
    if len(mine.get("scheduled") or []) != len(theirs.get("scheduled") or []):
        out.append("scheduled changes differ")
    return out or [f"version {mine.get('version')} is now {theirs.get('version')}"]


class EditorPage(QWidget):
    def __init__(self, ctx: ConsoleContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.base: TableState | None = None  # the table as the edit started
        self.money: dict[str, QLineEdit] = {}
        self.by: dict[str, QLineEdit] = {}  # per-wager maxima (limits.maximum_by)
        self.min_by: dict[str, QLineEdit] = {}  # per-wager minima (limits.minimum_by: roulette, 000 s141(2))
        self.sign_boxes: dict[str, QCheckBox] = {}
        self._publishing: asyncio.Task[None] | None = None
        self._follow = False

        self.picker = QComboBox()
        self.picker.setAccessibleName("table to edit")
        self.picker.currentIndexChanged.connect(lambda _i: self.switch(self.table_id))
        self.name = QLineEdit()
        self.name.setAccessibleName("the casino's name for the game")
        self.name.textChanged.connect(self.validate)
        self.form_box = QGroupBox("Limits")
        self.form = QFormLayout(self.form_box)
        self.signs_box = QGroupBox("Signs at this table")
        self.signs_grid = QGridLayout(self.signs_box)
        self.feedback = Feedback()
        self.fix = QLabel("")
        self.fix.setWordWrap(True)
        self.publish = QPushButton("Publish (Ctrl+S)")
        self.publish.setShortcut("Ctrl+S")
        self.publish.clicked.connect(self.send)
        self.reload = QPushButton("Reload the table")
        self.reload.clicked.connect(lambda: self.load(self.table_id, force=True))
        self._switch_to: str | None = None  # a table asked for while this one has unsaved edits
        self.discard_text = QLabel("")
        self.discard_text.setWordWrap(True)
        self.discard = QPushButton("Discard my changes")
        self.discard.clicked.connect(self._discard)
        self.keep = QPushButton("Keep editing")
        self.keep.clicked.connect(lambda: self._ask_discard(None))
        self.discard_bar = QWidget()
        bar = QHBoxLayout(self.discard_bar)
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.discard_text, 1)
        bar.addWidget(self.discard)
        bar.addWidget(self.keep)
        self.discard_bar.setStyleSheet("QWidget { background:#fff2cc; color:#3b2a00; }")
        self.discard_bar.setVisible(False)
        self._confirming = False
        self.confirm = QLabel("")  # a raise of a minimum, published now, is confirmed first
        self.confirm.setWordWrap(True)
        self.confirm.setStyleSheet(
            "QLabel { background:#fff2cc; color:#3b2a00; border:2px solid #a66f00; padding:6px; font-weight:bold; }"
        )
        self.confirm.setVisible(False)
        self.conflict = QLabel("")
        self.conflict.setWordWrap(True)
        self.conflict.setStyleSheet("QLabel { background:#fff2cc; color:#3b2a00; padding:6px; }")
        self.conflict.setVisible(False)
        self.preview = SceneWidget(placement=Placement("fit"))
        self.preview.setMinimumSize(320, 240)
        self.schedule = ScheduleBox(ctx, self)

        left = QWidget()
        lbox = QVBoxLayout(left)
        top = QFormLayout()
        top.addRow("Table", self.picker)
        top.addRow("Name shown", self.name)
        lbox.addLayout(top)
        lbox.addWidget(self.discard_bar)
        lbox.addWidget(self.form_box)
        lbox.addWidget(self.signs_box)
        lbox.addWidget(self.feedback)
        lbox.addWidget(self.fix)
        lbox.addWidget(self.conflict)
        lbox.addWidget(self.confirm)
        row = QHBoxLayout()
        row.addWidget(self.publish)
        row.addWidget(self.reload)
        lbox.addLayout(row)
        lbox.addWidget(self.schedule)
        lbox.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(left)
        right = QWidget()
        rbox = QVBoxLayout(right)
        self.caption = QLabel("")
        self.caption.setWordWrap(True)
        self.caption.setAccessibleName("what the preview shows: now or not yet")
        rbox.addWidget(self.caption)
        rbox.addWidget(self.preview, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(scroll)
        split.addWidget(right)
        split.setStretchFactor(0, 1)  # the form and the preview share the width: no field cut off
        split.setStretchFactor(1, 1)
        box = QVBoxLayout(self)
        box.addWidget(split)
        ctx.feed.changed.connect(self._stream_changed)

    # -- the table -------------------------------------------------------------------------
    def _stream_changed(self, kind: str, ident: str) -> None:
        tables = sorted(self.ctx.feed.state.tables)
        titles = [(t, table_title(self.ctx.feed.state.tables[t])) for t in tables]
        if [(self.picker.itemData(i), self.picker.itemText(i)) for i in range(self.picker.count())] != titles:
            current = self.table_id
            self.picker.blockSignals(True)
            self.picker.clear()
            for table_id, title in titles:  # the id, the game and the casino's name: never the id alone (C8)
                self.picker.addItem(title, table_id)
            self._pick(current if current in tables else (tables[0] if tables else ""))
            self.picker.blockSignals(False)
            self.load(self.table_id)
        elif self.base is None and tables:
            self.load(self.table_id)
        elif self.base is not None and ident == self.base["id"]:
            now = self.ctx.feed.table(ident)
            if now is not None and now["version"] != self.base["version"] and (self._follow or not self._edited()):
                self._follow = False
                self.load(ident, force=True)  # follow the stream while nothing of ours is unsaved
        self.schedule.refresh()

    def switch(self, table_id: str) -> None:
        """Open ``table_id``, asking first when this table has changes not yet published (C2)."""
        if self.base is not None and table_id != self.base["id"] and self._edited():
            self.picker.blockSignals(True)
            self._pick(self.base["id"])  # stay until the person says
            self.picker.blockSignals(False)
            self._ask_discard(table_id)
            return
        self._ask_discard(None)
        self.load(table_id)

    def _ask_discard(self, table_id: str | None) -> None:
        self._switch_to = table_id
        if table_id is not None and self.base is not None:
            try:
                words = "; ".join(self.draft().words()) or "an unreadable value"
            except (MoneyError, ValueError):
                words = "a value that is not money"
            self.discard_text.setText(
                f"Your changes to {self.base['id']} are not published ({words}). Discard them and open {table_id}?"
            )
            self.discard.setText(f"Discard and open {table_id}")
        self.discard_bar.setVisible(table_id is not None)

    def _discard(self) -> None:
        target, self._switch_to = self._switch_to, None
        self.discard_bar.setVisible(False)
        if target is not None:
            self.picker.blockSignals(True)
            self._pick(target)
            self.picker.blockSignals(False)
            self.load(target)

    def _edited(self) -> bool:
        try:
            return bool(self.commands())
        except (MoneyError, ValueError):
            return True

    def scheduled(self) -> None:
        """A change was scheduled from this form: start again from the table as it is now, so
        Ctrl+S cannot apply the scheduled values at once (ux-review C2)."""
        if self.base is not None:
            outcome = self.schedule.feedback.outcome
            self.load(self.base["id"], force=True)
            if outcome is not None:
                self.schedule.feedback.show_outcome(outcome)

    @property
    def table_id(self) -> str:
        return str(self.picker.currentData() or "")

    def _pick(self, table_id: str) -> None:
        index = self.picker.findData(table_id)
        if index >= 0:
            self.picker.setCurrentIndex(index)

    def edit(self, table_id: str) -> None:
        self._pick(table_id)

    def load(self, table_id: str, force: bool = False) -> None:
        table = self.ctx.feed.state.tables.get(table_id)
        if table is None:
            return
        if not force and self.base is not None and self.base["id"] == table_id:
            return
        same = self.base is not None and self.base["id"] == table_id
        self.base = copy.deepcopy(table)
        self.conflict.setVisible(False)
        done = self.feedback.outcome
        self.feedback.clear_outcome()
        if same and done is not None and done.kind == "ok":
            self.feedback.show_outcome(done)  # what was just published stays said as the table reloads
        self.name.blockSignals(True)
        self.name.setText(table.get("display_name", ""))
        self.name.blockSignals(False)
        self._build_limits(table)
        self._build_signs(table)
        self.schedule.set_table(table_id)
        self.validate()

    def _build_limits(self, table: TableState) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.money, self.by, self.min_by = {}, {}, {}
        limits = table.get("limits") or {}
        order = list(LABELS)
        for key, value in sorted(
            limits.items(), key=lambda kv: (order.index(kv[0]) if kv[0] in order else len(order), kv[0])
        ):
            if key.endswith("_cents") and isinstance(value, int) and not isinstance(value, bool):
                edit = QLineEdit(_money_text(value))
                edit.setAccessibleName(LABELS.get(key, key))
                edit.textChanged.connect(self.validate)
                self.form.addRow(LABELS.get(key, key.replace("_cents", "").replace("_", " ")), edit)
                self.money[key] = edit
        maxima, minima = limits.get("maximum_by") or {}, limits.get("minimum_by") or {}
        classes = sorted(set(maxima) | set(minima), key=lambda c: (_ORDER.get(c, len(_ORDER)), c))
        if not classes:
            return
        grid_box = QWidget()
        grid = QGridLayout(grid_box)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(QLabel("<b>Wager</b>"), 0, 0)
        grid.addWidget(QLabel("<b>Minimum</b>"), 0, 1)
        grid.addWidget(QLabel("<b>Maximum</b>"), 0, 2)
        for row, cls in enumerate(classes, start=1):
            grid.addWidget(QLabel(cls.replace("_", " ").capitalize()), row, 0)
            for col, values, edits, word in ((1, minima, self.min_by, "minimum"), (2, maxima, self.by, "maximum")):
                if cls not in values:
                    continue
                edit = QLineEdit(_money_text(values[cls]))
                edit.setAccessibleName(f"{word} for {cls.replace('_', ' ')}")
                edit.textChanged.connect(self.validate)
                grid.addWidget(edit, row, col)
                edits[cls] = edit
        self.form.addRow(grid_box)

    def _build_signs(self, table: TableState) -> None:
        for box in self.sign_boxes.values():
            box.deleteLater()
        self.sign_boxes = {}
        shown = {s["kind"] for s in table.get("signs") or []}
        kinds = [k for k, sk in SIGN_KINDS.items() if table["game"] in sk.games]
        for i, kind in enumerate(kinds):
            box = QCheckBox(SIGN_KINDS[kind].title)
            box.setToolTip(f"{kind}: {SIGN_KINDS[kind].basis}")
            box.setChecked(kind in shown)
            box.toggled.connect(self.validate)
            self.signs_grid.addWidget(box, i // 2, i % 2)
            self.sign_boxes[kind] = box

    # -- what the user asked for -----------------------------------------------------------
    def draft(self) -> LimitsEdit:
        """The edit as typed (:class:`~kiosk.views.console.limits_edit.LimitsEdit`)."""
        assert self.base is not None
        return LimitsEdit(
            self.base,
            {key: edit.text() for key, edit in self.money.items()},
            self.name.text(),
            [kind for kind, box in self.sign_boxes.items() if box.isChecked()],
            maximum_by={cls: edit.text() for cls, edit in self.by.items()},
            minimum_by={cls: edit.text() for cls, edit in self.min_by.items()},
        )

    def patch(self) -> dict[str, Any]:
        """The limits that differ from the table (raises MoneyError naming the field)."""
        return self.draft().patch()

    def commands(self) -> list[dict[str, Any]]:
        """The commands that publish the edit, versioned one after the other."""
        return self.draft().commands()

    def validate(self) -> None:
        """Check the edit as the service would, show the refusal and its rule, redraw the preview."""
        if self.base is None:
            return
        self._unconfirm()  # a changed edit is asked about again
        draft = self.draft()
        try:
            commands = draft.commands()
            table = draft.table()
        except (MoneyError, StateError, ValueError) as exc:
            self._refused(Outcome("error", " ".join(str(exc).split()), getattr(exc, "rule", None)))
            return
        role = self.ctx.role
        refusal = (
            draft.check(
                self.ctx.feed.state.tables,
                self.ctx.feed.state.links,
                self.ctx.frame,
                role=role,
                name=self.ctx.session.get("name", ""),
            )
            if role in ROLES
            else Forbidden(f"a {role} token cannot configure tables")  # signing in lets pit and admin in only
        )
        if refusal is not None:
            self._refused(Outcome("refused" if refusal.rule else "error", " ".join(str(refusal).split()), refusal.rule))
        else:
            if self.feedback.outcome is None or self.feedback.outcome.kind != "ok":
                self.feedback.clear_outcome()  # a success stays until the next edit or refusal
            elif commands:
                self.feedback.clear_outcome()
            self.fix.setText("")
            self._outline()
            self.publish.setEnabled(bool(commands))
        self._caption(bool(commands))
        self.schedule.check_notice()
        self._preview(table)

    def _caption(self, draft: bool) -> None:
        """Say whether the preview is what players see now or an edit not yet live."""
        assert self.base is not None
        waiting = len(self.base.get("scheduled") or []) + len(self.base.get("pending") or [])
        later = (
            f" {waiting} change{'s' if waiting != 1 else ''} waiting (listed under Waiting) will show only when due."
            if waiting
            else ""
        )
        if draft:
            self.caption.setText(
                f"NOT LIVE: your edit of {self.base['id']}, as players would see it if you published it now"
                f" (Ctrl+S). The displays still show the table as it is.{later}"
            )
            self.caption.setStyleSheet(
                "QLabel { background:#fff2cc; color:#3b2a00; border:3px dashed #a66f00; padding:6px; font-weight:bold; }"
            )
        else:
            self.caption.setText(f"LIVE NOW: {self.base['id']}'s limits sign as its displays show it.{later}")
            self.caption.setStyleSheet(
                "QLabel { background:#e3f5e6; color:#0b3d12; border:2px solid #1b7a2e; padding:6px; font-weight:bold; }"
            )

    def _outline(self, message: str = "") -> None:
        """Outline in red the fields a refusal names (ux-review C11); none with no message."""
        said = message.lower()
        fields = [(field_title(k), e) for k, e in self.money.items()]
        fields += [(f"maximum for {c.replace('_', ' ')}", e) for c, e in self.by.items()]
        fields += [(f"minimum for {c.replace('_', ' ')}", e) for c, e in self.min_by.items()]
        for title, edit in fields:
            named = bool(said) and title.lower() in said
            edit.setStyleSheet("QLineEdit { border:3px solid #b00020; }" if named else "")

    def _refused(self, outcome: Outcome) -> None:
        self.feedback.show_outcome(outcome)
        self._outline(outcome.message)
        self.schedule.check_notice()
        if self.base is not None:
            self._caption(True)
        if outcome.rule and outcome.rule.startswith(("003 s259(3)", "003 s295(3)")):
            self.fix.setText(
                "A higher minimum table stake needs its notice shown for 20 minutes first: schedule it"
                " below, at least 20 minutes ahead, or record that all players agreed."
            )
        else:
            self.fix.setText("Change the value above until this message goes; nothing is sent while it shows.")
        self.publish.setEnabled(False)

    def _preview(self, table: TableState) -> None:
        tables = {**self.ctx.feed.state.tables, table["id"]: table}
        try:
            view = compose_view(
                Subject("limits", table["id"]), tables, self.ctx.feed.state.links, self.ctx.casino, self.ctx.now()
            )
        except (LookupError, ValueError) as exc:
            self.fix.setText(f"No preview: {exc}")
            return
        self.preview.set_scene(view.scene)

    # -- publish ---------------------------------------------------------------------------
    def send(self) -> None:
        if self._publishing is not None and not self._publishing.done():
            return
        try:
            commands = self.commands()
        except (MoneyError, ValueError) as exc:
            self._refused(Outcome("error", str(exc)))
            return
        if not commands:
            return
        raises = self.draft().live_raises()
        if raises and not self._confirming:  # ask first: players at the table see it at once (C2)
            self._confirming = True
            assert self.base is not None
            self.publish.setText(f"Confirm: raise {self.base['id']} now (Ctrl+S)")
            self.confirm.setText(
                f"{'; '.join(raises)} NOW? Players at {self.base['id']} will see it at once. Press again to"
                " publish now, or use Schedule below to give notice."
            )
            self.confirm.setVisible(True)
            return
        self._unconfirm()
        self._publishing = self.ctx.spawn(self._send(commands, self.draft().words()))

    def _unconfirm(self) -> None:
        self._confirming = False
        self.publish.setText("Publish (Ctrl+S)")
        self.confirm.setVisible(False)

    async def _send(self, commands: list[dict[str, Any]], words: list[str]) -> None:
        assert self.base is not None
        table_id = self.base["id"]

        def done(events: list[Event]) -> str:
            at = events[-1].at if events else self.ctx.now()
            return (
                f"Published {table_id} at {self.ctx.local(at, '%H:%M')}: {'; '.join(words)}. Its displays show it now."
            )

        self.publish.setEnabled(False)
        try:
            for i, cmd in enumerate(commands):
                outcome = await self.ctx.ops.submit(
                    cmd,
                    control=self.publish,
                    feedback=self.feedback,
                    on_conflict=self._on_conflict,
                    success=done if i == len(commands) - 1 else "",
                )
                if outcome.kind != "ok":
                    return
        finally:
            self.publish.setEnabled(True)
        # the stream brings the new table; the next edit starts from it
        assert self.base is not None
        now = self.ctx.feed.table(self.base["id"])
        if now is not None and now["version"] >= self.base["version"] + len(commands):
            self.load(self.base["id"], force=True)
        else:
            self._follow = True

    def _on_conflict(self, exc: Conflict) -> None:
        self.ctx.spawn(self._show_conflict())

    async def _show_conflict(self) -> None:
        if self.base is None:
            return
        try:
            theirs = await self.ctx.client.table(self.base["id"])
        except StateError as exc:
            theirs = None
            text = f"could not read the table: {exc}"
        if theirs is not None:
            text = "; ".join(difference(self.base, theirs))
        self.conflict.setText(
            f"Changed by someone else while you edited: {text}. Nothing of yours was sent "
            "after that. Reload the table, then make your change again."
        )
        self.conflict.setVisible(True)
