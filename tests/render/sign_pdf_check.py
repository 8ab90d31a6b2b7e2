"""Reading exported sign PDFs back: structure with pikepdf, text and ink with pypdfium2.

Ink is measured on a 600 dpi raster of each text line (pdfium renders only that strip of the
page, so a page costs a few small bitmaps, not one 70-megapixel A3): for every letter and
digit, the rows of its box (widened by 1.5 mm above and below) whose pixels differ from the
strip's background colour by more than half the contrast of the darkest ink.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2 as pdfium

MM = 72 / 25.4
DPI = 600
_PAD_MM = 1.5


def mm_box(box) -> tuple[float, ...]:
    return tuple(round(float(v) / MM, 2) for v in box)


def words(text: str) -> Counter:
    return Counter(re.findall(r"\S+", text))


def page_text(page: pdfium.PdfPage) -> str:
    textpage = page.get_textpage()
    try:
        return textpage.get_text_range()
    finally:
        textpage.close()


def ink_heights(page: pdfium.PdfPage) -> list[tuple[str, float]]:
    """``(character, ink height in mm)`` of every letter and digit on the page."""
    textpage = page.get_textpage()
    out: list[tuple[str, float]] = []
    try:
        width_pt, height_pt = page.get_size()
        scale = DPI / 72
        n = textpage.count_chars()
        chars = []
        for i in range(n):
            ch = textpage.get_text_range(i, 1)
            if not ch.isalnum():
                continue
            left, bottom, right, top = textpage.get_charbox(i)
            chars.append((ch, left, bottom, right, top))
        # one strip per line of text: chars whose boxes share a vertical band
        chars.sort(key=lambda c: (-c[4], c[1]))
        strips: list[list[tuple]] = []
        for c in chars:
            if strips and abs(strips[-1][0][4] - c[4]) < 0.5 and abs(strips[-1][0][2] - c[2]) < 0.5 * (c[4] - c[2]):
                strips[-1].append(c)
            else:
                strips.append([c])
        pad = _PAD_MM * MM
        for strip in strips:
            x0 = max(0.0, min(c[1] for c in strip) - pad)
            x1 = min(width_pt, max(c[3] for c in strip) + pad)
            y0 = max(0.0, min(c[2] for c in strip) - pad)
            y1 = min(height_pt, max(c[4] for c in strip) + pad)
            bitmap = page.render(scale=scale, crop=(x0, y0, width_pt - x1, height_pt - y1), grayscale=True)
            img = bitmap.to_numpy().astype(np.int16)
            if img.ndim == 3:
                img = img[..., 0]
            background = int(np.bincount(img.ravel(), minlength=256).argmax())
            contrast = np.abs(img - background)
            threshold = max(40, int(contrast.max()) // 2)
            for ch, left, bottom, right, top in strip:
                # pixel rows and columns of the char's box within the strip (y down in the bitmap)
                c0 = int((left - x0) * scale)
                c1 = max(c0 + 1, int((right - x0) * scale))
                r0 = max(0, int((y1 - top - pad) * scale))
                r1 = min(img.shape[0], int((y1 - bottom + pad) * scale))
                cols = contrast[r0:r1, c0:c1]
                rows = np.nonzero((cols > threshold).any(axis=1))[0]
                height = 0.0 if rows.size == 0 else (rows[-1] - rows[0] + 1) / scale / MM
                out.append((ch, height))
    finally:
        textpage.close()
    return out


def assert_pdfx_structure(path: Path, icc: bytes) -> pikepdf.Pdf:
    """The PDF/X-4 structure that can be checked in the file (open pdf returned)."""
    pdf = pikepdf.open(path)
    assert not pdf.is_encrypted
    assert pdf.pdf_version >= "1.6"
    intents = pdf.Root.OutputIntents
    assert len(intents) == 1
    intent = intents[0]
    assert intent.S == pikepdf.Name.GTS_PDFX
    assert str(intent.OutputConditionIdentifier) == "sRGB IEC61966-2.1"
    profile = intent.DestOutputProfile
    assert int(profile.N) == 3 and profile.read_bytes() == icc
    info = pdf.trailer.Info
    assert str(info.GTS_PDFXVersion) == "PDF/X-4" and info.Trapped == pikepdf.Name("/False")
    xmp = pdf.Root.Metadata.read_bytes().decode("utf-8")
    assert 'pdfxid:GTS_PDFXVersion="PDF/X-4"' in xmp and "xmpMM:DocumentID=" in xmp
    assert "xmpMM:VersionID=" in xmp and "xmpMM:RenditionClass=" in xmp
    for page in pdf.pages:
        media = [float(v) for v in page.MediaBox]
        bleed = [float(v) for v in page.obj.BleedBox]
        trim = [float(v) for v in page.obj.TrimBox]
        assert media[0] <= bleed[0] <= trim[0] and media[1] <= bleed[1] <= trim[1]
        assert trim[2] <= bleed[2] <= media[2] and trim[3] <= bleed[3] <= media[3]
        for name, font in page.Resources.Font.items():
            if font.Subtype == pikepdf.Name.Type0:
                descriptor = font.DescendantFonts[0].FontDescriptor
            else:
                descriptor = font.FontDescriptor
            assert "/FontFile2" in descriptor, f"font {name} is not embedded"
    return pdf
