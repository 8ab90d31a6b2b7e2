"""The commands behind what issue 22 shows at a table, through the service on SQLite and
PostgreSQL, each from its seed's words: the poker marker buttons (002 r8.1.3), a Caribbean slot
light that did not light (000 s231(1), s237(3)), an illumination fault at roulette (000 s78(7)), a
table closed after a number of rounds (003 s32(3)) and a card machine malfunction (003
ss65B-65D).  On the demo floor, which has a card machine, co-banking and jackpot slots."""

from __future__ import annotations

import pytest

from kiosk.floor import load_floor
from kiosk.state.errors import BadRequest, Forbidden, RuleRefused
from kiosk.views import builders as b
from tests.fixtures.actors import DEALER, PIT
from tests.fixtures.paths import DEMO_FLOOR


@pytest.fixture(scope="module")
def floor():
    """The demo floor: ``service`` (tests/state/conftest.py) runs on it here."""
    return load_floor(DEMO_FLOOR)


async def run(service, command, actor=DEALER):
    return await service.execute(actor, command)


async def table(service, table_id):
    return (await service.snapshot([table_id]))["tables"][table_id]


def refused(exc_info, rule):
    assert exc_info.value.rule == rule, exc_info.value.message
    assert rule in exc_info.value.message
    return exc_info.value.message


# -- poker marker buttons (002 r8.1.3, r1.1) ----------------------------------------------------


async def test_marker_buttons_designate_each_seats_status(service):
    """002 r8.1.3: "Marker Buttons will be used to designate seat or player status at a poker table";
    r1.1: the Dealer Button is moved round the table, one button."""
    events = await run(service, b.poker_buttons("PK-01", 3, ["dealer"]))
    assert events[0].data["rule"] == "002 r8.1.3" and events[0].data["buttons"] == ["dealer"]
    await run(service, b.poker_buttons("PK-01", 6, ["missed_blind", "dealt_out"]))
    await run(service, b.poker_buttons("PK-01", 9, ["reserved"]))
    events = await run(service, b.poker_buttons("PK-01", 4, ["dealer"]))
    assert events[0].data["dealer_button_moved_from"] == 3
    state = (await table(service, "PK-01"))["game_state"]
    assert state["buttons"] == {"4": ["dealer"], "6": ["dealt_out", "missed_blind"], "9": ["reserved"]}
    await run(service, b.poker_buttons("PK-01", 6, []))
    assert "6" not in (await table(service, "PK-01"))["game_state"]["buttons"]


@pytest.mark.parametrize(
    "buttons, words",
    [
        (["reserved", "absent"], "vacant seat"),
        (["dead", "dealt_out"], "empty seat"),
        (["dealer", "reserved"], "dead button"),
        (["missed_blind", "player_walking"], "absent button"),
    ],
)
async def test_buttons_that_contradict_each_other_are_refused(service, buttons, words):
    with pytest.raises(RuleRefused) as exc:
        await run(service, b.poker_buttons("PK-01", 2, buttons))
    assert words in refused(exc, "002 r1.1")
    assert (await table(service, "PK-01"))["game_state"].get("buttons", {}) == {}


async def test_marker_buttons_are_for_poker_room_tables_and_known_buttons(service):
    with pytest.raises(BadRequest):
        await run(service, b.poker_buttons("RO-01", 2, ["dealer"]))
    with pytest.raises(RuleRefused) as exc:
        await run(service, b.poker_buttons("PK-01", 2, ["button"]))
    refused(exc, "002 r8.1.3")
    with pytest.raises(BadRequest):
        await run(service, b.poker_buttons("PK-01", 11, []))


# -- a Caribbean slot light that did not light (000 s231(1), s237(3)) ---------------------------


