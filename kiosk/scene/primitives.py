"""The primitives of a scene, all in millimetres, origin top-left, y down.

Every shape is reduced to a :class:`Path` of straight lines and cubic Bézier curves, so the Qt and
the reportlab painters draw exactly the same geometry.  Colours are ``(r, g, b, a)`` tuples of
0-255 integers; ``None`` means "not painted".
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from kiosk.scene.fonts import FontFace

__all__ = [
    "Colour",
    "parse_colour",
    "colour_hex",
    "Segment",
    "SubPath",
    "Path",
    "rect_path",
    "ellipse_path",
    "arc_path",
    "polygon_path",
    "polyline_path",
    "Shape",
    "TextRun",
    "Image",
    "Clipped",
    "Primitive",
    "Scene",
]

Colour = tuple[int, int, int, int]

_COLOUR_RE = re.compile(r"#([0-9a-fA-F]{6})([0-9a-fA-F]{2})?")


def parse_colour(value: str) -> Colour | None:
    """``"#rrggbb"`` or ``"#rrggbbaa"`` to ``(r, g, b, a)``; ``"none"`` to ``None``.

    Raises ``ValueError`` for anything else.
    """
    if value == "none":
        return None
    match = _COLOUR_RE.fullmatch(value) if isinstance(value, str) else None
    if not match:
        raise ValueError(f'bad colour {value!r}: use "#rrggbb", "#rrggbbaa" or "none"')
    rgb, alpha = match.groups()
    return (int(rgb[0:2], 16), int(rgb[2:4], 16), int(rgb[4:6], 16), int(alpha, 16) if alpha else 255)


def colour_hex(colour: Colour) -> str:
    """The ``#rrggbbaa`` spelling of a colour."""
    return "#" + "".join(f"{c:02x}" for c in colour)


LineTo = tuple[Literal["L"], float, float]
"""``("L", x, y)``: a straight line to (x, y)."""
CurveTo = tuple[Literal["C"], float, float, float, float, float, float]
"""``("C", x1, y1, x2, y2, x, y)``: a cubic curve to (x, y) with two control points."""
Segment = LineTo | CurveTo


@dataclass(frozen=True)
class SubPath:
    """One connected run of segments from ``start``; ``closed`` joins the end back to the start."""

    start: tuple[float, float]
    segments: tuple[Segment, ...]
    closed: bool


@dataclass(frozen=True, eq=False)
class Path:
    """Geometry made of sub-paths of lines and cubic curves, in mm (filled with the non-zero rule)."""

    subpaths: tuple[SubPath, ...]

    def bounds(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)`` of every point, control points included (a safe outer box)."""
        xs: list[float] = []
        ys: list[float] = []
        for sub in self.subpaths:
            xs.append(sub.start[0])
            ys.append(sub.start[1])
            for seg in sub.segments:
                xs.extend(seg[1::2])
                ys.extend(seg[2::2])
        if not xs:
            return (0.0, 0.0, 0.0, 0.0)
        return (min(xs), min(ys), max(xs), max(ys))

    def polygons(self, tolerance_mm: float = 0.1) -> list[list[tuple[float, float]]]:
        """Each sub-path flattened to a point list (curves split until within ``tolerance_mm``)."""
        out = []
        for sub in self.subpaths:
            points = [sub.start]
            x, y = sub.start
            for seg in sub.segments:
                if seg[0] == "L":
                    x, y = seg[1], seg[2]
                    points.append((x, y))
                else:
                    _, x1, y1, x2, y2, x3, y3 = seg
                    chord = math.hypot(x1 - x, y1 - y) + math.hypot(x2 - x1, y2 - y1) + math.hypot(x3 - x2, y3 - y2)
                    steps = max(2, min(256, int(math.sqrt(chord / max(tolerance_mm, 1e-6)) * 2) + 1))
                    for i in range(1, steps + 1):
                        t = i / steps
                        u = 1 - t
                        points.append(
                            (
                                u * u * u * x + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3,
                                u * u * u * y + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3,
                            )
                        )
                    x, y = x3, y3
            out.append(points)
        return out


_KAPPA = 4 * (math.sqrt(2) - 1) / 3  # cubic handle length for a quarter circle


def _arc_segments(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float) -> list[Segment]:
    """Cubic segments along an ellipse from angle ``a0`` to ``a1`` (radians, maths sense, y down).

    Angles grow counter-clockwise as seen on the page, so a point is
    ``(cx + rx cos a, cy - ry sin a)``.
    """
    span = a1 - a0
    n = max(1, math.ceil(abs(span) / (math.pi / 2) - 1e-9))
    step = span / n
    k = 4 / 3 * math.tan(step / 4)
    segs: list[Segment] = []
    a = a0
    for _ in range(n):
        b = a + step
        ca, sa, cb, sb = math.cos(a), math.sin(a), math.cos(b), math.sin(b)
        p0 = (cx + rx * ca, cy - ry * sa)
        p3 = (cx + rx * cb, cy - ry * sb)
        p1 = (p0[0] - k * rx * sa, p0[1] - k * ry * ca)
        p2 = (p3[0] + k * rx * sb, p3[1] + k * ry * cb)
        segs.append(("C", p1[0], p1[1], p2[0], p2[1], p3[0], p3[1]))
        a = b
    return segs


def rect_path(x: float, y: float, w: float, h: float, radius: float = 0.0) -> Path:
    """A rectangle, corners rounded by ``radius`` (clamped to half the shorter side)."""
    r = max(0.0, min(radius, w / 2, h / 2))
    segs: tuple[Segment, ...]
    if r == 0:
        segs = (("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h))
        return Path((SubPath((x, y), segs, True),))
    k = _KAPPA * r
    segs = (
        ("L", x + w - r, y),
        ("C", x + w - r + k, y, x + w, y + r - k, x + w, y + r),
        ("L", x + w, y + h - r),
        ("C", x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h),
        ("L", x + r, y + h),
        ("C", x + r - k, y + h, x, y + h - r + k, x, y + h - r),
        ("L", x, y + r),
        ("C", x, y + r - k, x + r - k, y, x + r, y),
    )
    return Path((SubPath((x + r, y), segs, True),))


def ellipse_path(cx: float, cy: float, rx: float, ry: float) -> Path:
    """A closed ellipse (a circle when ``rx == ry``)."""
    segs = _arc_segments(cx, cy, rx, ry, 0.0, 2 * math.pi)
    return Path((SubPath((cx + rx, cy), tuple(segs), True),))


def arc_path(cx: float, cy: float, rx: float, ry: float, start_deg: float, span_deg: float) -> Path:
    """An open elliptical arc; degrees counter-clockwise from 3 o'clock."""
    a0 = math.radians(start_deg)
    a1 = math.radians(start_deg + span_deg)
    segs = _arc_segments(cx, cy, rx, ry, a0, a1)
    start = (cx + rx * math.cos(a0), cy - ry * math.sin(a0))
    return Path((SubPath(start, tuple(segs), False),))


