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
    "HATCH_SPACING_MM",
    "HATCH_WIDTH_MM",
    "OUTLINE_MM",
    "lit_overlay",
]

DEFAULT_LIT_FILL: Colour = (255, 244, 176, 255)
GLOW_ALPHA = 120  # of 255: bright, yet the area keeps its own colour
HATCH_SPACING_MM = 9.0
HATCH_WIDTH_MM = 1.6
HATCH_COLOUR: Colour = (20, 20, 20, 150)
OUTLINE_MM = 5.0  # both bands together, inside the edge
INNER_OUTLINE_MM = 2.5  # the black band, inside the white one
OUTLINE_COLOUR: Colour = (0, 0, 0, 255)
EDGE_COLOUR: Colour = (255, 255, 255, 255)


def _hatch(bounds: tuple[float, float, float, float]) -> Path:
    """45-degree stripes covering ``bounds`` (they are clipped to the area when painted)."""
    x0, y0, x1, y1 = bounds
    subs = []
    # lines x - y = c, c from (x0 - y1) to (x1 - y0)
    c = math.floor((x0 - y1) / HATCH_SPACING_MM) * HATCH_SPACING_MM
    while c <= x1 - y0:
        # endpoints where x - y = c crosses the box
        sx, sy = max(x0, y0 + c), max(x0, y0 + c) - c
        ex, ey = min(x1, y1 + c), min(x1, y1 + c) - c
        if ex > sx:
            subs.append(SubPath((sx, sy), (("L", ex, ey),), False))
        c += HATCH_SPACING_MM
    return Path(tuple(subs))


def lit_overlay(area: Path, lit_fill: Colour | None = None) -> Clipped:
    """The lit appearance of ``area``: glow, hatch and outline, clipped to the area."""
    base = lit_fill or DEFAULT_LIT_FILL
    glow = (base[0], base[1], base[2], GLOW_ALPHA)
    x0, y0, x1, y1 = area.bounds()
    pad = HATCH_SPACING_MM
    items = (
        Shape(area, fill=glow),
        Shape(_hatch((x0 - pad, y0 - pad, x1 + pad, y1 + pad)), stroke=HATCH_COLOUR, stroke_mm=HATCH_WIDTH_MM),
        # strokes are centred on the edge and clipped to the area, so a 2w stroke shows w inside
        Shape(area, stroke=OUTLINE_COLOUR, stroke_mm=2 * OUTLINE_MM),
        Shape(area, stroke=EDGE_COLOUR, stroke_mm=2 * (OUTLINE_MM - INNER_OUTLINE_MM)),
    )
    return Clipped(area, items)
