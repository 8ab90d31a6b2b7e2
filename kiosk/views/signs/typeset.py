"""Lay a sign's content out on a page: a :class:`~kiosk.scene.primitives.Scene` in millimetres.

One layout for paper and screen.  The page is ``width_mm`` x ``height_mm`` (the trim of a
printed sign, or a screen area); ``bleed_mm`` grows the scene on every side with the
background colours carried out to the edge, as a print shop needs, while the text stays
inside the trim.

Legibility (docs/readings.md P-1; 001 s459(2), 003 s23(2), s259(2), s295(2)): every letter and number,
lowercase included, has at least ``content.cap_mm`` (8 mm or more) of ink.  Text is set by
cap height, and the smallest cap height used anywhere is the one that gives lowercase letters
that much ink (``cap_mm * cap_height / x_height``), so a word in capitals, digits and lowercase
all clear the floor.  The citation's small print is set at exactly that floor.  Everything
else is larger, in fixed proportions scaled up as far as the page allows; when even the floor
does not fit, :class:`SignTooSmall` names the text that does not, and nothing is shrunk.

Design for two metres: black on white, a dark band with the casino's name for the game in
white, values in bold and larger than their labels, hairlines between rows (never across
text), notices on a yellow band, no decoration over text.
"""

from __future__ import annotations

import dataclasses
import math
import string
from abc import ABC, abstractmethod
from dataclasses import dataclass
from functools import cache, lru_cache

from kiosk.rules.lettering import MIN_TEXT_MM, TEXT_HEIGHT_CITATIONS
from kiosk.scene.fonts import font_face, glyph_ink
from kiosk.scene.legibility import letter_height_mm
from kiosk.scene.lighting import contrast_ratio
from kiosk.scene.primitives import (
    Colour,
    Primitive,
    Scene,
    Shape,
    TextRun,
    parse_colour,
    rect_path,
)
from kiosk.scene.text import em_size_mm, line_pieces, text_runs, text_width_mm
from kiosk.views.placing import Box
from kiosk.views.signs.cards import result_card
from kiosk.views.signs.content import Big, Block, Notice, Rows, SignContent, SignProblem

__all__ = ["INK", "PAPER", "BAND", "LETTER_RULE", "SignTooSmall", "compose_sign", "min_cap_mm", "wrap_lines"]

INK: Colour = (17, 17, 17, 255)
PAPER: Colour = (255, 255, 255, 255)
BAND: Colour = (14, 42, 84, 255)  # deep navy: white on it is 14:1
NOTICE: Colour = (255, 214, 0, 255)  # yellow: black on it is 14:1
HAIRLINE: Colour = (150, 150, 150, 255)
SCREEN_PAPER: Colour = (16, 20, 30, 255)  # a sign on a screen: light on dark, not a white panel in a dark pit
SCREEN_INK: Colour = (242, 242, 242, 255)  # 16:1 on SCREEN_PAPER
SCREEN_BAND: Colour = (30, 68, 132, 255)  # white on it is 9:1
SCREEN_HAIRLINE: Colour = (78, 86, 102, 255)
WHITE: Colour = (255, 255, 255, 255)
BLACK: Colour = (0, 0, 0, 255)

LETTER_RULE = ", ".join(TEXT_HEIGHT_CITATIONS)
"""The seeds' 8 mm floor for letters and numbers, which every sign is held to."""

_LINE_GAP = 0.62  # clear space between the lines of one text, in cap heights
_DESCENT = 0.42  # room below a baseline for descenders, in cap heights


class SignTooSmall(SignProblem):
    """The sign does not fit its page with letters at the legal floor.

    ``text`` is the text that does not fit, ``needed_mm`` the (width, height) the sign
    needs at the floor when that is known, ``available_mm`` what the page offers.
    """

    def __init__(
        self,
        content: SignContent,
        text: str,
        why: str,
        needed_mm: tuple[float, float] | None = None,
        available_mm: tuple[float, float] | None = None,
    ) -> None:
        self.content = content
        self.text = text
        self.why = why
        self.needed_mm = needed_mm
        self.available_mm = available_mm
        super().__init__(f"table {content.table_id}: sign {content.kind}: {text!r} {why}", LETTER_RULE)


def min_cap_mm(floor_mm: float) -> float:
    """The cap height at which lowercase letters have ``floor_mm`` of ink (the sign font's
    capitals are taller than its lowercase)."""
    face = font_face("sans", "regular")
    bold = font_face("sans", "bold")
    return floor_mm * max(face.cap_height_em / face.x_height_em, bold.cap_height_em / bold.x_height_em)


