"""Tokens belong to a person, and their table scope means what it says (issue 12, "Sessions and
tokens"): over real HTTP on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from kiosk.state.errors import BadRequest
from kiosk.views import builders as b
from tests.fixtures.http_api import assert_refused


@pytest.fixture
async def api(make_api, service):
    """The API of ``service`` (tests/state/conftest.py: SQLite and PostgreSQL) with a token of each role."""
    return await make_api(service)


async def _mint(api, token, **body):
    status, answer = await api.call("POST", "/tokens", token=token, body=body)
    assert status == 201, answer
    return answer["token"]


async def _propose(api, token):
    status, body = await api.call(
        "POST", "/commands", token=token, body=b.jackpot_propose("PROG", seed_cents=1_200_000)
    )
    assert status == 200, body
    return body["events"][0]["data"]["proposal_id"]


async def test_an_admin_cannot_approve_their_own_proposal_with_a_token_they_minted(api):
    alice = api.tokens["admin"]
    second = await _mint(api, alice, role="admin", name="Definitely Bob")
    proposal = await _propose(api, alice)
    before = await api.seq()
    status, body = await api.call("POST", "/commands", token=second, body=b.jackpot_approve("PROG", proposal))
    err = assert_refused(status, body, 403, "forbidden")
    assert "second" in err["message"] or "another person" in err["message"]
    assert await api.seq() == before


async def test_a_token_minted_by_a_minted_token_still_belongs_to_the_first_person(api):
    alice = api.tokens["admin"]
    second = await _mint(api, alice, role="admin", name="Carol")
    third = await _mint(api, second, role="admin", name="Dave")
    proposal = await _propose(api, third)
    status, body = await api.call("POST", "/commands", token=alice, body=b.jackpot_approve("PROG", proposal))
    assert_refused(status, body, 403, "forbidden")


async def test_a_different_person_approves(api):
    alice = api.tokens["admin"]
    bob = await api.service.create_token("admin", "Bob Second")  # kiosk token create, on the server
    proposal = await _propose(api, alice)
    status, body = await api.call("POST", "/commands", token=bob, body=b.jackpot_approve("PROG", proposal))
    assert status == 200, body
    assert body["events"][0]["type"] == "jackpot_settings_changed"


async def test_tokens_list_who_they_belong_to(api):
    alice = api.tokens["admin"]
    await _mint(api, alice, role="dealer", name="Dana at BJ-01")
    status, body = await api.call("GET", "/tokens")
    assert status == 200
    minted = next(t for t in body["tokens"] if t["name"] == "Dana at BJ-01")
    assert minted["person"] == "admin-tester"


@pytest.mark.parametrize("role", ["admin", "display"])
async def test_tables_on_a_role_it_means_nothing_for_is_refused(api, role):
    before = await api.seq()
    status, body = await api.call("POST", "/tokens", body={"role": role, "name": "scoped", "tables": ["BJ-01"]})
    assert_refused(status, body, 400, "bad_request")
    assert await api.seq() == before
    with pytest.raises(BadRequest):
        await api.service.create_token(role, "scoped", tables=["BJ-01"])


async def test_a_pit_token_scoped_to_tables_acts_on_those_tables_only(api):
    pit = await _mint(api, api.tokens["admin"], role="pit", name="pit BJ", tables=["BJ-01"])
    status, body = await api.call(
        "POST",
        "/commands",
        token=pit,
        body=b.set_display_name("BJ-01", "Blackjack A"),
    )
    assert status == 200, body
    before = await api.seq()
    for command in (
        b.set_display_name("TC54-01", "Tri-Chro A"),
        b.set_limits("MP-01", {"maximum_cents": 2500}),
        b.jackpot_paid("PROG"),
    ):
        status, body = await api.call("POST", "/commands", token=pit, body=command)
        assert_refused(status, body, 403, "forbidden")
    assert await api.seq() == before


async def test_a_dealer_token_scoped_to_tables_acts_on_those_tables_only(api):
    dealer = await _mint(api, api.tokens["admin"], role="dealer", name="dealer TU", tables=["TU-01"])
    status, body = await api.call("POST", "/commands", token=dealer, body=b.trichro_no_more_bets("TC54-01"))
    assert_refused(status, body, 403, "forbidden")
