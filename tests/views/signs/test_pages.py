"""A sign cut into pages for a small screen (kiosk.views.signs.pages), on the decision alone: a
``fits`` that says how much a page holds stands in for the typesetter's measure."""

from __future__ import annotations

import pytest

from kiosk.views.signs.content import Big, Notice, Para, Rows, SignContent
from kiosk.views.signs.pages import Unplaceable, page_title, paged

ROWS = Rows(tuple((f"Wager {n}", "$5", f"${n}00") for n in range(1, 8)), header=("Wager", "Min", "Max"))
SIGN = SignContent("limits", "RO-01", "Roulette", "Table limits", (ROWS,), "000 s141(2)")


def _rows(page: SignContent) -> int:
    return sum(len(b.rows) for b in page.blocks if isinstance(b, Rows))


def holding(rows: int, notices: int = 1):
    """A screen whose page holds ``rows`` rows, or ``notices`` notices with nothing else."""

    def fits(page: SignContent) -> bool:
        count = sum(isinstance(b, Notice) for b in page.blocks)
        if count:
            return count <= notices and len(page.blocks) == count
        return _rows(page) + sum(isinstance(b, Para | Big) for b in page.blocks) <= rows

    return fits


def test_a_sign_that_fits_is_one_page_unchanged():
    assert paged(SIGN, holding(7)) == [SIGN]


@pytest.mark.parametrize("room", [1, 2, 3, 4, 6])
def test_rows_are_shared_out_evenly_on_as_few_pages_as_hold_them(room):
    pages = paged(SIGN, holding(room))
    count = -(-7 // room)
    assert len(pages) == count
    assert [p.title for p in pages] == [f"Table limits ({n} of {count})" for n in range(1, count + 1)]
    sizes = [_rows(p) for p in pages]
    assert sum(sizes) == 7 and max(sizes) - min(sizes) <= 1 and max(sizes) <= room
    assert [row for p in pages for b in p.blocks for row in b.rows] == list(ROWS.rows)  # in order, each once
    for page in pages:  # each page whole: the game, the column titles, the rule
        assert page.heading == "Roulette" and page.citation == "000 s141(2)" and page.blocks[0].header == ROWS.header


def test_a_notice_takes_a_page_of_its_own():
    notice = Notice("From 9:20 pm Mon 30 Nov: minimum $20", change_id="s9")
    sign = SignContent("limits", "BJ-01", "Blackjack", "Table limits", (ROWS, notice), "003 s23(1)")
    pages = paged(sign, holding(7))
    assert len(pages) == 2 and pages[0].blocks == (ROWS,) and pages[0].title == "Table limits (1 of 2)"
    assert pages[1].blocks == (notice,) and pages[1].heading == "Blackjack (2 of 2)" and pages[1].title == ""
    two = SignContent("limits", "BJ-01", "Blackjack", "Table limits", (notice, ROWS, notice), "003 s23(1)")
    assert [p.blocks for p in paged(two, holding(7, notices=2))][1:] == [(notice, notice)]
    assert [p.blocks for p in paged(two, holding(7, notices=1))][1:] == [(notice,), (notice,)]


def test_a_part_that_fits_no_page_is_refused_with_that_part():
    with pytest.raises(Unplaceable) as refused:
        paged(SIGN, holding(0))
    assert refused.value.page.blocks == (Rows((ROWS.rows[0],), ROWS.header),)
    notice = Notice("From 9:20 pm Mon 30 Nov: minimum $20")
    with pytest.raises(Unplaceable):
        paged(SignContent("limits", "BJ-01", "Blackjack", "Table limits", (ROWS, notice), ""), holding(3, notices=0))


def test_other_blocks_are_kept_whole_and_in_order():
    sign = SignContent("game_notice", "PK-01", "Holdem", "House rules", (Para("One"), Big("$5"), Para("Two")), "")
    pages = paged(sign, holding(2))
    assert [p.blocks for p in pages] == [(Para("One"), Big("$5")), (Para("Two"),)]


def test_the_page_title_says_its_place():
    assert page_title("Table limits", 2, 7) == "Table limits (2 of 7)"