@dataclass(frozen=True)
class _Design:
    heading: float
    title: float
    label: float
    value: float
    para: float
    big: float
    stacked: bool = False  # a row's values on the line under its label, not beside it
    one_line_labels: bool = False  # a row's label must not be broken into lines
    columns: int = 1  # long tables of rows (6 or more) side by side in this many columns
    tight: bool = False  # less space between the parts (a small screen's pages: only when nothing else fits)
    marks: float = 0.0  # room for marks stacked above the capitals (Vietnamese), in cap heights: :func:`_mark_room`

    @property
    def line_gap(self) -> float:
        """The clear space between the lines of one text, in cap heights."""
        return _LINE_GAP + self.marks

    @property
    def descent(self) -> float:
        """The room below a last baseline before the next text, in cap heights."""
        return _DESCENT + self.marks


_NORMAL = _Design(heading=1.45, title=1.2, label=1.0, value=1.25, para=1.0, big=2.6)
_COMPACT = _Design(heading=1.0, title=1.0, label=1.0, value=1.0, para=1.0, big=1.4)
_DESIGNS = (
    dataclasses.replace(_NORMAL, one_line_labels=True),
    dataclasses.replace(_COMPACT, one_line_labels=True),
    dataclasses.replace(_NORMAL, one_line_labels=True, columns=2),
    dataclasses.replace(_COMPACT, one_line_labels=True, columns=2),
    _NORMAL,
    _COMPACT,
    dataclasses.replace(_COMPACT, big=1.0, stacked=True),
    # a poster: each label over its value, the values very large (a few rows on a big page)
    dataclasses.replace(_NORMAL, value=2.4, stacked=True),
)
_TIGHT_DESIGNS = (
    dataclasses.replace(_COMPACT, one_line_labels=True, tight=True),
    dataclasses.replace(_COMPACT, tight=True),
    dataclasses.replace(_COMPACT, big=1.0, stacked=True, tight=True),
)
"""Tried only when no design of :data:`_DESIGNS` fits: the parts closer together, the letters
never smaller (a page of a sign on a 10-inch screen holds two rows of limits, not one)."""
_MAX_SCALE = 3.0


@lru_cache(maxsize=1024)
def _variant(design: _Design, *, columns: int | None = None, marks: float | None = None) -> _Design:
    """``design`` in ``columns`` or with room for ``marks`` (made once: the search asks often)."""
    return dataclasses.replace(
        design,
        columns=design.columns if columns is None else columns,
        marks=design.marks if marks is None else marks,
    )


_ADVANCES: dict[bool, dict[str, float]] = {False: {}, True: {}}
"""Each character's advance in mm at 1 mm cap height, regular and bold (font metrics, read once)."""


def _read_advance(ch: str, bold: bool) -> float:
    """Read a character's advance from the font into :data:`_ADVANCES`."""
    face = font_face("sans", "bold" if bold else "regular")
    advance = _ADVANCES[bold][ch] = text_width_mm(ch, face, em_size_mm(face, cap_mm=1.0))
    return advance


@lru_cache(maxsize=8192)
def _width_at_1(text: str, bold: bool) -> float:
    # neither painter kerns, so a line is as wide as its characters' advances
    advances = _ADVANCES[bold]
    try:
        return sum(map(advances.__getitem__, text))
    except KeyError:  # a character not met before
        return sum(advances[ch] if ch in advances else _read_advance(ch, bold) for ch in text)


def _width(text: str, cap: float, bold: bool) -> float:
    """Advance width in mm of ``text`` at cap height ``cap``."""
    return _width_at_1(text, bold) * cap


def _widest_word(text: str, cap: float, bold: bool) -> tuple[float, str]:
    words = text.split() or [text]
    return max((_width(w, cap, bold), w) for w in words)


class _Overflow(Exception):
    def __init__(self, text: str, why: str, needed_h: float | None = None) -> None:
        super().__init__(why)
        self.text, self.why, self.needed_h = text, why, needed_h


