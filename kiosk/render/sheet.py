"""Printed pages of signs: each sign scene placed on its paper with bleed, crop marks drawn
outside the trim, or twice on a folded tent; written as a PDF/X-4 structured file.

The scene of a sign is composed for the page's panel (:attr:`PageSpec.panel_mm`) with the
bleed (:func:`kiosk.views.signs.compose_sign`), so its background runs past the trim.  Crop
marks are thin black lines in the slug, starting outside the bleed (never over the artwork);
a tent has fold marks (dashed) at the fold.  Boxes: MediaBox the whole page, BleedBox the trim
plus the bleed, TrimBox the trim (:mod:`kiosk.render.pdfx`).
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.pdfgen import canvas as rl_canvas

from kiosk.render.paper import MARK_LENGTH_MM, PageSpec
from kiosk.render.pdf import PT_PER_MM, draw_scene, new_canvas
from kiosk.render.pdfx import DocMeta, PageBoxes, finish_pdf
from kiosk.scene.primitives import Scene

__all__ = ["SheetPage", "MARK_WIDTH_PT", "sheet_pdf", "page_boxes"]

MARK_WIDTH_PT = 0.25


@dataclass(frozen=True)
class SheetPage:
    """One printed page: a sign scene composed for ``spec.panel_mm`` with ``spec.bleed_mm``."""

    spec: PageSpec
    scene: Scene


def page_boxes(spec: PageSpec) -> PageBoxes:
    """The MediaBox, BleedBox and TrimBox of a page, in points."""
    m, b = spec.margin_mm, spec.bleed_mm
    w, h = spec.trim_mm
    pw, ph = spec.page_mm
    media = (0.0, 0.0, pw * PT_PER_MM, ph * PT_PER_MM)
    trim = (m * PT_PER_MM, m * PT_PER_MM, (m + w) * PT_PER_MM, (m + h) * PT_PER_MM)
    bleed = ((m - b) * PT_PER_MM, (m - b) * PT_PER_MM, (m + w + b) * PT_PER_MM, (m + h + b) * PT_PER_MM)
    return PageBoxes(media, bleed, trim)


def _clip(c: rl_canvas.Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    path = c.beginPath()
    path.rect(x0 * PT_PER_MM, y0 * PT_PER_MM, (x1 - x0) * PT_PER_MM, (y1 - y0) * PT_PER_MM)
    c.clipPath(path, stroke=0, fill=0)


def _marks(c: rl_canvas.Canvas, spec: PageSpec) -> None:
    m, g, length = spec.margin_mm, spec.mark_gap_mm, MARK_LENGTH_MM
    w, h = spec.trim_mm
    x0, y0, x1, y1 = m, m, m + w, m + h
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(MARK_WIDTH_PT)
    c.setLineCap(0)
    mm = PT_PER_MM
    for y in (y0, y1):
        c.line((x0 - g - length) * mm, y * mm, (x0 - g) * mm, y * mm)
        c.line((x1 + g) * mm, y * mm, (x1 + g + length) * mm, y * mm)
    for x in (x0, x1):
        c.line(x * mm, (y0 - g - length) * mm, x * mm, (y0 - g) * mm)
        c.line(x * mm, (y1 + g) * mm, x * mm, (y1 + g + length) * mm)
    if spec.tent:
        fold = y0 + h / 2
        c.setDash([2 * mm, 1 * mm], 0)
        c.line((x0 - g - length) * mm, fold * mm, (x0 - g) * mm, fold * mm)
        c.line((x1 + g) * mm, fold * mm, (x1 + g + length) * mm, fold * mm)
    c.restoreState()


def _draw_page(c: rl_canvas.Canvas, page: SheetPage) -> None:
    spec = page.spec
    pw, ph = spec.page_mm
    c.setPageSize((pw * PT_PER_MM, ph * PT_PER_MM))
    m, b = spec.margin_mm, spec.bleed_mm
    w, h = spec.trim_mm
    origin = (m - b) * PT_PER_MM
    if not spec.tent:
        draw_scene(c, page.scene, origin, origin)
    else:
        half = h / 2
        # the lower panel reads upright; its bleed stops at the fold
        c.saveState()
        _clip(c, m - b, m - b, m + w + b, m + half)
        draw_scene(c, page.scene, origin, origin)
        c.restoreState()
        # the upper panel is the same sign turned half a turn about the panel's centre
        c.saveState()
        _clip(c, m - b, m + half, m + w + b, m + h + b)
        cx, cy = (m + w / 2) * PT_PER_MM, (m + half + half / 2) * PT_PER_MM
        c.translate(cx, cy)
        c.rotate(180)
        c.translate(-cx, -cy)
        draw_scene(c, page.scene, origin, (m + half - b) * PT_PER_MM)
        c.restoreState()
    if spec.crop_marks:
        _marks(c, spec)
    c.showPage()


def sheet_pdf(pages: list[SheetPage], meta: DocMeta) -> bytes:
    """The bytes of a PDF of ``pages`` with the PDF/X-4 structure and ``meta``."""
    if not pages:
        raise ValueError("a sign PDF needs at least one page")
    buffer = io.BytesIO()
    first = pages[0].spec.page_mm
    c = new_canvas(buffer, (first[0] * PT_PER_MM, first[1] * PT_PER_MM))
    c.setTitle(meta.title)
    for page in pages:
        _draw_page(c, page)
    c.save()
    return finish_pdf(buffer.getvalue(), [page_boxes(p.spec) for p in pages], meta)
