"""Caribbean stud jackpots through the service: contributions, hits, pending and reset,
two-person settings changes, and no cent lost or doubled under interleaving and concurrency."""

from __future__ import annotations

import asyncio
import pathlib
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk.state.errors import BadRequest, Forbidden, RuleRefused
from kiosk.state.service import Service
from kiosk.views import builders as b
from tests.fixtures.actors import ADMIN, ADMIN2, DEALER, PIT
from tests.fixtures.clock import START, Clock
from tests.fixtures.floors import TEST_FLOOR

ROYAL = ["AS", "KS", "QS", "JS", "10S"]
FLUSH = ["2H", "5H", "9H", "JH", "KH"]
STRAIGHT_FLUSH = ["5D", "6D", "7D", "8D", "9D"]
NOTHING = ["2C", "4D", "9H", "QD", "KC"]


async def _link(service, link_id="PROG"):
    return (await service.snapshot())["links"][link_id]


def _balanced(link):
    m = link["meter"]
    return m["amount_cents"] == m["seeded_cents"] + m["contributed_cents"] - m["paid_cents"]


async def test_contributions_add_the_rate_of_each_jackpot_wager(service):
    events = await service.execute(DEALER, b.jackpot_wagers("CSP-01", count=3))
    assert events[0].type == "jackpot_contribution" and events[0].table_id is None
    assert events[0].data["added_cents"] == 30 and events[0].data["tables"] == ["CSP-01", "CSP-02"]
    link = await _link(service)
    assert link["meter"]["amount_cents"] == 1_000_030 and _balanced(link)
    standalone = (await service.execute(DEALER, b.jackpot_wagers("CSP-03", count=1)))[0]
    assert standalone.data["link_id"] == "CSP-03.jackpot" and standalone.data["added_cents"] == 70
    with pytest.raises(Exception) as err:
        await service.execute(DEALER, b.jackpot_wagers("BJ-01", count=1))
    assert err.value.status == 400


async def test_royal_flush_locks_every_linked_table_until_paid_and_reset(service):
    await service.execute(DEALER, b.jackpot_wagers("CSP-02", count=10))
    other_table = service.subscribe(["CSP-02"])
    hit = (await service.execute(DEALER, b.jackpot_hit("CSP-01", {"seat 2": ROYAL, "seat 5": NOTHING})))[0]
    pending = hit.data["hit"]
    assert pending["payments"][0]["hand"] == "royal flush"
    assert pending["payments"][0]["amount_cents"] == 1_000_100  # 100 % of the prize, more than $10,000
    assert hit.data["meter_cents"] == 0 and pending["shortfall_cents"] == 0
    assert pending["sharing_sign_displayed"] is False  # proven per round (000 s247(3))
    assert (await asyncio.wait_for(other_table.__anext__(), 5)).type == "jackpot_hit"  # the other table sees it
    for attempt in (
        b.jackpot_wagers("CSP-02", count=1),
        b.jackpot_hit("CSP-02", {"seat 1": FLUSH}),
    ):
        with pytest.raises(RuleRefused, match="pending"):
            await service.execute(DEALER, attempt)
    with pytest.raises(RuleRefused, match="paid before"):
        await service.execute(PIT, b.jackpot_reset("PROG"))
    with pytest.raises(Forbidden):
        await service.execute(DEALER, b.jackpot_paid("PROG"))
    await service.execute(DEALER, b.jackpot_before_payment("CSP-01", "Fran Floor", 52))  # 000 s245(5)
    await service.execute(PIT, b.jackpot_paid("PROG", note="paid at cage"))
    reset = (await service.execute(PIT, b.jackpot_reset("PROG")))[0]
    assert reset.data["top_up_cents"] == 1_000_000 and reset.data["pending"] is False
    link = await _link(service)
    assert link["pending"] is None and link["meter"]["amount_cents"] == 1_000_000 and _balanced(link)
    assert link["meter"]["paid_cents"] == 1_000_100
    await service.execute(DEALER, b.jackpot_wagers("CSP-02", count=1))


async def test_small_hit_is_paid_from_the_meter_and_reset_keeps_player_money(service):
    hit = (await service.execute(DEALER, b.jackpot_hit("CSP-02", {"1": FLUSH, "2": STRAIGHT_FLUSH})))[0]
    amounts = sorted(p["amount_cents"] for p in hit.data["hit"]["payments"])
    assert amounts == [10_000, 100_000]  # flush $100; straight flush the greater of $1,000 or 10 %
    await service.execute(DEALER, b.jackpot_before_payment("CSP-02", "Fran Floor", 52))  # 000 s245(5)
    await service.execute(PIT, b.jackpot_paid("PROG"))
    await service.execute(PIT, b.jackpot_reset("PROG"))
    link = await _link(service)
    assert link["meter"]["amount_cents"] == 1_000_000 and link["meter"]["seeded_cents"] == 1_110_000
    with pytest.raises(RuleRefused) as err:
        await service.execute(DEALER, b.jackpot_hit("CSP-01", {"1": NOTHING}))
    assert err.value.rule == "000 s227"