def _wrap(text: str, cap: float, width: float, bold: bool) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` at ``cap`` (no smaller)."""
    limit = width / cap
    if "\n" not in text and _width_at_1(text, bold) <= limit:
        return [text]  # one line
    # the measure rounded down to a 1 % grid: lines still fit, and the trials of a scale search
    # share their line breaks
    lines = _wrap_at(text, bold, _STEP ** math.floor(math.log(limit, _STEP) + 1e-9))
    if lines is None:
        widest, word = _widest_word(text, cap, bold)
        raise _Overflow(word, f"is {widest:.0f} mm wide at the legal letter height; {width:.0f} mm fit")
    return list(lines)


_STEP = 1.01


@lru_cache(maxsize=65536)
def _wrap_at(text: str, bold: bool, limit: float) -> tuple[str, ...] | None:
    """Greedy line breaks at ``limit`` mm per mm of cap height; ``None`` if a word is wider."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split():
            if _width_at_1(word, bold) > limit + 1e-9:
                return None
            candidate = f"{current} {word}" if current else word
            if current and _width_at_1(candidate, bold) > limit + 1e-9:
                lines.append(current)
                current = word
            else:
                current = candidate
        lines.append(current)
    return tuple(lines)


def clear_caches() -> None:
    """Forget the measured widths, line breaks and glyph runs (for benchmarks that time a cold
    start)."""
    _wrap_at.cache_clear()
    _width_at_1.cache_clear()
    _widest_word_at_1.cache_clear()
    _label_width_at_1.cache_clear()
    _longest_label_at_1.cache_clear()
    _column_widths.cache_clear()
    line_pieces.cache_clear()


def wrap_lines(text: str, cap: float, width: float, *, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` mm at cap height ``cap``;
    ``ValueError`` when one word alone is wider."""
    try:
        return _wrap(text, cap, width, bold)
    except _Overflow as exc:
        raise ValueError(f"{exc.text!r} {exc.why}") from None


def _text_height(lines: int, cap: float, line_gap: float = _LINE_GAP) -> float:
    """From the first cap top to the last baseline."""
    return cap + (lines - 1) * (1 + line_gap) * cap


@cache
def _rise(ch: str) -> float:
    """How far the ink of ``ch`` rises above the top of the capitals, in cap heights, in the
    sign's Latin face (the more of regular and bold); 0 for a character that face does not draw."""
    rise = 0.0
    for weight in ("regular", "bold"):
        face = font_face("sans", weight)
        if not face.has_char(ch):
            return 0.0
        box = glyph_ink(face.path).box(face.glyphs(ch)[0][0])
        if box is not None:
            rise = max(rise, (box[3] - face.cap_height) / face.cap_height)
    return rise


@cache
def _plain_rise() -> float:
    """The highest ink of unaccented text (an ascender, a bracket): what :data:`_LINE_GAP` and
    :data:`_DESCENT` were set for.  Measured on first use, not on import: an installation whose
    fonts are missing must still load the module to say so in one line."""
    return max(_rise(ch) for ch in string.ascii_letters + string.digits + string.punctuation)


def _mark_room(content: SignContent) -> float:
    """The room a sign's lines need beyond the usual spacing for marks stacked above capitals and
    above ascenders (Vietnamese ``Ắ``, ``ẳ``: two marks over a letter), measured from the ink of
    the characters the sign prints; 0 for text without such marks."""
    chars = {ch for text in content.texts() for ch in text}
    return max(0.0, max((_rise(ch) for ch in chars), default=0.0) - _plain_rise())


class _Page:
    """Primitives placed in trim coordinates, moved by the bleed when the scene is made."""

    def __init__(self, dx: float, design: _Design | None = None) -> None:
        self.dx = dx
        self.items: list[Primitive] = []
        self.line_gap = design.line_gap if design is not None else _LINE_GAP
        self.descent = design.descent if design is not None else _DESCENT

    def text(
        self, text: str, x: float, y: float, cap: float, *, bold: bool = False, fill: Colour = INK, anchor: str = "left"
    ) -> None:
        self.items.extend(
            text_runs(
                text,
                x=x + self.dx,
                y=y + self.dx,
                cap_mm=cap,
                anchor=anchor,
                valign="top",
                weight="bold" if bold else "regular",
                fill=fill,
                line_gap=self.line_gap,
            )
        )

    def rect(self, x: float, y: float, w: float, h: float, fill: Colour, radius: float = 0.0) -> None:
        self.items.append(Shape(rect_path(x + self.dx, y + self.dx, w, h, radius), fill=fill))


class _Block(ABC):
    """One block of a sign's body, measured at a unit size for a width and ready to draw: it
    knows its ``height`` and draws itself with its top left at a place (reportlab's Flowable,
    ``wrap`` then ``drawOn``, with a type)."""

    height: float

    @abstractmethod
    def draw(self, page: _Page, x: float, y: float) -> None:
        """Add the block's shapes and text to ``page`` with its top left at ``(x, y)``."""


@dataclass(slots=True)
class _Text(_Block):
    """Running text set left, or a big value centred across ``width``."""

    height: float
    lines: list[str]
    cap: float
    bold: bool
    centred: bool
    width: float

    def draw(self, page: _Page, x: float, y: float) -> None:
        if self.centred:
            page.text("\n".join(self.lines), x + self.width / 2, y, self.cap, bold=True, anchor="center")
        else:
            page.text("\n".join(self.lines), x, y, self.cap, bold=self.bold)


@dataclass(slots=True)
class _NoticeBand(_Block):
    """A notice of a change ahead, bold on a yellow band."""

    height: float
    lines: list[str]
    cap: float
    pad: float
    width: float

    def draw(self, page: _Page, x: float, y: float) -> None:
        page.rect(x - self.pad * 0.2, y, self.width + self.pad * 0.4, self.height, NOTICE, radius=self.pad * 0.5)
        page.text("\n".join(self.lines), x + self.pad, y + self.pad, self.cap, bold=True)


