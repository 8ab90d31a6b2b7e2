"""What the dealer panel and the console say of a pending hit before it is paid (000 s245(5)),
for every kind of winning jackpot hand: exhaustive over the hands of one hit."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

import pytest

from kiosk.views.jackpot_steps import MOST_MINUTES_AGO, notified_at, payment_step

HANDS = ("dead man's hand", "flush", "full house", "4 of a kind", "straight flush", "royal flush")


def _link(hands, **pending):
    return {
        "id": "L",
        "pending": {
            "hit": 3,
            "table_id": "CSP-01",
            "payments": [{"hand": h} for h in hands],
            "paid": False,
            **pending,
        },
    }


@pytest.mark.parametrize("hands", [c for n in (1, 2) for c in itertools.combinations_with_replacement(HANDS, n)])
def test_only_a_straight_or_royal_flush_waits(hands):
    step = payment_step(_link(hands), "CSP-01")
    waits = {"straight flush", "royal flush"} & set(hands)
    assert step is not None and step.needed == bool(waits) and step.asks == bool(waits)
    assert set(step.hands) == waits
    line = step.line()
    assert "000 s245(5)" in line
    if waits:
        assert "notify the floor manager" in line and all(h in line for h in waits)


def test_what_was_recorded_and_where():
    record = {"floor_manager": "Fran Floor", "notified_at": "2026-11-30T09:00:00.000000Z", "cards_counted": 51}
    step = payment_step(_link(["royal flush"], before_payment={**record, "deck_cards": 52}), "CSP-01")
    assert step is not None and not step.asks and step.deck_complete is False
    assert "51 cards, NOT 52" in step.line() and "the pit notes why" in step.line()
    whole = payment_step(_link(["royal flush"], before_payment={**record, "cards_counted": 52}), "CSP-01")
    assert whole is not None and whole.deck_complete and "52 of 52 cards counted" in whole.line(lambda t: "19:00")
    assert "notified at 19:00" in whole.line(lambda t: "19:00")
    assert payment_step(_link(["royal flush"], paid=True), "CSP-01").asks is False  # paid: nothing to ask
    assert payment_step(_link(["royal flush"]), "CSP-02") is None  # its dealer is at CSP-01
    assert payment_step({"id": "L", "pending": None}) is None and payment_step(None) is None


def test_notified_minutes_ago():
    now = datetime(2026, 11, 30, 9, tzinfo=UTC)
    assert notified_at(now, 0) == now and notified_at(now, 7) == now - timedelta(minutes=7)
    for bad in (-1, MOST_MINUTES_AGO + 1):
        with pytest.raises(ValueError):
            notified_at(now, bad)
