"""Paper for printed signs: sizes, orientation, folded tents, bleed and crop marks, in millimetres.

A printed sign has a *trim* (the finished size: the paper asked for, e.g. A4 portrait), a
*bleed* around it (default 3 mm: the background colours run on past the trim so a slightly
off cut leaves no white edge) and, with crop marks, a *slug* beyond the bleed where the marks
are drawn, outside the trim and the bleed (the marks are drawn here, not by reportlab's
``cropMarks``, which scales the artwork).

A *tent* is the paper folded in half across its height to stand on the table: the sign is
printed twice, each on one half (a panel), the upper one upside down, so it reads the right
way up from both sides of the fold.  Each panel stops :data:`FOLD_CLEAR_MM` short of the fold:
a fold a millimetre or two off then shows no band colour on the wrong face.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "PAPERS",
    "AUTO_PAPERS",
    "DEFAULT_BLEED_MM",
    "FOLD_CLEAR_MM",
    "MARK_LENGTH_MM",
    "Paper",
    "PaperError",
    "PageSpec",
    "parse_paper",
]

PAPERS: dict[str, tuple[float, float]] = {
    "A5": (148.0, 210.0),
    "A4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "A3": (297.0, 420.0),
    "A2": (420.0, 594.0),
    "A1": (594.0, 841.0),
    "A0": (841.0, 1189.0),
}
"""The named papers, portrait, in order of size (ISO 216 and US letter, 8.5 x 11 in)."""

AUTO_PAPERS: tuple[str, ...] = ("A4", "A3", "A2")
"""``--paper auto``: each sign on the first of these (smallest first) that holds it at the 8 mm
floor, portrait before landscape unless an orientation is given."""

DEFAULT_BLEED_MM = 3.0
FOLD_CLEAR_MM = 5.0
"""A tent's neutral zone: no ink this close to the fold, on either side."""
MARK_LENGTH_MM = 6.0
_MARK_GAP_MM = 3.0  # crop marks start at least this far out from the trim (and never inside the bleed)
_SLUG_MARGIN_MM = 2.0
_MAX_SIDE_MM = 5000.0  # 5 m: anything larger is a typo, not a sign
_SIZE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*[xX]\s*(\d+(?:\.\d+)?)\s*mm\s*", re.IGNORECASE)


class PaperError(ValueError):
    """A paper, orientation or bleed that cannot be used: one line saying what to write."""


@dataclass(frozen=True)
class Paper:
    """A paper size, ``width_mm`` x ``height_mm`` as named (portrait for the named papers)."""

    name: str
    width_mm: float
    height_mm: float


def parse_paper(text: str) -> Paper:
    """``"A4"``, ``"a3"``, ``"letter"`` or ``"300x200mm"``; raises :class:`PaperError`."""
    value = (text or "").strip()
    for name, (w, h) in PAPERS.items():
        if value.lower() == name.lower():
            return Paper(name, w, h)
    m = _SIZE.fullmatch(value)
    if not m:
        raise PaperError(f"--paper must be {', '.join(PAPERS)} or WIDTHxHEIGHTmm (e.g. 300x200mm); got {text!r}")
    w, h = float(m.group(1)), float(m.group(2))
    if not (0 < w <= _MAX_SIDE_MM and 0 < h <= _MAX_SIDE_MM):
        raise PaperError(f"--paper {text}: each side must be more than 0 and at most {_MAX_SIDE_MM:g} mm")
    return Paper(f"{w:g}x{h:g}mm", w, h)


@dataclass(frozen=True)
class PageSpec:
    """How each printed page is made: paper, orientation, tent, bleed and crop marks.

    ``orientation`` is ``"portrait"``, ``"landscape"`` or ``None`` (a named paper portrait,
    a ``WxHmm`` paper as written).
    """

    paper: Paper
    orientation: str | None = None
    tent: bool = False
    bleed_mm: float = DEFAULT_BLEED_MM
    crop_marks: bool = False

    def __post_init__(self) -> None:
        if self.orientation not in (None, "portrait", "landscape"):
            raise PaperError(f"orientation must be portrait or landscape, not {self.orientation!r}")
        if not (0 <= self.bleed_mm <= 25):
            raise PaperError(f"--bleed must be 0 to 25 mm, not {self.bleed_mm:g}")

    @property
    def trim_mm(self) -> tuple[float, float]:
        """The finished size of the sheet, in the orientation asked for."""
        w, h = self.paper.width_mm, self.paper.height_mm
        if self.orientation == "portrait" and w > h or self.orientation == "landscape" and w < h:
            w, h = h, w
        return w, h

    @property
    def panel_mm(self) -> tuple[float, float]:
        """The area one sign is composed for: the trim, or for a tent half of it less the
        neutral zone at the fold."""
        w, h = self.trim_mm
        return (w, h / 2 - FOLD_CLEAR_MM) if self.tent else (w, h)

    @property
    def margin_mm(self) -> float:
        """From the edge of the page to the trim: the bleed, and the slug for crop marks."""
        if not self.crop_marks:
            return self.bleed_mm
        return max(self.bleed_mm, _MARK_GAP_MM) + MARK_LENGTH_MM + _SLUG_MARGIN_MM

    @property
    def page_mm(self) -> tuple[float, float]:
        """The size of the PDF page (MediaBox)."""
        w, h = self.trim_mm
        m = self.margin_mm
        return w + 2 * m, h + 2 * m

    @property
    def mark_gap_mm(self) -> float:
        """How far out from the trim the crop marks start (outside the bleed)."""
        return max(self.bleed_mm, _MARK_GAP_MM)

    def describe(self) -> str:
        """``"A4 portrait"``, ``"A3 landscape tent"``, ``"300x200mm"``."""
        w, h = self.trim_mm
        shape = (
            ""
            if self.paper.name.endswith("mm") and self.orientation is None
            else (" landscape" if w > h else " portrait")
        )
        return f"{self.paper.name}{shape}{' tent' if self.tent else ''}"
