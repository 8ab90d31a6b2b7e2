"""The Qt painter: draw a :class:`~kiosk.scene.primitives.Scene` with QPainter.

The painter works in millimetres (the device transform is ``px_per_mm``), antialiased.  Text is
drawn as glyph outlines from the bundled font file (``QRawFont.pathForGlyph``) placed at the
advances the scene computed with fontTools, so the ink height is exactly the one asked for, with
no pixel rounding of font sizes and no hinting (docs/architecture.md, Pitfalls), and the glyphs sit where the
PDF painter puts them.
"""

from __future__ import annotations

import math
import sys
import weakref

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QGuiApplication,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QRawFont,
)

from kiosk.scene.fonts import FontFace
from kiosk.scene.primitives import Clipped, Colour, Image, Path, Scene, Shape, TextRun

__all__ = [
    "ensure_gui_application",
    "paint_scene",
    "paint_scene_fitted",
    "fit_transform",
    "render_png",
    "scene_to_qpath",
]

_app: QGuiApplication | None = None
_paths: weakref.WeakKeyDictionary[Path, QPainterPath] = weakref.WeakKeyDictionary()
_raw_fonts: dict[str, QRawFont] = {}
_glyph_paths: dict[tuple[str, int], QPainterPath] = {}
_run_paths: dict[tuple[str, str], QPainterPath] = {}
_images: dict[str, QImage] = {}


def ensure_gui_application() -> QGuiApplication:
    """The running QGuiApplication, created if there is none.

    A new one is a full ``QApplication``, so widgets made later in the same process (a display
    window, pytest-qt's ``qapp``) can still be created.
    """
    global _app
    app = QGuiApplication.instance()
    if app is None:
        from PySide6.QtWidgets import QApplication

        _app = QApplication([sys.argv[0] if sys.argv and sys.argv[0] else "kiosk"])
        app = _app
    return app  # type: ignore[return-value]


def _qcolor(c: Colour) -> QColor:
    return QColor(c[0], c[1], c[2], c[3])


def scene_to_qpath(path: Path) -> QPainterPath:
    """The QPainterPath (in mm, non-zero fill) of a scene path; cached per path object."""
    cached = _paths.get(path)
    if cached is not None:
        return cached
    qp = QPainterPath()
    qp.setFillRule(Qt.FillRule.WindingFill)
    for sub in path.subpaths:
        qp.moveTo(sub.start[0], sub.start[1])
        for seg in sub.segments:
            if seg[0] == "L":
                qp.lineTo(seg[1], seg[2])
            else:
                qp.cubicTo(seg[1], seg[2], seg[3], seg[4], seg[5], seg[6])
        if sub.closed:
            qp.closeSubpath()
    _paths[path] = qp
    return qp


def _raw_font(face: FontFace) -> QRawFont:
    raw = _raw_fonts.get(face.key)
    if raw is None:
        ensure_gui_application()
        raw = QRawFont(str(face.path), float(face.units_per_em), QFont.HintingPreference.PreferNoHinting)
        if not raw.isValid():
            raise ValueError(f"Qt cannot load font file {face.path}")
        _raw_fonts[face.key] = raw
    return raw


def _run_path(run: TextRun) -> QPainterPath:
    """The outline of a text run in font units, baseline at y = 0."""
    key = (run.face.key, run.text)
    cached = _run_paths.get(key)
    if cached is not None:
        return cached
    raw = _raw_font(run.face)
    scale = run.size_mm / run.face.units_per_em
    out = QPainterPath()
    out.setFillRule(Qt.FillRule.WindingFill)
    for glyph, offset in zip(run.glyphs, run.offsets_mm, strict=True):
        gkey = (run.face.key, glyph)
        gpath = _glyph_paths.get(gkey)
        if gpath is None:
            gpath = raw.pathForGlyph(glyph)
            _glyph_paths[gkey] = gpath
        if not gpath.isEmpty():
            out.addPath(gpath.translated(offset / scale, 0.0))
    if len(_run_paths) > 4096:
        _run_paths.clear()
    _run_paths[key] = out
    return out


def _pen(colour: Colour, width_mm: float, dash_mm: tuple[float, float] | None) -> QPen:
    pen = QPen(_qcolor(colour))
    pen.setWidthF(width_mm)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    if dash_mm:
        pen.setDashPattern([dash_mm[0] / width_mm, dash_mm[1] / width_mm])
    return pen


def _draw_shape(p: QPainter, shape: Shape) -> None:
    qp = scene_to_qpath(shape.path)
    if shape.fill is not None and shape.fill[3] > 0:
        p.fillPath(qp, QBrush(_qcolor(shape.fill)))
    if shape.stroke is not None and shape.stroke[3] > 0 and shape.stroke_mm > 0:
        p.strokePath(qp, _pen(shape.stroke, shape.stroke_mm, shape.dash_mm))


