"""The in-game rules the dealer panel checks, through the service on SQLite and PostgreSQL, each
refused with its citation (docs/readings.md A-52), from the seed's words:

* 003 s50B: "(3) The wager must be placed before any cards in a round are dealt. ... (5) Only 1
  bonus blackjack wager may be placed on a box for a round of play."
* 003 s421(1)(d): "if the total of all wagers on a box is equal to or more than half the stated
  table maximum, a marker (a "priority set marker") must be placed at the box before the tiles
  are dealt for the round of play".
* 003 s65A(3)(a): "the number of decks used must be not less than the minimum, and not more than
  the maximum (which in turn must be not more than 8), number of decks approved by the chief
  executive for use in the card machine".
"""

from __future__ import annotations

import pytest

from kiosk.state.errors import BadRequest, RuleRefused
from kiosk.state.store import AuditQuery
from kiosk.views import builders as b
from tests.fixtures.actors import DEALER, PIT


@pytest.fixture
async def demo(make_service, db_url, demo_floor, clock):
    """The demo floor's service (BJ-01 plays bonus blackjack, PG-01 has a $5,000 maximum, BJ-02 a
    card machine approved for 6 to 8 decks), on SQLite and on PostgreSQL."""
    return await make_service(db_url, floor=demo_floor, clock=clock, tick_seconds=None)


async def _game(service, table_id):
    return (await service.snapshot())["tables"][table_id]["game_state"]


async def test_one_bonus_wager_per_box_and_none_after_the_first_card(demo):
    with pytest.raises(RuleRefused) as err:  # the round starts with its nomination
        await demo.execute(DEALER, b.bonus_wagers("BJ-01", [1]))
    assert err.value.rule == "003 s50C(3)"
    await demo.execute(DEALER, b.nominate_blackjack("BJ-01", "spades", "king"))
    placed = (await demo.execute(DEALER, b.bonus_wagers("BJ-01", [5, 2])))[0]
    assert placed.data["boxes"] == [2, 5] and placed.data["wager_cents"] == 100 and placed.data["rule"] == "003 s50B(5)"
    for boxes in ([5], [3, 3]):  # a box already holding one; a box listed twice
        with pytest.raises(RuleRefused) as err:
            await demo.execute(DEALER, b.bonus_wagers("BJ-01", boxes))
        assert err.value.rule == "003 s50B(5)" and "only 1 bonus blackjack wager" in err.value.message
    await demo.execute(DEALER, b.bonus_wagers("BJ-01", [3]))
    assert (await _game(demo, "BJ-01"))["bonus_boxes"] == [2, 3, 5]
    for boxes in ([0], [8]):
        with pytest.raises(RuleRefused):
            await demo.execute(DEALER, b.bonus_wagers("BJ-01", boxes))
    await demo.execute(DEALER, b.blackjack_dealing("BJ-01"))
    with pytest.raises(RuleRefused) as err:
        await demo.execute(DEALER, b.bonus_wagers("BJ-01", [4]))
    assert err.value.rule == "003 s50B(3)"
    await demo.execute(DEALER, b.nominate_blackjack("BJ-01", "hearts", "queen"))  # the next round
    assert (await _game(demo, "BJ-01"))["bonus_boxes"] == [] and not (await _game(demo, "BJ-01"))["dealing"]
    await demo.execute(DEALER, b.bonus_wagers("BJ-01", [5]))
    with pytest.raises(RuleRefused) as err:  # BJ-02 offers no bonus blackjack (a card machine, s65A(2))
        await demo.execute(DEALER, b.bonus_wagers("BJ-02", [1]))
    assert err.value.rule == "003 s50A(1)"
    audit = await demo.audit_records(AuditQuery(target="BJ-01", action="bonus_wagers"))
    assert len(audit) == 3


@pytest.mark.parametrize(
    ("total", "needs"),
    [(249_999, False), (250_000, True), (250_001, True), (0, False), (500_000, True)],
    ids=["under_half", "exactly_half", "over_half", "nothing", "the_maximum"],
)
async def test_a_marker_exactly_at_the_boxes_of_half_the_table_maximum(demo, total, needs):
    """PG-01's stated table maximum is $5,000: half is $2,500."""
    await demo.execute(DEALER, b.pai_gow_bank("PG-01", "house"))
    right, wrong = ([4], []) if needs else ([], [4])
    with pytest.raises(RuleRefused) as err:
        await demo.execute(DEALER, b.pai_gow_priority("PG-01", wrong, {4: total, 6: 1_000}))
    assert err.value.rule == "003 s421(1)(d)" and "box 4" in err.value.message
    done = (await demo.execute(DEALER, b.pai_gow_priority("PG-01", right, {4: total, 6: 1_000})))[0]
    assert done.data["boxes"] == right and done.data["totals"] == {"4": total, "6": 1_000}
    assert done.data["table_maximum_cents"] == 500_000
    assert (await _game(demo, "PG-01"))["priority_boxes"] == right
    with pytest.raises(RuleRefused) as err:  # a marker at a box given no wagers
        await demo.execute(DEALER, b.pai_gow_priority("PG-01", [2], {4: total}))
    assert err.value.rule == "003 s421(1)(d)"
    with pytest.raises(BadRequest):
        await demo.execute(DEALER, b.pai_gow_priority("PG-01", right, {4: float(total), 6: 1_000}))
    await demo.execute(DEALER, b.pai_gow_bank("PG-01", "house"))  # the next round: no markers, no totals
    assert (await _game(demo, "PG-01"))["box_totals"] == {}


async def test_a_card_machines_decks_stay_within_the_approved_range(demo):
    with pytest.raises(RuleRefused) as err:  # BJ-02's machine is approved for 6 to 8 decks
        await demo.execute(PIT, b.set_limits("BJ-02", {"decks": 4}))
    assert err.value.rule == "003 s65A(3)(a)" and "approved for 6 to 8 decks" in err.value.message
    with pytest.raises(RuleRefused) as err:
        await demo.execute(PIT, b.set_limits("BJ-02", {"card_machine_max_decks": 9}))
    assert err.value.rule == "003 s65A(3)(a)"
    await demo.execute(PIT, b.set_limits("BJ-02", {"decks": 6}))
    assert (await demo.snapshot())["tables"]["BJ-02"]["limits"]["decks"] == 6