@dataclass(slots=True)
class _Table(_Block):
    """Rows of a label and values: the values bold and right-aligned in their columns (or
    under their labels when ``stacked``), a rule under the column titles, hairlines between
    rows.  ``header`` is the title lines over the labels, the column titles and the header's
    height; each row is its label's lines, its values and its height."""

    height: float
    header: tuple[list[str], tuple[str, ...], float] | None
    rows: list[tuple[list[str], tuple[str, ...], float]]
    col_w: list[float]
    gutter: float
    lcap: float
    vcap: float
    row_gap: float
    stacked: bool
    width: float

    def draw(self, page: _Page, x: float, y: float) -> None:
        lcap, vcap, row_gap = self.lcap, self.vcap, self.row_gap
        right_edges: list[float] = []
        edge = x + self.width
        for width in reversed(self.col_w):
            right_edges.insert(0, edge)
            edge -= width + self.gutter
        if self.header is not None:
            head_lines, titles, hh = self.header
            if head_lines:
                page.text("\n".join(head_lines), x, y, lcap, bold=True)
            for title, right in zip(titles, right_edges, strict=False):
                page.text(title, right, y, lcap, bold=True, anchor="right")
            line_y = y + hh + row_gap / 2
            page.rect(x, line_y - 0.4, self.width, 0.8, INK)
            y += hh + row_gap
        for i, (lines, values, rh) in enumerate(self.rows):
            if self.stacked:
                page.text("\n".join(lines), x, y, lcap)
                value_y = y + _text_height(len(lines), lcap, page.line_gap) + page.descent * lcap + 0.3 * lcap
            else:
                # values share the first line's baseline with the label
                page.text("\n".join(lines), x, y + (vcap - lcap), lcap)
                value_y = y
            for value, right in zip(values, right_edges, strict=False):
                page.text(value, right, value_y, vcap, bold=True, anchor="right")
            if i < len(self.rows) - 1:
                line_y = y + rh + row_gap / 2
                page.rect(x, line_y - 0.2, self.width, 0.4, HAIRLINE)
            y += rh + row_gap


@dataclass(slots=True)
class _Columns(_Block):
    """A long table in two columns ``half`` mm wide side by side, ``between`` mm apart."""

    height: float
    left: _Block
    right: _Block
    half: float
    between: float

    def draw(self, page: _Page, x: float, y: float) -> None:
        self.left.draw(page, x, y)
        self.right.draw(page, x + self.half + self.between, y)


@dataclass(slots=True)
class _Measured:
    """A sign measured at one scale: each part's lines and where it goes, nothing drawn yet."""

    margin: float
    gap: float
    hcap: float
    head_lines: list[str]
    band_h: float
    tcap: float
    title_lines: list[str]
    title_y: float
    cite_lines: list[str]
    cite_top: float
    blocks: list[_Block]
    body_y: float
    body_h: float
    room: float
    needed: float


def _measured(content: SignContent, w: float, h: float, design: _Design, k: float, floor_cap: float) -> _Measured:
    """Every part of the sign at scale ``k``: raises :class:`_Overflow` for a text too wide."""
    unit = floor_cap * k
    margin = _margin(w, h)
    aw = w - 2 * margin
    gap = (0.4 if design.tight else 0.75) * unit

    # band with the game's name
    hcap = design.heading * unit
    head_lines = _wrap(content.heading, hcap, aw, True)
    band_h = (
        margin + _text_height(len(head_lines), hcap, design.line_gap) + max(margin, design.descent * hcap + 0.35 * hcap)
    )
    title_y = band_h + gap

    # citation, small print at the floor, at the foot
    ccap = floor_cap
    cite_lines = _wrap(content.citation, ccap, aw, False) if content.citation else []  # none on a screen
    cite_h = _text_height(len(cite_lines), ccap, design.line_gap) if cite_lines else -design.descent * ccap
    cite_top = h - margin - cite_h - design.descent * ccap
    # title
    tcap = design.title * unit
    title_lines = _wrap(content.title, tcap, aw, True) if content.title else []  # a page without a title
    body_y = title_y + (
        _text_height(len(title_lines), tcap, design.line_gap) + design.descent * tcap + gap if title_lines else 0.0
    )

    # body blocks: measured first, then centred in the space left
    body_h = 0.0
    blocks = []
    for block in content.blocks:
        measured = _block(block, design, unit, aw)
        blocks.append(measured)
        body_h += measured.height
    body_h += gap * max(0, len(blocks) - 1)
    room = cite_top - gap - body_y
    needed = body_y + body_h + gap + (h - cite_top)
    return _Measured(
        margin,
        gap,
        hcap,
        head_lines,
        band_h,
        tcap,
        title_lines,
        title_y,
        cite_lines,
        cite_top,
        blocks,
        body_y,
        body_h,
        room,
        needed,
    )


