"""Dealer commands of the games the displays follow (issue 10): roulette results, Caribbean stud
jackpot wagers in play per place, the nominated blackjack, the pai gow bank and priority set
markers, the poker room's time-to-act clock.  On SQLite and PostgreSQL, through the service;
role and table checks through the HTTP API."""

from __future__ import annotations

import json
from datetime import timedelta

import aiohttp
import pytest

from kiosk.floor import load_floor
from kiosk.state.errors import BadRequest, Forbidden, RuleRefused
from kiosk.state.events import Actor
from kiosk.state.service import Service
from kiosk.views import builders as b
from tests.fixtures.actors import DEALER
from tests.fixtures.paths import LAW_FLOOR


@pytest.fixture(scope="module")
def floor():
    """The law floor: ``service`` (tests/state/conftest.py) runs on it here."""
    return load_floor(LAW_FLOOR)


async def run(service, command, actor=DEALER):
    return await service.execute(actor, command)


async def game_state(service, table_id):
    return (await service.snapshot([table_id]))["tables"][table_id]["game_state"]


def refusal(exc_info, rule):
    assert exc_info.value.rule == rule
    assert rule in exc_info.value.message
    return exc_info.value.message


# -- roulette ------------------------------------------------------------------------------


async def test_roulette_results_light_the_number_and_keep_the_floors_statistics_spins(service):
    for number in [*range(37), 0, 17]:
        events = await run(service, b.roulette_result("RO-01", number))
    assert events[0].type == "roulette_result" and events[0].data["rule"] == "003 s131(2A)"
    state = await game_state(service, "RO-01")
    assert state["number"] == 17 and state["winning"] == ["number_17"] and state["spins"] == 39
    assert state["results"][:20] == [17, 0, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19]
    assert len(state["results"]) == 39  # statistics_spins (100 by default) keeps them all


async def test_roulette_keeps_as_many_results_as_its_statistics_count(service):
    for spin in range(130):
        await run(service, b.roulette_result("RO-01", spin % 37))
    state = await game_state(service, "RO-01")
    assert state["spins"] == 130 and len(state["results"]) == 100  # the default statistics_spins
    assert state["results"][:3] == [129 % 37, 128 % 37, 127 % 37]


@pytest.mark.parametrize("number", [-1, 37, 38, 100])
async def test_a_number_not_on_a_single_zero_wheel_is_refused(service, number):
    with pytest.raises(RuleRefused) as exc:
        await run(service, b.roulette_result("RO-01", number))
    assert "0 to 36" in refusal(exc, "003 s131(2A)")
    assert (await game_state(service, "RO-01"))["spins"] == 0


async def test_the_layout_has_the_area_every_winning_number_lights():
    from kiosk.scene.layout_file import load_layout
    from kiosk.scene.resources import default_layout_path

    areas = {item.area for item in load_layout(default_layout_path("roulette")).items if item.area}
    assert {f"number_{n}" for n in range(37)} <= areas


# -- caribbean stud --------------------------------------------------------------------------


async def test_jackpot_wagers_in_play_light_their_places_until_the_round_ends(service):
    events = await run(service, b.jackpot_wagers("CSP-01", places=[3, 1]))
    assert [e.type for e in events] == ["jackpot_contribution", "jackpot_places"]
    assert events[0].data["wagers"] == 2 and events[1].data["rule"] == "000 s231(1)"
    await run(service, b.jackpot_wagers("CSP-01", places=[6]))
    assert (await game_state(service, "CSP-01"))["jackpot_places"] == [1, 3, 6]
    with pytest.raises(RuleRefused) as exc:
        await run(service, b.jackpot_wagers("CSP-01", places=[3]))
    assert "place 3" in refusal(exc, "000 s237(5)")
    events = await run(service, b.caribbean_round_end("CSP-01"))
    assert events[0].data["cleared"] == [1, 3, 6]
    state = await game_state(service, "CSP-01")
    assert state["jackpot_places"] == [] and state["round"] == 1
    await run(service, b.jackpot_wagers("CSP-01", places=[3]))  # a new round: place 3 again


async def test_a_jackpot_hit_ends_the_round_and_puts_the_lights_out(service):
    await run(service, b.jackpot_wagers("CSP-01", places=[2, 5]))
    await run(service, b.jackpot_hit("CSP-01", {"seat 2": ["AS", "KS", "QS", "JS", "TS"]}))
    assert (await game_state(service, "CSP-01"))["jackpot_places"] == []