async def test_setting_changes_need_two_different_administrators(service):
    proposal = (await service.execute(ADMIN, b.jackpot_propose("PROG", seed_cents=2_000_000, contribution_bp=500)))[0]
    pid = proposal.data["proposal_id"]
    with pytest.raises(Forbidden, match="second administrator"):
        await service.execute(ADMIN, b.jackpot_approve("PROG", pid))
    assert (await _link(service))["meter"]["seed_cents"] == 1_000_000
    done = (await service.execute(ADMIN2, b.jackpot_approve("PROG", pid)))[0]
    assert done.data["proposed_by"] == ADMIN.name and done.data["approved_by"] == ADMIN2.name
    link = await _link(service)
    assert link["meter"]["seed_cents"] == 2_000_000 and link["meter"]["rate_bp"] == 500 and link["proposals"] == {}
    with pytest.raises(BadRequest):
        await service.execute(ADMIN, b.jackpot_propose("PROG", contribution_bp=10_001))
    with pytest.raises(Exception) as err:
        await service.execute(ADMIN2, b.jackpot_approve("PROG", pid))
    assert err.value.status == 404


async def test_concurrent_contributions_and_hits_never_lose_a_cent(db_url, floor, clock):
    """Many tasks on one link at once, through two service nodes on the same database."""
    first = await Service.open(db_url, floor=floor, clock=clock, tick_seconds=None)
    second = await Service.open(db_url, floor=floor, clock=clock, tick_seconds=None)
    try:

        async def wagers(node, table, count):
            try:
                await node.execute(DEALER, b.jackpot_wagers(table, count=count))
                return count
            except RuleRefused:
                return 0

        async def hit(node):
            try:
                await node.execute(DEALER, b.jackpot_hit("CSP-01", {"1": FLUSH}))
                return 1
            except RuleRefused:
                return 0

        jobs = [
            ("wagers", wagers(first if i % 2 else second, "CSP-01" if i % 3 else "CSP-02", 1 + i % 4))
            for i in range(40)
        ]
        jobs.insert(13, ("hit", hit(first)))
        jobs.insert(27, ("hit", hit(second)))
        results = await asyncio.gather(*(job for _, job in jobs))
        link = await _link(first)
        hits = sum(r for (kind, _), r in zip(jobs, results, strict=True) if kind == "hit")
        accepted_wagers = sum(r for (kind, _), r in zip(jobs, results, strict=True) if kind == "wagers")
        m = link["meter"]
        assert m["contributed_cents"] == 10 * accepted_wagers  # 10 % of a $1 wager each
        assert m["paid_cents"] == 10_000 * hits
        assert _balanced(link) and m["amount_cents"] == 1_000_000 + 10 * accepted_wagers - 10_000 * hits
        successes = sum(1 for r in results if r)
        assert link["version"] == 1 + successes  # every accepted command applied exactly once
        events = await first.events_since(0, tables=["CSP-01"], limit=10_000)
        seqs = [e.seq for e in await first.events_since(0, limit=10_000)]
        assert seqs == list(range(1, len(seqs) + 1))  # gap-free
        assert sum(1 for e in events if e.type in ("jackpot_contribution", "jackpot_hit")) == successes
        assert (await first.verify_audit()).ok
    finally:
        await first.close()
        await second.close()


OPS = st.lists(
    st.one_of(
        st.tuples(st.just("wagers"), st.sampled_from(["CSP-01", "CSP-02"]), st.integers(1, 5)),
        st.tuples(st.just("hit"), st.sampled_from(["royal", "flush", "straight_flush"]), st.just(0)),
        st.tuples(st.just("settle"), st.just(""), st.just(0)),
        st.tuples(st.just("rate"), st.sampled_from([1, 333, 1000, 3333, 10_000]), st.just(0)),
    ),
    min_size=1,
    max_size=12,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS)
def test_jackpot_arithmetic_under_interleaved_operations(ops, floor):
    """meter + paid == seeded + contributions always; contributions carry sub-cent fractions."""
    asyncio.run(_run_ops(ops, floor))


