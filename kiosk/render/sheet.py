"""Printed pages: each sign scene placed on its paper with bleed, crop marks drawn outside the
trim, or twice on a folded tent; written as a PDF/X-4 structured file.

The scene of a sign is composed for the page's panel (:attr:`PageSpec.panel_mm`) with the
bleed (:func:`kiosk.views.signs.compose_sign`), so its background runs past the trim.  Crop
marks are thin black lines in the slug, starting outside the bleed (never over the artwork);
a tent has fold marks (dashed) at the fold.  With crop marks, a *slug line* under the trim
(in the slug, below the bleed, between the marks) names the file, table, sign, configuration
version and date, so a trimmed sheet can be matched to the manifest.  Boxes: MediaBox the whole page, BleedBox the trim
plus the bleed, TrimBox the trim (:mod:`kiosk.render.pdfx`).

:func:`sheet_pdf` writes any :class:`PrintedPage` (a sign's :class:`SheetPage`, a cloth's page
of :mod:`kiosk.render.cloth`): each knows its boxes and draws itself; :func:`crop_marks` are
the one way marks are drawn.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from reportlab.pdfgen import canvas as rl_canvas

from kiosk.render.paper import FOLD_CLEAR_MM, MARK_LENGTH_MM, PageSpec
from kiosk.render.pdf import PT_PER_MM, draw_scene, new_canvas, press_inks, set_stroke
from kiosk.render.pdfx import DocMeta, PageBoxes, finish_pdf
from kiosk.render.press import DEFAULT, PressCondition, cmyk_of
from kiosk.scene.primitives import Scene, TextRun
from kiosk.scene.text import fit_text, text_runs

__all__ = [
    "EDGES",
    "MARK_WIDTH_PT",
    "SLUG_CAP_MM",
    "PrintedPage",
    "SheetPage",
    "crop_marks",
    "drawn_pdf",
    "page_boxes",
    "sheet_pdf",
    "slug_scene",
]

MARK_WIDTH_PT = 0.25
SLUG_CAP_MM = 1.6
"""Capital height of the slug line (about 7 pt): read by the print shop at arm's length."""
_SLUG_MIN_CAP_MM = 1.0
EDGES = frozenset({"top", "bottom", "left", "right"})


class PrintedPage(Protocol):
    """A page :func:`sheet_pdf` writes: its size, its boxes, and how it is drawn."""

    @property
    def page_mm(self) -> tuple[float, float]: ...

    def boxes(self) -> PageBoxes: ...

    def draw(self, c: rl_canvas.Canvas) -> None: ...


@dataclass(frozen=True)
class SheetPage:
    """One printed page: a sign scene composed for ``spec.panel_mm`` with ``spec.bleed_mm``."""

    spec: PageSpec
    scene: Scene
    slug: str | None = None

    @property
    def page_mm(self) -> tuple[float, float]:
        return self.spec.page_mm

    def boxes(self) -> PageBoxes:
        return page_boxes(self.spec)

    def draw(self, c: rl_canvas.Canvas) -> None:
        _draw_page(c, self)


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


def crop_marks(
    c: rl_canvas.Canvas,
    trim: tuple[float, float, float, float],
    gap_mm: float,
    edges: Iterable[str] = EDGES,
    fold_y: float | None = None,
) -> None:
    """Crop marks of the trim ``(x0, y0, x1, y1)`` (mm from the page's bottom-left corner): at
    each corner, in the slug, a line on the line of each of the ``edges`` meeting there (a cut
    goes along that edge), starting ``gap_mm`` out from the trim; a dashed fold mark at
    ``fold_y`` on both sides."""
    edges = frozenset(edges)
    length = MARK_LENGTH_MM
    x0, y0, x1, y1 = trim
    c.saveState()
    set_stroke(c, (0, 0, 0, 255))
    c.setLineWidth(MARK_WIDTH_PT)
    c.setLineCap(0)
    mm = PT_PER_MM
    for y, edge in ((y0, "bottom"), (y1, "top")):
        if edge in edges:
            c.line((x0 - gap_mm - length) * mm, y * mm, (x0 - gap_mm) * mm, y * mm)
            c.line((x1 + gap_mm) * mm, y * mm, (x1 + gap_mm + length) * mm, y * mm)
    for x, edge in ((x0, "left"), (x1, "right")):
        if edge in edges:
            c.line(x * mm, (y0 - gap_mm - length) * mm, x * mm, (y0 - gap_mm) * mm)
            c.line(x * mm, (y1 + gap_mm) * mm, x * mm, (y1 + gap_mm + length) * mm)
    if fold_y is not None:
        c.setDash([2 * mm, 1 * mm], 0)
        c.line((x0 - gap_mm - length) * mm, fold_y * mm, (x0 - gap_mm) * mm, fold_y * mm)
        c.line((x1 + gap_mm) * mm, fold_y * mm, (x1 + gap_mm + length) * mm, fold_y * mm)
    c.restoreState()


