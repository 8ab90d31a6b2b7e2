"""What one screen shows: a view of a table (or of a jackpot link), composed from the state.

:func:`compose_view` is the one table-to-scene entry point: ``kiosk snapshot``, ``kiosk demo``,
the display (through :class:`kiosk.views.display_model.DisplayModel`) and the export call it.
The view names are those a floor file's ``[[display]]`` takes (``docs/floor.md``):
:data:`kiosk.views.screens.SCREENS` holds the ``compose`` of each and what it takes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from kiosk.floor.references import VIEW_GAMES
from kiosk.language import current_language
from kiosk.state.shapes import LinkState, TableState
from kiosk.views.base import DEFAULT_AREA, LIVE, Area, CasinoSettings, Status, ViewState
from kiosk.views.screens import SCREENS

__all__ = ["VIEW_NAMES", "Subject", "compose_view", "inputs_of"]

VIEW_NAMES: tuple[str, ...] = tuple(VIEW_GAMES)


@dataclass(frozen=True)
class Subject:
    """What a screen shows: ``view`` of ``table`` or of ``link`` (a link shows its jackpot)."""

    view: str
    table: str | None = None
    link: str | None = None

    def __post_init__(self) -> None:
        if self.view not in VIEW_NAMES:
            raise ValueError(f"unknown view {self.view!r}; views: {', '.join(VIEW_NAMES)}")
        if (self.table is None) == (self.link is None):
            raise ValueError("a screen shows a table or a link: give exactly one")
        if self.link is not None and self.view != "jackpot":
            raise ValueError(f"a link shows its jackpot meter: view jackpot, not {self.view!r}")

    @property
    def name(self) -> str:
        return self.table if self.table is not None else str(self.link)

    @classmethod
    def of_display(cls, display: Any) -> Subject:
        """The subject of a floor file's ``[[display]]`` entry."""
        return cls(display.view, display.table, display.link)


def inputs_of(
    subject: Subject, tables: Mapping[str, TableState], links: Mapping[str, LinkState]
) -> tuple[TableState | None, LinkState | None]:
    """The table and link states a subject's view is composed from (``LookupError`` naming
    what is missing)."""
    table = None
    if subject.table is not None:
        table = tables.get(subject.table)
        if table is None:
            raise LookupError(f"no table {subject.table!r}; tables: {', '.join(sorted(tables)) or 'none'}")
    link_id = subject.link if subject.link is not None else (table.get("link_id") if table else None)
    link = links.get(link_id) if link_id else None
    if subject.link is not None and link is None:
        raise LookupError(f"no jackpot link {subject.link!r}; links: {', '.join(sorted(links)) or 'none'}")
    return table, link


def compose_view(
    subject: Subject,
    tables: Mapping[str, TableState],
    links: Mapping[str, LinkState],
    settings: CasinoSettings,
    now: datetime,
    *,
    area: Area = DEFAULT_AREA,
    connection: Status = LIVE,
    heard_at: datetime | None = None,
    lit: Iterable[str] = (),
) -> ViewState:
    """The view state of ``subject`` from the floor's state.

    ``heard_at`` (when the display last heard from its server) goes to the views that judge
    it (the jackpot meter); ``lit`` lights more areas on views that draw the layout.  The view
    state holds ``now``, ``area`` and ``heard_at`` (``composed_at``, ``area``, ``heard_at``).
    Raises ``LookupError`` for a missing table or link and ``ValueError`` for a view the
    subject cannot show (e.g. ``trichro`` of a blackjack table), each in one line.
    """
    games = VIEW_GAMES[subject.view]
    table, link = inputs_of(subject, tables, links)
    if table is not None and games is not None and table["game"] not in games:
        raise ValueError(
            f"view {subject.view} is for {', '.join(sorted(games))} tables; table {table['id']} plays {table['game']}"
        )
    screen = SCREENS[subject.view]
    lit = frozenset(lit)
    if lit and not screen.lights:
        raise ValueError(f"view {subject.view} lights no areas; --lit is for the layout and trichro views")
    state = screen.compose(table, link, settings, now, area=area, connection=connection, heard_at=heard_at, lit=lit)
    return dataclasses.replace(state, composed_at=now, area=area, heard_at=heard_at, language=current_language())
