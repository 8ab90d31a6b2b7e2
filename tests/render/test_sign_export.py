"""Every sign of the demo floor on every paper, read back from the PDF: page size, boxes,
output intent, embedded fonts, metadata, the text equal to the configuration, and the ink of
every letter and digit at least 8 mm on a 600 dpi raster; a sign that does not fit a paper is
refused naming the sign, the text and the smallest paper that does."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from datetime import UTC, datetime

import pikepdf
import pypdfium2 as pdfium
import pytest

from kiosk.floor import load_floor
from kiosk.floor.signs import SIGN_KINDS
from kiosk.render.export import ExportError, compose_pages, export_signs, plan_signs
from kiosk.render.paper import FOLD_CLEAR_MM, PAPERS, PageSpec, parse_paper
from kiosk.views.signs.source import states_from_floor
from tests.fixtures.paths import ROOT
from tests.fixtures.sign_pdf import assert_pdfx_structure, ink_heights, mm_box, page_text, words

GENERATED = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def demo():
    """The demo floor's signs, and the kinds no demo table prints (manila commission, the
    Caribbean bet payment odds, and the jackpot meter of a prize that does not grow: every demo
    jackpot grows, docs/readings.md A-32), so every kind of the catalogue is printed."""
    floor = load_floor(ROOT / "assets" / "demo_floor.toml")
    tables, links = states_from_floor(floor)
    tz = floor.casino.timezone
    jobs = plan_signs(tables, links, timezone_=tz)
    jobs += plan_signs(tables, links, table_ids=["MP-01"], kinds=["commission"], timezone_=tz)
    jobs += plan_signs(tables, links, table_ids=["CSP-01"], kinds=["bet_paytable"], timezone_=tz)
    own = tables["CSP-04"]["link_id"]
    fixed = {**links, own: {**links[own], "meter": {**links[own]["meter"], "rate_bp": 0}}}
    jobs += plan_signs(tables, fixed, table_ids=["CSP-04"], kinds=["jackpot_meter"], timezone_=tz)
    return floor, tables, links, jobs


def test_every_kind_of_the_catalogue_is_printed(demo):
    assert {job.kind for job in demo[3]} == set(SIGN_KINDS)


def _expected_words(job) -> Counter:
    out = Counter()
    for content in job.contents:
        for text in content.texts():
            out += words(text)
    return out


@pytest.mark.parametrize("paper", list(PAPERS))
def test_every_sign_on_every_paper(demo, paper, tmp_path):
    _floor, _tables, _links, jobs = demo
    spec = PageSpec(parse_paper(paper), crop_marks=True)
    fitting = []
    for job in jobs:
        try:
            compose_pages(job, spec)
        except ExportError as exc:
            message = str(exc)
            assert "\n" not in message and job.table_id in message and f"sign {job.kind}" in message
            assert "smallest paper that fits is" in message or "no paper up to A0 fits" in message
            if "smallest paper that fits is" in message:
                named = message.split("--paper ")[1].split(" ")[0]
                orientation = message.split("--orientation ")[1].rstrip(")")
                compose_pages(job, PageSpec(parse_paper(named), orientation, crop_marks=True))  # it does fit
            continue
        fitting.append(job)
    if paper == "A3":
        assert len(fitting) == len(jobs)  # every demo sign fits A3
    assert fitting, f"no demo sign fits {paper}"
    out = tmp_path / "batch.pdf"
    export_signs(fitting, spec, out, batch=True, generated=GENERATED)
    assert_pdfx_structure(out).close()
    doc = pdfium.PdfDocument(out)
    try:
        w, h = spec.trim_mm
        m = spec.margin_mm
        pages = [(job, i) for job in fitting for i in range(len(job.contents))]
        assert len(doc) == len(pages)
        with pikepdf.open(out) as pdf:
            for page in pdf.pages:
                assert mm_box(page.MediaBox) == pytest.approx((0, 0, w + 2 * m, h + 2 * m), abs=0.01)
                assert mm_box(page.obj.TrimBox) == pytest.approx((m, m, m + w, m + h), abs=0.01)
                assert mm_box(page.obj.BleedBox) == pytest.approx((m - 3, m - 3, m + w + 3, m + h + 3), abs=0.01)
        short = []
        for index, (job, page_no) in enumerate(pages):
            page = doc[index]
            expected = Counter()
            for text in job.contents[page_no].texts():
                expected += words(text)
            assert words(page_text(page, trim_only=True)) == expected, (job.table_id, job.kind)
            for ch, height in ink_heights(page, trim_only=True):
                if height < 8.0 - 0.05:
                    short.append((job.table_id, job.kind, ch, round(height, 2)))
        assert not short, short[:10]
    finally:
        doc.close()


def test_one_file_per_sign_metadata_manifest_and_same_bytes(demo, tmp_path):
    _floor, tables, _links, jobs = demo
    spec = PageSpec(parse_paper("A3"), crop_marks=True)
    first, second = tmp_path / "one", tmp_path / "two"
    result = export_signs(jobs, spec, first, batch=False, generated=GENERATED)
    export_signs(jobs, spec, second, batch=False, generated=GENERATED)
    manifest = json.loads((first / "manifest.json").read_text())
    assert manifest["format"] == "kiosk-export/1" and len(manifest["signs"]) == len(jobs) == len(result.files)
    assert [(s["table"], s["kind"]) for s in manifest["signs"]] == [(j.table_id, j.kind) for j in jobs]
    for entry in manifest["signs"]:
        data = (first / entry["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]
        assert data == (second / entry["file"]).read_bytes()  # byte-identical re-export
        assert entry["config_version"].startswith(f"{tables[entry['table']]['version']}-")
    job = next(j for j in jobs if j.table_id == "BJ-01" and j.kind == "limits")
    with assert_pdfx_structure(first / job.file_name) as pdf:
        info = pdf.trailer.Info
        assert str(info.Title) == "Table limits - Blackjack (BJ-01)"
        assert str(info.KioskTable) == "BJ-01" and str(info.KioskSignKind) == "limits"
        assert str(info.KioskConfigVersion) == job.config_version
        assert str(info.KioskGenerated) == "2026-11-30T09:00:00Z" and str(info.CreationDate) == "D:20261130090000Z"
        xmp = pdf.Root.Metadata.read_bytes().decode()
        assert 'kiosk:table="BJ-01"' in xmp and 'kiosk:signKind="limits"' in xmp
        assert 'xmp:CreateDate="2026-11-30T09:00:00Z"' in xmp
    # the dark band runs on into the bleed, the marks stay outside it
    doc = pdfium.PdfDocument(first / job.file_name)
    img = doc[0].render(scale=150 / 72, grayscale=True).to_numpy()
    doc.close()
    px, m = 150 / 25.4, spec.margin_mm
    assert img[int((m - 2.5) * px) : int((m - 0.5) * px), int((m + 50) * px)].max() < 120
    assert img[: int((m - 3.5) * px), int((m + 20) * px) : int((m + 200) * px)].min() > 200
    # a different time generated changes the bytes (and only that)
    third = tmp_path / "three"
    export_signs([job], spec, third, batch=False, generated=datetime(2026, 12, 1, tzinfo=UTC))
    assert (third / job.file_name).read_bytes() != (first / job.file_name).read_bytes()


def test_tent_landscape_and_crop_marks(demo, tmp_path):
    _floor, _tables, _links, jobs = demo
    job = next(j for j in jobs if j.table_id == "BJ-01" and j.kind == "limits")
    spec = PageSpec(parse_paper("A3"), "landscape", tent=True, crop_marks=True)
    export_signs([job], spec, tmp_path, batch=False, generated=GENERATED)
    path = tmp_path / job.file_name
    with assert_pdfx_structure(path) as pdf:
        assert mm_box(pdf.pages[0].obj.TrimBox)[2:] == pytest.approx(
            (spec.margin_mm + 420, spec.margin_mm + 297), abs=0.01
        )
    doc = pdfium.PdfDocument(path)
    page = doc[0]
    # the sign twice: once upright on the lower half, once upside down on the upper half
    assert words(page_text(page, trim_only=True)) == Counter({w: 2 * n for w, n in _expected_words(job).items()})
    textpage = page.get_textpage()
    width_pt, height_pt = page.get_size()
    fold = height_pt / 2
    trim = page.get_trimbox()
    halves = Counter(
        "upper" if textpage.get_charbox(i)[1] > fold else "lower"
        for i in range(textpage.count_chars())
        if textpage.get_text_range(i, 1).strip() and textpage.get_charbox(i)[1] >= trim[1]  # not the slug line
    )
    assert halves["upper"] == halves["lower"] > 0
    textpage.close()
    assert all(height >= 8.0 - 0.05 for _ch, height in ink_heights(page, trim_only=True))
    # crop marks: ink in the slug only on the lines of the trim edges, outside the bleed
    img = page.render(scale=300 / 72, grayscale=True).to_numpy()
    doc.close()
    px = 300 / 25.4
    m, b, g = spec.margin_mm, spec.bleed_mm, spec.mark_gap_mm
    row = round(m * px)
    mark = img[row - 2 : row + 3, round((m - g - 5.5) * px) : round((m - g - 0.5) * px)]
    assert mark.min() < 200  # the top-left corner's horizontal mark, on the line of the trim
    assert img[: row - 4, : round((m - b - 0.5) * px)].min() > 230  # nothing else in that corner
    along_top = img[: round((m - b - 0.5) * px), round((m + 20) * px) : round((m + 200) * px)]
    assert along_top.min() > 230  # nothing in the slug along the edge
    fold_px = round((m + 148.5) * px)
    column = img[:, round((m + 50) * px)]
    clear = round((FOLD_CLEAR_MM - 0.3) * px)
    assert column[fold_px - clear : fold_px + clear].min() > 230  # S2: no ink within 5 mm of the fold
    beyond = round((FOLD_CLEAR_MM + 1) * px)
    assert column[fold_px - beyond] < 120 and column[fold_px + beyond] < 120  # each band just past it


def test_bad_output_paths_write_nothing(demo, tmp_path):
    _floor, _tables, _links, jobs = demo
    spec = PageSpec(parse_paper("A3"))
    with pytest.raises(ExportError, match="does not exist"):
        export_signs(jobs, spec, tmp_path / "missing" / "deeper", batch=False, generated=GENERATED)
    with pytest.raises(ExportError, match="one PDF file"):
        export_signs(jobs, spec, tmp_path / "batch.txt", batch=True, generated=GENERATED)
    small = PageSpec(parse_paper("A5"))
    with pytest.raises(ExportError, match="smallest paper that fits"):
        export_signs(jobs, small, tmp_path / "a5", batch=False, generated=GENERATED, strict=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no folder, no partial file


def test_the_meter_of_a_prize_that_grows_is_not_printed(demo):
    """CSP-04's jackpot wagers add to its prize: a printed amount is out of date after the next
    one (000 s231(2); docs/readings.md A-32), so the export leaves it out, or refuses it when asked."""
    floor, tables, links, _jobs = demo
    skipped: list[str] = []
    jobs = plan_signs(tables, links, table_ids=["CSP-04"], timezone_=floor.casino.timezone, skipped=skipped)
    assert "jackpot_meter" not in {job.kind for job in jobs}
    assert [line.split(":")[0] for line in skipped] == ["jackpot_meter of table CSP-04"]
    with pytest.raises(ExportError) as err:
        plan_signs(tables, links, table_ids=["CSP-04"], kinds=["jackpot_meter"])
    assert err.value.rule == "000 s231(2)" and "jackpot view" in str(err.value)