def _marks(c: rl_canvas.Canvas, spec: PageSpec) -> None:
    m = spec.margin_mm
    w, h = spec.trim_mm
    crop_marks(c, (m, m, m + w, m + h), spec.mark_gap_mm, fold_y=m + h / 2 if spec.tent else None)


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
        half, clear = h / 2, FOLD_CLEAR_MM
        panel = half - clear
        # the lower panel reads upright; it and its bleed stop short of the fold (the neutral zone)
        c.saveState()
        _clip(c, m - b, m - b, m + w + b, m + panel)
        draw_scene(c, page.scene, origin, origin)
        c.restoreState()
        # the upper panel is the same sign turned half a turn about the panel's centre
        c.saveState()
        _clip(c, m - b, m + half + clear, m + w + b, m + h + b)
        cx, cy = (m + w / 2) * PT_PER_MM, (m + half + clear + panel / 2) * PT_PER_MM
        c.translate(cx, cy)
        c.rotate(180)
        c.translate(-cx, -cy)
        draw_scene(c, page.scene, origin, (m + half + clear - b) * PT_PER_MM)
        c.restoreState()
    if spec.crop_marks:
        _marks(c, spec)
        if page.slug:
            draw_scene(c, slug_scene(spec, page.slug))
    c.showPage()


def slug_scene(spec: PageSpec, text: str) -> Scene:
    """The slug line of a page (a scene the page's size, y down): one line of black text
    centred under the trim, between the bleed and the page's edge, inside the vertical crop
    marks; shrunk to fit the trim's width (never under 1 mm capitals)."""
    pw, ph = spec.page_mm
    m, b = spec.margin_mm, spec.bleed_mm
    w, _h = spec.trim_mm
    room = w - 2 * 3.0  # clear of the crop marks on the trim's vertical lines
    fitted, cap = fit_text(text, cap_mm=SLUG_CAP_MM, max_width_mm=room, min_cap_mm=_SLUG_MIN_CAP_MM)
    fitted = " ".join(fitted.split("\n"))  # one line: at the smallest size it runs on past the marks
    y = ph - (m - b) / 2  # the middle of the strip between the bleed and the page's bottom edge
    runs: list[TextRun] = text_runs(fitted, x=m + w / 2, y=y, cap_mm=cap, valign="middle", fill=(0, 0, 0, 255))
    return Scene(pw, ph, tuple(runs))


def drawn_pdf(pages: Sequence[PrintedPage], title: str, press: PressCondition | None = None) -> bytes:
    """The bytes of the PDF reportlab writes of ``pages``, in the colours of ``press`` (default:
    the default press condition, :mod:`kiosk.render.press`), before the PDF/X-4 pass."""
    if not pages:
        raise ValueError("a printed PDF needs at least one page")
    buffer = io.BytesIO()
    first = pages[0].page_mm
    c = new_canvas(buffer, (first[0] * PT_PER_MM, first[1] * PT_PER_MM))
    c.setTitle(title)
    with press_inks(c, cmyk_of(press or DEFAULT)):
        for page in pages:
            page.draw(c)
    c.save()
    return buffer.getvalue()


def sheet_pdf(pages: Sequence[PrintedPage], meta: DocMeta, press: PressCondition | None = None) -> bytes:
    """The bytes of a PDF of ``pages`` with the PDF/X-4 structure and ``meta``, drawn in the
    colours of ``press`` (default: the default press condition, :mod:`kiosk.render.press`)."""
    return finish_pdf(drawn_pdf(pages, meta.title, press), [p.boxes() for p in pages], meta, press)
