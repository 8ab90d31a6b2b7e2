"""Which named area is at a point: for touch panels that light or select an area by tapping it."""

from __future__ import annotations

from kiosk.scene.primitives import Path, Scene

__all__ = ["contains", "area_at"]


def _winding(polygon: list[tuple[float, float]], x: float, y: float) -> int:
    wn = 0
    n = len(polygon)
    for i in range(n):
        x0, y0 = polygon[i]
        x1, y1 = polygon[(i + 1) % n]
        cross = (x1 - x0) * (y - y0) - (x - x0) * (y1 - y0)
        if y0 <= y < y1 and cross > 0:
            wn += 1
        elif y1 <= y < y0 and cross < 0:
            wn -= 1
    return wn


_TOLERANCE_MM = 0.05  # curves flattened to within this of the true outline


def outline(path: Path) -> list[list[tuple[float, float]]]:
    """``path``'s polygons as :func:`inside` tests them (flattened once, for many points)."""
    return [poly for poly in path.polygons(_TOLERANCE_MM) if len(poly) > 2]


def inside(polygons: list[list[tuple[float, float]]], x: float, y: float) -> bool:
    """Whether ``(x, y)`` is inside the outline ``polygons`` by the non-zero rule."""
    return sum(_winding(poly, x, y) for poly in polygons) != 0


def contains(path: Path, x: float, y: float) -> bool:
    """Whether ``(x, y)`` (mm) is inside ``path`` by the non-zero rule the painters fill with."""
    x0, y0, x1, y1 = path.bounds()
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    return inside(outline(path), x, y)


def area_at(scene: Scene, x: float, y: float) -> str | None:
    """The topmost named area of ``scene`` under the point ``(x, y)`` in mm, or ``None``."""
    for area_id, path in reversed(list(scene.areas.items())):
        if contains(path, x, y):
            return area_id
    return None