def _measure(content: SignContent, w: float, h: float, design: _Design, k: float, floor_cap: float) -> float:
    """The height the sign needs at scale ``k`` (a text too wide raises :class:`_Overflow`)."""
    return _measured(content, w, h, design, k, floor_cap).needed


def _draw(
    content: SignContent, w: float, h: float, bleed: float, design: _Design, m: _Measured, floor_cap: float
) -> _Page:
    """The sign drawn as measured in ``m`` (the search's best trial, not measured again);
    raises :class:`_Overflow` when it does not fit."""
    if m.body_h > m.room + 1e-6:
        raise _height_error(content, m.needed, h)
    page = _Page(bleed, design)
    page.rect(-bleed, -bleed, w + 2 * bleed, m.band_h + bleed, BAND)
    page.text("\n".join(m.head_lines), m.margin, m.margin, m.hcap, bold=True, fill=WHITE)
    if m.title_lines:
        page.text("\n".join(m.title_lines), m.margin, m.title_y, m.tcap, bold=True)
    y = m.body_y
    y += (m.room - m.body_h) / 2 if content.card is None else 0
    for block in m.blocks:
        block.draw(page, m.margin, y)
        y += block.height + m.gap
    if m.cite_lines:
        page.text("\n".join(m.cite_lines), m.margin, m.cite_top, floor_cap, fill=INK)
    return page


def _block_text(block: Block) -> str:
    if isinstance(block, Rows):
        return " ".join(block.rows[-1]) if block.rows else ""
    return block.text


def _block(block: Block, design: _Design, unit: float, aw: float) -> _Block:
    """One block measured at the given unit size for the width ``aw``."""
    if isinstance(block, Rows):
        return _table(block, design, unit, aw)
    if isinstance(block, Notice):
        cap = design.para * unit
        pad = 0.5 * cap
        lines = _wrap(block.text, cap, aw - 2 * pad, True)
        height = _text_height(len(lines), cap, design.line_gap) + design.descent * cap + 2 * pad
        return _NoticeBand(height, lines, cap, pad, aw)
    big = isinstance(block, Big)
    cap = (design.big if big else design.para) * unit
    bold = isinstance(block, Big) or block.bold
    lines = _wrap(block.text, cap, aw, bold)
    height = _text_height(len(lines), cap, design.line_gap) + design.descent * cap
    return _Text(height, lines, cap, bold, big, aw)


@lru_cache(maxsize=4096)
def _column_widths(block: Rows, label: float, value: float) -> tuple[float, ...]:
    """The width of each value column of ``block`` at unit 1 (values bold at ``value``, column
    titles bold at ``label``); widths grow with the unit."""
    ncols = max(len(r) for r in block.rows) - 1
    col_w = [0.0] * ncols
    for row in block.rows:
        for i, text in enumerate(row[1:]):
            col_w[i] = max(col_w[i], _width_at_1(text, True) * value)
    if block.header:
        for i, title in enumerate(block.header[1:]):
            col_w[i] = max(col_w[i], _width_at_1(title, True) * label)
    return tuple(col_w)


