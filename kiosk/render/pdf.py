"""The reportlab painter: draw a :class:`~kiosk.scene.primitives.Scene` on a PDF canvas at 1:1.

One millimetre is ``72 / 25.4`` points; the scene's y axis (down) is flipped to PDF's (up) by
one transform, and text and images are flipped back locally so they read the right way up.
Fonts are the bundled TrueType files, registered with reportlab and embedded (subset) in the
PDF; glyph positions are the same advance widths the Qt painter uses, so both agree.
``rl_config.invariant = 1`` makes the output byte-identical from run to run; ``useA85 = 0``
keeps compressed streams binary (no ASCII85 layer: a quarter smaller, nothing to undo later).

Colours are the scene's sRGB; a canvas given an ink (:func:`press_inks`, for a CMYK press
condition of :mod:`kiosk.render.press`) paints each colour as the press's CMYK instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path as FilePath

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.pdfgen.canvas import FILL_NON_ZERO  # type: ignore[attr-defined]  # missing from types-reportlab

from kiosk.render.press import Ink
from kiosk.scene.fonts import FontFace, font_face
from kiosk.scene.primitives import Clipped, Colour, Image, Path, Scene, Shape, TextRun

__all__ = [
    "PT_PER_MM",
    "register_face",
    "new_canvas",
    "draw_scene",
    "render_pdf",
    "press_inks",
    "set_fill",
    "set_stroke",
]

rl_config.invariant = 1
rl_config.useA85 = 0

PT_PER_MM = 72 / 25.4
_registered: set[str] = set()


def register_face(face: FontFace) -> str:
    """Register a bundled face with reportlab (once); returns the name to ``setFont`` with."""
    if face.key not in _registered:
        pdfmetrics.registerFont(TTFont(face.key, str(face.path)))
        _registered.add(face.key)
    return face.key


_INKS: dict[int, Ink] = {}  # id(canvas) -> its sRGB-to-CMYK conversion, while it is drawn


@contextmanager
def press_inks(c: rl_canvas.Canvas, ink: Ink | None) -> Iterator[None]:
    """While inside, every colour drawn on ``c`` is converted by ``ink`` (``None``: as it is)."""
    if ink is None:
        yield
        return
    _INKS[id(c)] = ink
    try:
        yield
    finally:
        _INKS.pop(id(c), None)


def set_fill(c: rl_canvas.Canvas, colour: Colour) -> None:
    """The fill colour, in the canvas's ink (:func:`press_inks`) or sRGB."""
    ink = _INKS.get(id(c))
    if ink is not None:
        c.setFillColorCMYK(*ink((colour[0], colour[1], colour[2])), alpha=colour[3] / 255)
    else:
        c.setFillColorRGB(colour[0] / 255, colour[1] / 255, colour[2] / 255, alpha=colour[3] / 255)


def set_stroke(c: rl_canvas.Canvas, colour: Colour) -> None:
    """The stroke colour, in the canvas's ink (:func:`press_inks`) or sRGB."""
    ink = _INKS.get(id(c))
    if ink is not None:
        c.setStrokeColorCMYK(*ink((colour[0], colour[1], colour[2])), alpha=colour[3] / 255)
    else:
        c.setStrokeColorRGB(colour[0] / 255, colour[1] / 255, colour[2] / 255, alpha=colour[3] / 255)


_fill, _stroke = set_fill, set_stroke


def _rl_path(c: rl_canvas.Canvas, path: Path):
    p = c.beginPath()
    for sub in path.subpaths:
        p.moveTo(sub.start[0], sub.start[1])
        for seg in sub.segments:
            if seg[0] == "L":
                p.lineTo(seg[1], seg[2])
            else:
                p.curveTo(seg[1], seg[2], seg[3], seg[4], seg[5], seg[6])
        if sub.closed:
            p.close()
    return p


def _draw_shape(c: rl_canvas.Canvas, shape: Shape) -> None:
    do_fill = shape.fill is not None and shape.fill[3] > 0
    do_stroke = shape.stroke is not None and shape.stroke[3] > 0 and shape.stroke_mm > 0
    if not (do_fill or do_stroke):
        return
    if do_fill:
        _fill(c, shape.fill)  # type: ignore[arg-type]
    if do_stroke:
        _stroke(c, shape.stroke)  # type: ignore[arg-type]
        c.setLineWidth(shape.stroke_mm)
        c.setDash(list(shape.dash_mm) if shape.dash_mm else [], 0)
    # fill and stroke are painted separately (as Qt does): a translucent stroke over its own
    # fill then looks the same in both painters
    if do_fill:
        c.drawPath(_rl_path(c, shape.path), stroke=0, fill=1, fillMode=FILL_NON_ZERO)
    if do_stroke:
        c.drawPath(_rl_path(c, shape.path), stroke=1, fill=0)


