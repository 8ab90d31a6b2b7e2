"""Manila and draw poker at the dealer's panel (003 pts 15, 16): the table's minimum table stake
and the changes scheduled for it (003 s259(3), s295(3)).  The game's hands are not recorded by
this product; a closing's rounds are counted with the closing bar's button above."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from kiosk.rules.money import format_money
from kiosk.state.shapes import LinkState, TableState
from kiosk.ui.staff.dealer.base import GameSection, heading
from kiosk.ui.staff.ops import Operations

__all__ = ["CardRoomSection"]


class CardRoomSection(GameSection):
    games = ("manila_poker", "draw_poker")

    def __init__(
        self, table_id: str, ops: Operations, parent: QWidget | None = None, *, k: float | None = None
    ) -> None:
        super().__init__(table_id, ops, parent, k=k)
        self.status = heading("", self.k, 5.0)
        self.changes = heading("", self.k, 3.5)
        self.layout_.addWidget(self.status)
        self.layout_.addWidget(self.changes)
        self.layout_.addStretch(1)

    def show_state(self, table: TableState, link: LinkState | None) -> None:
        stake = (table.get("limits") or {}).get("minimum_table_stake_cents")
        self.status.setText(
            f"Minimum table stake {format_money(stake)}" if stake else "No minimum table stake configured"
        )
        scheduled = table.get("scheduled") or []
        self.changes.setText(
            f"{len(scheduled)} change{'s' if len(scheduled) != 1 else ''} scheduled: the pit console shows their"
            " notices (003 s259(3), s295(3))"
            if scheduled
            else ""
        )
