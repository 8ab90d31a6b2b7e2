"""What a print shop gets from the export, read back from the real PDFs: each sign on the
smallest paper that holds it at 8 mm, the signs that fit written and the rest listed, the
artwork in the press's CMYK under a FOGRA39 output intent (or sRGB when asked), a slug line
outside the trim, and font subsets whose names are their own."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest

from kiosk.floor import load_floor
from kiosk.render.cloth import ClothSpec
from kiosk.render.cloth_export import export_cloths, plan_cloths
from kiosk.render.export import ExportError, compose_pages, export_signs, plan_signs
from kiosk.render.paper import AUTO_PAPERS, PAPERS, PageSpec, Paper, parse_paper
from kiosk.render.pdfx import DocMeta
from kiosk.render.press import PRESS_CONDITIONS, cmyk_of
from kiosk.render.sheet import SheetPage, sheet_pdf
from kiosk.scene.primitives import Scene
from kiosk.scene.text import text_runs
from kiosk.views.base import CasinoSettings
from kiosk.views.signs.source import states_from_floor
from kiosk.views.signs.typeset import BAND
from tests.fixtures.paths import ROOT
from tests.fixtures.sign_pdf import assert_pdfx_structure, page_text

GENERATED = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
NAVY = BAND[:3]


@pytest.fixture(scope="module")
def demo():
    floor = load_floor(ROOT / "assets" / "demo_floor.toml")
    tables, links = states_from_floor(floor)
    return plan_signs(tables, links, timezone_=floor.casino.timezone)


def _fits(job, paper: str, orientation: str) -> bool:
    w, h = PAPERS[paper]
    try:
        compose_pages(job, PageSpec(Paper(paper, w, h), orientation, crop_marks=True))
    except ExportError:
        return False
    return True


def test_auto_puts_every_sign_on_the_smallest_paper_that_holds_it(demo, tmp_path):
    spec = PageSpec(parse_paper(AUTO_PAPERS[0]), crop_marks=True)
    result = export_signs(demo, spec, tmp_path, batch=False, generated=GENERATED, papers=AUTO_PAPERS)
    assert result.refused == []
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["page"]["paper"] == "auto" and manifest["page"]["papers"] == list(AUTO_PAPERS)
    by_sign = {(s["table"], s["kind"]): s for s in manifest["signs"]}
    assert len(by_sign) == len(demo) and all(s["written"] for s in by_sign.values())
    on = {s["paper"] for s in by_sign.values()}
    assert on == {"A4", "A3"}  # most on A4; those that need more on A3
    for job in demo:
        entry = by_sign[(job.table_id, job.kind)]
        index = AUTO_PAPERS.index(entry["paper"])
        # it fits where it is, and on no smaller paper of the list in either orientation
        assert _fits(job, entry["paper"], entry["orientation"])
        for smaller in AUTO_PAPERS[:index]:
            assert not _fits(job, smaller, "portrait") and not _fits(job, smaller, "landscape"), job.file_name
        with pikepdf.open(tmp_path / job.file_name) as pdf:
            trim = [float(v) / (72 / 25.4) for v in pdf.pages[0].obj.TrimBox]
            w, h = PAPERS[entry["paper"]]
            size = (w, h) if entry["orientation"] == "portrait" else (h, w)
            assert (trim[2] - trim[0], trim[3] - trim[1]) == pytest.approx(size, abs=0.01)


def test_a_sign_no_paper_holds_is_listed_and_the_rest_are_written(demo, tmp_path):
    spec = PageSpec(parse_paper("A4"), crop_marks=True)
    result = export_signs(demo, spec, tmp_path / "out", batch=False, generated=GENERATED)
    need_more = [job for job in demo if not _fits(job, "A4", "portrait")]
    assert need_more, "the demo floor has signs that need more than A4"
    assert len(result.refused) == len(need_more)
    for job, line in zip(need_more, result.refused, strict=True):
        assert "\n" not in line and f"table {job.table_id}: sign {job.kind}" in line
        assert "the smallest paper that fits is A3" in line
    written = sorted(p.name for p in (tmp_path / "out").glob("*.pdf"))
    assert written == sorted(job.file_name for job in demo if job not in need_more)
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert [(n["table"], n["kind"]) for n in manifest["not_written"]] == [(j.table_id, j.kind) for j in need_more]
    # strict: nothing at all
    with pytest.raises(ExportError, match="smallest paper that fits is A3"):
        export_signs(demo, spec, tmp_path / "strict", batch=False, generated=GENERATED, strict=True)
    assert not (tmp_path / "strict").exists()


def _colour_operators(pdf: pikepdf.Pdf) -> set[str]:
    ops = set()
    for page in pdf.pages:
        for _operands, operator in pikepdf.parse_content_stream(page):
            ops.add(str(operator))
    return ops


def _cmyk_fills(pdf: pikepdf.Pdf) -> set[tuple[float, ...]]:
    fills = set()
    for page in pdf.pages:
        for operands, operator in pikepdf.parse_content_stream(page):
            if str(operator) == "k":
                fills.add(tuple(round(float(v), 3) for v in operands))
    return fills


def test_the_press_condition_is_cmyk_fogra39_and_srgb_on_request(demo, tmp_path):
    job = next(j for j in demo if j.table_id == "BJ-01" and j.kind == "limits")
    spec = PageSpec(parse_paper("A4"), crop_marks=True)
    export_signs([job], spec, tmp_path / "cmyk", batch=False, generated=GENERATED)
    with assert_pdfx_structure(tmp_path / "cmyk" / job.file_name) as pdf:
        profile = pdf.Root.OutputIntents[0].DestOutputProfile
        assert int(profile.N) == 4 and profile.read_bytes()[12:20] == b"prtrCMYK"
        # every stream stored compressed and binary (the profile deflated once per process, no
        # ASCII85 layer), but the XMP packet, plain text
        for stream in (o for o in pdf.objects if isinstance(o, pikepdf.Stream)):
            filters = stream.get("/Filter")
            if stream.get("/Type") == pikepdf.Name.Metadata:
                assert filters is None
            else:
                assert filters in (pikepdf.Name.FlateDecode, pikepdf.Array([pikepdf.Name.FlateDecode]))
        assert len(profile.read_raw_bytes()) < len(profile.read_bytes())
        assert "FOGRA39" in str(pdf.Root.OutputIntents[0].OutputCondition)
        ops = _colour_operators(pdf)
        assert not ops & {"rg", "RG"} and {"k", "K"} <= ops
        fills = _cmyk_fills(pdf)
        navy = tuple(round(v, 3) for v in cmyk_of(PRESS_CONDITIONS["fogra39"])(NAVY))  # type: ignore[misc]
        assert navy in fills  # the band, converted through the press profile
        assert (0.0, 0.0, 0.0, 1.0) in fills  # black text on black ink alone
    srgb = PRESS_CONDITIONS["srgb"]
    export_signs([job], spec, tmp_path / "rgb", batch=False, generated=GENERATED, press=srgb)
    with assert_pdfx_structure(tmp_path / "rgb" / job.file_name, srgb) as pdf:
        assert int(pdf.Root.OutputIntents[0].DestOutputProfile.N) == 3
        assert "rg" in _colour_operators(pdf) and "k" not in _colour_operators(pdf)
    manifest = json.loads((tmp_path / "rgb" / "manifest.json").read_text())
    assert manifest["page"]["press"] == "srgb"


def _inside_bleed(page: pdfium.PdfPage) -> np.ndarray:
    """The page rasterised at 100 dpi, cropped to its BleedBox (the slug line is outside)."""
    left, bottom, right, top = page.get_bleedbox()
    width, height = page.get_size()
    crop = (left, bottom, width - right, height - top)
    return page.render(scale=100 / 72, crop=crop).to_numpy()


def test_a_page_of_a_batch_is_the_page_of_the_sign_s_own_file(demo, tmp_path):
    """A batch draws, subsets its fonts and is finished once for all its pages: each page reads
    and rasterises the same as in the sign's own file (inside the bleed: the slug line names
    the file)."""
    jobs = demo[:3] + [j for j in demo if len(j.contents) > 1][:1]
    spec = PageSpec(parse_paper("A4"), crop_marks=True)
    export_signs(jobs, spec, tmp_path / "batch.pdf", batch=True, generated=GENERATED)
    export_signs(jobs, spec, tmp_path / "files", batch=False, generated=GENERATED)
    batch = pdfium.PdfDocument(tmp_path / "batch.pdf")
    pages = iter(batch)
    for job in jobs:
        own = pdfium.PdfDocument(tmp_path / "files" / job.file_name)
        for page in own:
            in_batch = next(pages)
            assert page_text(in_batch, trim_only=True) == page_text(page, trim_only=True) != ""
            raster = _inside_bleed(page)
            assert raster.std() > 0 and np.array_equal(_inside_bleed(in_batch), raster), job.file_name
        own.close()
    assert next(pages, None) is None
    batch.close()


def test_a_picture_is_tagged_srgb_under_the_cmyk_intent(tmp_path):
    """The cloths carry the casino's logo and event medallions as pictures: their RGB pixels
    are kept, in an ICC-based sRGB colour space (allowed under any PDF/X-4 intent)."""
    floor = load_floor(ROOT / "assets" / "demo_floor.toml")
    tables, _links = states_from_floor(floor)
    jobs = plan_cloths(tables, CasinoSettings.from_floor(floor))
    export_cloths(jobs, ClothSpec(None), tmp_path / "cloths.pdf", batch=True, generated=GENERATED)
    with assert_pdfx_structure(tmp_path / "cloths.pdf") as pdf:
        images = [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"]
        colour = [i for i in images if i.get("/ColorSpace") != pikepdf.Name.DeviceGray]
        assert colour, "no picture on the demo cloths: the tagging of pictures is not exercised"
        for image in colour:
            space = image.ColorSpace
            assert isinstance(space, pikepdf.Array) and space[0] == pikepdf.Name.ICCBased
            assert int(space[1].N) == 3 and space[1].read_bytes() == PRESS_CONDITIONS["srgb"].profile()


def test_the_slug_line_names_the_file_table_sign_configuration_and_date(demo, tmp_path):
    job = next(j for j in demo if j.table_id == "BJ-01" and j.kind == "limits")
    spec = PageSpec(parse_paper("A4"), crop_marks=True)
    export_signs([job], spec, tmp_path, batch=False, generated=GENERATED)
    doc = pdfium.PdfDocument(tmp_path / job.file_name)
    page = doc[0]
    media = page.get_mediabox()
    bleed = page.get_bleedbox()
    textpage = page.get_textpage()
    slug = textpage.get_text_bounded(media[0], media[1], media[2], bleed[1])  # under the bleed
    for i in range(textpage.count_chars()):
        left, bottom, right, top = textpage.get_charbox(i)
        if textpage.get_text_range(i, 1).strip() and top < bleed[3] and bottom < bleed[1]:
            assert top <= bleed[1] and bottom >= media[1] and left >= media[0] and right <= media[2]
    textpage.close()
    doc.close()
    for needle in (
        job.file_name,
        "table BJ-01",
        "sign limits",
        f"configuration {job.config_version}",
        "2026-11-30 09:00",
    ):
        assert needle in slug, (needle, slug)
    # not on a page without crop marks (no slug area): the sign's words only
    export_signs([job], PageSpec(parse_paper("A4")), tmp_path / "plain", batch=False, generated=GENERATED)
    doc = pdfium.PdfDocument(tmp_path / "plain" / job.file_name)
    assert job.file_name not in page_text(doc[0])
    doc.close()


def _subsets(path) -> dict[str, bytes]:
    """``{subset name: its program, widths and character mapping}`` of a PDF."""
    out = {}
    with pikepdf.open(path) as pdf:
        for font in pdf.objects:
            if isinstance(font, pikepdf.Dictionary) and font.get("/Type") == pikepdf.Name.Font:
                descriptor = font.FontDescriptor
                content = descriptor.FontFile2.read_bytes() + repr(list(font.Widths)).encode()
                content += font.ToUnicode.read_bytes()
                assert str(font.BaseFont) == str(descriptor.FontName)
                out[str(font.BaseFont)[1:]] = content
    return out


def _text_pdf(path, text: str) -> None:
    scene = Scene(200, 100, tuple(text_runs(text, x=100, y=50, cap_mm=8, fill=(0, 0, 0, 255))))
    page = SheetPage(PageSpec(Paper("200x100mm", 200, 100), bleed_mm=0), scene)
    meta = DocMeta("subsets", ("T",), ("test",), ("1-0",), GENERATED)
    path.write_bytes(sheet_pdf([page], meta))


def test_each_font_subset_has_a_name_of_its_own(demo, tmp_path):
    """reportlab names a face's n-th subset alike in every file (AAAAAA+, AAAAAB+): letters
    beyond ASCII take the codes after it in the order they first appear, so two files with
    different letters had two different fonts under one name."""
    _text_pdf(tmp_path / "a.pdf", "Café Müller Señor")
    _text_pdf(tmp_path / "b.pdf", "Señor Müller Café")
    _text_pdf(tmp_path / "again.pdf", "Café Müller Señor")
    # more than 256 different letters: three subsets of one face in one file
    many = "".join(chr(c) for c in range(0x00C0, 0x024F) if chr(c).isalpha())
    _text_pdf(tmp_path / "many.pdf", " ".join(many[i : i + 30] for i in range(0, len(many), 30)))
    export_signs(demo[:4], PageSpec(parse_paper("A3")), tmp_path / "signs", batch=False, generated=GENERATED)
    seen: dict[str, bytes] = {}
    files = [tmp_path / n for n in ("a.pdf", "b.pdf", "many.pdf")] + sorted((tmp_path / "signs").glob("*.pdf"))
    for path in files:
        subsets = _subsets(path)
        for name, content in subsets.items():
            assert re.fullmatch(r"[A-Z]{6}\+Andika(-Bold)?", name), name
            # one name, one subset: in a file and across files
            assert seen.setdefault(name, content) == content, (path.name, name)
    a, b, many_subsets = _subsets(tmp_path / "a.pdf"), _subsets(tmp_path / "b.pdf"), _subsets(tmp_path / "many.pdf")
    assert len(a) == len(b) == 1 and set(a) != set(b)  # the accented letters in another order
    assert len(many_subsets) >= 2 and len(set(many_subsets)) == len(many_subsets)
    assert _subsets(tmp_path / "again.pdf") == a  # the same subset, the same name
