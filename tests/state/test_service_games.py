"""Tri-chro drawings and two-up dice through the service, on both stores."""

from __future__ import annotations

import pytest

from kiosk.rules.trichro import physical_balls, winning_wagers
from kiosk.state.errors import BadRequest, Forbidden, RuleRefused
from tests.fixtures.actors import DEALER, PIT


async def _game(service, table_id):
    return (await service.snapshot([table_id]))["tables"][table_id]["game_state"]


async def _do(service, table_id, type_, actor=DEALER, **fields):
    return await service.execute(actor, {"type": type_, "table_id": table_id, **fields})


# -- tri-chro --------------------------------------------------------------------------


async def test_ball_device_drawing_lights_the_rules_winning_areas(service):
    with pytest.raises(RuleRefused) as err:
        await _do(service, "TC54-01", "trichro_draw", balls=["red*", "gold"])
    assert err.value.rule == "001 s463(1)"
    await _do(service, "TC54-01", "trichro_no_more_bets")
    assert (await _game(service, "TC54-01"))["phase"] == "no_more_bets"
    events = await _do(service, "TC54-01", "trichro_draw", balls=["gold", "red*"])
    assert events[0].type == "trichro_result"
    assert set(events[0].data["winning"]) == winning_wagers(54, ["red*", "gold"])
    game = await _game(service, "TC54-01")
    assert game["phase"] == "result" and set(game["winning"]) == winning_wagers(54, ["red*", "gold"])
    # a second entry for the same drawing is refused: the next drawing starts with 'no more bets'
    with pytest.raises(RuleRefused):
        await _do(service, "TC54-01", "trichro_draw", balls=["red", "red"])


async def test_bad_balls_are_refused_in_one_line(service):
    await _do(service, "TC54-01", "trichro_no_more_bets")
    for balls in (["red"], ["red", "blue"], ["red", "red", "red"], [1, 2]):
        with pytest.raises(BadRequest) as err:
            await _do(service, "TC54-01", "trichro_draw", balls=balls)
        assert "\n" not in err.value.message
    assert (await _game(service, "TC54-01"))["phase"] == "no_more_bets"


async def test_broken_part_ball_is_not_used(service):
    await _do(service, "TC54-01", "trichro_no_more_bets")
    events = await _do(service, "TC54-01", "trichro_draw", balls=["green", "broken", "green*"])
    assert events[0].data["rule"] == "001 s465(4)"
    assert events[0].data["part_balls_not_used"] == 1
    assert set(events[0].data["winning"]) == winning_wagers(54, ["green", "green*"])
    with pytest.raises(RuleRefused) as err:  # the broken ball is replaced before the next drawing
        await _do(service, "TC54-01", "trichro_no_more_bets")
    assert err.value.rule == "001 s465(4)(c)"
    with pytest.raises(BadRequest):
        await _do(service, "TC54-01", "trichro_ball_replaced", inspector="")
    replaced = await _do(service, "TC54-01", "trichro_ball_replaced", inspector="Ivy Inspector")
    assert replaced[0].data["inspector"] == "Ivy Inspector"
    await _do(service, "TC54-01", "trichro_no_more_bets")
    by_hand = await _do(service, "TC54-01", "trichro_draw", balls=["gold", "red"], by_hand=True)
    assert by_hand[0].data["hand_rule"] == "001 s465(2)"


async def test_generator_draws_two_real_balls(service):
    tokens = {b.token for b in physical_balls(63)}
    with pytest.raises(RuleRefused) as err:
        await _do(service, "TC63-01", "trichro_draw", balls=["red", "red"])  # this table has a generator
    assert err.value.rule == "001 s456(5)(a)"
    seen = set()
    for _ in range(6):
        await _do(service, "TC63-01", "trichro_no_more_bets")
        result = (await _do(service, "TC63-01", "trichro_generate"))[0].data
        assert result["source"] == "random_result_generator"
        assert len(result["balls"]) == 2 and set(result["balls"]) <= tokens
        assert set(result["winning"]) == winning_wagers(63, result["balls"])
        seen.add(tuple(result["balls"]))
    assert len(seen) > 1  # 6 drawings from 1953 pairs: identical results would point at a broken generator


