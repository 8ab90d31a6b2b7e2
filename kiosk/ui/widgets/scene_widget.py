"""A widget that paints a scene at a stated scale and repaints only what changed.

The widget keeps its picture in a backing image the size of the widget (in device pixels: a
screen with a device pixel ratio of 2 gets a picture twice as fine).  :meth:`SceneWidget.set_scene`
compares the new scene with the one painted (:func:`kiosk.ui.widgets.scene_diff.changed_bounds`) and
repaints into the backing image only the boxes of what appeared or went away.

The static layers: the primitives at the start of the scene that have never changed since it
was first shown (the cloth, the table's outline, the title: everything painted before the first
primitive an update ever touched) are kept painted in a second image, the *static layer*, per
size.  A repaint copies the boxes from the static layer and paints over them only the later
primitives that reach into them, so a change never pays for the large shapes underneath.  The
static layer shrinks when an update touches an earlier primitive (only the boxes of the
primitives it drops are repainted), and is rebuilt on a new size, page or background.

Tiles: each box an update repaints is kept, as the pixels it got, in a cache keyed on the box
and on the primitives that reach into it (:class:`kiosk.ui.widgets.tiles.TileCache`); so is the
box as it was just before.  A box that shows again what it showed once (an area lit again, a
meter's wheel back on a digit) is copied from the cache, not painted: an update then costs
what it changes, not what it paints.  The pixels are those the painter put there, so a picture
made of tiles is the picture a full repaint makes.

Placement (:class:`Placement`):

* ``fit`` (layout diagrams, meters, lights, results): as large as the window allows, aspect kept,
  centred.  These are pictures, not signs: their size follows the screen.
* ``true_size`` (signs): at the calibrated scale of the screen, centred, so 8 mm in the scene is
  8 mm of glass.  A sign larger than the screen is shrunk to fit; whether its letters then still
  reach 8 mm is the caller's question (:func:`kiosk.views.screen_state.decide_frame`).

Overlays (status marks: offline, meter fault, legibility notices) are small scenes painted over
the picture in :meth:`paintEvent`, never into the backing image, so adding or removing one
repaints only its box and the picture under it is kept.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass
from typing import Literal

from PySide6.QtCore import QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QImage, QPainter, QPaintEvent, QRegion, QResizeEvent
from PySide6.QtWidgets import QWidget

from kiosk.render.qt import paint_scene
from kiosk.scene.primitives import Primitive, Scene
from kiosk.ui.widgets.scene_diff import Rect, changed_bounds, common_prefix, item_bounds, item_keys
from kiosk.ui.widgets.tiles import TileCache

__all__ = ["Overlay", "Placement", "SceneWidget"]

_SURROUND = QColor(0, 0, 0)
_TILE_FRAMES = 1  # the tile cache holds at most the picture's bytes


@dataclass(frozen=True)
class Placement:
    """How a scene sits in the widget: ``fit`` or ``true_size`` at ``px_per_mm`` device pixels."""

    mode: Literal["fit", "true_size"] = "fit"
    px_per_mm: float | None = None  # device pixels per mm; needed by true_size


@dataclass(frozen=True)
class Overlay:
    """A scene painted over the picture; ``anchor`` places it: top/bottom/centre of the widget."""

    scene: Scene
    anchor: Literal["top", "bottom", "center", "fill"] = "top"


class SceneWidget(QWidget):
    """Paints a :class:`~kiosk.scene.primitives.Scene`; see the module doc."""

    painted = Signal(float)  # time.monotonic() when a paint event finished (latency measurements)

    def __init__(self, parent: QWidget | None = None, placement: Placement = Placement()) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground, True)
        self._placement = placement
        self._scene: Scene | None = None
        self._painted: Scene | None = None  # the scene in the backing image
        self._backing: QImage | None = None
        self._painted_keys: list[Hashable] = []
        self._bounds_by_key: dict[Hashable, Rect] = {}
        self._static: QImage | None = None  # the first ``_static_n`` primitives, painted
        self._static_n = 0
        self._tiles = TileCache()
        self._painted_bounds: list[tuple[int, Primitive, Hashable, Rect]] | None = None  # of the painted scene
        self._k = 1.0  # logical px per mm of the scene as shown
        self._origin = (0.0, 0.0)  # logical px of the scene's top-left corner
        self._overlays: dict[str, Overlay] = {}
        self._overlay_rects: dict[str, QRectF] = {}
        self._dim_alpha = 0  # 0: full brightness; a black veil of this alpha otherwise
        self.full_repaints = 0  # counters the tests and benchmarks read
        self.partial_repaints = 0
        self.paints = 0  # paint events finished
        self.last_painted = 0.0  # time.monotonic() when the last paint event finished
        self.static_repaints = 0
        self.tiles_painted = 0  # boxes an update painted, and boxes it copied from the tile cache
        self.tiles_reused = 0

    # -- what is shown -----------------------------------------------------------------------

    @property
    def scene(self) -> Scene | None:
        return self._scene

    @property
    def placement(self) -> Placement:
        return self._placement

    def set_placement(self, placement: Placement) -> None:
        if placement != self._placement:
            self._placement = placement
            self._invalidate()

    def shown_scale(self) -> float | None:
        """Millimetres of glass per millimetre of scene (1.0 at true size), when the screen's
        scale is known; ``None`` otherwise."""
        k = self._placement.px_per_mm
        if self._scene is None or not k:
            return None
        self._layout()
        return self._k * self._dpr() / k

    def logical_px_per_mm(self) -> float:
        """Logical pixels per millimetre of scene as the widget shows it now."""
        self._layout()
        return self._k

    def set_scene(self, scene: Scene) -> None:
        """Show ``scene``: repaint the backing image where it differs from the one shown."""
        self._scene = scene
        if self._backing is None or self._painted is None or self._backing_size() != self._backing.size():
            self._invalidate()
            return
        keys = item_keys(scene)
        boxes = changed_bounds(self._painted, scene, self._painted_keys, keys)
        if boxes is None:
            self._invalidate(keys)
            return
        if not boxes:
            self._painted, self._painted_keys, self._painted_bounds = scene, keys, None
            return
        prefix = common_prefix(self._painted_keys, keys)
        if self._static is None:
            self._paint_static(scene, prefix)
        elif prefix < self._static_n:
            self._shrink_static(scene, prefix)
        bounds = QRect(0, 0, self.width(), self.height())
        rects = _outermost([r for r in (self._to_px(box).intersected(bounds) for box in boxes) if not r.isEmpty()])
        region = _region(rects)
        self._paint_backing(scene, rects, keys)
        self._painted, self._painted_keys = scene, keys
        self.partial_repaints += 1
        self.update(region)

    def set_overlay(self, name: str, overlay: Overlay | None) -> None:
        """Add, replace or remove (``None``) the overlay called ``name``."""
        old = self._overlay_rects.pop(name, None)
        if overlay is None:
            self._overlays.pop(name, None)
        else:
            self._overlays[name] = overlay
            self._overlay_rects[name] = self._overlay_rect(overlay)
        dirty = QRegion()
        for rect in (old, self._overlay_rects.get(name)):
            if rect is not None:
                dirty = dirty.united(rect.toAlignedRect().adjusted(-2, -2, 2, 2))
        if not dirty.isEmpty():
            self.update(dirty)

    def overlay(self, name: str) -> Overlay | None:
        return self._overlays.get(name)

    def set_brightness(self, percent: int) -> None:
        """Dim the picture to ``percent`` of full brightness (a black veil over everything)."""
        if not 0 < percent <= 100:
            raise ValueError(f"brightness must be 1 to 100 %, got {percent}")
        alpha = round(255 * (100 - percent) / 100)
        if alpha != self._dim_alpha:
            self._dim_alpha = alpha
            self.update()

    def brightness(self) -> int:
        return round(100 - self._dim_alpha * 100 / 255)

    # -- geometry ----------------------------------------------------------------------------

    def _dpr(self) -> float:
        return self.devicePixelRatioF() or 1.0

    def _backing_size(self) -> QSize:
        d = self._dpr()
        return QSize(max(1, math.ceil(self.width() * d)), max(1, math.ceil(self.height() * d)))

    def _layout(self) -> None:
        scene = self._scene
        if scene is None:
            return
        w, h = float(self.width()), float(self.height())
        fit = min(w / scene.width_mm, h / scene.height_mm) if w > 0 and h > 0 else 1.0
        k = fit
        if self._placement.mode == "true_size" and self._placement.px_per_mm:
            k = min(self._placement.px_per_mm / self._dpr(), fit)
        self._k = k
        self._origin = ((w - scene.width_mm * k) / 2, (h - scene.height_mm * k) / 2)

    def _to_px(self, box: Rect) -> QRect:
        k, (ox, oy) = self._k, self._origin
        x0, y0 = math.floor(ox + box[0] * k) - 1, math.floor(oy + box[1] * k) - 1
        x1, y1 = math.ceil(ox + box[2] * k) + 1, math.ceil(oy + box[3] * k) + 1
        return QRect(x0, y0, x1 - x0, y1 - y0)

    def _overlay_rect(self, overlay: Overlay) -> QRectF:
        s = overlay.scene
        w, h = float(self.width()), float(self.height())
        k = self._overlay_k(overlay)
        ow, oh = s.width_mm * k, s.height_mm * k
        if overlay.anchor == "top":
            return QRectF((w - ow) / 2, 0.0, ow, oh)
        if overlay.anchor == "bottom":
            return QRectF((w - ow) / 2, h - oh, ow, oh)
        return QRectF((w - ow) / 2, (h - oh) / 2, ow, oh)

    def _overlay_k(self, overlay: Overlay) -> float:
        """Overlays are drawn at the screen's true scale when known (their text is then its true
        size), never wider or taller than the widget; ``fill`` overlays fill the widget."""
        s = overlay.scene
        w, h = float(self.width()), float(self.height())
        fit = min(w / s.width_mm, h / s.height_mm) if w > 0 and h > 0 else 1.0
        if overlay.anchor == "fill":
            return fit
        k = self._placement.px_per_mm / self._dpr() if self._placement.px_per_mm else self._k
        return min(k, fit)

    # -- painting ----------------------------------------------------------------------------

    def _invalidate(self, keys: list[Hashable] | None = None) -> None:
        """Repaint the whole backing image (new size, placement, page or background); the static
        layer is rebuilt at the next partial repaint."""
        scene = self._scene
        size = self._backing_size()
        if self._backing is None or self._backing.size() != size:
            self._backing = QImage(size, QImage.Format.Format_RGB32)
        self._backing.setDevicePixelRatio(self._dpr())
        self._backing.fill(_SURROUND)
        self._static, self._static_n = None, 0
        self._painted_bounds = None
        self._tiles.clear()
        self._tiles.budget = _TILE_FRAMES * self._backing.sizeInBytes()
        self._layout()
        if scene is not None:
            painter = QPainter(self._backing)
            try:
                paint_scene(painter, scene, self._k, self._origin)
            finally:
                painter.end()
        self._painted = scene
        self._painted_keys = (keys if keys is not None else item_keys(scene)) if scene is not None else []
        self._overlay_rects = {name: self._overlay_rect(o) for name, o in self._overlays.items()}
        self.full_repaints += 1
        self.update()

    def _paint_static(self, scene: Scene, n: int) -> None:
        """Paint the static layer: the surround, the background and the first ``n`` primitives."""
        size = self._backing_size()
        if self._static is None or self._static.size() != size:
            self._static = QImage(size, QImage.Format.Format_RGB32)
        self._static.setDevicePixelRatio(self._dpr())
        self._static.fill(_SURROUND)
        part = Scene(scene.width_mm, scene.height_mm, scene.items[:n], scene.background)
        painter = QPainter(self._static)
        try:
            paint_scene(painter, part, self._k, self._origin)
        finally:
            painter.end()
        self._static_n = n
        self.static_repaints += 1

    def _shrink_static(self, scene: Scene, n: int) -> None:
        """Drop the primitives from ``n`` on from the static layer: repaint, with the first ``n``
        primitives, only the boxes of those it drops (the rest of the layer stays as it is)."""
        assert self._static is not None and self._painted is not None
        bounds = QRect(0, 0, self.width(), self.height())
        dropped = zip(self._painted.items[n : self._static_n], self._painted_keys[n : self._static_n], strict=True)
        rects = [self._to_px(self._bounds(key, item)).intersected(bounds) for item, key in dropped]
        region = _region(_outermost([r for r in rects if not r.isEmpty()]))
        keys = self._painted_keys
        items = tuple(
            item for item, key in zip(scene.items[:n], keys[:n], strict=True) if self._reaches(key, item, region)
        )
        painter = QPainter(self._static)
        try:
            painter.setClipRegion(region)
            for rect in _rects(region):
                painter.fillRect(rect, _SURROUND)
            paint_scene(painter, Scene(scene.width_mm, scene.height_mm, items, scene.background), self._k, self._origin)
        finally:
            painter.end()
        self._static_n = n
        self.static_repaints += 1

    def _paint_backing(self, scene: Scene, rects: list[QRect], keys: list[Hashable]) -> None:
        """Repaint ``rects`` of the backing image, each from the tile cache when it has the same
        box showing the same primitives, else from the static layer and the primitives of
        ``scene`` after it that reach into the box (then kept as a tile)."""
        assert self._backing is not None and self._static is not None and self._painted is not None
        old = self._painted_bounds
        if old is None:
            old = self._with_bounds(self._painted.items, self._painted_keys)
        new = self._painted_bounds = self._with_bounds(scene.items, keys)
        d, n = self._dpr(), self._static_n
        plan = []
        for rect in rects:
            source = _device_rect(rect, d)
            before = self._tile_key(source, old)
            if before not in self._tiles:  # what the box shows now, kept before it is painted over
                self._tiles.put(before, self._backing.copy(source))
            plan.append((rect, source, self._tile_key(source, new)))
        painted = [(rect, source, key) for rect, source, key in plan if key not in self._tiles]
        painter = QPainter(self._backing)
        try:
            for rect, source, key in plan:
                tile = self._tiles.get(key)
                if tile is not None:
                    painter.setClipRect(rect)
                    painter.drawImage(_logical(source, d), tile)
                    self.tiles_reused += 1
            if painted:  # the other boxes together: a primitive reaching into two is painted once
                region = _region([rect for rect, _, _ in painted])
                painter.setClipRegion(region)
                for _, source, _ in painted:
                    painter.drawImage(_logical(source, d), self._static, QRectF(source))
                reaching = {i: item for _, _, key in painted for i, item, _ in key[1] if i >= n}
                items = tuple(reaching[i] for i in sorted(reaching))
                if items:
                    paint_scene(painter, Scene(scene.width_mm, scene.height_mm, items, None), self._k, self._origin)
                self.tiles_painted += len(painted)
        finally:
            painter.end()
        for _, source, key in plan:
            if key not in self._tiles:
                self._tiles.put(key, self._backing.copy(source))

    def _with_bounds(
        self, items: tuple[Primitive, ...], keys: list[Hashable]
    ) -> list[tuple[int, Primitive, Hashable, Rect]]:
        return [(i, item, key, self._bounds(key, item)) for i, (item, key) in enumerate(zip(items, keys, strict=True))]

    def _tile_key(self, source: QRect, items: list[tuple[int, Primitive, Hashable, Rect]]) -> tuple:
        """The box (device pixels) and every primitive that reaches into it: what its pixels are."""
        k, (ox, oy), d = self._k, self._origin, self._dpr()
        x0, y0 = (source.x() / d - ox) / k, (source.y() / d - oy) / k
        x1, y1 = ((source.x() + source.width()) / d - ox) / k, ((source.y() + source.height()) / d - oy) / k
        reaching = tuple(
            (i, item, key) for i, item, key, b in items if b[0] < x1 and x0 < b[2] and b[1] < y1 and y0 < b[3]
        )
        return (source.x(), source.y(), source.width(), source.height()), _Reaching(reaching)

    def _reaches(self, key: Hashable, item: Primitive, region: QRegion) -> bool:
        return region.intersects(self._to_px(self._bounds(key, item)))

    def _bounds(self, key: Hashable, item: Primitive) -> Rect:
        """The item's box, remembered by its key (a recomposed scene repeats most items)."""
        box = self._bounds_by_key.get(key)
        if box is None:
            if len(self._bounds_by_key) > 8192:
                self._bounds_by_key.clear()
            box = self._bounds_by_key[key] = item_bounds(item)
        return box

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._invalidate()

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._backing is None or self._backing.size() != self._backing_size():
            self._invalidate()
        painter = QPainter(self)
        try:
            assert self._backing is not None
            for rect in _rects(event.region()):
                painter.drawImage(rect, self._backing, _device_rect(rect, self._dpr()))
            for name, overlay in self._overlays.items():
                place = self._overlay_rects.get(name) or self._overlay_rect(overlay)
                if event.region().intersects(place.toAlignedRect()):
                    paint_scene(painter, overlay.scene, self._overlay_k(overlay), (place.x(), place.y()))
            if self._dim_alpha:
                veil = QColor(0, 0, 0, self._dim_alpha)
                for rect in _rects(event.region()):
                    painter.fillRect(rect, veil)
        finally:
            painter.end()
        self.paints += 1
        self.last_painted = time.monotonic()
        self.painted.emit(self.last_painted)


