"""The layout view from the dealer's roulette, pai gow and Caribbean stud commands, through a
real service: the winning number lit with the last results, the chung and priority markers,
the slot lights of the places whose jackpot wager is in play."""

from __future__ import annotations

import pytest

from kiosk.state.events import Actor
from kiosk.views import builders as b
from kiosk.views.base import CasinoSettings
from kiosk.views.screens import layout
from tests.fixtures.backend import table_state
from tests.fixtures.scenes import texts

DEALER = Actor(name="Dana Dealer", role="dealer", token_id="tok_dealer")


@pytest.fixture
def settings(demo_floor) -> CasinoSettings:
    return CasinoSettings.from_floor(demo_floor)


async def test_roulette_results_light_the_number_and_list_the_last(service, settings, clock):
    for number in (17, 0, 5):
        await service.execute(DEALER, b.roulette_result("RO-01", number))
    view = layout.compose(await table_state(service, "RO-01"), None, settings, clock.now)
    assert view.content.lit == {"number_5"} and view.content.results[:3] == (5, 0, 17)
    shown = texts(view.scene)
    assert "5" in shown and "RED" in shown and "17" in shown


async def test_pai_gow_bank_and_priority_markers(service, settings, clock):
    await service.execute(DEALER, b.pai_gow_bank("PG-01", "house"))  # s425(8)
    view = layout.compose(await table_state(service, "PG-01"), None, settings, clock.now)
    assert view.content.banker == "house" and "HOUSE" in texts(view.scene)
    await service.execute(DEALER, b.pai_gow_bank("PG-01", "player", box=3))
    await service.execute(DEALER, b.pai_gow_priority("PG-01", [5], {5: 250_000}))  # half the $5,000 maximum
    view = layout.compose(await table_state(service, "PG-01"), None, settings, clock.now)
    assert (view.content.banker, view.content.chung, view.content.priority) == ("player", 3, (5,))
    shown = " ".join(texts(view.scene))
    assert "PLAYER" in shown and "CHUNG AT BOX 3" in shown and "BOX 5" in shown


async def test_slot_lights_follow_the_jackpot_wagers_in_play(service, settings, clock):
    await service.execute(DEALER, b.jackpot_wagers("CSP-01", places=[2, 6]))
    view = layout.compose(await table_state(service, "CSP-01"), None, settings, clock.now)
    assert view.content.lit == {"seat2_slot", "seat6_slot"}  # 000 s231(1)
    await service.execute(DEALER, b.caribbean_round_end("CSP-01"))
    assert layout.compose(await table_state(service, "CSP-01"), None, settings, clock.now).content.lit == frozenset()
