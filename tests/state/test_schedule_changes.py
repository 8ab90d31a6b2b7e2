"""Scheduled changes and change control: the 20-minute notice (003 s259(3), s295(3)) and
poker-room changes at the end of a hand after three hands' notice (002 r6.9)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from kiosk.state.errors import BadRequest, RuleRefused
from kiosk.state.showing import parse_report
from kiosk.views import builders as b
from tests.fixtures.actors import DEALER, DISPLAY, PIT
from tests.fixtures.backend import table_state
from tests.fixtures.clock import START
from tests.fixtures.floors import SCREENS


def _at(delta: timedelta) -> str:
    return (START + delta).isoformat().replace("+00:00", "Z")


async def _shows(service, table_id, change_id, signs=("minimum_table_stake",)):
    await service.record_showing(
        DISPLAY,
        parse_report(
            {
                "type": "showing",
                "table_id": table_id,
                "display_id": SCREENS[table_id],
                "signs": list(signs),
                "notices": [change_id],
            }
        ),
    )


async def _schedule(service, table_id, stake, delta, **extra):
    return await service.execute(
        PIT,
        {
            "type": "schedule_change",
            "table_id": table_id,
            "limits": {"minimum_table_stake_cents": stake},
            "effective_at": _at(delta),
            **extra,
        },
    )


@pytest.mark.parametrize("table_id, rule", [("MP-01", "003 s259(3)"), ("DP-01", "003 s295(3)")])
async def test_increase_with_exactly_twenty_minutes_notice_is_accepted(service, table_id, rule):
    events = await _schedule(service, table_id, 20_000, timedelta(minutes=20))
    scheduled = events[0].data["scheduled"]
    assert events[0].type == "change_scheduled" and events[0].data["rule"] == rule
    assert scheduled["notice_from"].startswith("2026-11-30T09:00:00") and scheduled["effective_at"].startswith(
        "2026-11-30T09:20:00"
    )
    assert (await table_state(service, table_id))["scheduled"][0]["limits"] == {"minimum_table_stake_cents": 20_000}


@pytest.mark.parametrize("table_id, rule", [("MP-01", "003 s259(3)"), ("DP-01", "003 s295(3)")])
async def test_increase_with_nineteen_minutes_fifty_nine_is_refused(service, table_id, rule):
    before = await service.snapshot()
    with pytest.raises(RuleRefused) as err:
        await _schedule(service, table_id, 20_000, timedelta(minutes=19, seconds=59))
    assert err.value.rule == rule and "20 minutes" in err.value.message
    assert await service.snapshot() == before


async def test_all_players_agreed_override_names_who_recorded_it(service):
    agreed = {"confirmed_by": "Fay Floor", "agreeing": 6, "players_at_table": 6}
    events = await _schedule(service, "MP-01", 20_000, timedelta(minutes=1), players_agreed=agreed)
    assert "Fay Floor" in events[0].data["scheduled"]["reason"]
    assert events[0].data["scheduled"]["agreement"] == agreed
    with pytest.raises(RuleRefused):  # not every player agreed
        await _schedule(
            service,
            "MP-01",
            20_000,
            timedelta(minutes=1),
            players_agreed={"confirmed_by": "Fay Floor", "agreeing": 5, "players_at_table": 6},
        )
    with pytest.raises(BadRequest):  # an override must name the staff member
        await _schedule(
            service,
            "MP-01",
            20_000,
            timedelta(minutes=1),
            players_agreed={"confirmed_by": " ", "agreeing": 6, "players_at_table": 6},
        )
    # immediate change with everyone's agreement
    events = await service.execute(
        PIT,
        b.set_limits("DP-01", {"minimum_table_stake_cents": 15_000}, players_agreed=agreed),
    )
    assert events[0].data["rule"] == "003 s295(3)"


async def test_immediate_increase_is_refused_but_a_decrease_applies_at_once(service):
    with pytest.raises(RuleRefused) as err:
        await service.execute(PIT, b.set_limits("MP-01", {"minimum_table_stake_cents": 20_000}))
    assert err.value.rule == "003 s259(3)"
    await service.execute(PIT, b.set_limits("MP-01", {"minimum_table_stake_cents": 5_000}))
    assert (await table_state(service, "MP-01"))["limits"]["minimum_table_stake_cents"] == 5_000


async def test_due_change_is_applied_on_the_clock_not_before(service, clock):
    change = (await _schedule(service, "MP-01", 20_000, timedelta(minutes=25)))[0].data["scheduled"]["id"]
    await _shows(service, "MP-01", change)  # a display shows the notice (tests/state/test_display_showing.py)
    sub = service.subscribe(["MP-01"])
    clock.advance(minutes=24, seconds=59)
    assert await service.apply_due() == []
    assert (await table_state(service, "MP-01"))["limits"]["minimum_table_stake_cents"] == 10_000
    clock.advance(seconds=1)
    events = await service.apply_due()
    assert [e.type for e in events] == ["scheduled_change_applied"] and events[0].data["rule"] == "003 s259(3)"
    table = await table_state(service, "MP-01")
    assert table["limits"]["minimum_table_stake_cents"] == 20_000 and table["scheduled"] == []
    assert (await sub.__anext__()).seq == events[0].seq
    assert await service.apply_due() == []  # applied once only


async def test_due_change_that_breaks_a_rule_by_then_fails_visibly(service, clock):
    # valid when scheduled: a $5 minimum with every s459(1) maximum met
    await service.execute(
        PIT,
        b.schedule_change("TC54-01", {"minimum_cents": 500}, _at(timedelta(hours=1))),
    )
    # meanwhile: a $10 minimum frees the maxima, and the 3 to 4 maximum is lowered
    await service.execute(
        PIT,
        b.set_limits("TC54-01", {"minimum_cents": 1_000, "maximum_by": {"3:4": 100_000}}),
    )
    clock.advance(hours=2)
    events = await service.apply_due()
    assert [e.type for e in events] == ["scheduled_change_failed"]
    assert events[0].data["rule"].startswith("001 s459(1)")
    table = await table_state(service, "TC54-01")
    assert table["limits"]["minimum_cents"] == 1_000 and table["scheduled"] == []


async def test_schedule_checks_time_and_the_law_now(service):
    with pytest.raises(BadRequest):
        await _schedule(service, "MP-01", 20_000, timedelta(minutes=-1))
    with pytest.raises(BadRequest):
        await service.execute(
            PIT,
            b.schedule_change("MP-01", {"minimum_table_stake_cents": 20_000}, "2026-11-30 10:00"),
        )
    with pytest.raises(RuleRefused):
        await service.execute(
            PIT,
            b.schedule_change("TC54-01", {"maximum_by": {"8:1": 1_000}}, _at(timedelta(hours=1))),
        )
    with pytest.raises(BadRequest):
        await service.execute(
            PIT,
            b.schedule_change("PK-01", {"minimum_buy_in_cents": 20_000}, _at(timedelta(hours=1))),
        )


async def test_cancel_a_scheduled_change(service, clock):
    events = await _schedule(service, "MP-01", 20_000, timedelta(minutes=30))
    change_id = events[0].data["scheduled"]["id"]
    await service.execute(PIT, b.cancel_change("MP-01", change_id))
    clock.advance(hours=1)
    assert await service.apply_due() == []
    with pytest.raises(BadRequest):
        await service.execute(PIT, b.cancel_change("MP-01", change_id))


async def test_poker_change_waits_three_hands_and_the_end_of_a_hand(service):
    events = await service.execute(PIT, b.set_limits("PK-01", {"minimum_buy_in_cents": 20_000}))
    assert events[0].type == "change_pending" and events[0].data["rule"] == "002 r6.9"
    results = []
    for _ in range(4):
        done = (await service.execute(DEALER, b.hand_complete("PK-01")))[0]
        results.append((done.data["applied"], (await table_state(service, "PK-01"))["limits"]["minimum_buy_in_cents"]))
    # the hand being played when notice was given does not count; then three full hands of notice
    assert [buy_in for _, buy_in in results] == [10_000, 10_000, 10_000, 20_000]
    assert results[3][0][0]["changes"] == {"minimum_buy_in_cents": 20_000}
    assert (await table_state(service, "PK-01"))["pending"] == []


async def test_poker_change_with_majority_agreement_waits_only_for_the_hand(service):
    await service.execute(
        PIT,
        b.set_limits(
            "PK-01",
            {"game_type": "Omaha"},
            players_agreed={"confirmed_by": "Sam Super", "agreeing": 5, "players_at_table": 8},
        ),
    )
    assert (await table_state(service, "PK-01"))["limits"]["game_type"] != "Omaha"
    await service.execute(DEALER, b.hand_complete("PK-01"))
    assert (await table_state(service, "PK-01"))["limits"]["game_type"] == "Omaha"
    with pytest.raises(RuleRefused) as err:
        await service.execute(
            PIT,
            b.set_limits(
                "PK-01",
                {"game_type": "Razz"},
                players_agreed={"confirmed_by": "Sam Super", "agreeing": 4, "players_at_table": 8},
            ),
        )
    assert err.value.rule == "002 r6.9"


async def test_poker_commission_change_applies_between_hands(service):
    rake = {"type": "percentage", "percent_bp": 800, "cap_cents": 600, "minimum_cents": 100}
    events = await service.execute(PIT, b.set_limits("PK-01", {"rake": rake}))
    assert events[0].data["rule"] == "002 r7.3"
    await _shows(service, "PK-01", events[0].data["pending"]["id"], ("game_notice", "rake"))  # the signs show it
    await service.execute(DEALER, b.hand_complete("PK-01"))
    assert (await table_state(service, "PK-01"))["limits"]["rake"]["percent_bp"] == 800
    with pytest.raises(BadRequest):
        await service.execute(DEALER, b.hand_complete("BJ-01"))