def polygon_path(points: Iterable[Sequence[float]]) -> Path:
    """A closed polygon through ``points``."""
    pts = [(float(px), float(py)) for px, py in points]
    return Path((SubPath(pts[0], tuple(("L", px, py) for px, py in pts[1:]), True),))


def polyline_path(points: Iterable[Sequence[float]]) -> Path:
    """An open polyline through ``points``."""
    pts = [(float(px), float(py)) for px, py in points]
    return Path((SubPath(pts[0], tuple(("L", px, py) for px, py in pts[1:]), False),))


@dataclass(frozen=True, eq=False)
class Shape:
    """A path, filled and/or stroked.  ``area`` names the layout area it is, if any."""

    path: Path
    fill: Colour | None = None
    stroke: Colour | None = None
    stroke_mm: float = 1.0
    dash_mm: tuple[float, float] | None = None
    area: str | None = None


@dataclass(frozen=True, eq=False)
class TextRun:
    """One line of text: its baseline starts at ``(x, y)``; ``size_mm`` is the em size.

    ``rotate_deg`` turns the run counter-clockwise about ``origin`` (the layout's anchor point).
    ``advances_mm`` holds the x offset of each glyph from ``x``, so both painters place glyphs
    identically; ``glyphs`` are the font's glyph ids.  ``drawing``: the run is a label of a
    drawing fitted to the screen at the drawing's scale (a cloth's own text), not text the view
    sets for players to read (:mod:`kiosk.views.composition`); it changes nothing painted.
    """

    x: float
    y: float
    text: str
    face: FontFace
    size_mm: float
    fill: Colour
    glyphs: tuple[int, ...] = ()
    offsets_mm: tuple[float, ...] = ()
    width_mm: float = 0.0
    rotate_deg: float = 0.0
    origin: tuple[float, float] = (0.0, 0.0)
    drawing: bool = False


@dataclass(frozen=True, eq=False)
class Image:
    """A raster (PNG) image file drawn into the box ``x, y, w, h`` (aspect kept, centred)."""

    x: float
    y: float
    w: float
    h: float
    source: object  # pathlib.Path of a PNG file


@dataclass(frozen=True, eq=False)
class Clipped:
    """Primitives drawn only inside ``clip`` (used for the lit appearance of an area)."""

    clip: Path
    items: tuple[Primitive, ...]


Primitive = Shape | TextRun | Image | Clipped


@dataclass(frozen=True, eq=False)
class Scene:
    """A flat drawing: ``items`` painted in order over ``background`` on a page of the given size.

    ``areas`` maps each named area to its outline, ``lit`` the areas drawn lit.
    """

    width_mm: float
    height_mm: float
    items: tuple[Primitive, ...]
    background: Colour | None = None
    areas: dict[str, Path] = field(default_factory=dict)
    lit: frozenset[str] = frozenset()
