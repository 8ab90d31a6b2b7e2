"""What a sign says: its words and numbers, before any layout.

A :class:`SignContent` is built from a table's state (the dict described in
:mod:`kiosk.state.shapes`: ``limits`` in cents, the game's ``settings``, ``scheduled`` and
``pending`` changes) and, for jackpot signs, the state of its jackpot link.  It holds:

* ``heading``: the casino's name for the game (operators may rename: 000 s230(5),
  001 s456(7), 003 s50A(3)), from the table's ``display_name``;
* ``title``: what the sign is, in the players' words;
* ``blocks``: rows of label and values, paragraphs, a big value, notices;
* ``citation``: the rule the sign rests on, printed in small print (itself at least 8 mm).

The same content is drawn on paper and on screen by :mod:`kiosk.views.signs.typeset`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import Any

from kiosk.rules.lettering import MIN_TEXT_MM

__all__ = [
    "Rows",
    "Para",
    "Big",
    "Notice",
    "Block",
    "SignContent",
    "SignProblem",
    "CardFace",
    "Context",
    "content_digest",
]


class SignProblem(ValueError):
    """A sign that cannot be made from this configuration: one line naming the sign and the rule."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule


@dataclass(frozen=True)
class Rows:
    """A table of rows: ``header`` (optional column titles) and rows of a label and values.

    The values are drawn bold and right-aligned: the numbers a player looks for.
    """

    rows: tuple[tuple[str, ...], ...]
    header: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Para:
    """Running text, broken into lines to fit."""

    text: str
    bold: bool = False


@dataclass(frozen=True)
class Big:
    """One value as large as the sign allows (a minimum table stake, a jackpot prize)."""

    text: str


@dataclass(frozen=True)
class Notice:
    """A change announced ahead (003 s259(3), s295(3); 002 r6.9): drawn on a yellow band.

    ``text`` says the new value and when it takes effect; ``effective_at`` (UTC) lets a
    display count down to it (the countdown is added by the display view, never printed).
    ``change_id`` is the scheduled or pending change announced (a display reports it shown,
    :mod:`kiosk.state.showing`).
    """

    text: str
    effective_at: datetime | None = None
    rule: str = ""
    change_id: str | None = None


Block = Rows | Para | Big | Notice


@dataclass(frozen=True)
class SignContent:
    """Everything a sign says, in reading order."""

    kind: str
    table_id: str
    heading: str
    title: str
    blocks: tuple[Block, ...]
    citation: str
    cap_mm: float = MIN_TEXT_MM  # the height every letter and number keeps as a floor
    card: CardFace | None = None  # for result cards: the face drawn instead of blocks

    def texts(self) -> list[str]:
        """Every string the sign prints, in reading order (tests compare a PDF's text to it)."""
        if self.card is not None:  # a result card: its letter, its word, and a foot line
            return [self.card.letter, self.card.word, f"{self.heading}: {self.citation}"]
        out = [self.heading, self.title]
        for block in self.blocks:
            if isinstance(block, Rows):
                if block.header:
                    out.extend(block.header)
                for row in block.rows:
                    out.extend(row)
            else:
                out.append(block.text)
        out.append(self.citation)
        return [t for t in out if t]


@dataclass(frozen=True)
class CardFace:
    """A two-up dice result card: the word, its letter, its shape and the light's colour
    (004 sch13 s19(2)): it reads without colour by its word, letter and shape."""

    result: str  # "heads", "tails" or "odds"
    word: str
    letter: str
    shape: str  # "circle", "square" or "triangle"
    colour: str  # "#rrggbb" of the table's light


@dataclass(frozen=True)
class Context:
    """What a sign is made from: the table's state, its jackpot link's state (or ``None``),
    the casino's time zone (times are shown in it) and, for a display, the time now."""

    table: Mapping[str, Any]
    link: Mapping[str, Any] | None = None
    timezone: tzinfo | None = None
    now: datetime | None = None


def content_digest(content: SignContent) -> str:
    """SHA-256 of what the sign says (its words, numbers, notices and lettering floor): two
    exports of a sign with the same digest print the same sign."""

    def block(b: Block) -> list[object]:
        if isinstance(b, Rows):
            return ["rows", b.header, b.rows]
        if isinstance(b, Notice):
            return ["notice", b.text, b.effective_at.isoformat() if b.effective_at else None, b.rule]
        return [type(b).__name__.lower(), b.text, getattr(b, "bold", None)]

    card = (
        None
        if content.card is None
        else [content.card.result, content.card.word, content.card.letter, content.card.shape, content.card.colour]
    )
    data = [
        content.kind,
        content.table_id,
        content.heading,
        content.title,
        [block(b) for b in content.blocks],
        content.citation,
        content.cap_mm,
        card,
    ]
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
