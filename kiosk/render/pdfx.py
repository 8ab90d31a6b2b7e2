"""The PDF/X-4 structure of an exported sign, added with pikepdf to what reportlab wrote.

What is added (ISO 15930-7, the parts that can be checked in the file):

* every page's ``TrimBox`` (the finished size) and ``BleedBox`` (the trim plus the bleed),
  inside the ``MediaBox``;
* an output intent (``/S /GTS_PDFX``) of the press condition (:mod:`kiosk.render.press`) with
  its ICC profile embedded: by default the CMYK output profile FOGRA39 (the artwork was
  drawn in its CMYK; raster images are tagged ``ICCBased`` sRGB here), or sRGB;
* each embedded font subset named with a tag of its own (``ABCDEF+Andika``: six capital
  letters from a digest of the subset's font program, widths and character mapping), so
  different subsets never share a name, in one file or across files, and the same subset
  always has the same name (ISO 32000-1 9.6.4);
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
import zlib
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from xml.sax.saxutils import escape, quoteattr

import pikepdf

from kiosk.render.press import DEFAULT, PRESS_CONDITIONS, PressCondition

__all__ = ["DocMeta", "PageBoxes", "PDFX_VERSION", "KIOSK_NS", "finish_pdf", "srgb_profile"]

PDFX_VERSION = "PDF/X-4"
KIOSK_NS = "http://ns.kiosk-signage.org/sign/1.0/"
_PRODUCER = "kiosk (reportlab, pikepdf)"


def srgb_profile() -> bytes:
    """The bundled sRGB ICC profile (see ``assets/icc/README.md``), read once."""
    return PRESS_CONDITIONS["srgb"].profile()


@cache
def _deflated(data: bytes) -> bytes:
    """``data`` compressed for a ``/FlateDecode`` stream, once per process (an ICC profile:
    FOGRA39's 247 kB took half of a batch's PDF/X pass to compress again for every file)."""
    return zlib.compress(data)


def _profile_stream(pdf: pikepdf.Pdf, data: bytes, components: int, alternate: pikepdf.Name) -> pikepdf.Stream:
    """An ICC profile stream (``/N``, ``/Alternate``), compressed."""
    stream = pdf.make_stream(b"")
    stream.write(_deflated(data), filter=pikepdf.Name.FlateDecode)
    stream.N = components
    stream.Alternate = alternate
    return stream


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


def _subset_tag(data: bytes, taken: set[str]) -> str:
    """Six capital letters from a digest of ``data``, not one of ``taken``."""
    digest = hashlib.sha256(data).digest()
    for start in range(0, len(digest) - 5):
        tag = "".join(chr(ord("A") + b % 26) for b in digest[start : start + 6])
        if tag not in taken:
            return tag
    raise ValueError("no free font subset tag")  # 27 distinct digests in one file: not in practice


def _name_subsets(pdf: pikepdf.Pdf) -> None:
    """Give every embedded font subset (named by a six-letter tag, a plus and the font, as in
    ``ABCDEF+Andika``) a tag from what it is: its font program, widths and character mapping.
    reportlab names the n-th subset of a face the same in every file (``AAAAAA+``, ``AAAAAB+``...)
    whatever glyphs it holds; a RIP that imposes several files on one sheet may take two such fonts
    for one."""
    taken: set[str] = set()
    done: dict[tuple[int, int], str] = {}
    for font in pdf.objects:
        if not isinstance(font, pikepdf.Dictionary) or font.get("/Type") != pikepdf.Name.Font:
            continue
        descriptor = font.get("/FontDescriptor")
        if descriptor is None:
            continue
        name = str(descriptor.get("/FontName", ""))[1:]
        program = descriptor.get("/FontFile2") or descriptor.get("/FontFile3") or descriptor.get("/FontFile")
        if len(name) < 8 or name[6] != "+" or program is None:
            continue
        if descriptor.objgen not in done:
            mapping = font.get("/ToUnicode")
            content = b"\0".join(
                (
                    name[7:].encode("utf-8"),
                    program.read_bytes(),
                    repr([float(w) for w in font.get("/Widths", [])]).encode("ascii"),
                    b"" if mapping is None else mapping.read_bytes(),
                )
            )
            tag = _subset_tag(content, taken)
            taken.add(tag)
            done[descriptor.objgen] = f"{tag}+{name[7:]}"
            descriptor.FontName = pikepdf.Name("/" + done[descriptor.objgen])
        font.BaseFont = pikepdf.Name("/" + done[descriptor.objgen])


def _tag_rgb_images(pdf: pikepdf.Pdf, srgb: pikepdf.Object) -> None:
    """Raster images in DeviceRGB become ``[/ICCBased sRGB]`` (allowed under a CMYK intent)."""
    for obj in pdf.objects:
        if (
            isinstance(obj, pikepdf.Stream)
            and obj.get("/Subtype") == pikepdf.Name.Image
            and obj.get("/ColorSpace") == pikepdf.Name.DeviceRGB
        ):
            obj.ColorSpace = pikepdf.Array([pikepdf.Name.ICCBased, srgb])


def finish_pdf(raw: bytes, boxes: list[PageBoxes], meta: DocMeta, press: PressCondition | None = None) -> bytes:
    """The PDF ``raw`` (from reportlab) with the PDF/X-4 structure and metadata added, its
    output intent that of ``press`` (default :data:`~kiosk.render.press.DEFAULT_PRESS`)."""
    press = press or DEFAULT
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
        _name_subsets(pdf)
        alternate = pikepdf.Name.DeviceCMYK if press.components == 4 else pikepdf.Name.DeviceRGB
        profile = _profile_stream(pdf, press.profile(), press.components, alternate)
        if press.components == 4:
            _tag_rgb_images(pdf, _profile_stream(pdf, srgb_profile(), 3, pikepdf.Name.DeviceRGB))
        pdf.Root.OutputIntents = pikepdf.Array(
            [
                pikepdf.Dictionary(
                    Type=pikepdf.Name.OutputIntent,
                    S=pikepdf.Name.GTS_PDFX,
                    OutputConditionIdentifier=pikepdf.String(press.identifier),
                    OutputCondition=pikepdf.String(press.condition),
                    RegistryName=pikepdf.String(press.registry),
                    Info=pikepdf.String(press.condition),
                    DestOutputProfile=profile,
                )
            ]
        )
        seed = hashlib.sha256(raw + repr(meta).encode("utf-8") + press.key.encode("utf-8")).digest()
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
        # every stream is compressed already (reportlab's, the ICC profiles; the XMP packet stays
        # readable as text): written as it is, no stream decoded or compressed again
        pdf.save(
            out,
            deterministic_id=True,
            min_version="1.6",
            fix_metadata_version=False,
            compress_streams=False,
            stream_decode_level=pikepdf.StreamDecodeLevel.none,
            object_stream_mode=pikepdf.ObjectStreamMode.preserve,
        )
    return out.getvalue()
