"""Text sized to a physical ink height and placed by anchor, in millimetres.

The caller asks for the height of capitals and digits (``cap_mm``) or of lowercase letters
without ascenders (``x_mm``), measured as ink.  The em size follows from the font's measured
metrics: ``em_mm = cap_mm / cap_height_em``.  Round letters (O, 0, o) overshoot the flat ones by
design, so every letter's ink is at least the height asked for (docs/readings.md P-1: 001 s459(2),
003 s23(2), s259(2), s295(2)).

Lines: ``"\\n"`` breaks lines.  ``line_gap`` is the clear space between lines, in cap heights:
the baseline of one line and the cap top of the next are ``line_gap * cap_height`` apart, so the
baseline pitch is ``(1 + line_gap) * cap_height``.

Vertical alignment uses the block of capitals: ``top`` puts the cap top of the first line at
``y``, ``bottom`` the baseline of the last line, ``middle`` centres the span between them,
``baseline`` puts the baseline of the first line at ``y``.

Fitting (:func:`fit_text`): a configured name can be any length.  Given a ``max_width_mm``, text
wider than that is set smaller, as far as ``min_cap_mm`` (default
:data:`kiosk.rules.lettering.MIN_TEXT_MM`, the 8 mm of 001 s459(2), 003 s23(2), s259(2), s295(2)); if it still does not fit, it is broken into lines at
spaces rather than set any smaller.  A word is never broken inside (ux-review P1: "PLA / CE YO / UR
BET / S"): a word wider than the line at the floor keeps a line of its own, and the caller changes
the composition (:func:`widest_word_mm`), never the floor.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import accumulate

from kiosk.rules.lettering import MIN_TEXT_MM
from kiosk.scene.fonts import FontFace, font_face
from kiosk.scene.primitives import Colour, TextRun

__all__ = [
    "ANCHORS",
    "VALIGNS",
    "em_size_mm",
    "fit_box",
    "fit_text",
    "ink_em_size_mm",
    "line_pieces",
    "text_runs",
    "text_width_mm",
    "widest_word_mm",
]

ANCHORS = ("left", "center", "right")
VALIGNS = ("baseline", "middle", "top", "bottom")


def em_size_mm(face: FontFace, *, cap_mm: float | None = None, x_mm: float | None = None) -> float:
    """The em size that gives capitals ``cap_mm`` of ink, or lowercase ``x_mm`` of ink (exactly one)."""
    if (cap_mm is None) == (x_mm is None):
        raise ValueError("give exactly one of cap_mm and x_mm")
    if cap_mm is not None:
        if cap_mm <= 0:
            raise ValueError(f"cap_mm must be > 0, got {cap_mm}")
        return cap_mm / face.cap_height_em
    assert x_mm is not None
    if x_mm <= 0:
        raise ValueError(f"x_mm must be > 0, got {x_mm}")
    return x_mm / face.x_height_em


def text_width_mm(text: str, face: FontFace, em_mm: float) -> float:
    """The advance width of the widest line of ``text`` at em size ``em_mm``."""
    return max(face.width_em(line) for line in text.split("\n")) * em_mm


def _width_per_cap(face: FontFace, line: str) -> float:
    """Advance width in mm of ``line`` at 1 mm cap height."""
    return face.width_em(line) / face.cap_height_em


def _wrap(face: FontFace, line: str, limit: float) -> list[str]:
    """Greedy break of ``line`` at spaces so that each line is at most ``limit`` wide; a word
    wider than that is never cut: it takes a line of its own (wider than ``limit``)."""
    out: list[str] = []
    current = ""
    for word in line.split():
        candidate = f"{current} {word}" if current else word
        if current and _width_per_cap(face, candidate) > limit:
            out.append(current)
            current = word
        else:
            current = candidate
    return out + [current] if current else out


def _balanced(face: FontFace, lines: list[str], count: int, limit: float) -> list[str]:
    """``lines`` broken into at most ``count`` lines as evenly as can be (the narrowest width, at
    most ``limit`` at 1 mm cap height, that needs no more lines); never narrower than the widest
    word, so balancing breaks no word that fits whole."""
    words = [_width_per_cap(face, word) for line in lines for word in line.split()]
    lo, hi = min(limit, max(words, default=0.0)), limit
    for _ in range(30):
        mid = (lo + hi) / 2
        if sum(len(_wrap(face, line, mid)) for line in lines) <= count:
            hi = mid
        else:
            lo = mid
    return [piece for line in lines for piece in _wrap(face, line, hi)]


def fit_box(
    text: str,
    *,
    w: float,
    h: float,
    line_gap: float = 0.6,
    family: str = "sans",
    weight: str = "regular",
    max_lines: int = 4,
) -> tuple[str, float]:
    """``(text, cap_mm)``: ``text`` as large as fits a ``w`` x ``h`` mm box, on up to
    ``max_lines`` balanced lines (used for the casino's name in place of a missing logo)."""
    face = font_face(family, weight)
    words = text.split()
    best = (text, 0.0)
    for count in range(1, min(max_lines, max(1, len(words))) + 1):
        lines = _balanced(face, [" ".join(words)], count, face.width_em(text) / face.cap_height_em + 1.0)
        widest = max(_width_per_cap(face, line) for line in lines)
        block = 1 + (len(lines) - 1) * (1 + line_gap)  # cap heights from first cap top to last baseline
        cap = min(w / widest if widest else h, h / block)
        if cap > best[1]:
            best = ("\n".join(lines), cap)
    return best


def widest_word_mm(text: str, cap_mm: float, *, family: str = "sans", weight: str = "regular") -> float:
    """The advance width in mm of the widest word of ``text`` at cap height ``cap_mm``: no
    line of it can be narrower."""
    face = font_face(family, weight)
    return max((_width_per_cap(face, word) for word in text.split()), default=0.0) * cap_mm


def fit_text(
    text: str,
    *,
    cap_mm: float,
    max_width_mm: float,
    min_cap_mm: float = MIN_TEXT_MM,
    family: str = "sans",
    weight: str = "regular",
) -> tuple[str, float]:
    """``(text, cap_mm)`` that fit ``max_width_mm``: unchanged if it fits, else shrunk, never
    below ``min_cap_mm``; at the floor, the lines are broken at spaces until each fits.  A word is never broken: one
    wider than ``max_width_mm`` at the floor stays whole on a line of its own, wider than asked
    (the caller changes its composition: :func:`widest_word_mm` says whether it must).

    Raises ``ValueError`` for sizes that are not positive or a floor above ``cap_mm``.
    """
    if not (cap_mm > 0 and max_width_mm > 0 and min_cap_mm > 0):
        raise ValueError(f"cap_mm, max_width_mm and min_cap_mm must be > 0, got {cap_mm}, {max_width_mm}, {min_cap_mm}")
    if min_cap_mm > cap_mm:
        raise ValueError(f"min_cap_mm ({min_cap_mm:g}) must not be larger than cap_mm ({cap_mm:g})")
    face = font_face(family, weight)
    lines = text.split("\n")
    widest = max(_width_per_cap(face, line) for line in lines)
    if widest * cap_mm <= max_width_mm:
        return text, cap_mm
    if widest * min_cap_mm <= max_width_mm:
        return text, max_width_mm / widest
    limit = max_width_mm / min_cap_mm  # width allowed at 1 mm cap height
    count = sum(len(_wrap(face, line, limit)) for line in lines)
    wrapped = _balanced(face, lines, count, limit)
    widest = max(_width_per_cap(face, line) for line in wrapped)
    # as large as the widest new line allows, between the floor and the size asked for
    return "\n".join(wrapped), max(min_cap_mm, min(cap_mm, max_width_mm / widest))


def text_runs(
    text: str,
    *,
    x: float,
    y: float,
    cap_mm: float | None = None,
    x_mm: float | None = None,
    anchor: str = "center",
    valign: str = "baseline",
    family: str = "sans",
    weight: str = "regular",
    fill: Colour = (255, 255, 255, 255),
    rotate_deg: float = 0.0,
    line_gap: float = 1.3,
) -> list[TextRun]:
    """Lay out ``text`` anchored at ``(x, y)``: one :class:`TextRun` per line.

    Raises ``ValueError`` for an unknown anchor, valign, family or weight, or a bad size.
    """
    if anchor not in ANCHORS:
        raise ValueError(f"anchor must be one of {', '.join(ANCHORS)}, got {anchor!r}")
    if valign not in VALIGNS:
        raise ValueError(f"valign must be one of {', '.join(VALIGNS)}, got {valign!r}")
    if line_gap < 0:
        raise ValueError(f"line_gap must be >= 0, got {line_gap}")
    face = font_face(family, weight)
    em = em_size_mm(face, cap_mm=cap_mm, x_mm=x_mm)
    cap = face.cap_height_em * em
    pitch = (1.0 + line_gap) * cap
    lines = text.split("\n")
    block = cap + pitch * (len(lines) - 1)  # from first cap top to last baseline
    if valign == "baseline":
        first_baseline = y
    elif valign == "top":
        first_baseline = y + cap
    elif valign == "bottom":
        first_baseline = y - pitch * (len(lines) - 1)
    else:
        first_baseline = y - block / 2 + cap
    runs = []
    for i, line in enumerate(lines):
        # each piece measured once: its glyphs, and each glyph's offset and the piece's width
        # (the last of the running sums), in mm
        pieces = []
        width = 0.0
        for seg_face, part, glyphs, positions in line_pieces(face, line):
            scale = em / seg_face.units_per_em
            offsets = [pos * scale for pos in positions]
            pieces.append((seg_face, part, glyphs, offsets))
            width += offsets[-1]
        if anchor == "left":
            left = x
        elif anchor == "right":
            left = x - width
        else:
            left = x - width / 2
        start = 0.0
        for seg_face, part, glyphs, offsets in pieces:
            runs.append(
                TextRun(
                    x=left + start,
                    y=first_baseline + i * pitch,
                    text=part,
                    face=seg_face,
                    size_mm=em,
                    fill=fill,
                    glyphs=glyphs,
                    offsets_mm=tuple(offsets[:-1]),
                    width_mm=offsets[-1],
                    rotate_deg=rotate_deg,
                    origin=(x, y),
                )
            )
            start += offsets[-1]
    return runs


@lru_cache(maxsize=16384)
def line_pieces(face: FontFace, line: str) -> tuple[tuple[FontFace, str, tuple[int, ...], tuple[int, ...]], ...]:
    """``line`` cut where the face that draws it changes (:func:`_segments`), each piece with its
    glyph ids and each glyph's offset from the piece's start, the piece's advance width last, in
    font units: a pure function of the face and the text, measured once (a sign's labels and a
    display's names come back at every size tried and every frame)."""
    out = []
    for seg_face, part in _segments(face, line):
        glyphs, advances = seg_face.glyphs(part)
        out.append((seg_face, part, glyphs, tuple(accumulate(advances, initial=0))))
    return tuple(out)


def _segments(face: FontFace, line: str) -> list[tuple[FontFace, str]]:
    """``line`` cut where the face that draws it changes (:meth:`FontFace.face_for`): one piece
    per run, so a Chinese word in an English line is drawn by the CJK face at the same em."""
    if face.fallback is None or all(map(face.has_char, line)):
        return [(face, line)]
    out: list[tuple[FontFace, str]] = []
    for ch in line:
        drawn_by = face.face_for(ch)
        if out and out[-1][0] is drawn_by:
            out[-1] = (drawn_by, out[-1][1] + ch)
        else:
            out.append((drawn_by, ch))
    return out or [(face, line)]


def ink_em_size_mm(text: str, mm: float, *, family: str = "sans", weight: str = "regular") -> float:
    """The em size at which every letter and number of ``text`` has at least ``mm`` of ink:
    lowercase by x-height, capitals and digits by cap height, and each CJK character by its own
    glyph's ink (the shortest shown, :meth:`FontFace.shortest_glyph_em`; docs/readings.md A-75)."""
    face = font_face(family, weight)
    needs = []
    latin = [ch for ch in text if face.has_char(ch)]
    if any(ch.islower() for ch in latin):
        needs.append(mm / face.x_height_em)
    elif any(ch.isalnum() for ch in latin):
        needs.append(mm / face.cap_height_em)
    if face.fallback is not None:
        shortest = face.fallback.shortest_glyph_em("".join(ch for ch in text if not face.has_char(ch)))
        if shortest is not None:
            needs.append(mm / shortest)
    return max(needs, default=mm / face.cap_height_em)
