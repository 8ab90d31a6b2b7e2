"""``GET /api/v1/state?at=TIME``: the floor at a past moment for the pit and administrators, the
time in the casino's zone or in UTC, refusals in one line, and the client that reads it."""

from __future__ import annotations

from datetime import timedelta

import pytest

from kiosk.state.client import KioskClient
from kiosk.state.errors import BadRequest, Forbidden, NotFound
from kiosk.views import builders as b
from tests.fixtures.actors import PIT
from tests.fixtures.http_api import assert_refused


@pytest.fixture
async def api(service, make_api, clock):
    clock.advance(minutes=1)
    await service.execute(PIT, b.set_limits("BJ-01", {"minimum_cents": 2500, "maximum_cents": 250_000}))
    clock.advance(minutes=10)
    return await make_api(service)


async def test_the_pit_reads_the_floor_as_it_was(api, service, clock):
    before_change = clock.now - timedelta(minutes=10, seconds=30)
    for at in (
        before_change.isoformat().replace("+00:00", "Z"),
        before_change.astimezone(service.floor_frame.casino.timezone).replace(tzinfo=None).isoformat(),
    ):
        status, body = await api.call("GET", "/state", role="pit", params={"at": at, "table": "BJ-01"})
        assert status == 200, body
        assert body["tables"]["BJ-01"]["limits"]["minimum_cents"] != 2500
        assert body["target"] == {"kind": "table", "id": "BJ-01"} and len(body["head"]) == 64
    status, now = await api.call("GET", "/state", role="admin", params={"at": clock.now.isoformat()})
    assert status == 200 and now["tables"]["BJ-01"]["limits"]["minimum_cents"] == 2500
    assert now["seq"] == now["head_now"]["seq"] and now["casino"]["name"] == "Test Casino"


async def test_refusals_are_one_line(api, clock):
    cases = [
        ({"table": "BJ-01"}, 400, "query parameter at is required"),
        ({"at": "Saturday night"}, 400, "query parameter at: not a time"),
        ({"at": (clock.now + timedelta(hours=1)).isoformat()}, 400, "is in the future"),
        ({"at": "2020-01-01T00:00Z", "table": "BJ-01"}, 404, "table BJ-01 did not exist yet"),
        ({"at": clock.now.isoformat(), "table": "NO-SUCH"}, 404, "no table 'NO-SUCH' in the event log"),
        ({"at": clock.now.isoformat(), "table": "BJ 01\n"}, 400, "query parameter table must be a table id"),
        ({"at": clock.now.isoformat(), "table": "BJ-01", "link": "PROG"}, 400, "not both"),
    ]
    for params, status, words in cases:
        got, body = await api.call("GET", "/state", role="pit", params=params)
        err = assert_refused(got, body, status)
        assert words in err["message"], (params, err)
    for role in ("display", "dealer"):
        got, body = await api.call("GET", "/state", role=role, params={"at": clock.now.isoformat()})
        assert_refused(got, body, 403)


async def test_the_client_reads_a_past_state(api, service, clock):
    async with KioskClient(str(api.server.make_url("/")), api.tokens["pit"]) as pit:
        past = await pit.state_at(clock.now - timedelta(minutes=1), table="BJ-01")
        assert past == await service.state_at(clock.now - timedelta(minutes=1), table="BJ-01")
        with pytest.raises(NotFound, match="did not exist yet"):
            await pit.state_at("2020-01-01T00:00", link="PROG")
        with pytest.raises(BadRequest, match="in the future"):
            await pit.state_at(clock.now + timedelta(days=1))
    async with KioskClient(str(api.server.make_url("/")), api.tokens["display"]) as display:
        with pytest.raises(Forbidden):
            await display.state_at(clock.now)


async def test_the_floor_right_after_an_event(api, service, clock):
    head = await service.audit_head()
    status, body = await api.call("GET", "/state", role="pit", params={"seq": str(head["seq"]), "table": "BJ-01"})
    assert status == 200, body
    assert body["seq"] == head["seq"] and body["tables"]["BJ-01"]["limits"]["minimum_cents"] == 2500
    status, before = await api.call("GET", "/state", role="pit", params={"seq": str(head["seq"] - 1)})
    assert status == 200 and before["tables"]["BJ-01"]["limits"]["minimum_cents"] != 2500
    for params, code, words in (
        ({"seq": "1", "at": clock.now.isoformat()}, 400, "not both"),
        ({"seq": "0"}, 400, "query parameter seq must be at least 1"),
        ({"seq": str(head["seq"] + 5)}, 404, f"no event {head['seq'] + 5} in the log"),
    ):
        got, answer = await api.call("GET", "/state", role="admin", params=params)
        assert words in assert_refused(got, answer, code)["message"], params
    async with KioskClient(str(api.server.make_url("/")), api.tokens["pit"]) as pit:
        assert await pit.state_after(head["seq"], table="BJ-01") == await service.state_after(
            head["seq"], table="BJ-01"
        )