def _draw_text(c: rl_canvas.Canvas, run: TextRun) -> None:
    if not run.text:
        return
    name = register_face(run.face)
    if not run.rotate_deg:
        # the text matrix flips the glyphs upright on the y-down page: no graphics state to save
        _fill(c, run.fill)
        text = c.beginText()
        text.setTextTransform(1, 0, 0, -1, run.x, run.y)
        text.setFont(name, run.size_mm)
        text.textOut(run.text)
        c.drawText(text)
        return
    c.saveState()
    if run.rotate_deg:
        ox, oy = run.origin
        c.translate(ox, oy)
        c.rotate(-run.rotate_deg)  # counter-clockwise on the y-down page
        c.translate(-ox, -oy)
    c.translate(run.x, run.y)
    c.scale(1, -1)
    _fill(c, run.fill)
    c.setFont(name, run.size_mm)
    c.drawString(0, 0, run.text)
    c.restoreState()


def _draw_image(c: rl_canvas.Canvas, img: Image) -> None:
    c.saveState()
    c.translate(img.x, img.y + img.h)
    c.scale(1, -1)
    c.drawImage(str(img.source), 0, 0, img.w, img.h, mask="auto", preserveAspectRatio=True, anchor="c")
    c.restoreState()


def _draw_items(c: rl_canvas.Canvas, items) -> None:
    for item in items:
        if isinstance(item, Shape):
            _draw_shape(c, item)
        elif isinstance(item, TextRun):
            _draw_text(c, item)
        elif isinstance(item, Clipped):
            c.saveState()
            c.clipPath(_rl_path(c, item.clip), stroke=0, fill=0, fillMode=FILL_NON_ZERO)
            _draw_items(c, item.items)
            c.restoreState()
        elif isinstance(item, Image):
            _draw_image(c, item)
        else:
            raise TypeError(f"not a scene primitive: {item!r}")


def draw_scene(c: rl_canvas.Canvas, scene: Scene, x_pt: float = 0.0, y_pt: float = 0.0) -> None:
    """Draw ``scene`` at true size with its bottom-left corner at ``(x_pt, y_pt)`` on the page."""
    c.saveState()
    c.setLineCap(0)  # butt, as the Qt painter's flat cap
    c.setLineJoin(1)  # round, as the Qt painter
    # mm, origin at the scene's top-left, y down
    c.transform(PT_PER_MM, 0, 0, -PT_PER_MM, x_pt, y_pt + scene.height_mm * PT_PER_MM)
    page = c.beginPath()
    page.rect(0, 0, scene.width_mm, scene.height_mm)
    c.clipPath(page, stroke=0, fill=0)
    if scene.background is not None:
        _fill(c, scene.background)
        c.rect(0, 0, scene.width_mm, scene.height_mm, stroke=0, fill=1)
    _draw_items(c, scene.items)
    c.restoreState()


def new_canvas(path, pagesize_pt: tuple[float, float]) -> rl_canvas.Canvas:
    """A reportlab canvas for kiosk output: reproducible bytes, compressed, and its initial font
    the bundled regular face, so the PDF names no unembedded base-14 font (Helvetica).
    ``path`` is a file name or a binary file object."""
    initial = register_face(font_face("sans", "regular"))
    return rl_canvas.Canvas(
        path if hasattr(path, "write") else str(path),
        pagesize=pagesize_pt,
        invariant=1,
        pageCompression=1,
        initialFontName=initial,  # type: ignore[arg-type]  # types-reportlab says float; it is a font name
        initialFontSize=10,
    )


def render_pdf(scene: Scene, path: str | FilePath, title: str = "kiosk scene") -> FilePath:
    """Write ``scene`` as a one-page PDF exactly the scene's size (no scaling); returns the path."""
    path = FilePath(path)
    size = (scene.width_mm * PT_PER_MM, scene.height_mm * PT_PER_MM)
    c = new_canvas(path, size)
    c.setTitle(title)
    c.setCreator("kiosk")
    draw_scene(c, scene)
    c.showPage()
    c.save()
    return path
