"""Jackpot links: the meter, its seed and contribution rate, the last hits and the sharing
method; record a payment and reset after a hit (000 s245; a straight or royal flush once its
dealer recorded the floor manager notified and the deck counted, s245(5)); changes of seed or rate are
proposed by one administrator and approved by another (a different person)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
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

from kiosk.rules.money import MoneyError, format_money, parse_money
from kiosk.state.client import KioskClient
from kiosk.state.errors import StateError
from kiosk.state.shapes import LinkState
from kiosk.ui.staff.console.context import ConsoleContext
from kiosk.ui.staff.credentials import Attempts, CredentialsError, WrongSecret
from kiosk.ui.staff.ops import Feedback, Outcome
from kiosk.views import builders
from kiosk.views.console.inbox import InboxItem, approve_command, approved_words, inbox, proposal_words
from kiosk.views.jackpot_steps import payment_step

__all__ = ["JackpotPage"]


class JackpotPage(QWidget):
    def __init__(self, ctx: ConsoleContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.picker = QComboBox()  # the links by their names (ids kept as item data)
        self.picker.setAccessibleName("jackpot link")
        self.picker.currentIndexChanged.connect(lambda _i: self.refresh(hits=True))
        self.details = QLabel("")
        self.details.setWordWrap(True)
        self.hits = QLabel("")
        self.hits.setWordWrap(True)
        self.feedback = Feedback()
        self.paid = QPushButton("Record payment made")
        self.paid.clicked.connect(
            lambda: self._money_action(
                self.paid,
                f"Confirm: the payment of {self._hit_amount()} was made",
                builders.jackpot_paid(self.link_id),
                f"Recorded the payment of {self._name()}'s hit ({self._hit_amount()}).",
            )
        )
        self.reset = QPushButton("Reset meter to seed and unlock")
        self.reset.clicked.connect(
            lambda: self._money_action(
                self.reset,
                f"Confirm: reset {self._name()} to its seed {self._seed()} and unlock",
                builders.jackpot_reset(self.link_id),
                f"Reset {self._name()}'s meter to its seed {self._seed()} and unlocked it.",
            )
        )
        self._asking: QPushButton | None = None  # the money action asked about, waiting for its second press
        self.seed = QLineEdit()
        self.seed.setPlaceholderText("new seed, e.g. $10,000")
        self.seed.setAccessibleName("new seed")
        self.rate = QSpinBox()
        self.rate.setRange(0, 10000)
        self.rate.setSuffix(" basis points of each jackpot wager")
        self.rate.setSpecialValueText("keep the rate")
        self.propose = QPushButton("Propose (another administrator approves)")
        self.propose.clicked.connect(self._propose)
        self.proposals = QVBoxLayout()
        self._proposal_rows: list[QWidget] = []
        self._key: tuple[str, int] | None = None
        top = QFormLayout()
        top.addRow("Link", self.picker)
        box = QVBoxLayout(self)
        box.addLayout(top)
        row = QHBoxLayout()  # above the words that grow with a hit, so the buttons never move under the pointer
        row.addWidget(self.paid)
        row.addWidget(self.reset)
        box.addLayout(row)
        box.addWidget(self.details)
        box.addWidget(self.hits)
        admin = QGroupBox("Settings (administrators; two different people)")
        form = QFormLayout(admin)
        form.addRow("Seed", self.seed)
        form.addRow("Contribution", self.rate)
        form.addRow("", self.propose)
        form.addRow("Proposals", self.proposals)
        admin.setEnabled(ctx.is_admin)
        box.addWidget(admin)
        self._second_item: InboxItem | None = None
        self.second_box = QGroupBox("A second administrator approves")
        self.second_person = QComboBox()
        self.second_person.setAccessibleName("the second administrator")
        self.second_attempts = Attempts("console")  # wrong PINs in a row here (docs/readings.md A-96)
        self.second_secret = QLineEdit()
        self.second_secret.setEchoMode(QLineEdit.EchoMode.Password)
        self.second_secret.setAccessibleName("their PIN or password")
        self.second_approve = QPushButton("Approve as them")
        self.second_approve.clicked.connect(self.approve_as_second)
        self.second_secret.returnPressed.connect(self.approve_as_second)
        cancel = QPushButton("Cancel")
        cancel.clicked.connect(lambda: self.second_box.setVisible(False))
        self.second_note = QLabel("")
        self.second_note.setWordWrap(True)
        second = QFormLayout(self.second_box)
        second.addRow("Who", self.second_person)
        second.addRow("PIN or password", self.second_secret)
        buttons = QHBoxLayout()
        buttons.addWidget(self.second_approve)
        buttons.addWidget(cancel)
        second.addRow("", buttons)
        second.addRow(self.second_note)
        self.second_box.setVisible(False)
        box.addWidget(self.second_box)
        box.addWidget(self.feedback)
        box.addStretch(1)
        ctx.feed.changed.connect(lambda kind, ident: self.refresh(hits=kind in ("link", "snapshot")))
        ctx.ops.finished.connect(lambda _: self.refresh())  # the write path re-enabled the button: re-decide it

    @property
    def link_id(self) -> str:
        return str(self.picker.currentData() or "")

    def show_link(self, link_id: str) -> None:
        index = self.picker.findData(link_id)
        if index >= 0:
            self.picker.setCurrentIndex(index)

    def _send(
        self, command: dict[str, Any], control: QWidget | None, success: str = "", *, link_id: str | None = None
    ) -> None:
        link = self.ctx.feed.link(link_id or self.link_id)
        if link is not None:
            command = {**command, "expected_version": link["version"]}
        self.ctx.ops.submit(command, control=control, feedback=self.feedback, success=success)

    def _propose(self) -> None:
        try:
            seed = parse_money(self.seed.text()) if self.seed.text().strip() else None
        except MoneyError as exc:
            self.feedback.show_outcome(Outcome("error", f"seed: {exc}"))
            return
        rate = self.rate.value() or None
        if seed is None and rate is None:
            self.feedback.show_outcome(Outcome("error", "give a new seed or a new contribution rate"))
            return
        link = self.ctx.feed.link(self.link_id)
        changes: dict[str, Any] = {k: v for k, v in (("seed_cents", seed), ("contribution_bp", rate)) if v is not None}
        words = proposal_words(link, {"changes": changes}) if link is not None else ""
        self._send(
            builders.jackpot_propose(self.link_id, seed_cents=seed, contribution_bp=rate),
            self.propose,
            f"Proposed {words}: it waits for a second administrator, another person.",
        )

    def _money_action(self, button: QPushButton, question: str, command: dict[str, Any], done: str) -> None:
        """A money action takes two presses: the first says what it will do (ux-review C11)."""
        if self._asking is not button:
            self._unask()
            self._asking = button
            button.setText(question)
            return
        self._unask()
        self._send(command, button, done)

    def _unask(self) -> None:
        self._asking = None
        self.paid.setText("Record payment made")
        self.reset.setText("Reset meter to seed and unlock")

    def _hit_amount(self) -> str:
        link = self.ctx.feed.link(self.link_id)
        pending = link.get("pending") if link is not None else None
        return format_money(pending["total_cents"], always_cents=True) if pending else "the hit"

    def _seed(self) -> str:
        link = self.ctx.feed.link(self.link_id)
        return format_money((link.get("meter") or {}).get("seed_cents", 0)) if link is not None else ""

    def _name(self) -> str:
        link = self.ctx.feed.link(self.link_id)
        return (link.get("name") if link is not None else None) or "the jackpot"

    def refresh(self, hits: bool = False) -> None:
        state = self.ctx.feed.state.links
        links = sorted(state)
        if [self.picker.itemData(i) for i in range(self.picker.count())] != links:
            current = self.link_id
            waiting = [i.link_id for i in inbox(state, self.ctx.session) if i.can_approve]
            self.picker.blockSignals(True)
            self.picker.clear()
            for link_id in links:
                self.picker.addItem(state[link_id].get("name") or link_id, link_id)
            self.picker.blockSignals(False)
            # open on the link with a proposal waiting for this person (ux-review C7)
            self.show_link(current if current in links else (waiting[0] if waiting else links[0] if links else ""))
        link = self.ctx.feed.link(self.link_id)
        if link is None:
            self.details.setText("No jackpot links on this floor.")
            return
        meter = link.get("meter") or {}
        pending = link.get("pending")
        lines = [
            f"<b>{link.get('name') or 'Jackpot'}</b>: {format_money(meter.get('amount_cents', 0), always_cents=True)}"
            + (" <b>PENDING</b>" if pending else ""),
            f"Seed {format_money(meter.get('seed_cents', 0))}; contribution {meter.get('rate_bp', 0) / 100:g} % of each"
            f" jackpot wager; sharing {link.get('sharing')}; {link.get('hits', 0)} hits;"
            f" tables {', '.join(link.get('tables') or [])}",
        ]
        if pending:
            lines.append(
                f"Hit {pending['hit']} at {pending['table_id']} ({self.ctx.local(pending['at'])}):"
                f" {format_money(pending['total_cents'], always_cents=True)}"
                + (" paid" if pending.get("paid") else " not yet paid")
            )
        step = payment_step(link)
        if step is not None and step.needed:  # 000 s245(5): the dealer's floor manager and count first
            lines.append(step.line(self.ctx.local))
        self.details.setText("<br>".join(lines))
        hit_paid = bool(pending and pending.get("paid"))
        self.paid.setEnabled(bool(pending) and not hit_paid and not (step is not None and step.asks))
        self.reset.setEnabled(hit_paid)
        key = (link["id"], link["version"])
        if key != self._key:
            self._key = key
            self._unask()  # the link changed: ask again
            self._proposals(link)
        if hits:
            self.ctx.spawn(self._last_hits(link["id"]))

    def _proposals(self, link: LinkState) -> None:
        for w in self._proposal_rows:
            w.deleteLater()
        self._proposal_rows = []
        for item in inbox({link["id"]: link}, self.ctx.session):
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            label = QLabel(
                f"{item.words}, proposed by {item.by} ({self.ctx.local(item.at) if item.at else ''}): {item.status}"
            )
            label.setWordWrap(True)
            line.addWidget(label, 1)
            if item.can_approve:
                approve = QPushButton("Approve")
                approve.clicked.connect(lambda _=False, i=item, b=approve: self.approve(i, b))
                line.addWidget(approve)
            if item.mine and self.ctx.credentials is not None:
                here = QPushButton("Another administrator approves here")
                here.setToolTip("without signing you out: they pick their name and type their PIN or password")
                here.clicked.connect(lambda _=False, i=item: self.ask_second(i))
                line.addWidget(here)
            withdraw = QPushButton("Withdraw")
            withdraw.clicked.connect(
                lambda _=False, i=item, b=withdraw: self._send(
                    builders.jackpot_withdraw(i.link_id, i.proposal_id), b, f"Withdrew the proposal: {i.words}"
                )
            )
            line.addWidget(withdraw)
            self.proposals.addWidget(row)
            self._proposal_rows.append(row)

    def ask_second(self, item: InboxItem) -> None:
        """Show the form in which a second administrator, at this computer, approves ``item``
        with their own PIN or password, without the proposer signing out (ux-review C4)."""
        assert self.ctx.credentials is not None
        me = {self.ctx.session.get("person"), self.ctx.session.get("name")}
        people = [p for p in self.ctx.credentials.people(self.ctx.server) if p not in me]
        self.second_person.clear()
        self.second_person.addItems(people)
        self.second_secret.clear()
        self._second_item = item
        self.second_box.setTitle(f"A second administrator approves: {item.words}")
        self.second_note.setText(
            ""
            if people
            else "No other person signs in on this computer yet: they sign in here once with their token and"
            " set a PIN or password, or approve on their own console."
        )
        self.second_box.setVisible(True)

    def approve_as_second(self) -> asyncio.Task[None]:
        return self.ctx.spawn(self._approve_as_second())

    async def _approve_as_second(self) -> None:
        item, creds = self._second_item, self.ctx.credentials
        if item is None or creds is None:
            return
        person, secret = self.second_person.currentText(), self.second_secret.text()
        self.second_secret.clear()  # typed again from the start after a refusal; never kept
        now = time.monotonic()
        if self.second_attempts.wait(now) > 0:  # docs/readings.md A-96
            self.feedback.show_outcome(Outcome("refused", self.second_attempts.refusal(now)))
            return
        self.second_approve.setEnabled(False)
        try:
            server = self.ctx.server
            try:
                token = await self.second_attempts.unlock(lambda: creds.token_for(server, person, secret))
            except WrongSecret as exc:
                refusal = self.second_attempts.refusal(time.monotonic())
                self.feedback.show_outcome(Outcome("refused", f"{exc}; {refusal}"))
                return
            except CredentialsError as exc:
                self.feedback.show_outcome(Outcome("error", str(exc)))
                return
            command = approve_command(item, self.ctx.feed.link(item.link_id))
            async with KioskClient(self.ctx.servers or [self.ctx.server], token) as second:
                await second.execute(command)
        except StateError as exc:
            rule = getattr(exc, "rule", None)
            self.feedback.show_outcome(Outcome("refused" if rule else "error", " ".join(str(exc).split()), rule))
            return
        finally:
            self.second_approve.setEnabled(True)
        self.second_box.setVisible(False)
        self._second_item = None
        self.feedback.show_outcome(Outcome("ok", approved_words(item, by=person)))

    def approve(self, item: InboxItem, control: QWidget | None = None) -> None:
        """Approve a proposal of another administrator (the Floor tab's inbox approves with the same
        :func:`~kiosk.views.console.inbox.approve_command` and words)."""
        self._send(
            approve_command(item, self.ctx.feed.link(item.link_id)), control, approved_words(item), link_id=item.link_id
        )

    async def _last_hits(self, link_id: str) -> None:
        try:
            found = (await self.ctx.client.audit(target=link_id, action="jackpot_hit", limit=5))["records"]
        except StateError as exc:
            self.hits.setText(f"Last hits: not available ({' '.join(str(exc).split())})")
            return
        rows = []
        for record in found:
            data = ((record.get("details") or {}).get("event") or {}).get("data") or {}
            hit = data.get("hit") or {}
            rows.append(
                f"{self.ctx.local(record['at'])}: {hit.get('table_id', '?')} "
                f"{format_money(hit.get('total_cents', 0), always_cents=True)}"
            )
        self.hits.setText("Last hits: " + ("; ".join(rows) if rows else "none yet"))