async def test_a_slot_light_not_lit_marks_the_wager_not_accepted_for_the_round(service):
    """000 s231(1)(b): a light "that lights up if a chip is placed in the slot by a player and is
    accepted"; s237(3): the player checks it and, "if it is not lit, must notify the dealer"."""
    events = await run(service, b.caribbean_slot_unlit("CSP-01", 3))
    assert events[0].data["rule"] == "000 s237(3)" and events[0].data["accepted"] is False
    state = (await table(service, "CSP-01"))["game_state"]
    assert [m["place"] for m in state["unlit_slots"]] == [3]
    await run(service, b.caribbean_round_end("CSP-01"))
    await run(service, b.caribbean_slot_unlit("CSP-01", 5))  # a new round: only place 5
    state = (await table(service, "CSP-01"))["game_state"]
    assert [m["place"] for m in state["unlit_slots"]] == [5]
    await run(service, b.caribbean_slot_unlit("CSP-01", 5, unlit=False))
    assert (await table(service, "CSP-01"))["game_state"]["unlit_slots"] == []


async def test_an_accepted_wager_is_not_marked_and_a_table_without_slots_has_no_lights(service):
    await run(service, b.jackpot_wagers("CSP-01", places=[2]))
    with pytest.raises(RuleRefused) as exc:
        await run(service, b.caribbean_slot_unlit("CSP-01", 2))
    assert "accepted" in refused(exc, "000 s237(3)")
    with pytest.raises(RuleRefused) as exc:
        await run(service, b.caribbean_slot_unlit("CSP-04", 2))
    refused(exc, "000 s231(1)")


# -- an illumination fault at roulette (000 s78(7)) ---------------------------------------------


async def test_a_number_that_did_not_light_stands_until_the_next_spin(service):
    """000 s78(7): "A result is valid even if a winning area does not illuminate"."""
    with pytest.raises(RuleRefused) as exc:
        await run(service, b.roulette_illumination_fault("RO-01"))
    refused(exc, "000 s78(7)")
    await run(service, b.roulette_result("RO-01", 17))
    events = await run(service, b.roulette_illumination_fault("RO-01", note="lamp 17 out"))
    assert events[0].data["result_stands"] is True and events[0].data["rule"] == "000 s78(7)"
    state = (await table(service, "RO-01"))["game_state"]
    assert state["number"] == 17 and state["results"] == [17]  # the result stands
    assert state["illumination_faults"][0]["number"] == 17
    await run(service, b.roulette_result("RO-01", 4))
    assert (await table(service, "RO-01"))["game_state"]["illumination_faults"] == []


# -- a table closed after a number of rounds (003 s32(3)) --------------------------------------


async def test_a_pit_boss_directs_the_closing_and_the_rounds_count_down(service):
    """003 s32(3): "a pit boss or assistant pit boss directs only 3 more rounds to be played before the
    table is closed"."""
    with pytest.raises(Forbidden):
        await run(service, b.table_closing("RO-01", 3), DEALER)
    events = await run(service, b.table_closing("RO-01", 3), PIT)
    assert events[0].data["words"] == "Table closing: 3 rounds remaining"
    assert events[0].data["rule"] == "docs/readings.md A-41"  # s32 is blackjack's: roulette rests on the reading
    for number, remaining in ((7, 2), (8, 1), (9, 0)):
        events = await run(service, b.roulette_result("RO-01", number))
        assert [e.type for e in events] == ["roulette_result", "table_closing_round"]
        assert events[1].data["remaining"] == remaining
    assert events[1].data["words"] == "Table closed"
    with pytest.raises(RuleRefused) as exc:
        await run(service, b.roulette_result("RO-01", 10))
    assert "closed" in refused(exc, "docs/readings.md A-41")
    assert (await table(service, "RO-01"))["game_state"]["number"] == 9  # nothing was written
    await run(service, b.table_closing("RO-01", None), PIT)
    assert (await table(service, "RO-01"))["closing"] is None
    await run(service, b.roulette_result("RO-01", 10))


