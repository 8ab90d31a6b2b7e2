"""How a lit area looks: a player two metres away must see at once which areas won, and not by
colour alone (docs/readings.md P-2; 001 s456(5)(b)(ii), s463(3)(b)).

Cues, all kept inside the area (so a neighbour never looks lit):

* a **glow**: the area is filled, opaque, with lamp light: a warm light yellow
  (:data:`DEFAULT_LIT_FILL`, relative luminance 0.86) whatever its unlit colour, so the winning
  areas are the brightest things on the cloth and all look alike.  A layout's ``lit_fill`` on an
  area changes the colour; it is tinted towards warm white until its relative luminance is at
  least :data:`GLOW_LUMINANCE` and :data:`GLOW_RISE` above the unlit fill (as far as warm white
  allows), so any glow is bright and dark print on it stays legible.
* **dark ink**: the scene builder recolours the print on the glow to :data:`LIT_INK` (see
  :func:`kiosk.scene.build.build_scene`): every text, and symbols in light neutral colours
  (:func:`is_light_print`: white or cream stars, outlines), so light print on dark felt becomes
  dark print on light, at least :data:`MIN_INK_CONTRAST` to 1 against any glow (WCAG 2 contrast
  ratio).  Coloured symbols (the balls) keep their colours.
* a **marquee border**, a pattern that survives colour blindness: a band along the inside of the
  edge of alternating light and dark blocks (like a row of lamps), then a solid dark ring that
  separates the blocks from the glow.  It sits in the band that text already keeps clear of
  (:func:`lit_sizes`), so nothing crosses the printed words.

Between 4 and 6 tri-chro areas light on every drawing (001 s456(5)(b)(ii), s463(3)(b)).
"""

from __future__ import annotations

import bisect
import math

from kiosk.scene.primitives import Clipped, Colour, Path, Shape, SubPath

__all__ = [
    "DEFAULT_LIT_FILL",
    "GLOW_LUMINANCE",
    "LIT_INK",
    "MIN_INK_CONTRAST",
    "WARM_WHITE",
    "contrast_ratio",
    "glow_colour",
    "is_light_print",
    "lamp_path",
    "lit_overlay",
    "lit_sizes",
    "relative_luminance",
]

DEFAULT_LIT_FILL: Colour = (255, 240, 160, 255)  # lamp light: warm light yellow
WARM_WHITE: Colour = (255, 249, 228, 255)  # what a fill is tinted towards
GLOW_LUMINANCE = 0.70  # relative luminance of every glow, at least (white is 1.0)
GLOW_RISE = 0.30  # and at least this much above the area's unlit fill, where that is possible
LIT_INK: Colour = (17, 17, 17, 255)
MIN_INK_CONTRAST = 4.5  # WCAG 2 level AA for text
LAMP_COLOUR: Colour = (255, 255, 255, 255)
RING_COLOUR: Colour = (17, 17, 17, 255)
# The border scales with the area (its shorter side), so a cloth drawn small on a screen still
# shows it: 8 % of the shorter side, 4 to 20 mm deep; the lamps take the outer 60 % of it and
# are about as long as they are deep (a whole number of them round each outline), the dark ring
# the inner 40 %.
BORDER_SHARE, BORDER_RANGE_MM = 0.08, (4.0, 20.0)
LAMP_SHARE = 0.6


def _clamp(value: float, bounds: tuple[float, float]) -> float:
    return max(bounds[0], min(bounds[1], value))


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def relative_luminance(colour: Colour) -> float:
    """WCAG 2 relative luminance of an opaque colour (0 black to 1 white); alpha is ignored."""
    r, g, b = (_linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: Colour, b: Colour) -> float:
    """WCAG 2 contrast ratio of two opaque colours, from 1 (same) to 21 (black on white)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
        255,
    )


def glow_colour(fill: Colour | None, lit_fill: Colour | None = None) -> Colour:
    """The opaque glow of an area whose unlit fill is ``fill``: ``lit_fill`` or the default.

    The colour is tinted towards warm white, as little as gives a relative luminance of at least
    :data:`GLOW_LUMINANCE` and :data:`GLOW_RISE` above the unlit fill (as far as warm white
    allows).
    """
    base = lit_fill if lit_fill is not None else DEFAULT_LIT_FILL
    unlit = relative_luminance(fill) if fill is not None and fill[3] == 255 else 0.0
    target = min(max(GLOW_LUMINANCE, unlit + GLOW_RISE), relative_luminance(WARM_WHITE))
    base = (base[0], base[1], base[2], 255)
    if relative_luminance(base) >= target:
        return base
    lo, hi = 0.0, 1.0  # luminance grows with t: find the least t that reaches the target
    for _ in range(20):
        mid = (lo + hi) / 2
        if relative_luminance(_mix(base, WARM_WHITE, mid)) >= target:
            hi = mid
        else:
            lo = mid
    return _mix(base, WARM_WHITE, hi)


def is_light_print(colour: Colour | None, glow: Colour) -> bool:
    """Whether a symbol of this colour is light neutral print (white, cream, light grey) that would
    fade into ``glow``: low chroma and under 3 to 1 against it (the WCAG 2 figure for symbols)."""
    if colour is None or colour[3] == 0:
        return False
    chroma = (max(colour[:3]) - min(colour[:3])) / 255
    return chroma < 0.35 and contrast_ratio(colour, glow) < 3.0


def lit_sizes(area: Path) -> tuple[float, float, float]:
    """``(border_mm, lamp_mm, ring_mm)`` for an area of this size: the whole border's depth (text
    in the area keeps clear of it), the depth and length of its lamps, the dark ring's depth."""
    x0, y0, x1, y1 = area.bounds()
    border = _clamp(BORDER_SHARE * min(x1 - x0, y1 - y0), BORDER_RANGE_MM)
    lamp = border * LAMP_SHARE
    return border, lamp, border - lamp