async def _run_ops(ops, floor):
    with tempfile.TemporaryDirectory() as tmp:
        service = await Service.open(
            f"sqlite:///{pathlib.Path(tmp) / 'j.db'}", floor=floor, clock=Clock(START), tick_seconds=None
        )
        try:
            # an independent model: hundredths of a basis point are carried, never dropped
            amount, seeded, contributed, paid, carry, rate, pending = 1_000_000, 1_000_000, 0, 0, 0, 1000, False
            hands = {"royal": ROYAL, "flush": FLUSH, "straight_flush": STRAIGHT_FLUSH}
            for kind, arg, count in ops:
                if kind == "wagers":
                    try:
                        await service.execute(DEALER, b.jackpot_wagers(arg, count=count))
                    except RuleRefused:
                        assert pending
                        continue
                    for _ in range(count):
                        added, carry = divmod(100 * rate + carry, 10_000)
                        amount += added
                        contributed += added
                elif kind == "hit":
                    try:
                        await service.execute(DEALER, b.jackpot_hit("CSP-01", {"p": hands[arg]}))
                    except RuleRefused:
                        assert pending
                        continue
                    owed = {
                        "royal": max(1_000_000, amount),
                        "flush": 10_000,
                        "straight_flush": max(100_000, amount // 10),
                    }[arg]
                    taken = min(owed, amount)
                    amount -= taken
                    paid += taken
                    pending = True
                elif kind == "settle":
                    if not pending:
                        continue
                    if (await _link(service))["pending"]["payments"][0]["hand"] != "flush":  # 000 s245(5)
                        await service.execute(DEALER, b.jackpot_before_payment("CSP-01", "Fran Floor", 52))
                    await service.execute(PIT, b.jackpot_paid("PROG"))
                    await service.execute(PIT, b.jackpot_reset("PROG"))
                    top_up = max(0, 1_000_000 - amount)
                    amount += top_up
                    seeded += top_up
                    pending = False
                else:
                    p = (await service.execute(ADMIN, b.jackpot_propose("PROG", contribution_bp=arg)))[0].data[
                        "proposal_id"
                    ]
                    await service.execute(ADMIN2, b.jackpot_approve("PROG", p))
                    rate = arg
                m = (await _link(service))["meter"]
                assert (m["amount_cents"], m["seeded_cents"], m["contributed_cents"], m["paid_cents"], m["carry"]) == (
                    amount,
                    seeded,
                    contributed,
                    paid,
                    carry,
                )
                assert m["amount_cents"] + m["paid_cents"] == m["seeded_cents"] + m["contributed_cents"]
                assert m["amount_cents"] >= 0
            assert (await service.verify_audit()).ok
        finally:
            await service.close()


def test_floor_text_has_the_link_these_tests_use():
    assert 'id = "PROG"' in TEST_FLOOR and 'contribution = "10%"' in TEST_FLOOR


CONCURRENT_OPS = st.lists(
    st.one_of(
        st.tuples(st.just("wagers"), st.sampled_from(["CSP-01", "CSP-02"]), st.integers(1, 9)),
        st.tuples(st.just("hit"), st.just("CSP-01"), st.just(0)),
        st.tuples(st.just("paid"), st.just(""), st.just(0)),
        st.tuples(st.just("reset"), st.just(""), st.just(0)),
    ),
    min_size=2,
    max_size=30,
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=CONCURRENT_OPS)
def test_concurrent_tasks_on_one_link_never_lose_or_double_a_cent(ops, floor):
    asyncio.run(_run_concurrently(ops, floor))


async def _run_concurrently(ops, floor):
    with tempfile.TemporaryDirectory() as tmp:
        service = await Service.open(
            f"sqlite:///{pathlib.Path(tmp) / 'c.db'}", floor=floor, clock=Clock(START), tick_seconds=None
        )
        try:

            async def one(kind, table, count):
                command = {
                    "wagers": b.jackpot_wagers(table, count=count),
                    "hit": b.jackpot_hit(table, {"p": FLUSH}),
                    "paid": b.jackpot_paid("PROG"),
                    "reset": b.jackpot_reset("PROG"),
                }[kind]
                actor = DEALER if kind in ("wagers", "hit") else PIT
                try:
                    await service.execute(actor, command)
                    return True
                except RuleRefused:
                    return False

            done = await asyncio.gather(*(one(*op) for op in ops))
            link = await _link(service)
            m = link["meter"]
            wagers = sum(op[2] for op, ok in zip(ops, done, strict=True) if ok and op[0] == "wagers")
            hits = sum(1 for op, ok in zip(ops, done, strict=True) if ok and op[0] == "hit")
            assert m["contributed_cents"] == 10 * wagers
            assert m["paid_cents"] == 10_000 * hits
            assert _balanced(link) and m["amount_cents"] >= 0 and m["seeded_cents"] >= 1_000_000
            assert link["version"] == 1 + sum(done)
            assert [e.seq for e in await service.events_since(0, limit=10_000)] == list(
                range(1, (await service.snapshot())["seq"] + 1)
            )
        finally:
            await service.close()
