"""How a lit area looks: it must read from two metres and not by colour alone.

Three cues, all kept inside the area (so a neighbour never looks lit):

* a **glow**: the area washed with a bright translucent fill (``lit_fill``, default warm white);
* a **hatch**: diagonal stripes, dark on the glow, a texture that survives colour blindness;
* a **thick contrasting outline**: a white band along the edge with a black band inside it, so it
  stands out on dark felt and on the bright glow alike.

Between 4 and 6 tri-chro areas light on every drawing (001 s456(5)(b)(ii), s463(3)(b)).
"""

from __future__ import annotations

import math

from kiosk.scene.primitives import Clipped, Colour, Path, Shape, SubPath

__all__ = [
    "DEFAULT_LIT_FILL",
    "GLOW_ALPHA",
    "lit_overlay",
    "lit_sizes",
]

DEFAULT_LIT_FILL: Colour = (255, 244, 176, 255)
GLOW_ALPHA = 120  # of 255: bright, yet the area keeps its own colour
HATCH_COLOUR: Colour = (20, 20, 20, 150)
# Sizes scale with the area (its shorter side), so a cloth drawn small on a screen still shows
# them: the outline is 8 % of the shorter side (4 to 20 mm), the hatch pitch 12 % (6 to 30 mm).
OUTLINE_SHARE, OUTLINE_RANGE_MM = 0.08, (4.0, 20.0)
HATCH_SHARE, HATCH_RANGE_MM = 0.12, (6.0, 30.0)
HATCH_WIDTH_SHARE = 0.2  # of the hatch pitch
OUTLINE_COLOUR: Colour = (0, 0, 0, 255)
EDGE_COLOUR: Colour = (255, 255, 255, 255)


def _clamp(value: float, bounds: tuple[float, float]) -> float:
    return max(bounds[0], min(bounds[1], value))


def lit_sizes(area: Path) -> tuple[float, float, float]:
    """``(outline_mm, hatch_pitch_mm, hatch_width_mm)`` for an area of this size."""
    x0, y0, x1, y1 = area.bounds()
    short = min(x1 - x0, y1 - y0)
    pitch = _clamp(HATCH_SHARE * short, HATCH_RANGE_MM)
    return _clamp(OUTLINE_SHARE * short, OUTLINE_RANGE_MM), pitch, pitch * HATCH_WIDTH_SHARE


def _hatch(bounds: tuple[float, float, float, float], pitch: float) -> Path:
    """45-degree stripes covering ``bounds`` (they are clipped to the area when painted)."""
    x0, y0, x1, y1 = bounds
    subs = []
    # lines x - y = c, c from (x0 - y1) to (x1 - y0)
    c = math.floor((x0 - y1) / pitch) * pitch
    while c <= x1 - y0:
        # endpoints where x - y = c crosses the box
        sx, sy = max(x0, y0 + c), max(x0, y0 + c) - c
        ex, ey = min(x1, y1 + c), min(x1, y1 + c) - c
        if ex > sx:
            subs.append(SubPath((sx, sy), (("L", ex, ey),), False))
        c += pitch
    return Path(tuple(subs))


def lit_overlay(area: Path, lit_fill: Colour | None = None) -> Clipped:
    """The lit appearance of ``area``: glow, hatch and outline, clipped to the area."""
    base = lit_fill or DEFAULT_LIT_FILL
    glow = (base[0], base[1], base[2], GLOW_ALPHA)
    x0, y0, x1, y1 = area.bounds()
    outline, pitch, hatch_width = lit_sizes(area)
    items = (
        Shape(area, fill=glow),
        Shape(_hatch((x0 - pitch, y0 - pitch, x1 + pitch, y1 + pitch), pitch), stroke=HATCH_COLOUR, stroke_mm=hatch_width),
        # strokes are centred on the edge and clipped to the area, so a 2w stroke shows w inside:
        # the black band is the whole outline width, the white edge band half of it
        Shape(area, stroke=OUTLINE_COLOUR, stroke_mm=2 * outline),
        Shape(area, stroke=EDGE_COLOUR, stroke_mm=outline),
    )
    return Clipped(area, items)