def _at(points: list[tuple[float, float]], cumulative: list[float], s: float) -> tuple[int, tuple[float, float]]:
    """The segment index and point at arc length ``s`` along the polyline ``points``."""
    s = min(max(s, 0.0), cumulative[-1])
    i = max(0, min(len(points) - 2, bisect.bisect_right(cumulative, s) - 1))
    seg = cumulative[i + 1] - cumulative[i]
    t = (s - cumulative[i]) / seg if seg else 0.0
    (x0, y0), (x1, y1) = points[i], points[i + 1]
    return i, (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)


def _band(line: list[tuple[float, float]], half: float) -> SubPath | None:
    """A closed outline ``half`` either side of the polyline ``line`` (mitred at its corners)."""
    if len(line) < 2:
        return None
    normals = []
    for (x0, y0), (x1, y1) in zip(line, line[1:], strict=False):
        length = math.hypot(x1 - x0, y1 - y0)
        normals.append((-(y1 - y0) / length, (x1 - x0) / length))
    left, right = [], []
    for k, (px, py) in enumerate(line):
        n_in = normals[max(0, k - 1)]
        n_out = normals[min(len(normals) - 1, k)]
        mx, my = n_in[0] + n_out[0], n_in[1] + n_out[1]
        m = math.hypot(mx, my)
        if m < 1e-9:  # the outline turns right back: no mitre
            mx, my, m = n_out[0], n_out[1], 1.0
        mx, my = mx / m, my / m
        scale = half / max(0.25, mx * n_in[0] + my * n_in[1])
        left.append((px + mx * scale, py + my * scale))
        right.append((px - mx * scale, py - my * scale))
    ring = left + right[::-1]
    return SubPath(ring[0], tuple(("L", x, y) for x, y in ring[1:]), True)


def lamp_path(area: Path, lamp_mm: float) -> Path:
    """The lamps of the border of ``area``: blocks ``2 * lamp_mm`` deep centred on its outline,
    about ``lamp_mm`` long with gaps as long, a whole number of them round each closed outline.
    Filled and clipped to the area, each shows ``lamp_mm`` deep inside it.

    Filled shapes, not a dashed stroke: Qt and PDF viewers join dashes differently where the
    outline turns, and Qt's round joins on short curve pieces bulge; fills they draw alike.
    """
    subs = []
    for sub, poly in zip(area.subpaths, area.polygons(0.05), strict=False):
        if not sub.closed:
            continue
        points = [poly[0]]
        for p in poly[1:] + [poly[0]]:
            if math.hypot(p[0] - points[-1][0], p[1] - points[-1][1]) > 1e-6:
                points.append(p)
        if len(points) < 4:
            continue
        cumulative = [0.0]
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            cumulative.append(cumulative[-1] + math.hypot(x1 - x0, y1 - y0))
        count = max(2, round(cumulative[-1] / (2 * lamp_mm)))
        step = cumulative[-1] / count
        for k in range(count):
            i, start = _at(points, cumulative, k * step)
            j, end = _at(points, cumulative, k * step + step / 2)
            line = [start]
            for p in points[i + 1 : j + 1] + [end]:
                if math.hypot(p[0] - line[-1][0], p[1] - line[-1][1]) > 1e-6:
                    line.append(p)
            band = _band(line, lamp_mm)
            if band is not None:
                subs.append(band)
    return Path(tuple(subs))


def lit_overlay(area: Path, glow: Colour = DEFAULT_LIT_FILL) -> Clipped:
    """The lit appearance of ``area``: the ``glow`` (see :func:`glow_colour`), the dark ring and
    the lamps, clipped to the area."""
    border, lamp, _ring = lit_sizes(area)
    # strokes are centred on the edge and clipped to the area, so a stroke 2w wide shows w inside
    items = (
        Shape(area, fill=(glow[0], glow[1], glow[2], 255)),
        Shape(area, stroke=RING_COLOUR, stroke_mm=2 * border),
        Shape(lamp_path(area, lamp), fill=LAMP_COLOUR),
    )
    return Clipped(area, items)