async def test_generator_malfunction_voids_and_needs_a_named_inspector(service):
    await _do(service, "TC63-01", "trichro_no_more_bets")
    await _do(service, "TC63-01", "trichro_generate")
    events = await _do(service, "TC63-01", "trichro_malfunction", device="rrg", note="screen froze")
    assert events[0].type == "trichro_drawing_void" and events[0].data["rule"] == "001 s466"
    game = await _game(service, "TC63-01")
    assert game["phase"] == "void" and game["winning"] == [] and game["drawn"] is None
    assert game["awaiting_inspector"] is True
    await _do(service, "TC63-01", "trichro_no_more_bets")
    with pytest.raises(RuleRefused) as err:
        await _do(service, "TC63-01", "trichro_generate")
    assert err.value.rule == "001 s466(b)"
    with pytest.raises(Forbidden):
        await _do(service, "TC63-01", "trichro_approve_redraw", inspector="Ivy Inspector")
    with pytest.raises(BadRequest):
        await _do(service, "TC63-01", "trichro_approve_redraw", actor=PIT, inspector="  ")
    approved = await _do(service, "TC63-01", "trichro_approve_redraw", actor=PIT, inspector="Ivy Inspector")
    assert approved[0].data["inspector"] == "Ivy Inspector" and approved[0].actor == PIT.name
    result = (await _do(service, "TC63-01", "trichro_generate"))[0]
    assert result.data["winning"]


async def test_ball_device_malfunction_voids_without_inspector(service):
    await _do(service, "TC54-01", "trichro_no_more_bets")
    events = await _do(service, "TC54-01", "trichro_malfunction", device="ball_device")
    assert events[0].data["rule"] == "001 s465(3)"
    assert (await _game(service, "TC54-01"))["awaiting_inspector"] is False
    with pytest.raises(RuleRefused):  # no drawing under way any more
        await _do(service, "TC54-01", "trichro_malfunction", device="ball_device")


async def test_illumination_fault_is_recorded_and_the_result_stands(service):
    await _do(service, "TC54-01", "trichro_no_more_bets")
    winning = (await _do(service, "TC54-01", "trichro_draw", balls=["red*", "red*"]))[0].data["winning"]
    events = await _do(service, "TC54-01", "trichro_illumination_fault", areas=["any_red"], note="lamp out")
    assert events[0].data["rule"] == "000 s78(7)" and events[0].data["result_stands"] is True
    game = await _game(service, "TC54-01")
    assert game["winning"] == winning and game["illumination_faults"][0]["areas"] == ["any_red"]
    with pytest.raises(BadRequest):
        await _do(service, "TC54-01", "trichro_illumination_fault", areas=["no_red"])


# -- two-up dice -----------------------------------------------------------------------


async def _spin(service, code):
    await _do(service, "TU-01", "twoup_no_more_bets")
    return (await _do(service, "TU-01", "twoup_spin", result=code))[0].data


async def test_two_up_spinner_wins_with_three_heads(service):
    with pytest.raises(RuleRefused):
        await _do(service, "TU-01", "twoup_spin", result="H")
    await _do(service, "TU-01", "twoup_new_game", seat=3, call="heads")
    with pytest.raises(RuleRefused) as err:
        await _do(service, "TU-01", "twoup_spin", result="H")
    assert err.value.rule == "004 sch13 s7(1)"
    lights = []
    for code in "HOXOH":
        lights.append((await _spin(service, code))["lights"])
    assert lights == [
        {"heads": 1, "tails": 0, "odds": 0},
        {"heads": 1, "tails": 0, "odds": 1},
        {"heads": 1, "tails": 0, "odds": 1},  # an invalid spin is void
        {"heads": 1, "tails": 0, "odds": 2},
        {"heads": 2, "tails": 0, "odds": 0},
    ]
    last = await _spin(service, "H")
    assert last["outcome"] == "win" and last["rule"] == "004 sch13 s8(1)(a)"
    assert last["lights"] == {"heads": 3, "tails": 0, "odds": 0}
    with pytest.raises(RuleRefused):
        await _do(service, "TU-01", "twoup_no_more_bets")
    # the winner may continue (s10(1)); a new game clears the lights
    await _do(service, "TU-01", "twoup_new_game", seat=3, call="tails")
    game = (await _game(service, "TU-01"))["game"]
    assert game["lights"] == {"heads": 0, "tails": 0, "odds": 0} and game["new_spinner"] is False