def _draw_text(p: QPainter, run: TextRun) -> None:
    if not run.glyphs:
        return
    path = _run_path(run)
    scale = run.size_mm / run.face.units_per_em
    p.save()
    if run.rotate_deg:
        ox, oy = run.origin
        p.translate(ox, oy)
        p.rotate(-run.rotate_deg)  # counter-clockwise on a y-down page
        p.translate(-ox, -oy)
    p.translate(run.x, run.y)
    p.scale(scale, scale)
    p.fillPath(path, QBrush(_qcolor(run.fill)))
    p.restore()


def _draw_image(p: QPainter, img: Image) -> None:
    key = str(img.source)
    qimg = _images.get(key)
    if qimg is None:
        qimg = QImage(key)
        if qimg.isNull():
            raise ValueError(f"cannot read image {key}")
        _images[key] = qimg
    s = min(img.w / qimg.width(), img.h / qimg.height())
    w, h = qimg.width() * s, qimg.height() * s
    p.drawImage(QRectF(img.x + (img.w - w) / 2, img.y + (img.h - h) / 2, w, h), qimg)


def _draw_items(p: QPainter, items) -> None:
    for item in items:
        if isinstance(item, Shape):
            _draw_shape(p, item)
        elif isinstance(item, TextRun):
            _draw_text(p, item)
        elif isinstance(item, Clipped):
            p.save()
            p.setClipPath(scene_to_qpath(item.clip), Qt.ClipOperation.IntersectClip)
            _draw_items(p, item.items)
            p.restore()
        elif isinstance(item, Image):
            _draw_image(p, item)
        else:
            raise TypeError(f"not a scene primitive: {item!r}")


def paint_scene(painter: QPainter, scene: Scene, px_per_mm: float, origin_px: tuple[float, float] = (0.0, 0.0)) -> None:
    """Draw ``scene`` with its top-left corner at ``origin_px``, ``px_per_mm`` device pixels per mm."""
    if not (px_per_mm > 0 and math.isfinite(px_per_mm)):
        raise ValueError(f"px_per_mm must be a positive number, got {px_per_mm}")
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    painter.translate(origin_px[0], origin_px[1])
    painter.scale(px_per_mm, px_per_mm)
    painter.setClipRect(QRectF(0.0, 0.0, scene.width_mm, scene.height_mm), Qt.ClipOperation.IntersectClip)
    if scene.background is not None:
        painter.fillRect(QRectF(0.0, 0.0, scene.width_mm, scene.height_mm), _qcolor(scene.background))
    _draw_items(painter, scene.items)
    painter.restore()


def fit_transform(scene: Scene, width_px: float, height_px: float) -> tuple[float, tuple[float, float]]:
    """``(px_per_mm, origin_px)`` that fit the scene into a ``width_px`` x ``height_px`` box, centred."""
    k = min(width_px / scene.width_mm, height_px / scene.height_mm)
    return k, ((width_px - scene.width_mm * k) / 2, (height_px - scene.height_mm * k) / 2)


def paint_scene_fitted(painter: QPainter, scene: Scene, target: QRectF) -> float:
    """Draw ``scene`` as large as fits ``target``, aspect kept, centred; returns the px per mm used."""
    k, (ox, oy) = fit_transform(scene, target.width(), target.height())
    paint_scene(painter, scene, k, (target.x() + ox, target.y() + oy))
    return k


def render_png(
    scene: Scene,
    width_px: int,
    height_px: int,
    px_per_mm: float | None = None,
    surround: Colour = (0, 0, 0, 255),
) -> QImage:
    """An RGB image of ``scene``: fitted and centred, or at ``px_per_mm`` and centred.

    The part of the image the scene does not cover is ``surround`` (black).  Save it with
    ``image.save("file.png")``.
    """
    ensure_gui_application()
    if width_px <= 0 or height_px <= 0:
        raise ValueError(f"image size must be positive, got {width_px}x{height_px}")
    image = QImage(int(width_px), int(height_px), QImage.Format.Format_RGB32)
    image.fill(_qcolor(surround))
    painter = QPainter(image)
    try:
        if px_per_mm is None:
            paint_scene_fitted(painter, scene, QRectF(0, 0, width_px, height_px))
        else:
            origin = ((width_px - scene.width_mm * px_per_mm) / 2, (height_px - scene.height_mm * px_per_mm) / 2)
            paint_scene(painter, scene, px_per_mm, origin)
    finally:
        painter.end()
    return image
