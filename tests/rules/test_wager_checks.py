"""The wager rules the dealer panel checks, exhaustive where the space is small (003 s50B: boxes
of one round) and by hypothesis elsewhere (003 s421(1)(d): box totals against the maximum)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kiosk.rules.blackjack import BOXES, bonus_wager_boxes
from kiosk.rules.citation import RuleError
from kiosk.rules.paigow import needs_priority, priority_markers
from kiosk.views.wager_checks import bonus_round, priority_plan

SUBSETS = [c for n in range(BOXES + 1) for c in itertools.combinations(range(1, BOXES + 1), n)]


@pytest.mark.parametrize("dealt", [False, True])
@pytest.mark.parametrize("box", range(0, BOXES + 2))
def test_a_box_takes_one_bonus_wager_a_round_before_the_cards(box, dealt):
    for placed in SUBSETS:
        try:
            got = bonus_wager_boxes(placed, [box], dealt=dealt)
        except RuleError as exc:
            if dealt:
                assert exc.rule == "003 s50B(3)"
            elif 1 <= box <= BOXES:
                assert box in placed and exc.rule == "003 s50B(5)"
            else:
                assert exc.rule == "003 s50A(1)(a)"
            continue
        assert not dealt and 1 <= box <= BOXES and box not in placed
        assert got == tuple(sorted({*placed, box}))


def test_half_the_maximum_is_the_threshold_exactly():
    for maximum in (1, 2, 999, 1_000, 500_000, 500_001):
        for total in range(max(0, maximum // 2 - 2), maximum // 2 + 3):
            assert needs_priority(total, maximum) == (2 * total >= maximum)


@given(
    totals=st.dictionaries(st.integers(1, 8), st.integers(0, 600_000), max_size=8),
    marked=st.lists(st.integers(1, 8), max_size=8),
    maximum=st.integers(1, 1_000_000),
)
def test_markers_are_accepted_exactly_at_the_boxes_of_half_or_more(totals, marked, maximum):
    due = {box for box, cents in totals.items() if 2 * cents >= maximum}
    try:
        got = priority_markers(marked, totals, maximum)
    except RuleError as exc:
        assert exc.rule == "003 s421(1)(d)" and set(marked) != due
        return
    assert set(got) == set(marked) == due


def test_the_panel_plans_markers_from_what_is_typed():
    table = {
        "id": "PG-01",
        "game": "pai_gow",
        "version": 3,
        "limits": {"maximum_cents": 500_000},
        "game_state": {
            "kind": "pai_gow",
            "round": 1,
            "bank": {"banker": "house", "box": 1, "round": 1},
            "banks": [],
            "priority_boxes": [],
        },
    }
    plan = priority_plan(table, "PG-01", {1: "", 3: "$2,500", 5: "99"}, [3])
    assert plan.totals == {3: 250_000, 5: 9_900} and plan.needed == (3,) and plan.problem is None
    assert plan.command == {
        "type": "pai_gow_priority",
        "table_id": "PG-01",
        "boxes": [3],
        "totals": {"3": 250_000, "5": 9_900},
    }
    refused = priority_plan(table, "PG-01", {3: "$2,500"}, [])
    assert refused.rule == "003 s421(1)(d)" and "box 3" in (refused.problem or "")
    slip = priority_plan(table, "PG-01", {2: "two dollars"}, [])
    assert slip.command is None and (slip.problem or "").startswith("box 2:")


def test_the_panel_says_where_the_bonus_round_stands():
    base = {"id": "BJ-01", "game": "blackjack", "limits": {"bonus_blackjack": True}}
    fresh = bonus_round({**base, "game_state": {"kind": "blackjack", "round": 0}})
    assert not fresh.open and "Nominate" in fresh.line()
    live = bonus_round({**base, "game_state": {"kind": "blackjack", "round": 2, "bonus_boxes": [4, 1]}})
    assert live.open and live.boxes == (1, 4) and "boxes 1, 4" in live.line()
    dealt = bonus_round({**base, "game_state": {"kind": "blackjack", "round": 2, "dealing": True}})
    assert not dealt.open and "003 s50B(3)" in dealt.line()
    none = bonus_round({**base, "limits": {}, "game_state": {"kind": "blackjack", "round": 2}})
    assert not none.offered and not none.open
