"""The service on both stores: commands, versions, refusals with citations, bad input."""

from __future__ import annotations

import asyncio

import pytest

from kiosk.state.errors import BadRequest, Conflict, Forbidden, NotFound, RuleRefused
from kiosk.state.events import Actor
from kiosk.views import builders as b
from tests.fixtures.actors import ADMIN, DEALER, DISPLAY, PIT
from tests.fixtures.backend import table_state


async def test_floor_seeds_every_table_and_link(service, floor):
    snap = await service.snapshot()
    assert set(snap["tables"]) == set(floor.tables)
    assert set(snap["links"]) == {"PROG", "CSP-03.jackpot"}
    assert snap["links"]["PROG"]["tables"] == ["CSP-01", "CSP-02"]
    assert snap["links"]["PROG"]["meter"]["amount_cents"] == 1_000_000
    tc = snap["tables"]["TC54-01"]
    assert tc["limits"]["maximum_by"]["3:4"] == 120_000
    assert tc["version"] == 1
    assert snap["seq"] == len(floor.tables) + 2  # one event per table and per link


async def test_set_limits_changes_state_bumps_version_and_publishes(service):
    sub = service.subscribe(["BJ-01"])
    events = await service.execute(PIT, b.set_limits("BJ-01", {"maximum_cents": 200_000}, expected_version=1))
    assert [e.type for e in events] == ["limits_changed"]
    assert events[0].version == 2 and events[0].table_id == "BJ-01"
    table = await table_state(service, "BJ-01")
    assert table["limits"]["maximum_cents"] == 200_000 and table["version"] == 2
    received = await asyncio.wait_for(sub.__anext__(), 5)
    assert received.seq == events[0].seq and received.data["state"]["limits"]["maximum_cents"] == 200_000
    assert events[0].to_json()["at"].endswith("Z")


async def test_stale_version_is_a_conflict_and_changes_nothing(service):
    await service.execute(PIT, b.set_limits("BJ-01", {"maximum_cents": 200_000}, expected_version=1))
    before = await service.snapshot()
    with pytest.raises(Conflict) as err:
        await service.execute(
            PIT,
            b.set_limits("BJ-01", {"maximum_cents": 300_000}, expected_version=1),
        )
    assert err.value.status == 409 and "version 2" in err.value.message
    assert await service.snapshot() == before


async def test_rule_refusal_cites_the_rule_and_changes_nothing(service):
    before = await service.snapshot()
    with pytest.raises(RuleRefused) as err:
        await service.execute(PIT, b.set_limits("TC54-01", {"maximum_by": {"3:4": 100_000}}))
    assert err.value.status == 422
    assert err.value.rule.startswith("001 s459(1)")
    assert err.value.to_json()["error"]["rule"] == err.value.rule
    assert "\n" not in err.value.message
    assert await service.snapshot() == before


@pytest.mark.parametrize(
    "command, error",
    [
        ({"type": "set_limits", "table_id": "BJ-01", "limits": {"maximum_cents": 2000.5}}, BadRequest),
        ({"type": "set_limits", "table_id": "BJ-01", "limits": {"maximum_cents": 1e6}}, BadRequest),
        ({"type": "set_limits", "table_id": "BJ-01", "limits": {"maximum_cents": -5}}, BadRequest),
        ({"type": "set_limits", "table_id": "BJ-01", "limits": {"maximum_cents": "$2,000"}}, BadRequest),
        ({"type": "set_limits", "table_id": "BJ-01", "limits": {"maximum_cents": True}}, BadRequest),
        ({"type": "set_limits", "table_id": "BJ-01", "limits": {"colour": 1}}, BadRequest),
        ({"type": "set_limits", "table_id": "BJ-01", "limits": {}}, BadRequest),
        ({"type": "set_limits", "table_id": "BJ-01", "limits": {"maximum_cents": 1}, "extra": 1}, BadRequest),
        ({"type": "set_limits", "table_id": "BJ-01"}, BadRequest),
        ({"type": "set_limits", "table_id": 7, "limits": {"maximum_cents": 1}}, BadRequest),
        (
            {"type": "set_limits", "table_id": "BJ-01", "expected_version": "1", "limits": {"maximum_cents": 1}},
            BadRequest,
        ),
        ({"type": "set_limits", "table_id": "NOPE", "limits": {"maximum_cents": 200_000}}, NotFound),
        ({"type": "launch_rocket", "table_id": "BJ-01"}, NotFound),
        ({"table_id": "BJ-01"}, BadRequest),
        ({"type": "trichro_no_more_bets", "table_id": "BJ-01"}, BadRequest),
        ({"type": "jackpot_paid", "link_id": "NOPE"}, NotFound),
        ({"type": "twoup_spin", "table_id": "TU-01", "result": "Q"}, BadRequest),
    ],
)
async def test_bad_input_is_refused_with_one_line_and_nothing_written(service, command, error):
    seq = (await service.snapshot())["seq"]
    with pytest.raises(error) as err:
        await service.execute(PIT, command)
    assert err.value.message and "\n" not in err.value.message
    assert 400 <= err.value.status < 500
    assert (await service.snapshot())["seq"] == seq


async def test_not_a_command_at_all(service):
    for junk in (None, [], "set_limits", 5):
        with pytest.raises(BadRequest):
            await service.execute(PIT, junk)
    with pytest.raises(Exception) as err:
        await service.execute(None, {"type": "set_limits"})
    assert err.value.status == 401


