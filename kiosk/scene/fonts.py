"""The bundled fonts and their real metrics, read once with fontTools.

Layouts name a font family (``"sans"``) and a weight (``"regular"`` or ``"bold"``).  Text is sized
from the *ink* of the font's flat-topped letters, never from the cap height Qt or reportlab report
(docs/architecture.md, Pitfalls): ``cap_height`` is the top of ``H`` and ``x_height`` the top of ``x``, both
measured from the glyph outlines.  The OS/2 ``sCapHeight``/``sxHeight`` are kept for reference only:
in the bundled Andika they include the overshoot of round letters (1485 and 1040 units against the
1460 and 1020 of ``H`` and ``x``), so sizing from them would make ``H`` 1.7 % shorter than asked,
below the 8 mm that 001 s459(2) and 003 s23(2) require.

Scripts: Andika has no Chinese, Japanese or Korean characters.  The ``sans`` faces fall back, one
character at a time, to the bundled ``cjk`` face (a subset of WenQuanYi Micro Hei,
:mod:`kiosk.scene.cjk_subset`): widths count each character in the face that draws it, and
:func:`kiosk.scene.text.text_runs` splits a line into one run per face.  CJK ink has no x-height,
so a CJK face measures each glyph (:meth:`FontFace.ink_em`): text is sized so that the shortest
glyph shown of each script has the height asked for (docs/readings.md A-75).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import cache
from io import BytesIO
from pathlib import Path
from threading import Lock

from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

from kiosk.scene.resources import assets_dir

__all__ = [
    "FAMILIES",
    "FALLBACK",
    "WEIGHTS",
    "FontFace",
    "GlyphInk",
    "counts_as_glyph",
    "font_face",
    "font_files",
    "glyph_ink",
]

WEIGHTS = ("regular", "bold")

# family -> weight -> file name under assets/fonts
FAMILIES: dict[str, dict[str, str]] = {
    "sans": {"regular": "Andika-Regular.ttf", "bold": "Andika-Bold.ttf"},
    # Chinese (and any CJK) characters: one weight only, bold text uses it as it is
    "cjk": {"regular": "KioskCJK-Regular.ttf", "bold": "KioskCJK-Regular.ttf"},
}

FALLBACK: dict[str, str] = {"sans": "cjk"}
"""The family that draws the characters a family lacks."""

_FLAT = 1 / 3  # a glyph whose ink is less tall than this share of its width is a single stroke


def counts_as_glyph(ch: str, height: int, width: int) -> bool:
    """Whether a CJK glyph's ink height is its size as read (docs/readings.md A-75): a letter or
    digit (not punctuation or a symbol) whose ink is not a single flat stroke (``一``, ``ー``:
    less tall than a third of its width, read by their length)."""
    return unicodedata.category(ch)[0] in "LN" and height >= _FLAT * width


@dataclass(frozen=True, eq=False)
class FontFace:
    """One font file with the metrics text sizing needs (in font units unless named ``*_em``)."""

    family: str
    weight: str
    path: Path
    units_per_em: int
    cap_height: int  # ink top of "H"
    x_height: int  # ink top of "x"
    os2_cap_height: int | None
    os2_x_height: int | None
    ascent: int
    descent: int  # negative, below the baseline
    _cmap: dict[int, str] = field(repr=False)
    _glyph_ids: dict[str, int] = field(repr=False)
    _advances: dict[str, int] = field(repr=False)
    measures_ink: bool = False  # a face read by glyph height (CJK): :meth:`ink_em` measures its glyphs
    fallback: FontFace | None = None  # the face that draws what this one lacks

    @property
    def key(self) -> str:
        """A name unique to this face, e.g. ``"kiosk-sans-bold"`` (used to register it)."""
        return f"kiosk-{self.family}-{self.weight}"

    @property
    def cap_height_em(self) -> float:
        """Cap height as a fraction of the em."""
        return self.cap_height / self.units_per_em

    @property
    def x_height_em(self) -> float:
        """x-height as a fraction of the em."""
        return self.x_height / self.units_per_em

    def glyphs(self, text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Glyph ids and advance widths (font units) of each character; unmapped ones get ``.notdef``."""
        ids = []
        advances = []
        notdef = self._advances.get(".notdef", self.units_per_em // 2)
        for ch in text:
            name = self._cmap.get(ord(ch))
            if name is None:
                ids.append(0)
                advances.append(notdef)
            else:
                ids.append(self._glyph_ids[name])
                advances.append(self._advances[name])
        return tuple(ids), tuple(advances)

    def has_char(self, ch: str) -> bool:
        """Whether the font has a glyph for ``ch``."""
        return ord(ch) in self._cmap

    def face_for(self, ch: str) -> FontFace:
        """The face that draws ``ch``: this one, else its fallback if that has it."""
        if ord(ch) in self._cmap or self.fallback is None or not self.fallback.has_char(ch):
            return self
        return self.fallback

    def width_em(self, text: str) -> float:
        """Advance width of ``text`` in ems (no kerning: neither painter kerns), each character
        in the face that draws it."""
        if self.fallback is None or all(ord(ch) in self._cmap for ch in text):
            return sum(self.glyphs(text)[1]) / self.units_per_em
        total = 0.0
        for ch in text:
            face = self.face_for(ch)
            total += face.glyphs(ch)[1][0] / face.units_per_em
        return total

    def ink_em(self, ch: str) -> float | None:
        """The ink height of ``ch``'s glyph in ems, if it counts as a glyph read by its height
        (:func:`counts_as_glyph`); ``None`` otherwise or when this face lacks it."""
        name = self._cmap.get(ord(ch))
        if name is None or not self.measures_ink:
            return None
        box = glyph_ink(self.path).box(self._glyph_ids[name])
        if box is None:
            return None
        x0, y0, x1, y1 = box
        height, width = int(round(y1 - y0)), int(round(x1 - x0))
        return height / self.units_per_em if counts_as_glyph(ch, height, width) else None

    def shortest_glyph_em(self, text: str) -> float | None:
        """The smallest :meth:`ink_em` of the characters of ``text`` this face draws by glyph
        height (a CJK face); ``None`` when there are none (a Latin face measures x-height)."""
        heights = [h for ch in text if (h := self.ink_em(ch)) is not None]
        return min(heights) if heights else None


class GlyphInk:
    """The ink boxes of one font file's glyphs (font units, y up), each measured from its outline
    the first time it is asked for: measuring every glyph of a face up front cost a display's cold
    start about a second."""

    def __init__(self, path: Path) -> None:
        font = TTFont(BytesIO(path.read_bytes()))
        self._glyph_set = font.getGlyphSet()
        self._order = font.getGlyphOrder()
        self._boxes: dict[int, tuple[float, float, float, float] | None] = {}
        self._lock = Lock()

    def box(self, gid: int) -> tuple[float, float, float, float] | None:
        """``(x0, y0, x1, y1)`` of glyph ``gid``'s ink; ``None`` when it has none (or no such glyph)."""
        try:
            return self._boxes[gid]
        except KeyError:
            pass
        with self._lock:
            box = None
            if 0 <= gid < len(self._order):
                pen = BoundsPen(self._glyph_set)
                self._glyph_set[self._order[gid]].draw(pen)
                box = pen.bounds
            self._boxes[gid] = box
        return box


@cache
def glyph_ink(path: Path) -> GlyphInk:
    """The ink of the glyphs of the font file at ``path`` (one per file, shared by its faces)."""
    return GlyphInk(path)


def _ink_top(font: TTFont, char: str) -> int | None:
    name = font.getBestCmap().get(ord(char))
    if name is None:
        return None
    glyph_set = font.getGlyphSet()
    pen = BoundsPen(glyph_set)
    glyph_set[name].draw(pen)
    return None if pen.bounds is None else int(round(pen.bounds[3]))


def font_files(family: str) -> dict[str, Path]:
    """The files of a family by weight.  Raises ``ValueError`` for an unknown family."""
    try:
        names = FAMILIES[family]
    except KeyError:
        raise ValueError(f"unknown font {family!r}; bundled fonts: {', '.join(sorted(FAMILIES))}") from None
    return {weight: assets_dir() / "fonts" / name for weight, name in names.items()}


@cache
def font_face(family: str = "sans", weight: str = "regular") -> FontFace:
    """The bundled face of ``family`` in ``weight``, metrics read once and cached.

    Raises ``ValueError`` naming the unknown family or weight, ``FileNotFoundError`` if the
    font file is missing from ``assets/fonts``.
    """
    if weight not in WEIGHTS:
        raise ValueError(f"unknown font weight {weight!r}; use one of: {', '.join(WEIGHTS)}")
    path = font_files(family)[weight]
    if not path.is_file():
        raise FileNotFoundError(f"bundled font file missing: {path}")
    font = TTFont(str(path), lazy=True)
    os2 = font["OS/2"] if "OS/2" in font else None
    os2_cap = getattr(os2, "sCapHeight", None) if os2 is not None else None
    os2_x = getattr(os2, "sxHeight", None) if os2 is not None else None
    cap = _ink_top(font, "H") or os2_cap
    x_height = _ink_top(font, "x") or os2_x
    if not cap or not x_height:
        raise ValueError(f"font {path.name} has neither an 'H'/'x' glyph nor OS/2 cap/x heights")
    cmap = dict(font.getBestCmap())
    order = font.getGlyphOrder()
    glyph_ids = {name: i for i, name in enumerate(order)}
    hmtx = font["hmtx"].metrics
    advances = {name: hmtx[name][0] for name in order}
    hhea = font["hhea"]
    fallback = font_face(FALLBACK[family], weight) if family in FALLBACK else None
    face = FontFace(
        family=family,
        weight=weight,
        path=path,
        units_per_em=font["head"].unitsPerEm,
        cap_height=cap,
        x_height=x_height,
        os2_cap_height=os2_cap,
        os2_x_height=os2_x,
        ascent=hhea.ascent,
        descent=hhea.descent,
        _cmap=cmap,
        _glyph_ids=glyph_ids,
        _advances=advances,
        measures_ink=family in FALLBACK.values(),
        fallback=fallback,
    )
    font.close()
    return face
