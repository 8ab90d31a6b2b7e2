"""Every shipped cloth exported at 1:1 and read back (pypdfium2, pikepdf): one page the cloth's
size plus its bleed, to 0.1 mm; the PDF/X-4 structure of the signs; the text the cloth prints,
with the table's own words; the ink of the words the seeds require, measured on the page as
large as the layout sets them; and the tiles, put together by their offsets, the same as the
one page, with their labels, seams and crop marks where the assembly needs them."""

from __future__ import annotations

import json
import re
from collections import Counter
from datetime import UTC, datetime

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest

from kiosk.floor import load_floor
from kiosk.render.cloth import ClothSpec
from kiosk.render.cloth_export import ClothRefused, export_cloths, plan_cloths
from kiosk.render.export import ExportError
from kiosk.render.paper import parse_paper
from kiosk.rules.cloth import AREA_WORDS, DEALER_WORDS, DISCARDS_WORD, SPINNER_WORD
from kiosk.rules.games import tri_chro_balls
from kiosk.rules.trichro import wagers
from kiosk.scene.primitives import Image, TextRun
from kiosk.views.base import CasinoSettings
from kiosk.views.facts import jackpot_wording
from kiosk.views.signs.source import states_from_floor
from tests.fixtures.paths import DEMO_FLOOR
from tests.fixtures.sign_pdf import (
    MM,
    assert_pdfx_structure,
    drawn_ink,
    mm_box,
    page_text,
    render_frame,
    run_ink,
    words,
)

GENERATED = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
#: One table of the demo floor for each shipped layout, and the Caribbean stud table without slots.
TABLES = ["BJ-01", "CSP-01", "CSP-04", "DP-01", "MP-01", "PG-01", "PK-01", "RO-01", "TC54-01", "TC63-01", "TU-01"]
PX_PER_MM = 3.0
TWO_PARTS = "ij"  # letters in two parts: the ink measured is the block at the baseline, not the dot


@pytest.fixture(scope="module")
def demo():
    floor = load_floor(DEMO_FLOOR)
    tables, _links = states_from_floor(floor)
    return tables, CasinoSettings.from_floor(floor)


@pytest.fixture(scope="module")
def exported(demo, tmp_path_factory):
    """The cloths of :data:`TABLES` on one page, and tiled on A3 (the orientation with fewer tiles)."""
    tables, settings = demo
    jobs = plan_cloths(tables, settings, table_ids=TABLES)
    folder = tmp_path_factory.mktemp("cloths")
    one = export_cloths(jobs, ClothSpec(), folder / "one", batch=False, generated=GENERATED)
    tiles = export_cloths(jobs, ClothSpec(parse_paper("A3")), folder / "a3", batch=False, generated=GENERATED)
    return {j.table_id: j for j in jobs}, folder, one, tiles


def entry(result, table_id: str) -> dict:
    return next(e for e in result.manifest["signs"] if e["table"] == table_id)


def required_phrases(table, settings) -> list[str]:
    """What the seeds require the cloth of ``table`` to print, in words (kiosk.rules.cloth)."""
    game = table["game"]
    out = []
    if game == "caribbean_stud":
        out += [DEALER_WORDS, *AREA_WORDS]
        if not table["settings"]["jackpot"]["slots"]:
            out.append(jackpot_wording(table))
    if (balls := tri_chro_balls(game)) is not None:
        out += [w.name for w in wagers(balls)] + [f"{a} TO {b}" for w in wagers(balls) for a, b in [w.odds]]
    if game in ("manila_poker", "draw_poker"):  # the discards circle, the numbered places
        out += [DISCARDS_WORD] + [str(n) for n in range(1, 14 if game == "manila_poker" else 9)]
    if game == "pai_gow":  # the shipped layout's 7 numbered boxes
        out += [str(n) for n in range(1, 8)]
    if game == "blackjack" and table["limits"]["bonus_blackjack"]:
        out.append("bonus")
    if game == "two_up_dice":
        out += [SPINNER_WORD, "heads", "tails"]
    return out


