"""What changed between two scenes, as rectangles in millimetres (Qt-free).

A view recomposes its whole scene on every change (views are data), so the primitives of the
new scene are new objects even where nothing changed.  :func:`item_key` gives each primitive a
structural key (geometry, colours, text, font); :func:`changed_bounds` compares the keys of two
scenes and returns the boxes of the primitives that appeared or went away.  The scene widget
repaints only those boxes: the unlit cloth, the labels and everything else stay in its cached
picture.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Hashable, Iterable, Mapping, Sequence

from kiosk.scene.primitives import Clipped, Image, Path, Primitive, Scene, Shape, TextRun

__all__ = ["Rect", "changed_bounds", "common_prefix", "item_bounds", "item_key", "item_keys", "scene_key"]

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm

# The descent below the baseline and the ascent above it, in em: generous for any bundled font
# (accents and descenders included), so a box always covers the ink.
_ASCENT_EM = 1.15
_DESCENT_EM = 0.45
_BLEED_MM = 0.6  # antialiasing spills half a pixel; at >= 1 px/mm this covers it


def _path_key(path: Path) -> tuple:
    # plain tuples hash and compare in C; the frozen dataclasses would call Python per sub-path
    return tuple((sub.start, sub.segments, sub.closed) for sub in path.subpaths)


class _Key:
    """A key whose hash is computed once (scene paths hash slowly: frozen dataclasses)."""

    __slots__ = ("value", "hash")

    def __init__(self, value: tuple) -> None:
        self.value = value
        self.hash = hash(value)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return other is self or (isinstance(other, _Key) and self.hash == other.hash and self.value == other.value)


_interned: dict[_Key, _Key] = {}


def item_key(item: Primitive) -> Hashable:
    """A hashable key equal for primitives that paint the same pixels.

    Keys are interned: a recomposed scene's primitives get the very key objects of the scene
    before, so comparing them later (the diff, the widget's boxes and tiles) is an identity check.
    """
    key = _Key(_key_value(item))
    same = _interned.get(key)
    if same is None:
        if len(_interned) > 16384:
            _interned.clear()
        same = _interned[key] = key
    return same


def _key_value(item: Primitive) -> tuple:
    if isinstance(item, Shape):
        return ("S", _path_key(item.path), item.fill, item.stroke, item.stroke_mm if item.stroke else 0, item.dash_mm)
    if isinstance(item, TextRun):
        return (
            "T",
            item.x,
            item.y,
            item.text,
            item.face.key,
            item.size_mm,
            item.fill,
            item.glyphs,
            item.offsets_mm,
            item.rotate_deg,
            item.origin if item.rotate_deg else None,
        )
    if isinstance(item, Image):
        return ("I", item.x, item.y, item.w, item.h, str(item.source))
    if isinstance(item, Clipped):
        return ("C", _path_key(item.clip), tuple(_key_value(i) for i in item.items))
    raise TypeError(f"not a scene primitive: {item!r}")


def _rotated(box: Rect, origin: tuple[float, float], deg: float) -> Rect:
    a = math.radians(-deg)  # counter-clockwise on a y-down page, as the painters turn it
    ca, sa = math.cos(a), math.sin(a)
    ox, oy = origin
    xs, ys = [], []
    for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
        dx, dy = x - ox, y - oy
        xs.append(ox + dx * ca - dy * sa)
        ys.append(oy + dx * sa + dy * ca)
    return (min(xs), min(ys), max(xs), max(ys))


_bounds: weakref.WeakKeyDictionary[Primitive, Rect] = weakref.WeakKeyDictionary()


def item_bounds(item: Primitive) -> Rect:
    """A box (mm) that holds every pixel the primitive paints (cached per primitive)."""
    box = _bounds.get(item)
    if box is None:
        box = _bounds[item] = _item_bounds(item)
    return box


def _item_bounds(item: Primitive) -> Rect:
    if isinstance(item, Shape):
        x0, y0, x1, y1 = item.path.bounds()
        pad = (item.stroke_mm / 2 if item.stroke is not None else 0.0) + _BLEED_MM
        # round joins cannot reach further than half the pen; miters are not used by the painter
        return (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    if isinstance(item, TextRun):
        box = (
            item.x - _BLEED_MM - item.size_mm * 0.2,
            item.y - item.size_mm * _ASCENT_EM,
            item.x + item.width_mm + item.size_mm * 0.2 + _BLEED_MM,
            item.y + item.size_mm * _DESCENT_EM,
        )
        return _rotated(box, item.origin, item.rotate_deg) if item.rotate_deg else box
    if isinstance(item, Image):
        return (item.x - _BLEED_MM, item.y - _BLEED_MM, item.x + item.w + _BLEED_MM, item.y + item.h + _BLEED_MM)
    if isinstance(item, Clipped):
        x0, y0, x1, y1 = item.clip.bounds()
        return (x0 - _BLEED_MM, y0 - _BLEED_MM, x1 + _BLEED_MM, y1 + _BLEED_MM)
    raise TypeError(f"not a scene primitive: {item!r}")


def scene_key(scene: Scene) -> Hashable:
    """What, besides the items, makes two scenes paint differently: page size and background."""
    return (scene.width_mm, scene.height_mm, scene.background)


def item_keys(scene: Scene) -> list[Hashable]:
    """The :func:`item_key` of every primitive of ``scene``, in painting order."""
    return [item_key(item) for item in scene.items]


def common_prefix(old_keys: list[Hashable], new_keys: list[Hashable]) -> int:
    """How many primitives at the start of two scenes paint the same (by their keys)."""
    n = 0
    for a, b in zip(old_keys, new_keys, strict=False):
        if a != b:
            break
        n += 1
    return n


def _counts(items: Iterable[Primitive], keys: Iterable[Hashable]) -> Mapping[Hashable, Sequence[Primitive]]:
    out: dict[Hashable, list[Primitive]] = {}
    for item, key in zip(items, keys, strict=True):
        out.setdefault(key, []).append(item)
    return out


def changed_bounds(
    old: Scene | None, new: Scene, old_keys: list[Hashable] | None = None, new_keys: list[Hashable] | None = None
) -> list[Rect] | None:
    """Boxes (mm) of what differs between ``old`` and ``new``; ``None`` means "everything".

    Everything changes when there was no old scene or the page or background differ.  Otherwise
    the boxes of the primitives present in one scene and not the other (counted, so a duplicate
    that went away counts too).  A primitive that only moved in painting order is not reported:
    views do not reorder unchanged primitives.  ``old_keys``/``new_keys`` are the scenes'
    :func:`item_keys` when the caller has them already.
    """
    if old is None or scene_key(old) != scene_key(new):
        return None
    old_keys = old_keys if old_keys is not None else item_keys(old)
    new_keys = new_keys if new_keys is not None else item_keys(new)
    n = common_prefix(old_keys, new_keys)  # the same painting up to here: nothing to compare
    before = _counts(old.items[n:], old_keys[n:])
    after = _counts(new.items[n:], new_keys[n:])
    boxes: list[Rect] = []
    for key, a in before.items():
        b = after.get(key, ())
        if len(a) > len(b):
            boxes.extend(item_bounds(item) for item in a[len(b) :])
    for key, b in after.items():
        a = before.get(key, ())
        if len(b) > len(a):
            boxes.extend(item_bounds(item) for item in b[len(a) :])
    return boxes
