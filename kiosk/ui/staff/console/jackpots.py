"""Jackpot links: the meter, its seed and contribution rate, the last hits and the sharing
method; record a payment and reset after a hit (000 s245); changes of seed or rate are
proposed by one administrator and approved by another (a different person)."""

from __future__ import annotations

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
from kiosk.state.errors import StateError
from kiosk.state.shapes import LinkState
from kiosk.ui.staff.console.context import ConsoleContext
from kiosk.ui.staff.ops import Feedback, Outcome
from kiosk.views import builders

__all__ = ["JackpotPage"]


class JackpotPage(QWidget):
    def __init__(self, ctx: ConsoleContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.picker = QComboBox()
        self.picker.setAccessibleName("jackpot link")
        self.picker.currentTextChanged.connect(lambda _t: self.refresh(hits=True))
        self.details = QLabel("")
        self.details.setWordWrap(True)
        self.hits = QLabel("")
        self.hits.setWordWrap(True)
        self.feedback = Feedback()
        self.paid = QPushButton("Record payment made")
        self.paid.clicked.connect(lambda: self._send(builders.jackpot_paid(self.link_id), self.paid))
        self.reset = QPushButton("Reset meter to seed and unlock")
        self.reset.clicked.connect(lambda: self._send(builders.jackpot_reset(self.link_id), self.reset))
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
        box.addWidget(self.details)
        box.addWidget(self.hits)
        row = QHBoxLayout()
        row.addWidget(self.paid)
        row.addWidget(self.reset)
        box.addLayout(row)
        admin = QGroupBox("Settings (administrators; two different people)")
        form = QFormLayout(admin)
        form.addRow("Seed", self.seed)
        form.addRow("Contribution", self.rate)
        form.addRow("", self.propose)
        form.addRow("Proposals", self.proposals)
        admin.setEnabled(ctx.is_admin)
        box.addWidget(admin)
        box.addWidget(self.feedback)
        box.addStretch(1)
        ctx.feed.changed.connect(lambda kind, ident: self.refresh(hits=kind in ("link", "snapshot")))

    @property
    def link_id(self) -> str:
        return self.picker.currentText()

    def _send(self, command: dict[str, Any], control: QWidget) -> None:
        link = self.ctx.feed.link(self.link_id)
        if link is not None:
            command = {**command, "expected_version": link["version"]}
        self.ctx.ops.submit(command, control=control, feedback=self.feedback)

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
        self._send(builders.jackpot_propose(self.link_id, seed_cents=seed, contribution_bp=rate), self.propose)

    def refresh(self, hits: bool = False) -> None:
        links = sorted(self.ctx.feed.state.links)
        if [self.picker.itemText(i) for i in range(self.picker.count())] != links:
            current = self.picker.currentText()
            self.picker.blockSignals(True)
            self.picker.clear()
            self.picker.addItems(links)
            self.picker.blockSignals(False)
            if current in links:
                self.picker.setCurrentText(current)
        link = self.ctx.feed.link(self.link_id)
        if link is None:
            self.details.setText("No jackpot links on this floor.")
            return
        meter = link.get("meter") or {}
        pending = link.get("pending")
        lines = [
            f"<b>{link.get('name') or link['id']}</b>: {format_money(meter.get('amount_cents', 0), always_cents=True)}"
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
        self.details.setText("<br>".join(lines))
        hit_paid = bool(pending and pending.get("paid"))
        self.paid.setEnabled(bool(pending) and not hit_paid)
        self.reset.setEnabled(hit_paid)
        key = (link["id"], link["version"])
        if key != self._key:
            self._key = key
            self._proposals(link)
        if hits:
            self.ctx.spawn(self._last_hits(link["id"]))

    def _proposals(self, link: LinkState) -> None:
        for w in self._proposal_rows:
            w.deleteLater()
        self._proposal_rows = []
        for pid, proposal in sorted((link.get("proposals") or {}).items()):
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            what = ", ".join(
                f"{k}: {format_money(v) if k.endswith('_cents') and isinstance(v, int) else v}"
                for k, v in proposal["changes"].items()
            )
            line.addWidget(QLabel(f"{what}, proposed by {proposal['by']} ({self.ctx.local(proposal['at'])})"), 1)
            approve = QPushButton("Approve")
            approve.clicked.connect(
                lambda _=False, p=pid, b=approve: self._send(builders.jackpot_approve(link["id"], p), b)
            )
            withdraw = QPushButton("Withdraw")
            withdraw.clicked.connect(
                lambda _=False, p=pid, b=withdraw: self._send(builders.jackpot_withdraw(link["id"], p), b)
            )
            line.addWidget(approve)
            line.addWidget(withdraw)
            self.proposals.addWidget(row)
            self._proposal_rows.append(row)

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