def _plain(text: str) -> str:
    return " ".join(re.sub(r"[^\w&.]+", " ", text).split()).casefold()


def required_runs(scene, phrases: list[str]) -> list[TextRun]:
    """The runs of the scene that print (part of) a required phrase, whole words."""
    wanted = [f" {_plain(p)} " for p in phrases]
    return [
        run
        for run in scene.items
        if isinstance(run, TextRun) and _plain(run.text) and any(f" {_plain(run.text)} " in p for p in wanted)
    ]


@pytest.mark.parametrize("table_id", TABLES)
def test_one_page_at_1_to_1_with_the_tables_words_and_the_inks_the_layout_sets(demo, exported, table_id):
    tables, settings = demo
    jobs, folder, one, _tiles = exported
    job = jobs[table_id]
    w, h = job.scene.width_mm, job.scene.height_mm
    path = folder / "one" / job.file_name
    e = entry(one, table_id)
    assert e["cloth_mm"] == [w, h] and e["layout"] == job.layout.name and e["pages"] == 1
    assert e["tiles"] == [{"page": 1, "row": 1, "column": 1, "x_mm": 0.0, "y_mm": 0.0, "w_mm": w, "h_mm": h}]
    with assert_pdfx_structure(path) as pdf:
        [page] = pdf.pages
        # page = cloth + bleed, at 1:1, to 0.1 mm
        assert mm_box(page.MediaBox) == pytest.approx((0, 0, w + 6, h + 6), abs=0.1)
        assert mm_box(page.obj.BleedBox) == pytest.approx((0, 0, w + 6, h + 6), abs=0.1)
        assert mm_box(page.obj.TrimBox) == pytest.approx((3, 3, w + 3, h + 3), abs=0.1)
        info = pdf.trailer.Info
        assert str(info.KioskTable) == table_id and str(info.KioskSignKind) == "cloth"
        assert str(info.Title) == f"Cloth - {tables[table_id]['display_name']} ({table_id}), 1:1"
    doc = pdfium.PdfDocument(path)
    try:
        page = doc[0]
        runs = [i for i in job.scene.items if isinstance(i, TextRun)]
        # every character the cloth prints, and nothing else (a reader joins runs of one letter)
        assert Counter("".join(page_text(page).split())) == Counter("".join("".join(r.text.split()) for r in runs))
        text = f" {_plain(page_text(page))} "
        phrases = required_phrases(tables[table_id], settings)
        for phrase in phrases:
            assert f" {_plain(phrase)} " in text, phrase
        logo = any(isinstance(i, Image) for i in job.scene.items)
        assert logo or f" {_plain(settings.name)} " in text  # the casino's logo, or its name
        phrases.append(settings.name)
        assert f" {_plain(tables[table_id]['display_name'])} " in text  # the table's own name for its game
        # the ink of the smallest required words, every letter and digit, measured across the baseline
        trim_top_left = (3 * MM, 3 * MM)
        required = required_runs(job.scene, phrases)
        assert required, "no required word found to measure"
        least = min(run.size_mm for run in required)
        smallest = [run for run in required if run.size_mm < least * 1.001]
        for run in smallest[:6]:
            measured = run_ink(page, run, trim_top_left)
            drawn = drawn_ink(run)
            assert [c for c, _ in measured] == [c for c, _ in drawn]
            for (ch, got), (_ch, want) in zip(measured, drawn, strict=True):
                if ch not in TWO_PARTS:
                    assert got == pytest.approx(want, abs=0.1), (run.text, ch)
            cap, x_height = (face_em * run.size_mm for face_em in (run.face.cap_height_em, run.face.x_height_em))
            for ch, got in measured:
                if ch in "EFHILTZ147":  # flat tops and feet: exactly the size the layout sets
                    assert got == pytest.approx(cap, abs=0.1), (run.text, ch)
                elif ch in "xzvwnmru":  # lowercase without ascenders: at least the x-height
                    assert got >= x_height - 0.1, (run.text, ch)
            whole = [got for ch, got in measured if ch not in TWO_PARTS]
            assert min(whole) >= 8.0 - 0.1, (run.text, measured)  # every one 8 mm or more
    finally:
        doc.close()


