"""Raster helpers of the painter tests: both painters' output as numpy RGB arrays."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
from PySide6.QtGui import QImage

from kiosk.render.pdf import render_pdf
from kiosk.render.qt import render_png
from kiosk.scene.primitives import Scene

__all__ = ["qt_array", "pdf_array", "qimage_array", "blur3", "compare", "ink_height"]


def qimage_array(image: QImage) -> np.ndarray:
    """A QImage as an ``(h, w, 3)`` float32 RGB array."""
    img = image.convertToFormat(QImage.Format.Format_RGB888)
    w, h, bpl = img.width(), img.height(), img.bytesPerLine()
    raw = np.frombuffer(img.constBits(), np.uint8).reshape(h, bpl)[:, : w * 3]
    return raw.reshape(h, w, 3).astype(np.float32)


def qt_array(scene: Scene, px_per_mm: float) -> np.ndarray:
    """The Qt painter's picture of ``scene`` at ``px_per_mm``, exactly the page (no border)."""
    w, h = round(scene.width_mm * px_per_mm), round(scene.height_mm * px_per_mm)
    return qimage_array(render_png(scene, w, h, px_per_mm=px_per_mm))


def pdf_array(scene: Scene, px_per_mm: float, tmp: Path) -> np.ndarray:
    """The PDF painter's page of ``scene``, rasterised by pdfium at ``px_per_mm``."""
    w, h = round(scene.width_mm * px_per_mm), round(scene.height_mm * px_per_mm)
    path = render_pdf(scene, tmp / "scene.pdf")
    doc = pdfium.PdfDocument(str(path))
    try:
        page = doc[0]
        bitmap = page.render(scale=w / page.get_size()[0])
        arr = np.asarray(bitmap.to_pil().convert("RGB")).astype(np.float32)
    finally:
        doc.close()
    # pdfium rounds the bitmap size up by at most one pixel
    assert arr.shape[0] >= h and arr.shape[1] >= w and arr.shape[0] - h <= 1 and arr.shape[1] - w <= 1, arr.shape
    return arr[:h, :w]


def blur3(a: np.ndarray) -> np.ndarray:
    """3x3 box blur (a 1 px blur), edges repeated."""
    p = np.pad(a, ((1, 1), (1, 1), (0, 0)), mode="edge")
    h, w = a.shape[:2]
    return sum(p[i : i + h, j : j + w] for i in range(3) for j in range(3)) / 9


def compare(a: np.ndarray, b: np.ndarray, tile: int = 24) -> dict[str, float]:
    """Differences after a 1 px blur: ``mean`` (levels), ``worst_tile`` (mean of the worst
    ``tile`` x ``tile`` block), ``share_over_96`` (pixels more than 96 levels apart)."""
    d = np.abs(blur3(a) - blur3(b)).max(axis=2)
    h, w = d.shape
    tiles = d[: h // tile * tile, : w // tile * tile].reshape(h // tile, tile, w // tile, tile).mean(axis=(1, 3))
    return {"mean": float(d.mean()), "worst_tile": float(tiles.max()), "share_over_96": float((d > 96).mean())}


def ink_height(a: np.ndarray) -> float:
    """Height in pixels of the dark ink (on white) of one line of text, to a fraction of a pixel.

    Each row counts by its darkest pixel (a row half covered by a flat edge counts 0.5), so
    antialiased edges add what they cover and the result does not depend on a threshold.
    """
    a = a[2:-2, 2:-2]  # the page edge may be a partly covered pixel: keep text away from it
    grey = a.mean(axis=2)
    coverage = np.clip((255.0 - grey) / 255.0, 0.0, 1.0).max(axis=1)
    if not (coverage > 0.5).any():
        raise AssertionError("no ink found")
    return float(coverage.sum())