def _rects(region: QRegion) -> Iterator[QRect]:
    """The rectangles of ``region`` (a QRegion is a sequence of them at run time)."""
    return iter(region)  # type: ignore[call-overload]  # the PySide6 stubs do not make QRegion iterable


class _Reaching(tuple):
    """``(index, primitive, key)`` of the primitives that reach into a box, in painting order;
    equal and hashed by their keys alone (the same keys in the same order paint the same pixels,
    whatever objects and places in the scene they have)."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(tuple(entry[2] for entry in self))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, _Reaching)
            and len(self) == len(other)
            and all(a[2] == b[2] for a, b in zip(self, other, strict=True))
        )

    def __ne__(self, other: object) -> bool:
        return not self == other


def _region(rects: Iterable[QRect]) -> QRegion:
    """The union of ``rects``."""
    region = QRegion()
    for rect in rects:
        region = region.united(rect)
    return region


def _outermost(rects: list[QRect]) -> list[QRect]:
    """``rects`` without duplicates and without those inside another one."""
    out: list[QRect] = []
    for rect in sorted(rects, key=lambda r: -r.width() * r.height()):
        if not any(o.contains(rect) for o in out):
            out.append(rect)
    return out


def _logical(source: QRect, dpr: float) -> QRectF:
    """The logical rectangle of device pixels ``source``: an image of them drawn there is copied
    pixel for pixel, whatever the device pixel ratio."""
    return QRectF(source.x() / dpr, source.y() / dpr, source.width() / dpr, source.height() / dpr)


def _device_rect(rect: QRect, dpr: float) -> QRect:
    if dpr == 1.0:
        return rect
    return QRectF(rect.x() * dpr, rect.y() * dpr, rect.width() * dpr, rect.height() * dpr).toAlignedRect()
