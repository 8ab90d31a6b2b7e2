"""The one-page certificate of a past picture ("What was shown", :mod:`kiosk.views.console.shown`).

An A4 page, drawn with reportlab in the bundled faces like every other PDF of kiosk
(:mod:`kiosk.render.pdf`): the title and what was shown, the picture itself (the scene, vector,
scaled to the page's box with its millimetres in proportion), then each fact of the
:class:`~kiosk.views.console.shown.Certificate` - the moment in the casino's time and in UTC, the
sequence number, the audit record and head, the scene digest when there is one, the display's
report then - and the ``kiosk-checkpoint`` line with what ``kiosk audit verify`` proves with it.
The bytes depend on the certificate and the scene only (``invariant``), and the file appears
whole or not at all.
"""

from __future__ import annotations

import os
from pathlib import Path

from reportlab.lib.utils import simpleSplit

from kiosk.render.pdf import PT_PER_MM, draw_scene, new_canvas, register_face
from kiosk.scene.fonts import font_face
from kiosk.scene.primitives import Scene
from kiosk.views.console.shown import Certificate

__all__ = ["A4_MM", "write_certificate"]

A4_MM = (210.0, 297.0)
_MARGIN = 15.0  # mm
_LABEL_W = 48.0  # mm
_PICTURE_MAX_H = 105.0  # mm


def _mm(value: float) -> float:
    return value * PT_PER_MM


def write_certificate(certificate: Certificate, scene: Scene, path: Path | str) -> Path:
    """Write the certificate of ``scene`` to ``path`` (a PDF of one A4 page); returns the path."""
    path = Path(path)
    regular = register_face(font_face("sans", "regular"))
    bold = register_face(font_face("sans", "bold"))
    tmp = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        _draw(certificate, scene, tmp, regular, bold)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


def _draw(certificate: Certificate, scene: Scene, path: Path, regular: str, bold: str) -> None:
    c = new_canvas(path, (_mm(A4_MM[0]), _mm(A4_MM[1])))
    c.setTitle(f"{certificate.title}: {certificate.subject}")
    c.setSubject(certificate.checkpoint)
    c.setCreator("kiosk")
    width = A4_MM[0] - 2 * _MARGIN
    y = A4_MM[1] - _MARGIN  # mm from the bottom, going down
    c.setFont(bold, 18)
    y -= 7
    c.drawString(_mm(_MARGIN), _mm(y), certificate.title)
    c.setFont(regular, 11)
    y -= 6.5
    c.drawString(_mm(_MARGIN), _mm(y), certificate.subject)
    # the picture, in proportion, framed
    k = min(width / scene.width_mm, _PICTURE_MAX_H / scene.height_mm)
    w, h = scene.width_mm * k, scene.height_mm * k
    y -= 4 + h
    x = _MARGIN + (width - w) / 2
    c.saveState()
    c.translate(_mm(x), _mm(y))
    c.scale(k, k)
    draw_scene(c, scene)
    c.restoreState()
    c.setLineWidth(0.5)
    c.setStrokeColorRGB(0.4, 0.4, 0.4)
    c.rect(_mm(x), _mm(y), _mm(w), _mm(h), stroke=1, fill=0)
    c.setFont(regular, 7.5)
    y -= 3.5
    c.drawString(_mm(x), _mm(y), f"Shown here at {k:.2f} of its size; composed for the screen named below.")
    # the facts
    y -= 4
    size, leading = 9.0, 4.2  # pt, mm
    for label, value in certificate.lines:
        lines = simpleSplit(value, regular, size, _mm(width - _LABEL_W)) or [""]
        y -= leading
        c.setFont(bold, size)
        c.drawString(_mm(_MARGIN), _mm(y), label)
        c.setFont(regular, size)
        for i, line in enumerate(lines):
            if i:
                y -= leading
            c.drawString(_mm(_MARGIN + _LABEL_W), _mm(y), line)
    # the checkpoint and how to check it
    y -= 7
    c.setFont(bold, size)
    c.drawString(_mm(_MARGIN), _mm(y), "Checkpoint")
    c.setFont(regular, 7.5)
    for line in _split_anywhere(certificate.checkpoint, regular, 7.5, _mm(width)):
        y -= 3.6
        c.drawString(_mm(_MARGIN), _mm(y), line)
    y -= 2
    c.setFont(regular, size)
    for line in simpleSplit(certificate.verify, regular, size, _mm(width)):
        y -= leading
        c.drawString(_mm(_MARGIN), _mm(y), line)
    if y < _MARGIN:
        raise ValueError(f"the certificate of {certificate.subject} does not fit one page")
    c.showPage()
    c.save()


def _split_anywhere(text: str, font: str, size: float, width_pt: float) -> list[str]:
    """``text`` in lines no wider than ``width_pt``, broken between any two characters (a
    checkpoint line has no spaces; it is copied, not read)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    lines, line = [], ""
    for ch in text:
        if line and stringWidth(line + ch, font, size) > width_pt:
            lines.append(line)
            line = ""
        line += ch
    return [*lines, line] if line else lines
