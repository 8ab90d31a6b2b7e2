"""How a cloth is cut into tiles (:func:`kiosk.render.cloth.plan_tiles`), for any cloth and any
paper: the tiles cover the cloth exactly, neighbours overlap by exactly the overlap asked for,
each tile fits its paper inside the marks, no fewer tiles could, and the assembly order runs
row by row from the top left."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.render.cloth import MAX_PAGE_MM, ClothSpec, plan_tiles
from kiosk.render.paper import PAPERS, PageSpec, Paper, PaperError, parse_paper

PAPER_NAMES = list(PAPERS)


@settings(max_examples=300, deadline=None)
@given(
    width=st.floats(20, 6000),
    height=st.floats(20, 4000),
    paper=st.sampled_from(PAPER_NAMES),
    orientation=st.sampled_from([None, "portrait", "landscape"]),
    overlap=st.floats(5, 40),
    bleed=st.floats(0, 10),
)
def test_tiles_cover_the_cloth_with_exact_overlaps(width, height, paper, orientation, overlap, bleed):
    spec = ClothSpec(parse_paper(paper), orientation, bleed, False, overlap)
    tiles = plan_tiles(width, height, spec)
    first = tiles[0]
    rows, columns = first.rows, first.columns
    assert len(tiles) == rows * columns
    assert [t.order for t in tiles] == list(range(1, len(tiles) + 1))
    assert [(t.row, t.column) for t in tiles] == [(r, c) for r in range(1, rows + 1) for c in range(1, columns + 1)]
    margin = spec.slug_spec(1, 1).margin_mm
    for t in tiles:
        assert (t.w_mm, t.h_mm, t.page_w_mm, t.page_h_mm) == (first.w_mm, first.h_mm, first.page_w_mm, first.page_h_mm)
        # the page is the paper, in one orientation; the tile lies inside its marks, centred
        assert sorted((t.page_w_mm, t.page_h_mm)) == sorted(PAPERS[paper])
        if orientation is not None:
            assert (t.page_w_mm > t.page_h_mm) == (orientation == "landscape")
        assert t.trim_left_mm >= margin - 1e-9 and t.trim_bottom_mm >= margin - 1e-9
        assert t.trim_left_mm + t.w_mm <= t.page_w_mm - margin + 1e-9
        assert t.trim_left_mm * 2 + t.w_mm == pytest.approx(t.page_w_mm)
    # the outer tiles are the cloth's edges; neighbours overlap by exactly the overlap
    assert tiles[0].x_mm == 0 and tiles[0].y_mm == 0
    last = tiles[-1]
    assert last.x_mm + last.w_mm == pytest.approx(width) and last.y_mm + last.h_mm == pytest.approx(height)
    for a, b in zip(tiles, tiles[1:], strict=False):
        if a.row == b.row:
            assert a.x_mm + a.w_mm - b.x_mm == pytest.approx(overlap)
    if columns > 1:
        assert tiles[0].w_mm - tiles[1].x_mm == pytest.approx(overlap)
    if rows > 1:
        assert tiles[0].h_mm - tiles[columns].y_mm == pytest.approx(overlap)
    # no fewer tiles would do, in the orientation chosen (and, if none was asked for, in either)
    for orient in [orientation] if orientation else ["portrait", "landscape"]:
        pw, ph = PageSpec(parse_paper(paper), orient).trim_mm
        aw, ah = pw - 2 * margin, ph - 2 * margin

        def fewest(length, available):
            return 1 if length <= available else math.ceil((length - overlap) / (available - overlap) - 1e-9)

        assert len(tiles) <= fewest(width, aw) * fewest(height, ah)
        # one fewer column (or row) cannot cover the cloth with that overlap
        if columns > 1 and orient == orientation:
            assert (columns - 1) * (aw - overlap) + overlap < width
        if rows > 1 and orient == orientation:
            assert (rows - 1) * (ah - overlap) + overlap < height


def test_edges_of_the_cloth_and_seams():
    tiles = plan_tiles(1900, 1060, ClothSpec(parse_paper("A3")))
    assert (tiles[0].rows, tiles[0].columns) == (3, 8)  # portrait: 24 tiles; landscape would need 25
    by_place = {(t.row, t.column): t for t in tiles}
    assert by_place[1, 1].outer_edges == {"top", "left"}
    assert by_place[2, 4].outer_edges == set()
    assert by_place[3, 8].outer_edges == {"bottom", "right"}
    assert by_place[2, 3].manifest() == {
        "page": 11,
        "row": 2,
        "column": 3,
        "x_mm": round(2 * (by_place[1, 1].w_mm - 20), 3),
        "y_mm": round(by_place[1, 1].h_mm - 20, 3),
        "w_mm": round(by_place[1, 1].w_mm, 3),
        "h_mm": round(by_place[1, 1].h_mm, 3),
    }


def test_one_page_is_the_cloth_with_its_bleed_and_marks():
    [tile] = plan_tiles(1900, 1060, ClothSpec(None, bleed_mm=3))
    assert (tile.page_w_mm, tile.page_h_mm) == (1906, 1066)
    assert (tile.trim_left_mm, tile.trim_bottom_mm, tile.w_mm, tile.h_mm) == (3, 3, 1900, 1060)
    assert tile.outer_edges == {"top", "bottom", "left", "right"}
    [marked] = plan_tiles(1900, 1060, ClothSpec(None, bleed_mm=3, crop_marks=True))
    margin = PageSpec(Paper("x", 1, 1), bleed_mm=3, crop_marks=True).margin_mm
    assert (marked.page_w_mm, marked.page_h_mm) == (1900 + 2 * margin, 1060 + 2 * margin)


@pytest.mark.parametrize(
    ("make", "needle"),
    [
        (lambda: ClothSpec(parse_paper("A5"), overlap_mm=90), "--paper A5 leaves 126 mm inside the marks"),
        (lambda: ClothSpec(parse_paper("A4"), overlap_mm=2), "--overlap must be 5 to 100 mm"),
        (lambda: ClothSpec(parse_paper("A4"), bleed_mm=40), "--bleed must be 0 to 25 mm"),
        (lambda: plan_tiles(MAX_PAGE_MM, 900, ClothSpec(None)), "larger than one PDF page can be"),
    ],
)
def test_papers_that_cannot_be_used_are_one_line(make, needle):
    with pytest.raises(PaperError) as caught:
        make()
    assert needle in str(caught.value) and "\n" not in str(caught.value)


def test_a_cloth_too_large_for_one_page_still_tiles():
    tiles = plan_tiles(MAX_PAGE_MM + 1000, 900, ClothSpec(parse_paper("A3")))
    assert tiles[-1].x_mm + tiles[-1].w_mm == pytest.approx(MAX_PAGE_MM + 1000)
