"""Several service nodes on one PostgreSQL database: changes made through one reach the
subscribers of the others (LISTEN/NOTIFY on a dedicated connection), also across a
PostgreSQL restart, in sequence order with nothing missed."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from kiosk.state.errors import StoreUnavailable
from kiosk.state.service import Service
from kiosk.state.showing import parse_report
from kiosk.views import builders
from tests.fixtures.actors import DISPLAY, PIT


async def _rename(node, name):
    return await node.execute(PIT, builders.set_display_name("BJ-01", name))


async def _collect(sub, count, timeout=20):
    out = []
    async with asyncio.timeout(timeout):
        while len(out) < count:
            out.append(await sub.__anext__())
    return out


async def test_change_through_one_node_reaches_a_subscriber_of_another(pg_url, floor):
    a = await Service.open(pg_url, floor=floor, tick_seconds=None, node_id="a")
    b = await Service.open(pg_url, floor=floor, tick_seconds=None, node_id="b")
    try:
        on_b = b.subscribe(["BJ-01"])
        on_a = a.subscribe(["BJ-01"])
        written = []
        for i in range(5):
            written += await _rename(a if i % 2 else b, f"name {i}")
        got_b = await _collect(on_b, 5)
        got_a = await _collect(on_a, 5)
        assert [e.seq for e in got_b] == [e.seq for e in written] == [e.seq for e in got_a]
        assert got_b[-1].data["display_name"] == "name 4"
    finally:
        await a.close()
        await b.close()


async def test_nodes_survive_a_postgresql_restart(pg_server, floor):
    url = pg_server.new_database()
    a = await Service.open(url, floor=floor, tick_seconds=None, node_id="a")
    b = await Service.open(url, floor=floor, tick_seconds=None, node_id="b")
    try:
        on_b = b.subscribe(["BJ-01"])
        first = await _rename(a, "before")
        assert (await _collect(on_b, 1))[0].seq == first[0].seq
        pg_server.restart()
        written = []
        for _attempt in range(100):  # the first write may find its connection cut: 503, then retry
            try:
                written += await _rename(a, "after")
                break
            except StoreUnavailable as exc:
                assert "\n" not in exc.message
                await asyncio.sleep(0.1)
        assert written, "the node never reconnected"
        got = await _collect(on_b, 1, timeout=30)
        assert got[0].seq == written[0].seq and got[0].data["display_name"] == "after"
        assert (await b.snapshot(["BJ-01"]))["tables"]["BJ-01"]["display_name"] == "after"
    finally:
        await a.close()
        await b.close()


async def test_scheduler_applies_due_changes_by_itself(sqlite_url, floor, clock):
    service = await Service.open(sqlite_url, floor=floor, clock=clock, tick_seconds=0.05)
    try:
        when = (clock.now + timedelta(minutes=30)).isoformat()
        [scheduled] = await service.execute(
            PIT,
            builders.schedule_change("MP-01", {"minimum_table_stake_cents": 20_000}, when),
        )
        await service.record_showing(
            DISPLAY,
            parse_report(
                {
                    "type": "showing",
                    "table_id": "MP-01",
                    "display_id": "D-MP-01-signs",
                    "signs": ["minimum_table_stake"],
                    "notices": [scheduled.data["scheduled"]["id"]],
                }
            ),
        )
        sub = service.subscribe(["MP-01"])
        clock.advance(minutes=30)
        event = await asyncio.wait_for(sub.__anext__(), 10)
        assert event.type == "scheduled_change_applied" and event.actor == "kiosk scheduler"
    finally:
        await service.close()