def _table(block: Rows, design: _Design, unit: float, aw: float) -> _Block:
    if design.columns == 2 and len(block.rows) >= 6:
        split = (len(block.rows) + 1) // 2
        between = 2.0 * unit
        half = (aw - between) / 2
        one = _variant(design, columns=1)
        left = _table(Rows(block.rows[:split], block.header), one, unit, half)
        right = _table(Rows(block.rows[split:], block.header), one, unit, half)
        return _Columns(max(left.height, right.height), left, right, half, between)
    lcap, vcap = design.label * unit, design.value * unit
    gutter = 0.7 * unit
    ncols = max(len(r) for r in block.rows) - 1
    col_w = [w * unit for w in _column_widths(block, design.label, design.value)]
    values_w = sum(col_w) + gutter * max(0, ncols - 1)
    stacked = design.stacked
    label_w = aw if stacked else aw - values_w - gutter
    if values_w > aw + 1e-6 or label_w <= 0:
        widest = max(block.rows, key=lambda r: sum(_width(v, vcap, True) for v in r[1:]))
        raise _Overflow(" ".join(widest[1:]), f"is wider than the page at the legal letter height ({aw:.0f} mm fit)")
    row_gap = 0.4 * lcap
    header: tuple[list[str], tuple[str, ...], float] | None = None
    rows: list[tuple[list[str], tuple[str, ...], float]] = []
    height = 0.0
    if block.header:
        title_w = values_w + gutter + _width(block.header[0], lcap, True)
        head_lines = [block.header[0]] if title_w <= aw else []
        if not stacked:
            head_lines = _wrap(block.header[0], lcap, label_w, True)
        hh = (
            lcap + design.descent * lcap
            if not head_lines
            else _text_height(len(head_lines), lcap, design.line_gap) + design.descent * lcap
        )
        header = (head_lines, block.header[1:], hh)
        height += hh + row_gap
    # every label on one line (the usual case): no label needs breaking, measured at unit size once
    one_line = _longest_label_at_1(block) <= label_w / lcap
    row_heights: dict[int, float] = {}  # a row's height by its label's number of lines
    for row in block.rows:
        lines = [row[0]] if one_line else _wrap(row[0], lcap, label_w, False)
        if len(lines) > 1 and (design.one_line_labels or (not stacked and label_w < 0.4 * aw)):
            # a label broken into lines beside its value only where its column is not narrow
            raise _Overflow(row[0], f"needs more than one line beside its value ({label_w:.0f} mm fit)")
        rh = row_heights.get(len(lines))
        if rh is None:
            if stacked:
                label_h = _text_height(len(lines), lcap, design.line_gap) + design.descent * lcap
                rh = label_h + 0.3 * lcap + vcap + design.descent * vcap
            else:
                rh = max(
                    (vcap - lcap) + _text_height(len(lines), lcap, design.line_gap) + design.descent * lcap,
                    vcap + design.descent * vcap,
                )
            row_heights[len(lines)] = rh
        rows.append((lines, row[1:], rh))
        height += rh + row_gap
    height -= row_gap
    return _Table(height, header, rows, col_w, gutter, lcap, vcap, row_gap, stacked, aw)


def _card_layout(content: SignContent, w: float, h: float, bleed: float, floor_cap: float) -> _Page:
    """A two-up dice result card (004 sch13 s19(2)) on paper: the light's colour to the edge of
    the bleed, the card's face drawn by the same function as the display's card in place of a
    failed light (:func:`kiosk.views.signs.cards.result_card`: one design), and a foot line
    with the table's name for the game and the rule."""
    card = content.card
    assert card is not None
    page = _Page(bleed)
    fill = parse_colour(card.colour)
    if fill is None:  # "none": the floor file refuses it for a light's colour (004 sch13 s19(1))
        raise ValueError(f"a {card.word} result card needs a colour, not {card.colour!r}")
    ink = BLACK if contrast_ratio(fill, BLACK) >= contrast_ratio(fill, WHITE) else WHITE
    page.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill)
    margin = _margin(w, h)
    aw = w - 2 * margin
    foot = f"{content.heading}: {content.citation}" if content.citation else content.heading
    foot_lines = _wrap(foot, floor_cap, aw, False)
    foot_h = _text_height(len(foot_lines), floor_cap) + _DESCENT * floor_cap
    face = Box(margin + bleed, margin + bleed, aw, h - 3 * margin - foot_h)
    try:
        page.items.extend(result_card(card.result, fill, face))
    except ValueError as exc:
        raise _Overflow(card.word, f"does not fit: {exc}") from None
    page.text("\n".join(foot_lines), margin, h - margin - foot_h, floor_cap, fill=ink)
    return page


def compose_sign(
    content: SignContent, width_mm: float, height_mm: float, *, bleed_mm: float = 0.0, screen: bool = False
) -> Scene:
    """The sign as a scene ``width_mm + 2 bleed`` x ``height_mm + 2 bleed`` (the trim inset by
    ``bleed_mm``), its text as large as the page allows and never under the floor.  ``screen``:
    in the screen's colours, light on dark (paper stays black on white).

    Raises :class:`SignTooSmall` when the page is too small for letters at the floor.
    """
    if not (width_mm > 0 and height_mm > 0 and bleed_mm >= 0):
        raise ValueError(f"a sign needs a positive size, got {width_mm} x {height_mm} mm, bleed {bleed_mm} mm")
    floor_cap = min_cap_mm(max(MIN_TEXT_MM, content.cap_mm))
    try:
        if content.card is not None:
            page = _card_layout(content, width_mm, height_mm, bleed_mm, floor_cap)
        else:
            page = _best_layout(content, width_mm, height_mm, bleed_mm, floor_cap)
    except _Overflow as exc:
        raise SignTooSmall(
            content, exc.text, exc.why + f" on {width_mm:g} x {height_mm:g} mm", available_mm=(width_mm, height_mm)
        ) from None
    floor = max(MIN_TEXT_MM, content.cap_mm)
    background = PAPER
    if screen and content.card is None:
        page.items, background = _on_screen(page.items), SCREEN_PAPER
    for item in page.items:  # the legal floor, checked on what was laid out, not assumed
        if not isinstance(item, TextRun):
            continue
        height = letter_height_mm(item)
        if height is not None and height < floor - 1e-6:
            raise AssertionError(
                f"sign {content.kind} of table {content.table_id}: {item.text!r} laid out at "
                f"{height:.2f} mm, under the {floor:g} mm floor ({LETTER_RULE})"
            )
    return Scene(
        width_mm=width_mm + 2 * bleed_mm,
        height_mm=height_mm + 2 * bleed_mm,
        items=tuple(page.items),
        background=background,
    )


