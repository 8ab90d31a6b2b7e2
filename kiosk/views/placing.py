"""Place a scene inside another: scaled and moved into a box on the screen.

A layout is drawn in the cloth's own millimetres (a 1800 mm table); a display view composes
its scene in the screen's millimetres, so text it adds is true size.  :func:`placed` turns the
layout's primitives into screen primitives, aspect kept, centred in the box.

A primitive placed once is not placed again: a display recomposing its layout after a drawing
gets the same cloth primitives back (the cloth is cached) and placed the same way, so their
placed primitives are remembered by the primitive itself and the placement (issue 20: placing
every primitive again was most of a layout update's composition).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from kiosk.scene.memo import IdentityMemo
from kiosk.scene.primitives import (
    Clipped,
    Image,
    Path,
    Primitive,
    Scene,
    Segment,
    Shape,
    SubPath,
    TextRun,
    rect_path,
)

__all__ = ["Box", "Placement", "fit", "placed"]


@dataclass(frozen=True)
class Box:
    """A rectangle on the screen, in mm."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Placement:
    """Where a scene went: screen = origin + scale * scene coordinates."""

    scale: float
    x: float
    y: float

    def point(self, px: float, py: float) -> tuple[float, float]:
        return self.x + self.scale * px, self.y + self.scale * py

    def path(self, path: Path) -> Path:
        k, ox, oy = self.scale, self.x, self.y

        def pt(px: float, py: float) -> tuple[float, float]:
            return ox + k * px, oy + k * py

        def seg(s: Segment) -> Segment:
            if s[0] == "L":
                return ("L", *pt(s[1], s[2]))
            (x1, y1), (x2, y2), (x3, y3) = pt(s[1], s[2]), pt(s[3], s[4]), pt(s[5], s[6])
            return ("C", x1, y1, x2, y2, x3, y3)

        return Path(
            tuple(
                SubPath((ox + k * sub.start[0], oy + k * sub.start[1]), tuple(seg(s) for s in sub.segments), sub.closed)
                for sub in path.subpaths
            )
        )

    def item(self, item: Primitive) -> Primitive:
        k = self.scale
        if isinstance(item, Shape):
            return replace(
                item,
                path=self.path(item.path),
                stroke_mm=item.stroke_mm * k,
                dash_mm=None if item.dash_mm is None else (item.dash_mm[0] * k, item.dash_mm[1] * k),
            )
        if isinstance(item, TextRun):
            x, y = self.point(item.x, item.y)
            return replace(
                item,
                x=x,
                y=y,
                size_mm=item.size_mm * k,
                offsets_mm=tuple(o * k for o in item.offsets_mm),
                width_mm=item.width_mm * k,
                origin=self.point(*item.origin),
                drawing=True,
            )
        if isinstance(item, Image):
            x, y = self.point(item.x, item.y)
            return replace(item, x=x, y=y, w=item.w * k, h=item.h * k)
        if isinstance(item, Clipped):
            return Clipped(self.path(item.clip), tuple(self.item(i) for i in item.items))
        raise TypeError(f"cannot place {type(item).__name__}")


_placed: IdentityMemo[Primitive] = IdentityMemo(50_000)  # placed primitives, by primitive and placement


def _place(where: Placement, item: Primitive) -> Primitive:
    """``where.item(item)``, remembered by the primitive itself and the placement."""
    return _placed.get(item, lambda: where.item(item), where)


def fit(width_mm: float, height_mm: float, box: Box) -> Placement:
    """The placement that fits a ``width_mm`` x ``height_mm`` drawing in ``box``, centred."""
    k = min(box.w / width_mm, box.h / height_mm)
    return Placement(k, box.x + (box.w - width_mm * k) / 2, box.y + (box.h - height_mm * k) / 2)


def placed(scene: Scene, box: Box) -> tuple[list[Primitive], Placement]:
    """The scene's background and items fitted into ``box``, and the placement used."""
    where = fit(scene.width_mm, scene.height_mm, box)
    out: list[Primitive] = []
    if scene.background is not None:
        out.append(
            Shape(
                rect_path(where.x, where.y, scene.width_mm * where.scale, scene.height_mm * where.scale),
                fill=scene.background,
            )
        )
    out.extend(_place(where, item) for item in scene.items)
    return out, where
