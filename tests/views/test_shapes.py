"""The typed shapes of kiosk.state.shapes are exactly what the real service writes and streams."""

from __future__ import annotations

from datetime import timedelta

import pytest

from kiosk.state.client import LiveState, Snapshot
from kiosk.state.events import Actor
from kiosk.state.shapes import LinkState, TableState, TriChroGameState, TwoUpGameState
from kiosk.views import builders as b
from tests.fixtures.shapes import problems

DEALER = Actor(name="Dana Dealer", role="dealer", token_id="tok_dealer")
PIT = Actor(name="Pat Pit", role="pit", token_id="tok_pit")


def _all_problems(snap: dict) -> list[str]:
    out = []
    for tid, table in snap["tables"].items():
        out += problems(table, TableState, f"table {tid}")
    for lid, link in snap["links"].items():
        out += problems(link, LinkState, f"link {lid}")
    return out


async def _play(service, clock) -> None:
    """Commands of every kind that change a state's shape: draws, spins, lights, jackpot hit,
    scheduled and pending changes."""
    run = service.execute
    await run(DEALER, b.trichro_no_more_bets("TC54-01"))
    await run(DEALER, b.trichro_draw("TC54-01", ["red*", "gold"]))
    await run(DEALER, b.trichro_illumination_fault("TC54-01", areas=[], note="bulb"))
    await run(DEALER, b.trichro_no_more_bets("TC63-01"))
    await run(DEALER, b.trichro_malfunction("TC63-01", "rrg"))
    await run(DEALER, b.twoup_new_game("TU-01", seat=3, call="heads"))
    await run(DEALER, b.twoup_no_more_bets("TU-01"))
    await run(DEALER, b.twoup_spin("TU-01", "H"))
    await run(DEALER, b.twoup_light("TU-01", "odds", 2, True))
    await run(DEALER, b.jackpot_wagers("CSP-01", count=5))
    await run(DEALER, b.jackpot_hit("CSP-02", {"seat 1": ["AS", "KS", "QS", "JS", "TS"]}))
    await run(DEALER, b.jackpot_before_payment("CSP-02", "Fran Floor", 52))  # 000 s245(5)
    await run(PIT, b.jackpot_paid("CSP-PROG", note="paid in cash"))
    when = (clock.now + timedelta(hours=1)).isoformat()
    await run(
        PIT,
        b.schedule_change("MP-01", {"minimum_table_stake_cents": 15000}, when),
    )
    await run(PIT, b.set_limits("PK-01", {"minimum_buy_in_cents": 20000}))


async def test_seeded_states_have_the_typed_shapes(service):
    snap = await service.snapshot()
    assert snap["tables"] and snap["links"]
    assert _all_problems(snap) == []


async def test_states_after_commands_have_the_typed_shapes(service, clock):
    await _play(service, clock)
    snap = await service.snapshot()
    assert snap["tables"]["TC54-01"]["game_state"]["phase"] == "result"
    assert snap["links"]["CSP-PROG"]["pending"]["paid"] is True
    assert snap["tables"]["MP-01"]["scheduled"] and snap["tables"]["PK-01"]["pending"]
    assert _all_problems(snap) == []
    assert problems(snap["tables"]["TC63-01"]["game_state"], TriChroGameState) == []
    assert problems(snap["tables"]["TU-01"]["game_state"], TwoUpGameState) == []


async def test_live_state_mirrors_the_typed_states(service, clock):
    """LiveState fed the service's events holds the same (typed) states as the service."""
    first = await service.snapshot()
    live = LiveState()
    live.apply(Snapshot(first["seq"], first["tables"], first["links"]))
    await _play(service, clock)
    for event in await service.events_since(first["seq"]):
        live.apply(event)
    now = await service.snapshot()
    assert live.seq == now["seq"]
    assert live.tables == now["tables"] and live.links == now["links"]
    assert _all_problems({"tables": live.tables, "links": live.links}) == []


@pytest.mark.parametrize(
    "bad, complaint",
    [
        ({"kind": "two_up", "phase": "betting", "games": 0, "game": None}, "failed_lights: missing"),
        (
            {
                "kind": "two_up",
                "phase": "betting",
                "games": 0,
                "game": None,
                "failed_lights": {"heads": [], "tails": [], "odds": []},
                "extra": 1,
            },
            "extra: not a key",
        ),
    ],
)
def test_the_shape_check_can_fail(bad, complaint):
    found = problems(bad, TwoUpGameState)
    assert any(complaint in p for p in found), found
