"""000 s245(5), from the seed's words: "Before a payment mentioned in section 246 is made for a
winning jackpot hand that is a straight flush or royal flush, the dealer must-- (a) notify the
floor manager; and (b) count the cards in the deck in use at the table."

The hit's dealer records both (``jackpot_before_payment``: who, when, how many cards), an audit
record keeps it, and ``jackpot_paid`` is refused with the citation until it is recorded; a
count that is not the whole deck (1 deck, 000 s233(1): 52 cards, docs/readings.md A-50) is paid
only with the pit's note of why."""

from __future__ import annotations

from datetime import timedelta

import pytest

from kiosk.rules.times import parse_utc
from kiosk.state.errors import BadRequest, RuleRefused
from kiosk.state.store import AuditQuery
from kiosk.views import builders as b
from tests.fixtures.actors import DEALER, PIT

ROYAL = ["AS", "KS", "QS", "JS", "10S"]
STRAIGHT_FLUSH = ["5D", "6D", "7D", "8D", "9D"]
FLUSH = ["2H", "5H", "9H", "JH", "KH"]
FOUR = ["8C", "8D", "8H", "8S", "2C"]


async def _pending(service, link_id="PROG"):
    return (await service.snapshot())["links"][link_id]["pending"]


@pytest.mark.parametrize(
    ("hand", "named"),
    [(ROYAL, "royal flush"), (STRAIGHT_FLUSH, "straight flush")],
    ids=["royal_flush", "straight_flush"],
)
async def test_a_straight_or_royal_flush_is_not_paid_before_the_floor_manager_and_the_count(
    service, clock, hand, named
):
    await service.execute(DEALER, b.jackpot_hit("CSP-01", {"seat 3": hand, "seat 5": FLUSH}))
    with pytest.raises(RuleRefused) as err:
        await service.execute(PIT, b.jackpot_paid("PROG"))
    assert err.value.rule == "000 s245(5)"
    assert named in err.value.message and "floor manager" in err.value.message and "count" in err.value.message

    called = clock.now - timedelta(minutes=2)
    events = await service.execute(DEALER, b.jackpot_before_payment("CSP-01", "Fran Floor", 52, notified_at=called))
    assert [e.type for e in events] == ["jackpot_before_payment"]
    data = events[0].data
    assert (data["floor_manager"], data["cards_counted"], data["deck_complete"]) == ("Fran Floor", 52, True)
    assert data["hands"] == [named] and data["rule"] == "000 s245(5)" and data["hit"] == 1
    record = (await _pending(service))["before_payment"]
    assert record["floor_manager"] == "Fran Floor" and record["by"] == DEALER.name
    assert parse_utc(record["notified_at"]) == called
    assert (record["cards_counted"], record["deck_cards"]) == (52, 52)

    audit = await service.audit_records(AuditQuery(target="PROG", action="jackpot_before_payment"))
    assert len(audit) == 1 and audit[0]["actor"] == DEALER.name  # the audit keeps who recorded it

    paid = (await service.execute(PIT, b.jackpot_paid("PROG")))[0]
    assert paid.data["pending"] is True and (await _pending(service))["paid"] is True


async def test_a_hit_of_smaller_hands_is_paid_without_it(service):
    """s245(5) names the straight flush and the royal flush only."""
    await service.execute(DEALER, b.jackpot_hit("CSP-01", {"seat 1": FLUSH, "seat 2": FOUR}))
    with pytest.raises(RuleRefused) as err:
        await service.execute(DEALER, b.jackpot_before_payment("CSP-01", "Fran Floor", 52))
    assert err.value.rule == "000 s245(5)" and "no straight flush or royal flush" in err.value.message
    await service.execute(PIT, b.jackpot_paid("PROG"))


async def test_the_hits_own_dealer_records_it_before_the_payment_and_again_if_recounted(service, clock):
    await service.execute(DEALER, b.jackpot_hit("CSP-01", {"seat 1": ROYAL}))
    with pytest.raises(RuleRefused, match="was at table CSP-01"):  # the other linked table's dealer
        await service.execute(DEALER, b.jackpot_before_payment("CSP-02", "Fran Floor", 52))
    with pytest.raises(BadRequest, match="later than now"):
        await service.execute(
            DEALER, b.jackpot_before_payment("CSP-01", "Fran Floor", 52, notified_at=clock.now + timedelta(minutes=5))
        )
    for bad in ({"floor_manager": "  "}, {"cards_counted": -1}, {"cards_counted": 105}):
        command = {**b.jackpot_before_payment("CSP-01", "Fran Floor", 52), **bad}
        with pytest.raises(BadRequest):
            await service.execute(DEALER, command)
    await service.execute(DEALER, b.jackpot_before_payment("CSP-01", "Fran Floor", 51))
    again = (await service.execute(DEALER, b.jackpot_before_payment("CSP-01", "Gus Floor", 52)))[0]
    assert again.data["replaces"]["cards_counted"] == 51  # a recount: the first count stays in the record
    await service.execute(PIT, b.jackpot_paid("PROG"))
    with pytest.raises(RuleRefused, match="already recorded as paid"):
        await service.execute(DEALER, b.jackpot_before_payment("CSP-01", "Fran Floor", 52))
    await service.execute(PIT, b.jackpot_reset("PROG"))
    with pytest.raises(RuleRefused, match="no hit pending"):
        await service.execute(DEALER, b.jackpot_before_payment("CSP-01", "Fran Floor", 52))


async def test_a_deck_that_is_not_whole_is_paid_only_with_the_pits_note(service):
    await service.execute(DEALER, b.jackpot_hit("CSP-03", {"seat 4": STRAIGHT_FLUSH}))
    link_id = "CSP-03.jackpot"  # one table's own jackpot (000 s231(2)) waits the same way
    counted = (await service.execute(DEALER, b.jackpot_before_payment("CSP-03", "Fran Floor", 53)))[0]
    assert counted.data["deck_complete"] is False
    with pytest.raises(RuleRefused) as err:
        await service.execute(PIT, b.jackpot_paid(link_id))
    assert err.value.rule == "000 s245(5)(b)" and "53 cards, not 52" in err.value.message
    await service.execute(PIT, b.jackpot_paid(link_id, note="extra card found to be the cutting card"))
    assert (await _pending(service, link_id))["paid_note"] == "extra card found to be the cutting card"