@pytest.mark.parametrize("command", [{"places": [0]}, {"places": [8]}, {"places": []}, {"count": 1, "places": [1]}, {}])
async def test_malformed_places_are_bad_requests(service, command):
    with pytest.raises(BadRequest):
        await run(service, {"type": "jackpot_wagers", "table_id": "CSP-01", **command})


# -- blackjack -------------------------------------------------------------------------------


async def test_each_nomination_starts_a_round_and_is_what_the_sign_shows(service):
    await run(service, b.nominate_blackjack("BJ-05", "H", "K"))
    events = await run(service, b.nominate_blackjack("BJ-05", "spades", "10"))
    assert events[0].data["rule"] == "003 s50C(3)" and events[0].data["round"] == 2
    table = (await service.snapshot(["BJ-05"]))["tables"]["BJ-05"]
    assert (table["settings"]["nominated_suit"], table["settings"]["nominated_card"]) == ("spades", "10")
    assert table["game_state"]["nominated_by"] == "Dana Dealer"


@pytest.mark.parametrize("suit, card", [("hearts", "ace"), ("hearts", "9"), ("stars", "king")])
async def test_a_nomination_that_is_no_blackjack_is_refused(service, suit, card):
    with pytest.raises(RuleRefused) as exc:
        await run(service, b.nominate_blackjack("BJ-05", suit, card))
    refusal(exc, "003 s50C(3)")


# -- pai gow ---------------------------------------------------------------------------------


async def test_the_house_banks_first_then_a_player_at_most_twice_running(service):
    with pytest.raises(RuleRefused) as exc:
        await run(service, b.pai_gow_bank("PG-01", "player", 3))
    refusal(exc, "003 s425(8)")
    events = await run(service, b.pai_gow_bank("PG-01", "house"))
    assert events[0].data["box"] == 1 and events[0].data["rule"] == "003 s424(2)"
    await run(service, b.pai_gow_bank("PG-01", "player", 3))
    await run(service, b.pai_gow_bank("PG-01", "player", 3))
    with pytest.raises(RuleRefused) as exc:
        await run(service, b.pai_gow_bank("PG-01", "player", 3))
    assert "box 3" in refusal(exc, "003 s425(10)")
    await run(service, b.pai_gow_bank("PG-01", "player", 4))
    state = await game_state(service, "PG-01")
    assert state["round"] == 4 and state["bank"] == {"banker": "player", "box": 4, "round": 4}
    assert [bank["box"] for bank in state["banks"]] == [1, 3, 3, 4]


async def test_co_banking_needs_a_table_that_displays_the_house_liability(service):
    await run(service, b.pai_gow_bank("PG-01", "house"))
    with pytest.raises(RuleRefused) as exc:
        await run(service, b.pai_gow_bank("PG-01", "co_banking", 2))
    refusal(exc, "003 s421(1)(b)(i)")


async def test_priority_set_markers_belong_to_the_round(service):
    with pytest.raises(RuleRefused) as exc:
        await run(service, b.pai_gow_priority("PG-01", [2], {2: 100_000}))
    refusal(exc, "003 s417")
    await run(service, b.pai_gow_bank("PG-01", "house"))
    events = await run(service, b.pai_gow_priority("PG-01", [5, 2, 5], {2: 100_000, 5: 150_000, 6: 5_000}))
    assert events[0].data["boxes"] == [2, 5] and events[0].data["rule"] == "003 s421(1)(d)"
    with pytest.raises(RuleRefused) as exc:
        await run(service, b.pai_gow_priority("PG-01", [9], {9: 100_000}))
    refusal(exc, "003 s421(1)(d)")
    await run(service, b.pai_gow_bank("PG-01", "house"))
    assert (await game_state(service, "PG-01"))["priority_boxes"] == []


# -- poker room ------------------------------------------------------------------------------