async def test_roles(service):
    with pytest.raises(Forbidden, match="only read"):
        await service.execute(DISPLAY, b.trichro_no_more_bets("TC54-01"))
    with pytest.raises(Forbidden):
        await service.execute(DEALER, b.set_limits("BJ-01", {"maximum_cents": 1}))
    with pytest.raises(Forbidden):
        await service.execute(PIT, b.jackpot_propose("PROG", seed_cents=5))
    narrow = Actor("Tri Dealer", "dealer", "tok_x", frozenset({"TC63-01"}))
    with pytest.raises(Forbidden, match="TC54-01"):
        await service.execute(narrow, b.trichro_no_more_bets("TC54-01"))
    await service.execute(narrow, b.trichro_no_more_bets("TC63-01"))
    # pit and admin may do what a dealer does (002 r1.2)
    await service.execute(ADMIN, b.trichro_no_more_bets("TC54-01"))


async def test_display_name_and_signs(service):
    events = await service.execute(PIT, b.set_display_name("CSP-01", "Reef Stud"))
    assert events[0].data["rule"] == "000 s230(5)"
    assert (await table_state(service, "CSP-01"))["display_name"] == "Reef Stud"
    with pytest.raises(RuleRefused) as err:
        await service.execute(PIT, b.set_signs("MP-01", [{"kind": "minimum_table_stake", "cap_mm": 7.9}]))
    assert err.value.rule == "003 s259(2)"
    await service.execute(
        PIT,
        b.set_signs("MP-01", ["limits", {"kind": "minimum_table_stake", "cap_mm": 12}]),
    )
    signs = (await table_state(service, "MP-01"))["signs"]
    assert signs == [{"kind": "limits", "cap_mm": 8.0}, {"kind": "minimum_table_stake", "cap_mm": 12.0}]
    with pytest.raises(BadRequest):
        await service.execute(PIT, b.set_signs("MP-01", ["jackpot_meter"]))


async def test_events_since_and_table_filter(service):
    start = (await service.snapshot())["seq"]
    await service.execute(PIT, b.set_display_name("BJ-01", "Blackjack A"))
    await service.execute(PIT, b.set_display_name("TU-01", "Two-Up Dice B"))
    await service.execute(DEALER, b.jackpot_wagers("CSP-02", count=3))
    everything = await service.events_since(start)
    assert [e.seq for e in everything] == [start + 1, start + 2, start + 3]
    only_bj = await service.events_since(start, tables=["BJ-01"])
    assert [e.data["state"]["id"] for e in only_bj] == ["BJ-01"]
    csp1 = await service.events_since(start, tables=["CSP-01"])  # a link event reaches every linked table
    assert [e.type for e in csp1] == ["jackpot_contribution"]
    assert await service.events_since(start, limit=2) == everything[:2]
    with pytest.raises(BadRequest):
        await service.events_since(-1)


async def test_subscription_overflow_is_bounded(service):
    slow = service.subscribe(maxsize=3)
    for i in range(5):
        await service.execute(PIT, b.set_display_name("BJ-01", f"Blackjack {i}"))
    assert slow.overflowed and slow.closed
    got = [e async for e in slow]
    assert len(got) == 3 and slow.last_seq == got[-1].seq
    fresh = service.subscribe()
    await service.execute(PIT, b.set_display_name("BJ-01", "Blackjack Z"))
    assert (await asyncio.wait_for(fresh.__anext__(), 5)).data["display_name"] == "Blackjack Z"
    fresh.close()
    assert [e async for e in fresh] == []


async def test_a_waiting_consumer_takes_events_directly_and_a_busy_one_in_order(service):
    """``direct`` is handed an event only while the consumer waits with nothing queued; an event
    it declines, and every event while the consumer is busy, is queued behind those before it."""
    sub = service.subscribe()
    taken: list[int] = []
    accept = [True]

    def direct(event):
        if accept[0]:
            taken.append(event.seq)
        return accept[0]

    sub.direct = direct
    first = (await service.execute(PIT, b.set_display_name("BJ-01", "Blackjack Direct 0")))[-1].seq
    assert taken == [] and sub.pending == 1  # nobody waits yet: queued
    assert (await asyncio.wait_for(sub.__anext__(), 5)).seq == first
    waiting = asyncio.ensure_future(sub.__anext__())
    await asyncio.sleep(0)  # the consumer now waits with nothing queued
    second = (await service.execute(PIT, b.set_display_name("BJ-01", "Blackjack Direct 1")))[-1].seq
    assert taken == [second] and sub.pending == 0 and sub.last_seq == second
    accept[0] = False  # the socket is full: the event waits in the queue for the consumer
    third = (await service.execute(PIT, b.set_display_name("BJ-01", "Blackjack Direct 2")))[-1].seq
    assert (await asyncio.wait_for(waiting, 5)).seq == third
    accept[0] = True
    fourth = (await service.execute(PIT, b.set_display_name("BJ-01", "Blackjack Direct 3")))[-1].seq
    fifth = (await service.execute(PIT, b.set_display_name("BJ-01", "Blackjack Direct 4")))[-1].seq
    assert taken == [second]  # the consumer is busy (not waiting): both queued, in order
    assert [(await sub.__anext__()).seq for _ in range(2)] == [fourth, fifth]
    sub.close()


async def test_command_types_are_published(service):
    assert "set_limits" in service.command_types and "jackpot_hit" in service.command_types
    assert "apply_due" not in service.command_types  # internal to the scheduler
