"""What every game's section of the dealer panel shares: the table it runs, one write path."""

from __future__ import annotations

import asyncio
from typing import Any

from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from kiosk.state.shapes import LinkState, TableState
from kiosk.ui.staff.credentials import Credentials
from kiosk.ui.staff.ops import Feedback, Operations, Outcome
from kiosk.ui.widgets.touch import TouchButton, px_per_mm, shortcut, text_px

__all__ = ["GameSection", "heading"]


def heading(text: str, k: float, mm: float = 4.5) -> QLabel:
    """A bold label whose letters are ``mm`` high at ``k`` px/mm (readable at arm's length)."""
    label = QLabel(text)
    font = label.font()
    font.setPixelSize(text_px(mm, k))
    font.setBold(True)
    label.setFont(font)
    label.setWordWrap(True)
    return label


class GameSection(QWidget):
    """One game's controls. Subclasses build their buttons and implement :meth:`show_state`.

    A section never changes what it shows from a command's reply: :meth:`show_state` is
    called with the table (and its link) as the stream reports them.
    """

    games: tuple[str, ...] = ()

    credentials: Credentials | None = None
    """The people enrolled on this computer (``kiosk enrol``): the panel sets it; a section that
    asks for a supervisor's name and PIN reads it when it asks."""

    def __init__(
        self, table_id: str, ops: Operations, parent: QWidget | None = None, *, k: float | None = None
    ) -> None:
        super().__init__(parent)
        self.table_id = table_id
        self.ops = ops
        self.k = k or px_per_mm()
        self.feedback = Feedback(self)
        font = self.feedback.font()  # a refusal is read at arm's length: a banner, not small print
        font.setPixelSize(text_px(4.5, self.k))
        font.setBold(True)
        self.feedback.setFont(font)
        self.layout_ = QVBoxLayout(self)
        self.layout_.setSpacing(max(4, round(1.5 * self.k)))

    # -- building blocks ---------------------------------------------------------------------
    def button(self, text: str, keys: str | None = None, **kwargs: Any) -> TouchButton:
        b = TouchButton(text, self, k=self.k, **kwargs)
        if keys:
            shortcut(self, keys, b)
        return b

    def grid(self) -> QGridLayout:
        g = QGridLayout()
        g.setSpacing(max(4, round(1.5 * self.k)))
        return g

    def send(self, command: dict[str, Any], control: QWidget | None = None) -> asyncio.Task[Outcome]:
        """Send one command for this table through the one write path."""
        body = {"table_id": self.table_id, **command}
        return self.ops.submit(body, control=control, feedback=self.feedback)

    def show_state(self, table: TableState, link: LinkState | None) -> None:
        """Show the table as the stream reports it; every section overrides this."""
