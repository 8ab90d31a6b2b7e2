"""What one screen of a display computer shows, and on which screen (Qt-free)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kiosk.views.screen import Subject

__all__ = ["DisplaySpec"]


@dataclass(frozen=True)
class DisplaySpec:
    """A floor file's ``[[display]]``: ``view`` of ``table`` (or of ``link``) on screen ``screen``
    (screens counted left to right from 0)."""

    id: str
    view: str
    table: str | None = None
    link: str | None = None
    screen: int = 0

    def __post_init__(self) -> None:
        _ = self.subject  # validates the view and the table/link pair (ValueError in one line)
        if self.screen < 0:
            raise ValueError(f"display {self.id}: screens are counted from 0, not {self.screen}")

    @property
    def subject(self) -> Subject:
        return Subject(self.view, self.table, self.link)

    @property
    def name(self) -> str:
        return self.table or self.link or "?"

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DisplaySpec:
        """A display as ``GET /api/v1/floor`` lists it."""
        return cls(
            id=str(data["id"]),
            view=str(data["view"]),
            table=data.get("table"),
            link=data.get("link"),
            screen=int(data.get("screen") or 0),
        )