def _within_a_pixel(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per pixel of ``a``, the least difference from ``b`` shifted by a pixel or none."""
    h, w = a.shape[:2]
    padded = np.pad(b, ((1, 1), (1, 1), (0, 0)), mode="edge")
    return np.min([np.abs(a - padded[i : i + h, j : j + w]).max(axis=2) for i in range(3) for j in range(3)], axis=0)


def _trim_frame(page, left_mm: float, top_mm: float, w_mm: float, h_mm: float) -> np.ndarray:
    return render_frame(page, (left_mm * MM, top_mm * MM), (0, 0, w_mm * MM, h_mm * MM), PX_PER_MM / MM)


@pytest.mark.parametrize("table_id", TABLES)
def test_the_tiles_put_together_by_their_offsets_are_the_one_page(exported, table_id):
    jobs, folder, _one, tiled = exported
    job = jobs[table_id]
    w, h = job.scene.width_mm, job.scene.height_mm
    tiles = entry(tiled, table_id)["tiles"]
    assert (
        [t["page"] for t in tiles]
        == list(range(1, len(tiles) + 1))
        == [(t["row"] - 1) * max(x["column"] for x in tiles) + t["column"] for t in tiles]
    )
    # the tiles cover the cloth: every millimetre of it is in one tile at least
    xs = sorted({(t["x_mm"], t["x_mm"] + t["w_mm"]) for t in tiles})
    ys = sorted({(t["y_mm"], t["y_mm"] + t["h_mm"]) for t in tiles})
    for spans, size in ((xs, w), (ys, h)):
        assert spans[0][0] == 0 and spans[-1][1] == pytest.approx(size, abs=0.001)
        assert all(b[0] < a[1] for a, b in zip(spans, spans[1:], strict=False))  # each overlaps the next
    one = pdfium.PdfDocument(folder / "one" / job.file_name)
    doc = pdfium.PdfDocument(folder / "a3" / job.file_name)
    try:
        assert len(doc) == len(tiles)
        whole = one[0]
        for t, page in zip(tiles, doc, strict=True):
            assert sorted(mm_box(page.get_mediabox())[2:]) == pytest.approx([297, 420], abs=0.1)
            trim = page.get_trimbox()
            assert (trim[2] - trim[0]) / MM == pytest.approx(t["w_mm"], abs=0.01)
            top = (page.get_height() - trim[3]) / MM
            tile = _trim_frame(page, trim[0] / MM, top, t["w_mm"], t["h_mm"])
            same = _trim_frame(whole, 3 + t["x_mm"], 3 + t["y_mm"], t["w_mm"], t["h_mm"])
            # the same picture, to a level or two; an image (the logo) is resampled on another
            # pixel grid: within a pixel of it
            images = []
            for image in (i for i in job.scene.items if isinstance(i, Image)):
                r0, c0 = (
                    max(0, round((v - o) * PX_PER_MM) - 2) for v, o in ((image.y, t["y_mm"]), (image.x, t["x_mm"]))
                )
                r1 = min(tile.shape[0], round((image.y + image.h - t["y_mm"]) * PX_PER_MM) + 2)
                c1 = min(tile.shape[1], round((image.x + image.w - t["x_mm"]) * PX_PER_MM) + 2)
                if r0 < r1 and c0 < c1:  # the image is on this tile
                    images.append((slice(r0, r1), slice(c0, c1)))
            diff = np.abs(tile - same).max(axis=2)
            for box in images:
                near = _within_a_pixel(tile[box], same[box])
                assert near.mean() < 0.2 and (near > 48).mean() < 0.001, (t, near.max(), near.mean())
                diff[box] = 0
            assert diff.max() <= 16 and diff.mean() < 0.2, (t, diff.max(), diff.mean())
    finally:
        doc.close()
        one.close()


def test_tiles_carry_their_labels_seams_and_the_cloths_crop_marks(demo, tmp_path):
    tables, settings = demo
    [job] = plan_cloths(tables, settings, table_ids=["TC54-01"])
    spec = ClothSpec(parse_paper("A3"), "landscape", overlap_mm=30)
    result = export_cloths([job], spec, tmp_path, batch=False, generated=GENERATED)
    tiles = result.manifest["signs"][0]["tiles"]
    rows, columns = tiles[-1]["row"], tiles[-1]["column"]
    assert (rows, columns) == (5, 5) and len(tiles) == 25
    assert tiles[1]["x_mm"] == pytest.approx(tiles[0]["w_mm"] - 30)
    doc = pdfium.PdfDocument(tmp_path / job.file_name)
    try:
        px = 300 / 25.4
        for t, page in zip(tiles, doc, strict=True):
            text = " ".join(page_text(page).split())
            label = (
                f"TC54-01 cloth (Tri-Chro, layout tri_chro_54.toml), 1800 x 1040 mm at 1:1: tile {t['page']} of 25 "
                f"in assembly order, row {t['row']} of 5, column {t['column']} of 5"
            )
            assert label in text and "lay over the tiles above and to the left, target on target" in text
            img = page.render(scale=300 / 72, grayscale=True).to_numpy()
            left, bottom, right, top = (v / MM for v in page.get_trimbox())
            height = page.get_height() / MM

            def ink(x_mm: float, y_mm: float, img=img, height=height) -> bool:
                """Dark ink within 0.6 mm of (x, y) mm from the page's bottom-left corner."""
                col, row, k = round(x_mm * px), round((height - y_mm) * px), round(0.6 * px)
                return img[row - k : row + k + 1, col - k : col + k + 1].min() < 128

            mark_gap = spec.slug_spec(1, 1).mark_gap_mm
            # crop marks on the lines of the cloth's own edges only
            assert ink(left, top + mark_gap + 3) == (t["column"] == 1)
            assert ink(right, bottom - mark_gap - 3) == (t["column"] == columns)
            assert ink(left - mark_gap - 3, top) == (t["row"] == 1)
            assert ink(right + mark_gap + 3, bottom) == (t["row"] == rows)
            # a target in the slug at both ends of each seam, on the seam's line (the overlap's middle)
            assert ink(left + 15, top + mark_gap + 3) == (t["column"] > 1)
            assert ink(right - 15, bottom - mark_gap - 3) == (t["column"] < columns)
            assert ink(left - mark_gap - 3, top - 15) == (t["row"] > 1)
            assert ink(right + mark_gap + 3, bottom + 15) == (t["row"] < rows)
    finally:
        doc.close()


def test_every_page_is_in_assembly_order_in_one_batch_and_the_same_bytes_again(demo, tmp_path):
    tables, settings = demo
    jobs = plan_cloths(tables, settings, table_ids=["PG-01", "TU-01"])
    spec = ClothSpec(parse_paper("600x450mm"), crop_marks=True)
    first = export_cloths(jobs, spec, tmp_path / "a.pdf", batch=True, generated=GENERATED)
    again = export_cloths(jobs, spec, tmp_path / "b.pdf", batch=True, generated=GENERATED)
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    manifest = json.loads((tmp_path / "a.manifest.json").read_text())
    assert manifest == first.manifest
    assert [{**e, "file": None} for e in again.manifest["signs"]] == [{**e, "file": None} for e in manifest["signs"]]
    assert manifest["page"] == {
        "paper": "600x450mm",
        "bleed_mm": 3.0,
        "crop_marks": True,
        "scale": "1:1",
        "overlap_mm": 20.0,
        "orientation": "fewest tiles",
        "press": "fogra39",
        "output_intent": "FOGRA39",
    }
    pages = sum(e["pages"] for e in manifest["signs"])
    with pikepdf.open(tmp_path / "a.pdf") as pdf:
        assert len(pdf.pages) == pages
        assert str(pdf.trailer.Info.KioskTable) == "PG-01, TU-01" and str(pdf.trailer.Info.KioskSignKind) == "cloth"


def test_changed_since_writes_only_the_cloths_that_changed(demo, tmp_path):
    tables, settings = demo
    jobs = plan_cloths(tables, settings, table_ids=["BJ-01", "CSP-04"])
    spec = ClothSpec()
    export_cloths(jobs, spec, tmp_path / "first", batch=False, generated=GENERATED)
    earlier = {
        f"{e['table']}/{e['kind']}": e["content_sha256"]
        for e in json.loads((tmp_path / "first" / "manifest.json").read_text())["signs"]
    }
    renamed = dict(tables)
    renamed["CSP-04"] = {**tables["CSP-04"], "display_name": "Coral Stud"}
    jobs = plan_cloths(renamed, settings, table_ids=["BJ-01", "CSP-04"])
    result = export_cloths(jobs, spec, tmp_path / "second", batch=False, generated=GENERATED, changed_since=earlier)
    assert result.unchanged == 1 and [f.name for f in result.files] == ["CSP-04_cloth.pdf"]
    assert "Coral Stud" in page_text(pdfium.PdfDocument(result.files[0])[0])
    tiled = export_cloths(
        jobs, ClothSpec(parse_paper("A3")), tmp_path / "third", batch=False, generated=GENERATED, changed_since=earlier
    )
    assert tiled.unchanged == 0  # another paper: every cloth again


def test_the_jackpot_areas_print_the_pit_procedures_words(demo, tmp_path):
    """000 s230(3)(c): 'jackpot', or the description the approved pit procedures give."""
    tables, settings = demo
    table = tables["CSP-04"]
    worded = {
        **table,
        "settings": {**table["settings"], "jackpot": {**table["settings"]["jackpot"], "area_wording": "Progressive"}},
    }
    [job] = plan_cloths({"CSP-04": worded}, settings)
    export_cloths([job], ClothSpec(), tmp_path, batch=False, generated=GENERATED)
    text = page_text(pdfium.PdfDocument(tmp_path / job.file_name)[0])
    assert words(text)["Progressive"] == 7 and "jackpot" not in text.casefold()


def test_a_custom_cloth_without_what_the_seeds_require_is_not_exported(demo, tmp_path):
    tables, settings = demo
    layout = (DEMO_FLOOR.parent.parent / "layouts" / "tri_chro_54.toml").read_text()
    cut = layout.index('area = "any_star"')
    bad = layout[:cut] + layout[cut:].replace("3 TO 4", "2 TO 1", 1)
    (tmp_path / "l1.toml").write_text(bad.replace('text = "{casino_name}"', 'text = "WELCOME"'))
    custom = CasinoSettings(settings.name, settings.timezone, None, (("TC54-01", tmp_path / "l1.toml"),))
    with pytest.raises(ClothRefused) as refused:
        plan_cloths(tables, custom, table_ids=["BJ-01", "TC54-01"])
    problems = refused.value.problems
    assert len(problems) == 2 and all(p.startswith("TC54-01: layout l1.toml: ") for p in problems)
    assert problems[0].endswith("(001 s456(3))") and "casino's name or logo" in problems[0]
    assert "'ANY STAR 2 TO 1'" in problems[1] and problems[1].endswith("(001 s456(6), s467(1))")
    assert str(refused.value) == f"{problems[0]} (and 1 more)" and refused.value.rule == "001 s456(3)"
    with pytest.raises(ExportError, match="--table XX-01: no such table"):
        plan_cloths(tables, settings, table_ids=["XX-01"])