def _on_screen(items: list[Primitive]) -> list[Primitive]:
    """A sign's primitives in the screen's colours (ux-review P9: a glaring white panel in a dark
    pit): the page dark, the ink light, the band brighter; a notice keeps black on its yellow."""
    recolour = {PAPER: SCREEN_PAPER, INK: SCREEN_INK, BAND: SCREEN_BAND, HAIRLINE: SCREEN_HAIRLINE}
    notices: list[tuple[float, float, float, float]] = []
    out: list[Primitive] = []
    for item in items:
        if isinstance(item, Shape):
            if item.fill == NOTICE:
                notices.append(item.path.bounds())
            elif item.fill in recolour:
                item = dataclasses.replace(item, fill=recolour[item.fill])
        elif isinstance(item, TextRun) and item.fill == INK:
            on_notice = any(x0 <= item.x <= x1 and y0 <= item.y <= y1 for x0, y0, x1, y1 in notices)
            if not on_notice:
                item = dataclasses.replace(item, fill=SCREEN_INK)
        out.append(item)
    return out


def _margin(w: float, h: float) -> float:
    """The quiet space inside the trim (3.5 % of the shorter side, at least 5 mm: clear of
    a guillotine's tolerance)."""
    return max(5.0, 0.035 * min(w, h))


def _height_error(content: SignContent, needed: float, h: float) -> _Overflow:
    """The sign needs ``needed`` mm of height at the legal letter height, more than ``h``."""
    last = content.blocks[-1] if content.blocks else None
    text = _block_text(last) if last is not None else content.title
    return _Overflow(
        text,
        f"does not fit: the sign needs {needed:.0f} mm of height at the legal letter height; {h:.0f} mm fit",
        needed,
    )


def _relevant(content: SignContent, designs: tuple[_Design, ...] = _DESIGNS) -> list[_Design]:
    """The designs that can differ for this content (no row labels: no one-line or stacked
    variants; no long table: no two-column variants)."""
    rows = [b for b in content.blocks if isinstance(b, Rows)]
    out = []
    for design in designs:
        if design.columns == 2 and not any(len(b.rows) >= 6 for b in rows):
            continue
        if not rows and (design.stacked or not design.one_line_labels):
            continue
        out.append(design)
    return out


def _weight(design: _Design, content: SignContent) -> float:
    """How much a design's scale is worth: the size of what the sign is for (its big value, or
    the values of its rows), less for labels broken beside their values or set over them."""
    if not any(isinstance(b, Rows) for b in content.blocks):
        return design.big if any(isinstance(b, Big) for b in content.blocks) else design.para
    return design.value * (1.0 if design.one_line_labels else 0.7) * (0.7 if design.stacked else 1.0)


def _largest_scale(
    content: SignContent, w: float, h: float, design: _Design, start: float, floor_cap: float, top: float = _MAX_SCALE
) -> tuple[float, _Measured] | None:
    """The largest scale from ``start`` to ``top`` at which ``design`` fits (within
    3 %) and the sign measured at it, or ``None`` when it does not fit at ``start``.  The height a sign needs grows almost
    linearly with the scale, so the search extrapolates from two trials and then interpolates
    (regula falsi): three or four trials where bisection would take seven."""

    trials: dict[float, _Measured] = {}

    def needed(k: float) -> float:
        try:
            trials[k] = _measured(content, w, h, design, k, floor_cap)
            return trials[k].needed
        except _Overflow:
            return float("inf")  # a text too wide: as bad as too tall

    fits = h + 1e-6
    lo, n_lo = start, needed(start)
    if n_lo > fits:
        return None
    hi, n_hi = top, float("inf")
    probe = min(top, start * 1.25)
    for _ in range(7):
        n = needed(probe)
        if n <= fits:
            if probe >= top:
                return probe, trials[probe]
            # the line through the two best fitting trials, where it meets the page height
            slope = (n - n_lo) / (probe - lo) if probe > lo else 0.0
            lo, n_lo = probe, n
            guess = lo + (h - n_lo) / slope if slope > 0 else hi
        else:
            hi, n_hi = probe, n
            guess = lo + (h - n_lo) * (hi - lo) / (n_hi - n_lo) if n_hi != float("inf") else (lo + hi) / 2
        if min(hi, top) - lo <= 0.03 * lo:
            break
        # stay strictly inside the bracket, a little short of the line (wrapping makes it convex)
        probe = min(max(guess * 0.995, lo + 0.02 * lo), min(hi, top) - 0.005 * lo)
    return lo, trials[lo]