async def test_two_up_loser_must_hand_on_the_dice(service):
    await _do(service, "TU-01", "twoup_new_game", seat=1, call="tails")
    assert (await _spin(service, "H"))["outcome"] == "lose"
    with pytest.raises(RuleRefused) as err:
        await _do(service, "TU-01", "twoup_new_game", seat=1, call="tails")
    assert err.value.rule == "004 sch13 s10(2)"
    await _do(service, "TU-01", "twoup_new_game", seat=2, call="heads")


async def test_two_up_dealer_spins_without_wager_and_five_odds(service):
    with pytest.raises(RuleRefused) as err:
        await _do(service, "TU-01", "twoup_new_game", call="heads")
    assert err.value.rule == "004 sch13 s6(2)"
    with pytest.raises(RuleRefused):
        await _do(service, "TU-01", "twoup_new_game", seat=4)
    await _do(service, "TU-01", "twoup_new_game")
    for _ in range(4):
        assert (await _spin(service, "O"))["outcome"] is None
    last = await _spin(service, "O")
    assert last["outcome"] == "end" and last["player_wagers"] == {"heads": "lose", "tails": "lose"}


async def test_two_up_three_invalid_spins_and_the_dealer_takes_over(service):
    await _do(service, "TU-01", "twoup_new_game", seat=5, call="heads")
    for _ in range(3):
        data = await _spin(service, "X")
    assert data["must_change_spinner"] is True
    game = (await _game(service, "TU-01"))["game"]
    assert game["spinner"] == "dealer"
    with pytest.raises(RuleRefused):  # the spinner's wager is undecided: no new game yet
        await _do(service, "TU-01", "twoup_new_game", seat=6, call="tails")
    assert (await _spin(service, "T"))["outcome"] == "lose"


async def test_two_up_spinner_stops_and_overruled_invalid_spin(service):
    await _do(service, "TU-01", "twoup_new_game", seat=2, call="tails")
    await _spin(service, "T")
    await _spin(service, "X")
    with pytest.raises(Forbidden):
        await _do(service, "TU-01", "twoup_overrule_invalid", result="T")
    data = (await _do(service, "TU-01", "twoup_overrule_invalid", actor=PIT, result="T"))[0].data
    assert data["lights"]["tails"] == 2 and data["rule"] == "004 sch13 s20(4)"
    await _do(service, "TU-01", "twoup_spinner_stops")
    assert (await _game(service, "TU-01"))["game"]["spinner"] == "dealer"
    assert (await _spin(service, "T"))["outcome"] == "win"


async def test_two_up_light_failure_shows_a_card(service):
    events = await _do(service, "TU-01", "twoup_light", light="odds", index=4, failed=True)
    assert events[0].data["rule"] == "004 sch13 s19(2)" and "card" in events[0].data["note"]
    assert (await _game(service, "TU-01"))["failed_lights"]["odds"] == [4]
    with pytest.raises(RuleRefused):
        await _do(service, "TU-01", "twoup_light", light="heads", index=4, failed=True)  # only 3 heads lights
    await _do(service, "TU-01", "twoup_light", light="odds", index=4, failed=False)
    assert (await _game(service, "TU-01"))["failed_lights"]["odds"] == []
