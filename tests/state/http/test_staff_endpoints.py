"""What the pit console reads: who a token is, which displays stream now, the audit trail."""

from __future__ import annotations

import asyncio
from datetime import datetime

import pytest

from kiosk.state.client import KioskClient
from kiosk.state.errors import BadRequest, Forbidden
from kiosk.views import builders as b

pytestmark = [pytest.mark.timeout(120)]


async def test_session_says_who_the_token_is(live_server):
    for role in ("display", "dealer", "pit", "admin"):
        async with KioskClient(live_server.url, live_server.tokens[role]) as client:
            me = await client.session_info()
        assert me["role"] == role and me["name"] == f"{role}-tester"


@pytest.mark.slow
async def test_displays_lists_display_streams_only_and_only_for_pit_staff(live_server_sqlite):
    server = live_server_sqlite
    async with (
        KioskClient(server.url, server.tokens["display"]) as display,
        KioskClient(server.url, server.tokens["pit"]) as pit,
    ):

        async def watch():
            async for _item in display.stream(["TU-01"]):
                pass

        task = asyncio.ensure_future(watch())
        try:
            for _ in range(100):
                found = (await pit.displays())["displays"]
                if found:
                    break
                await asyncio.sleep(0.05)
            assert [(d["name"], d["tables"]) for d in found] == [("display-tester", ["TU-01"])]
            assert found[0]["connected_at"].endswith("Z")
            with pytest.raises(Forbidden):
                await display.displays()
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)


async def test_audit_filters_by_table_actor_action_and_time_newest_first(live_server):
    async with (
        KioskClient(live_server.url, live_server.tokens["pit"]) as pit,
        KioskClient(live_server.url, live_server.tokens["dealer"]) as dealer,
    ):
        await pit.execute(b.set_display_name("BJ-01", "Blackjack Royale"))
        await dealer.execute(b.trichro_no_more_bets("TC54-01"))
        await pit.execute(b.set_display_name("BJ-01", "Blackjack"))
        everything = (await pit.audit())["records"]
        ns = [r["n"] for r in everything]
        assert ns == sorted(ns, reverse=True)
        bj = (await pit.audit(target="BJ-01", actor="pit-tester"))["records"]
        assert [r["details"]["event"]["data"]["state"]["display_name"] for r in bj] == ["Blackjack", "Blackjack Royale"]
        by_dealer = (await pit.audit(actor="dealer-tester"))["records"]
        assert [r["target"] for r in by_dealer] == ["TC54-01"]
        assert [r["action"] for r in (await pit.audit(action="trichro_no_more_bets"))["records"]] == [
            "trichro_no_more_bets"
        ]
        older = (await pit.audit(target="BJ-01", actor="pit-tester", before=bj[0]["n"]))["records"]
        assert [r["n"] for r in older] == [bj[1]["n"]]
        # time: since is inclusive, until exclusive (the records' own times as bounds)
        first = datetime.fromisoformat(bj[1]["at"].replace("Z", "+00:00"))
        since = (await pit.audit(target="BJ-01", since=first))["records"]
        assert [r["n"] for r in since] == [bj[0]["n"], bj[1]["n"]]
        until = (await pit.audit(target="BJ-01", until=first))["records"]
        assert until and all(r["n"] < bj[1]["n"] for r in until)
        assert {r["actor"] for r in until} == {"floor file demo_floor.toml"}  # the floor seeded the table
        one = await pit.audit(limit=1)
        assert len(one["records"]) == 1 and one["more"] is True
        with pytest.raises(BadRequest):
            await pit.audit(actor="bad\u202ename")
        with pytest.raises(Forbidden):
            await dealer.audit()


async def test_floor_frame_is_what_the_service_checks_against(live_server_sqlite):
    import json

    from kiosk.state.floorlaw import FloorFrame

    async with (
        KioskClient(live_server_sqlite.url, live_server_sqlite.tokens["pit"]) as pit,
        KioskClient(live_server_sqlite.url, live_server_sqlite.tokens["dealer"]) as dealer,
    ):
        frame = FloorFrame.from_json(json.dumps(await pit.floor_frame()))
        assert frame.casino.name and "D-BJ-01-limits" in frame.displays and "BJ-01" in frame.tables
        with pytest.raises(Forbidden):
            await dealer.floor_frame()