@lru_cache(maxsize=8192)
def _widest_word_at_1(text: str, bold: bool) -> float:
    return max((_width_at_1(word, bold) for word in text.split()), default=0.0)


@lru_cache(maxsize=4096)
def _label_width_at_1(block: Rows, one_line: bool) -> float:
    """The widest row label of ``block`` at unit 1 (its widest word when labels may break)."""
    return max(_width_at_1(r[0], False) if one_line else _widest_word_at_1(r[0], False) for r in block.rows)


@lru_cache(maxsize=4096)
def _longest_label_at_1(block: Rows) -> float:
    """The width of the longest row label of ``block`` at unit size; infinite when a label has a
    line break of its own (it is never one line)."""
    if any("\n" in r[0] for r in block.rows):
        return float("inf")
    return _label_width_at_1(block, True)


def _width_bound(content: SignContent, design: _Design, aw: float, floor_cap: float) -> float:
    """A scale no layout of ``design`` can exceed: where its widest unbreakable pieces (a word,
    a row's values) alone fill the width.  Only what every layout must hold is counted, so the
    bound is never below the scale that really fits."""
    per_unit = [
        _widest_word_at_1(content.heading, True) * design.heading,
        _widest_word_at_1(content.title, True) * design.title,
    ]
    for block in content.blocks:
        if isinstance(block, Rows):
            if design.columns == 2 and len(block.rows) >= 6:
                continue  # two columns share the width: not bounded here
            cols = _column_widths(block, design.label, design.value)
            values = sum(cols) + 0.7 * max(0, len(cols) - 1)
            labels = _label_width_at_1(block, design.one_line_labels) * design.label
            per_unit.append(max(values, labels) if design.stacked else values + 0.7 + labels)
        elif isinstance(block, Big):
            per_unit.append(_widest_word_at_1(block.text, True) * design.big)
        else:
            per_unit.append(_widest_word_at_1(block.text, isinstance(block, Notice) or block.bold) * design.para)
    widest = max(per_unit)
    return aw / (widest * floor_cap) if widest > 0 else _MAX_SCALE


def _best_layout(content: SignContent, w: float, h: float, bleed: float, floor_cap: float) -> _Page:
    """Of the designs that fit at scale 1, each scaled up as far as it fits, the one whose
    values come out largest, preferring labels on one line beside their values."""
    errors: list[_Overflow] = []
    marks = _mark_room(content)
    designs = [_variant(d, marks=marks) for d in _relevant(content)]
    designs.sort(key=lambda d: _weight(d, content), reverse=True)  # likely winners first
    best = _best_of(content, w, h, designs, floor_cap, errors)
    if best is None:  # nothing fits with the usual spacing: the parts closer together
        tight = [_variant(d, marks=marks) for d in _relevant(content, _TIGHT_DESIGNS)]
        best = _best_of(content, w, h, tight, floor_cap, errors)
    if best is not None:
        return _draw(content, w, h, bleed, best[1], best[2], floor_cap)
    # the most telling problem: the smallest shortfall of height, else the last width problem
    by_height = [(e.needed_h, e) for e in errors if e.needed_h is not None]
    raise min(by_height, key=lambda shortfall: shortfall[0])[1] if by_height else errors[-1]


def _best_of(
    content: SignContent, w: float, h: float, designs: list[_Design], floor_cap: float, errors: list[_Overflow]
) -> tuple[float, _Design, _Measured] | None:
    """``(worth, design, measure)`` of the best of ``designs`` that fits, or ``None`` (why each
    did not fit is added to ``errors``)."""
    best: tuple[float, _Design, _Measured] | None = None
    for design in designs:
        weight = _weight(design, content)
        # the smallest scale at which this design would beat the best so far
        need = 1.0 if best is None else max(1.0, best[0] / weight + 0.01)
        top = min(_MAX_SCALE, _width_bound(content, design, w - 2 * _margin(w, h), floor_cap))
        if need > top and best is not None:
            continue  # its widest words alone keep it from beating the best: no trial needed
        found = _largest_scale(content, w, h, design, need, floor_cap, max(top, need))
        if found is not None:
            k, measured = found
            best = (k * weight, design, measured)
        elif best is None:  # does not fit at all: keep why, to report it if no design fits
            try:
                errors.append(_height_error(content, _measure(content, w, h, design, 1.0, floor_cap), h))
            except _Overflow as exc:
                errors.append(exc)
    return best
