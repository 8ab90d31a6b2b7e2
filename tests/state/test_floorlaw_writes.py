"""The law holds at run time: every write through the HTTP API is checked by the floor rules
``kiosk check`` applies (kiosk.state.floorlaw), on SQLite and on PostgreSQL.

The floor (``data/law_floor.toml``) has four $2/$10 instructional blackjack tables (the most
003 s23(4) allows), a $10/$1,000 blackjack table, a manila poker table, roulette, pai gow,
Caribbean stud with jackpot slots and a poker room table with a time-to-act clock.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk.floor import check_floor, load_floor
from kiosk.state.floorlaw import FloorFrame, floor_of
from kiosk.views import builders as b
from tests.fixtures.paths import LAW_FLOOR


@pytest.fixture(scope="module")
def floor():
    """The law floor: ``service`` (tests/state/conftest.py) runs on it here."""
    return load_floor(LAW_FLOOR)


@pytest.fixture
async def api(make_api, service):
    """The API as the pit, an administrator and a dealer of BJ-05 call it."""
    tokens = {role: await service.create_token(role, f"{role}-law") for role in ("pit", "admin")}
    tokens["dealer"] = await service.create_token("dealer", "dealer-bj5", tables=["BJ-05"])
    return await make_api(service, tokens=tokens)


def refused(status, body, rule):
    """A 422 naming ``rule`` in its ``rule`` field and in the one-line message."""
    assert status == 422, body
    error = body["error"]
    assert error["code"] == "rule_refused"
    assert error["rule"] == rule, error
    assert rule in error["message"] and "\n" not in error["message"], error
    return error["message"]


async def test_removing_the_blackjack_limits_sign_is_refused(api):
    before = await api.table("BJ-05")
    status, body = await api.command(b.set_signs("BJ-05", []))
    message = refused(status, body, "003 s23(2)")
    assert "BJ-05" in message and "limits" in message
    assert (await api.table("BJ-05"))["version"] == before["version"]


async def test_removing_the_manila_minimum_table_stake_sign_is_refused(api):
    status, body = await api.command(b.set_signs("MP-01", ["limits"]))
    refused(status, body, "003 s259(2)")
    assert [s["kind"] for s in (await api.table("MP-01"))["signs"]] == ["limits", "minimum_table_stake"]


@pytest.mark.parametrize(
    "table, kind, rule",
    [
        ("BJ-05", "limits", "003 s23(2)"),
        ("MP-01", "minimum_table_stake", "003 s259(2)"),
        ("RO-01", "limits", "docs/readings.md P-1"),
    ],
)
async def test_sign_letters_under_8_mm_are_refused_with_the_seed_that_sets_them(api, table, kind, rule):
    signs = [
        {"kind": s["kind"], "cap_mm": 7.5 if s["kind"] == kind else s["cap_mm"]}
        for s in (await api.table(table))["signs"]
    ]
    status, body = await api.command(b.set_signs(table, signs))
    assert "8 mm" in refused(status, body, rule)


async def test_a_sign_the_game_does_not_have_is_a_bad_request_naming_the_table(api):
    status, body = await api.command(b.set_signs("BJ-05", ["limits", "rake"]))
    assert status == 400, body
    assert body["error"]["message"] == "table BJ-05: signs[2]: a blackjack table has no 'rake' sign"


async def test_a_required_sign_may_be_kept_larger_and_others_added(api):
    status, body = await api.command(b.set_signs("BJ-05", [{"kind": "limits", "cap_mm": 12}, "bonus_payouts"]))
    assert status == 200, body
    assert (await api.table("BJ-05"))["signs"] == [
        {"kind": "limits", "cap_mm": 12.0},
        {"kind": "bonus_payouts", "cap_mm": 8.0},
    ]


async def test_bonus_blackjack_needs_its_payout_sign_then_a_nominated_blackjack(api):
    on = b.set_limits("BJ-05", {"bonus_blackjack": True})
    refused(*await api.command(on), "003 s50A(1)(b)")
    status, body = await api.command(b.set_signs("BJ-05", ["limits", "bonus_payouts", "nominated_blackjack"]))
    assert status == 200, body
    message = refused(*await api.command(on), "003 s50C(3)")
    assert "nominated" in message
    status, body = await api.command(b.nominate_blackjack("BJ-05", "hearts", "king"), role="dealer")
    assert status == 200, body
    status, body = await api.command(on)
    assert status == 200, body
    table = await api.table("BJ-05")
    assert table["limits"]["bonus_blackjack"] is True
    assert (table["settings"]["nominated_suit"], table["settings"]["nominated_card"]) == ("hearts", "king")
    # with bonus blackjack on, the payout sign can no longer be taken down
    refused(
        *await api.command(b.set_signs("BJ-05", ["limits", "nominated_blackjack"])),
        "003 s50A(1)(b)",
    )


async def test_a_fifth_instructional_table_is_refused(api):
    status, body = await api.command(
        b.set_limits("BJ-05", {"minimum_cents": 200, "maximum_cents": 1000, "instructional": True})
    )
    message = refused(status, body, "003 s23(4)")
    assert "BJ-05" in message
    assert (await api.table("BJ-05"))["limits"]["minimum_cents"] == 1000


async def test_a_scheduled_change_that_would_break_the_floor_is_refused_when_scheduled(api):
    status, body = await api.command(
        b.schedule_change(
            "BJ-05", {"minimum_cents": 200, "maximum_cents": 1000, "instructional": True}, "2099-01-01T00:00:00Z"
        )
    )
    refused(status, body, "003 s23(4)")
    assert (await api.table("BJ-05"))["scheduled"] == []


async def test_a_write_that_mends_an_instructional_table_is_accepted(api):
    status, body = await api.command(
        b.set_limits("BJ-01", {"minimum_cents": 1000, "maximum_cents": 50000, "instructional": False})
    )
    assert status == 200, body
    status, body = await api.command(
        b.set_limits("BJ-05", {"minimum_cents": 200, "maximum_cents": 1000, "instructional": True})
    )
    assert status == 200, body


async def test_a_due_change_that_would_now_break_the_floor_fails_and_changes_nothing(api, clock):
    mend = b.set_limits("BJ-01", {"minimum_cents": 1000, "maximum_cents": 50000, "instructional": False})
    assert (await api.command(mend))[0] == 200
    status, body = await api.command(
        b.schedule_change(
            "BJ-05", {"minimum_cents": 200, "maximum_cents": 1000, "instructional": True}, "2026-11-30T10:00:00Z"
        )
    )
    assert status == 200, body
    back = b.set_limits("BJ-01", {"minimum_cents": 200, "maximum_cents": 1000, "instructional": True})
    assert (await api.command(back))[0] == 200
    clock.advance(hours=2)
    events = await api.service.apply_due()
    failed = [e for e in events if e.type == "scheduled_change_failed"]
    assert len(failed) == 1 and failed[0].data["rule"] == "003 s23(4)"
    assert "003 s23(4)" in failed[0].data["message"]
    table = await api.table("BJ-05")
    assert table["limits"]["minimum_cents"] == 1000 and table["scheduled"] == []


def _writes():
    bj_signs = st.lists(
        st.sampled_from(["limits", "instructional", "bonus_payouts", "nominated_blackjack"]), unique=True, max_size=4
    )
    caps = st.sampled_from([7, 8, 8.5, 12])
    signs = st.builds(
        lambda kinds, cap: [{"kind": k, "cap_mm": cap} if i == 0 else k for i, k in enumerate(kinds)], bj_signs, caps
    )
    limits = st.fixed_dictionaries(
        {},
        optional={
            "minimum_cents": st.sampled_from([200, 500, 1000]),
            "maximum_cents": st.sampled_from([1000, 50000, 100000]),
            "instructional": st.booleans(),
            "bonus_blackjack": st.booleans(),
            "decks": st.sampled_from([1, 6, 8]),
        },
    ).filter(bool)
    blackjack = st.sampled_from(["BJ-01", "BJ-04", "BJ-05"])
    return st.one_of(
        st.builds(lambda t, s: b.set_signs(t, s), blackjack, signs),
        st.builds(lambda t, lim: b.set_limits(t, lim), blackjack, limits),
        st.builds(
            lambda s: b.set_signs("MP-01", s),
            st.lists(st.sampled_from(["limits", "minimum_table_stake", "ace_rule"]), unique=True),
        ),
        st.builds(
            lambda stake: b.set_limits("MP-01", {"minimum_table_stake_cents": stake}),
            st.sampled_from([5000, 10000]),
        ),
        st.builds(
            lambda t, s, c: b.nominate_blackjack(t, s, c),
            blackjack,
            st.sampled_from(["spades", "hearts"]),
            st.sampled_from(["king", "10", "5"]),
        ),
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(write=_writes())
async def test_every_accepted_write_leaves_a_floor_kiosk_check_accepts(api, floor, write):
    status, body = await api.command(write, role="admin")
    assert status in (200, 400, 422), body
    snapshot = await api.service.snapshot()
    written = floor_of(FloorFrame.of(floor), snapshot["tables"], snapshot["links"])
    errors = [v.message for v in check_floor(written) if v.severity == "error"]
    assert errors == [], (write, status, body)