async def test_the_time_to_act_clock_runs_for_a_seat_and_stops(service, clock):
    events = await run(service, b.time_to_act("PK-01", 4))
    clock_state = (await game_state(service, "PK-01"))["clock"]
    assert clock_state["seat"] == 4 and clock_state["seconds"] == 30
    assert events[0].data["rule"] == "002 r6.14"
    started = clock.now
    assert clock_state["ends_at"] == (started + timedelta(seconds=30)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    await run(service, b.time_to_act("PK-01", None))
    assert (await game_state(service, "PK-01"))["clock"] is None


async def test_no_clock_where_the_game_has_no_time_to_act(db_url, clock, tmp_path):
    text = LAW_FLOOR.read_text(encoding="utf-8").replace("time_to_act = 30\n", "")
    path = tmp_path / "floor.toml"
    path.write_text(text, encoding="utf-8")
    svc = await Service.open(db_url, floor=load_floor(path), clock=clock, tick_seconds=None)
    try:
        with pytest.raises(RuleRefused) as exc:
            await run(svc, b.time_to_act("PK-01", 4))
        refusal(exc, "002 r6.14")
    finally:
        await svc.close()


# -- roles, the command list, the audit --------------------------------------------------------


async def test_a_dealer_token_drives_only_its_own_table_and_every_command_is_listed(service, serve_app):
    server = await serve_app(service)
    token = await service.create_token("dealer", "roulette dealer", tables=["RO-01"])
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    async with aiohttp.ClientSession() as session:

        async def post(body):
            async with session.post(
                str(server.make_url("/api/v1/commands")), data=json.dumps(body), headers=headers
            ) as r:
                return r.status, await r.json()

        assert (await post(b.roulette_result("RO-01", 7)))[0] == 200
        for command in (
            b.pai_gow_bank("PG-01", "house"),
            b.time_to_act("PK-01", 1),
            b.nominate_blackjack("BJ-05", "hearts", "king"),
            b.caribbean_round_end("CSP-01"),
        ):
            status, body = await post(command)
            assert status == 403 and body["error"]["code"] == "forbidden", (command, body)
        async with session.get(str(server.make_url("/api/v1/commands")), headers=headers) as r:
            listed = (await r.json())["commands"]
    for name in (
        "roulette_result",
        "nominate_blackjack",
        "caribbean_round_end",
        "pai_gow_bank",
        "pai_gow_priority",
        "time_to_act",
    ):
        assert listed[name]["role"] == "dealer" and listed[name]["help"], name
    assert "places" in listed["jackpot_wagers"]["fields"]


async def test_a_display_may_not_send_them(service):
    display = Actor(name="Screen", role="display", token_id="tok_screen")
    with pytest.raises(Forbidden):
        await run(service, b.roulette_result("RO-01", 7), display)


async def test_every_game_command_is_audited(service):
    await run(service, b.roulette_result("RO-01", 7))
    await run(service, b.pai_gow_bank("PG-01", "house"))
    report = await service.verify_audit()
    assert report.ok and report.records >= 2


async def test_the_game_states_have_exactly_the_keys_of_their_typed_shapes(service):
    from kiosk.state import shapes

    await run(service, b.roulette_result("RO-01", 7))
    await run(service, b.jackpot_wagers("CSP-01", places=[1]))
    await run(service, b.nominate_blackjack("BJ-05", "hearts", "king"))
    await run(service, b.pai_gow_bank("PG-01", "house"))
    await run(service, b.time_to_act("PK-01", 2))
    tables = (await service.snapshot())["tables"]
    for table_id, shape in (
        ("RO-01", shapes.RouletteGameState),
        ("CSP-01", shapes.CaribbeanGameState),
        ("BJ-05", shapes.BlackjackGameState),
        ("PG-01", shapes.PaiGowGameState),
        ("PK-01", shapes.PokerGameState),
    ):
        assert set(tables[table_id]["game_state"]) == set(shape.__annotations__), table_id
    assert set(tables["PG-01"]["game_state"]["bank"]) == set(shapes.PaiGowBank.__annotations__)
    assert set(tables["PK-01"]["game_state"]["clock"]) == set(shapes.PokerClock.__annotations__)


def test_a_roulette_table_keeps_as_many_results_as_its_statistics_count():
    """The winning numbers kept are at least what the display's statistics count, with the floor's
    setting and without it (the same default on both sides)."""
    from kiosk.state.handlers._game_state import RESULTS_KEPT, results_kept
    from kiosk.views.facts import roulette_statistics_spins

    for settings in ({}, {"statistics_spins": 20}, {"statistics_spins": 500}, {"statistics_spins": True}):
        table = {"settings": settings}
        assert results_kept(settings) == max(RESULTS_KEPT, roulette_statistics_spins(table))  # type: ignore[arg-type]