async def test_blackjack_rounds_are_counted_by_the_dealer(service):
    events = await run(service, b.table_closing("BJ-01", 3), PIT)
    assert events[0].data["rule"] == "003 s32(3)" and events[0].data["no_reshuffle"] is True
    assert "003 s32(4)" in events[0].data["note"]
    for remaining in (2, 1, 0):
        events = await run(service, b.closing_round_played("BJ-01"))
        assert events[0].data["remaining"] == remaining
    with pytest.raises(RuleRefused) as exc:
        await run(service, b.closing_round_played("BJ-01"))
    refused(exc, "003 s32(3)")
    with pytest.raises(BadRequest):  # roulette counts its own rounds: no manual count
        await run(service, b.closing_round_played("RO-01"))


async def test_a_jackpot_hit_is_settled_even_at_a_closed_table(service):
    """The winning hands of a round are paid (000 s245-s247) whatever the closing; the round is
    recorded as played after it, and the next round's end is refused."""
    await run(service, b.table_closing("CSP-01", 1), PIT)
    await run(service, b.caribbean_round_end("CSP-01"))
    assert (await table(service, "CSP-01"))["closing"]["played"] == 1
    events = await run(service, b.jackpot_hit("CSP-01", {"place 2": ["AS", "KS", "QS", "JS", "TS"]}))
    closing = [e for e in events if e.type == "table_closing_round"]
    assert closing and closing[0].data["after_closing"] is True
    with pytest.raises(RuleRefused) as exc:
        await run(service, b.caribbean_round_end("CSP-01"))
    assert "closed" in refused(exc, "docs/readings.md A-41")


async def test_only_spins_that_decide_the_wagers_count_at_two_up(service):
    await run(service, b.table_closing("TU-01", 2), PIT)
    await run(service, b.twoup_new_game("TU-01"))
    for code, counted in (("O", False), ("X", False), ("H", True)):
        await run(service, b.twoup_no_more_bets("TU-01"))
        events = await run(service, b.twoup_spin("TU-01", code))
        assert ("table_closing_round" in [e.type for e in events]) is counted, code
    assert (await table(service, "TU-01"))["closing"]["played"] == 1


# -- a card machine malfunction (003 ss65B-65D) ------------------------------------------------


async def test_a_card_machine_malfunction_without_another_machine_offers_the_wagers_back(service):
    """003 s65D(2)(a): "each player must be given the opportunity to have each amount wagered by the
    player in the round of play returned"; (d) "the round of play is completed using the dealing
    shoe"."""
    events = await run(service, b.card_machine_malfunction("BJ-02", "transfer"))
    assert events[0].data["rule"] == "003 s65B(2)" and events[0].data["wagers_may_be_returned"] is False
    events = await run(service, b.card_machine_malfunction("BJ-02", "dealing_shoe"))
    assert events[0].data["rule"] == "003 s65D(2)" and events[0].data["wagers_may_be_returned"] is True
    assert (await table(service, "BJ-02"))["game_state"]["card_machine"]["procedure"] == "dealing_shoe"
    events = await run(service, b.card_machine_round_completed("BJ-02"))
    assert events[0].data["rule"] == "003 s65D(2)(d)"
    assert (await table(service, "BJ-02"))["game_state"]["card_machine"] is None
    with pytest.raises(RuleRefused) as exc:
        await run(service, b.card_machine_round_completed("BJ-02"))
    refused(exc, "003 s65D(2)(d)")


async def test_a_table_without_a_card_machine_has_no_malfunction(service):
    with pytest.raises(RuleRefused) as exc:
        await run(service, b.card_machine_malfunction("BJ-01", "dealing_shoe"))
    refused(exc, "003 s65B(1)(a)")


async def test_each_is_audited_and_the_state_stays_derivable_from_the_log(service):
    await run(service, b.table_closing("RO-01", 2), PIT)
    await run(service, b.roulette_result("RO-01", 5))
    await run(service, b.poker_buttons("PK-01", 1, ["dealer"]))
    await run(service, b.card_machine_malfunction("BJ-02", "dealing_shoe"))
    report = await service.verify_audit()
    assert report.ok and report.records >= 5, report
