"""The PDF/X-4 structure of an exported sign, added with pikepdf to what reportlab wrote.

What is added (ISO 15930-7, the parts that can be checked in the file):

* every page's ``TrimBox`` (the finished size) and ``BleedBox`` (the trim plus the bleed),
  inside the ``MediaBox``;
* an output intent (``/S /GTS_PDFX``) with the bundled sRGB ICC profile embedded
  (``assets/icc/sRGB.icc``; the signs are drawn in RGB);
* ``GTS_PDFXVersion`` ``PDF/X-4`` and ``Trapped`` ``False`` in the document information and
  the same facts in XMP metadata (``pdfxid:GTS_PDFXVersion``, ``xmpMM:DocumentID``,
  ``xmpMM:VersionID``, ``xmpMM:RenditionClass``, dates), PDF version 1.6, no encryption;
* the document's metadata: title, table(s), sign kind(s), configuration version(s) and the
  time generated, in the information dictionary (``/KioskTable``, ``/KioskSignKind``,
  ``/KioskConfigVersion``, ``/KioskGenerated``) and in XMP (``kiosk:`` namespace).

Everything is derived from the inputs: the XMP packet is written here (no clock, no random
ids: the document id is a UUID made from the content) and the file id is computed from the
content (``deterministic_id``), so the same sign gives the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from xml.sax.saxutils import escape, quoteattr

import pikepdf

from kiosk.scene.resources import assets_dir

__all__ = ["DocMeta", "PageBoxes", "OUTPUT_CONDITION", "PDFX_VERSION", "KIOSK_NS", "finish_pdf", "srgb_profile"]

PDFX_VERSION = "PDF/X-4"
OUTPUT_CONDITION = "sRGB IEC61966-2.1"
KIOSK_NS = "http://ns.kiosk-signage.org/sign/1.0/"
_PRODUCER = "kiosk (reportlab, pikepdf)"


@cache
def srgb_profile() -> bytes:
    """The bundled sRGB ICC profile (see ``assets/icc/README.md``)."""
    return (assets_dir() / "icc" / "sRGB.icc").read_bytes()


@dataclass(frozen=True)
class PageBoxes:
    """One page's boxes in points: ``(x0, y0, x1, y1)``: the whole page, the trim plus the
    bleed, the trim."""

    media: tuple[float, float, float, float]
    bleed: tuple[float, float, float, float]
    trim: tuple[float, float, float, float]


@dataclass(frozen=True)
class DocMeta:
    """The document's metadata: ``tables``, ``kinds`` and ``config_versions`` in page order
    (without repeats); ``generated`` is the time generated (aware)."""

    title: str
    tables: tuple[str, ...]
    kinds: tuple[str, ...]
    config_versions: tuple[str, ...]
    generated: datetime


def _pdf_date(when: datetime) -> str:
    return when.astimezone(UTC).strftime("D:%Y%m%d%H%M%SZ")


def _xmp_date(when: datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _xmp(meta: DocMeta, document_id: str) -> bytes:
    date = _xmp_date(meta.generated)
    attrs = {
        "pdf:Producer": _PRODUCER,
        "pdf:Trapped": "False",
        "xmp:CreatorTool": "kiosk export",
        "xmp:CreateDate": date,
        "xmp:ModifyDate": date,
        "xmp:MetadataDate": date,
        "xmpMM:DocumentID": f"uuid:{document_id}",
        "xmpMM:InstanceID": f"uuid:{document_id}",
        "xmpMM:VersionID": "1",
        "xmpMM:RenditionClass": "default",
        "pdfxid:GTS_PDFXVersion": PDFX_VERSION,
        "kiosk:table": ", ".join(meta.tables),
        "kiosk:signKind": ", ".join(meta.kinds),
        "kiosk:configVersion": ", ".join(meta.config_versions),
        "kiosk:generated": date,
    }
    attr_text = "".join(f"\n    {k}={quoteattr(v)}" for k, v in attrs.items())
    packet = (
        '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
        '<x:xmpmeta xmlns:x="adobe:ns:meta/">\n'
        ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n'
        '  <rdf:Description rdf:about=""\n'
        '    xmlns:dc="http://purl.org/dc/elements/1.1/"\n'
        '    xmlns:xmp="http://ns.adobe.com/xap/1.0/"\n'
        '    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"\n'
        '    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"\n'
        '    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/"\n'
        f'    xmlns:kiosk="{KIOSK_NS}"{attr_text}>\n'
        "   <dc:format>application/pdf</dc:format>\n"
        f'   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(meta.title)}</rdf:li></rdf:Alt></dc:title>\n'
        "  </rdf:Description>\n"
        " </rdf:RDF>\n"
        "</x:xmpmeta>\n"
        '<?xpacket end="w"?>'
    )
    return packet.encode("utf-8")


def finish_pdf(raw: bytes, boxes: list[PageBoxes], meta: DocMeta) -> bytes:
    """The PDF ``raw`` (from reportlab) with the PDF/X-4 structure and metadata added."""
    with pikepdf.open(io.BytesIO(raw)) as pdf:
        if len(pdf.pages) != len(boxes):
            raise ValueError(f"{len(pdf.pages)} pages but {len(boxes)} page boxes")
        for page, box in zip(pdf.pages, boxes, strict=True):
            # one rounding for all three, so the bleed box never pokes out of the page
            page.obj.MediaBox = pikepdf.Array([round(v, 3) for v in box.media])
            page.obj.BleedBox = pikepdf.Array([round(v, 3) for v in box.bleed])
            page.obj.TrimBox = pikepdf.Array([round(v, 3) for v in box.trim])
            if "/CropBox" in page.obj:
                del page.obj.CropBox
        profile = pdf.make_stream(srgb_profile())
        profile.N = 3
        profile.Alternate = pikepdf.Name.DeviceRGB
        pdf.Root.OutputIntents = pikepdf.Array(
            [
                pikepdf.Dictionary(
                    Type=pikepdf.Name.OutputIntent,
                    S=pikepdf.Name.GTS_PDFX,
                    OutputConditionIdentifier=pikepdf.String(OUTPUT_CONDITION),
                    OutputCondition=pikepdf.String(OUTPUT_CONDITION),
                    RegistryName=pikepdf.String("http://www.color.org"),
                    Info=pikepdf.String(OUTPUT_CONDITION),
                    DestOutputProfile=profile,
                )
            ]
        )
        seed = hashlib.sha256(raw + repr(meta).encode("utf-8")).digest()
        document_id = str(uuid.UUID(bytes=seed[:16], version=5))
        xmp = pdf.make_stream(_xmp(meta, document_id))
        xmp.Type = pikepdf.Name.Metadata
        xmp.Subtype = pikepdf.Name.XML
        pdf.Root.Metadata = xmp
        date = _pdf_date(meta.generated)
        pdf.trailer.Info = pdf.make_indirect(
            pikepdf.Dictionary(
                Title=pikepdf.String(meta.title),
                Creator=pikepdf.String("kiosk export"),
                Producer=pikepdf.String(_PRODUCER),
                CreationDate=pikepdf.String(date),
                ModDate=pikepdf.String(date),
                Trapped=pikepdf.Name("/False"),
                GTS_PDFXVersion=pikepdf.String(PDFX_VERSION),
                KioskTable=pikepdf.String(", ".join(meta.tables)),
                KioskSignKind=pikepdf.String(", ".join(meta.kinds)),
                KioskConfigVersion=pikepdf.String(", ".join(meta.config_versions)),
                KioskGenerated=pikepdf.String(_xmp_date(meta.generated)),
            )
        )
        out = io.BytesIO()
        # reportlab's streams are already compressed: keep them as they are (no decode and
        # recompress), compress only the new ones (the ICC profile)
        pdf.save(
            out,
            deterministic_id=True,
            min_version="1.6",
            fix_metadata_version=False,
            compress_streams=True,
            stream_decode_level=pikepdf.StreamDecodeLevel.none,
            object_stream_mode=pikepdf.ObjectStreamMode.preserve,
        )
    return out.getvalue()
