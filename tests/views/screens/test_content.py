"""Each display view's content, composed from the state a real service (SQLite) holds after
real commands; every text the view adds is at least the sign floor as shown."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from kiosk.rules.caribbean import JackpotHand, jackpot_payment_cents
from kiosk.rules.money import format_money
from kiosk.rules.trichro import winning_wagers
from kiosk.scene.primitives import Clipped
from kiosk.state.events import Actor
from kiosk.views import builders as b
from kiosk.views.base import Area, CasinoSettings, Status
from kiosk.views.screens import jackpot, layout, trichro, twoup_lights
from tests.fixtures.scenes import lines, short_added_texts, texts

START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)

DEALER = Actor(name="Dana Dealer", role="dealer", token_id="tok_dealer")
PIT = Actor(name="Pat Pit", role="pit", token_id="tok_pit")
AREAS = [Area(527, 296), Area(286, 179), Area(1209, 680)]


@pytest.fixture
def settings(demo_floor) -> CasinoSettings:
    return CasinoSettings.from_floor(demo_floor)


async def _state(service):
    snap = await service.snapshot()
    return snap["tables"], snap["links"]


async def test_layout_lights_exactly_the_winning_areas_until_the_next_game(service, settings, clock):
    run = service.execute
    tables, _ = await _state(service)
    assert layout.compose(tables["TC54-01"], None, settings, clock.now).content.lit == frozenset()
    await run(DEALER, b.trichro_no_more_bets("TC54-01"))
    await run(DEALER, b.trichro_draw("TC54-01", ["red*", "gold"]))
    tables, _ = await _state(service)
    view = layout.compose(tables["TC54-01"], None, settings, clock.now)
    assert view.content.lit == winning_wagers(54, ["red*", "gold"])  # 001 s463(3)
    assert view.scene.lit == view.content.lit
    await run(DEALER, b.trichro_no_more_bets("TC54-01"))
    tables, _ = await _state(service)
    assert layout.compose(tables["TC54-01"], None, settings, clock.now).content.lit == frozenset()
    await run(DEALER, b.trichro_malfunction("TC54-01", "ball_device"))
    tables, _ = await _state(service)
    assert layout.compose(tables["TC54-01"], None, settings, clock.now).content.lit == frozenset()  # s465


@pytest.mark.parametrize("area", AREAS, ids=lambda a: f"{a.width_mm:g}x{a.height_mm:g}")
async def test_every_layout_adds_only_legible_text(service, settings, clock, area):
    tables, _ = await _state(service)
    for table in tables.values():
        view = layout.compose(
            table, None, settings, clock.now, area=area, connection=Status.stale(clock.now - timedelta(minutes=3))
        )
        assert view.scene.width_mm == area.width_mm and view.scene.height_mm == area.height_mm
        assert short_added_texts(view.scene, table, settings) == [], table["id"]
        assert any(t.startswith("OFFLINE since") for t in texts(view.scene))


async def test_trichro_view_follows_the_drawing(service, settings, clock):
    run = service.execute
    tables, _ = await _state(service)
    assert "PLACE YOUR BETS" in texts(trichro.compose(tables["TC54-01"], None, settings, clock.now).scene)
    await run(DEALER, b.trichro_no_more_bets("TC54-01"))
    tables, _ = await _state(service)
    assert "NO MORE BETS" in texts(trichro.compose(tables["TC54-01"], None, settings, clock.now).scene)  # 001 s462
    await run(DEALER, b.trichro_draw("TC54-01", ["green*", "red"]))
    tables, _ = await _state(service)
    view = trichro.compose(tables["TC54-01"], None, settings, clock.now)
    assert {"GREEN STAR", "RED"} <= set(texts(view.scene))  # readable without colour
    assert view.content.lit == winning_wagers(54, ["green*", "red"])
    # the generator's table: the header says the drawing was electronic (001 s455), no citation
    await run(DEALER, b.trichro_no_more_bets("TC63-01"))
    await run(DEALER, b.trichro_generate("TC63-01"))
    tables, _ = await _state(service)
    view = trichro.compose(tables["TC63-01"], None, settings, clock.now)
    assert len(view.content.balls) == 2 and view.content.generator
    assert any(t.startswith("ELECTRONIC DRAWING") for t in texts(view.scene))
    assert "s455" not in " ".join(texts(view.scene))
    # a generator malfunction voids the drawing: it says so and lights nothing (001 s466)
    await run(DEALER, b.trichro_no_more_bets("TC63-01"))
    await run(DEALER, b.trichro_malfunction("TC63-01", "rrg"))
    tables, _ = await _state(service)
    for area in AREAS:
        view = trichro.compose(tables["TC63-01"], None, settings, clock.now, area=area)
        shown = " ".join(texts(view.scene))
        assert "DRAWING VOID" in shown and "decides no bet" in shown and "s466" not in shown
        assert view.content.lit == frozenset() and view.scene.lit == frozenset()
        assert short_added_texts(view.scene, tables["TC63-01"], settings) == []


async def test_twoup_lights_follow_the_spins_and_failed_lights_show_the_card(service, settings, clock):
    run = service.execute
    await run(DEALER, b.twoup_new_game("TU-01", seat=2, call="heads"))
    await run(DEALER, b.twoup_no_more_bets("TU-01"))
    await run(DEALER, b.twoup_spin("TU-01", "H"))
    await run(DEALER, b.twoup_no_more_bets("TU-01"))
    await run(DEALER, b.twoup_spin("TU-01", "O"))
    tables, _ = await _state(service)
    view = twoup_lights.compose(tables["TU-01"], None, settings, clock.now)
    assert dict(view.content.lit) == {"heads": 1, "tails": 0, "odds": 1}
    assert texts(view.scene).count("HEADS") == 1  # the row label only: no card while no light failed
    await run(DEALER, b.twoup_light("TU-01", "heads", 1, True))
    tables, _ = await _state(service)
    for area in AREAS:
        view = twoup_lights.compose(tables["TU-01"], None, settings, clock.now, area=area)
        assert texts(view.scene).count("HEADS") == 2  # the label and the card in the failed light's place
        assert short_added_texts(view.scene) == []
        assert "Spins: H O" in texts(view.scene) or area.height_mm < 200


SCREENS_MM = [Area(527, 296), Area(217, 136), Area(344, 194), Area(296, 527)]
"""The five screens of issue 18 by their glass (3840x2160 has the 527x296 mm of 1920x1080)."""


def _frames_legible(view) -> None:
    for frame in view.frames:
        assert short_added_texts(frame) == [], view.area


async def test_jackpot_meter_shows_the_exact_amount_celebrates_a_hit_then_pending_until_reset(service, settings, clock):
    run = service.execute
    await run(DEALER, b.jackpot_wagers("CSP-01", count=7))
    _, links = await _state(service)
    link = links["CSP-PROG"]
    amount = link["meter"]["amount_cents"]
    for area in SCREENS_MM:  # after a contribution: the exact amount, a digit per wheel, still
        view = jackpot.compose(None, link, settings, clock.now, area=area)
        assert view.facts["amount_cents"] == amount and view.facts["current"]
        assert format_money(amount, always_cents=True) in lines(view.scene)
        assert not any(isinstance(i, Clipped) and len(i.items) > 1 for i in view.scene.items)  # no wheel turning
        # the levels of the one jackpot prize (000 s246(1); docs/readings.md A-70): a straight flush's
        # share grows with it, on screen at every size; the fixed payments where there is room
        straight = jackpot_payment_cents(JackpotHand.STRAIGHT_FLUSH, amount)
        assert f"Straight flush {format_money(straight, always_cents=True)}" in lines(view.scene)
        fixed = " ".join(lines(view.scene)).replace("\n", " ")
        if area.width_mm >= 296:  # a 10-inch screen keeps the prize large and leaves the fixed payments out
            assert all(hand in fixed.lower() for hand in ("four of a kind $500", "full house $150", "flush $100"))
        _frames_legible(view)
    await run(DEALER, b.jackpot_hit("CSP-02", {"seat 1": ["AS", "KS", "QS", "JS", "TS"]}))
    tables, links = await _state(service)
    pending = links["CSP-PROG"]["pending"]
    prize = format_money(pending["total_cents"], always_cents=True)
    for subject in (None, tables["CSP-03"]):  # the link's display and a member table's
        for area in SCREENS_MM:
            # the hit: a celebration naming the hand, the prize and where it was won, flashing
            view = jackpot.compose(subject, links["CSP-PROG"], settings, clock.now + timedelta(seconds=2), area=area)
            assert view.facts["celebrating"] and len(view.frames) == 2 and view.frame_seconds
            for frame in view.frames:
                shown = lines(frame)
                assert "ROYAL FLUSH!" in shown and prize in shown and "Table CSP-02, seat 1" in shown
            assert not view.facts["current"]
            _frames_legible(view)
            # ten seconds on: PENDING with the hand and the table until paid, no amount as current
            view = jackpot.compose(subject, links["CSP-PROG"], settings, clock.now + timedelta(seconds=11), area=area)
            shown = lines(view.scene)
            assert not view.facts["celebrating"] and not view.facts["current"]
            assert "JACKPOT PENDING" in shown and "Royal flush won at table CSP-02" in " ".join(shown).replace(
                "\n", " "
            )
            assert not any("(000 s245)" in line for line in shown)  # the citation is small print, not the eye line
            _frames_legible(view)
    await run(DEALER, b.jackpot_before_payment("CSP-02", "Fran Floor", 52))  # 000 s245(5)
    await run(PIT, b.jackpot_paid("CSP-PROG"))
    _, links = await _state(service)
    view = jackpot.compose(None, links["CSP-PROG"], settings, clock.now + timedelta(seconds=3))
    assert not view.facts["celebrating"]  # paid: nothing left to celebrate
    assert "Paid: the meter is being reset" in lines(view.scene) and "JACKPOT PENDING" in lines(view.scene)
    await run(PIT, b.jackpot_reset("CSP-PROG"))
    _, links = await _state(service)
    reset = links["CSP-PROG"]["meter"]["amount_cents"]
    assert reset == links["CSP-PROG"]["meter"]["seed_cents"]
    view = jackpot.compose(None, links["CSP-PROG"], settings, clock.now)
    assert "JACKPOT PENDING" not in lines(view.scene) and view.facts["current"]
    assert format_money(reset, always_cents=True) in lines(view.scene)  # the reset amount


async def test_jackpot_meter_faults_after_30_seconds_without_a_heartbeat(service, settings, clock):
    _, links = await _state(service)
    link = links["CSP-PROG"]
    heard = clock.now
    fine = jackpot.compose(None, link, settings, heard + timedelta(seconds=29), heard_at=heard)
    assert fine.status.is_live and len(fine.frames) == 1
    stale = jackpot.compose(None, link, settings, heard + timedelta(seconds=31), heard_at=heard)
    assert stale.status.kind == "fault" and not stale.facts["current"]
    assert len(stale.frames) == 2 and stale.frame_seconds
    amount = format_money(link["meter"]["amount_cents"], always_cents=True)
    assert "JACKPOT METER FAULT" in texts(stale.frames[0]) and amount not in texts(stale.frames[0])
    assert amount in texts(stale.frames[1]) and "LAST AMOUNT - NOT CURRENT" in texts(stale.frames[1])
    # offline for more than 30 s is the same fault
    off = jackpot.compose(None, link, settings, heard + timedelta(seconds=40), connection=Status.stale(heard))
    assert off.status.kind == "fault"
    for frame in stale.frames:
        assert short_added_texts(frame) == []
    with pytest.raises(ValueError, match="000 s231"):
        jackpot.compose((await service.snapshot())["tables"]["BJ-01"], None, settings, clock.now)


@pytest.mark.parametrize("result", ["heads", "tails", "odds"])
@pytest.mark.parametrize("w, h", [(120, 160), (60, 70), (43, 30), (30, 30)])
def test_result_card_says_the_result_at_the_floor_or_refuses(result, w, h):
    from kiosk.scene.primitives import Scene
    from kiosk.views.placing import Box
    from kiosk.views.signs.cards import result_card
    from kiosk.views.signs.kinds_cards import CARD_FACES

    word, letter, _ = CARD_FACES[result]
    items = result_card(result, (255, 212, 0, 255), Box(0, 0, w, h))
    scene = Scene(width_mm=w, height_mm=h, items=tuple(items))
    shown = texts(scene)
    assert word in shown or letter in shown
    assert short_added_texts(scene) == []
    with pytest.raises(ValueError, match="too small"):
        result_card(result, (255, 212, 0, 255), Box(0, 0, 9, 9))


def _with_game_state(table: dict, **keys) -> dict:
    """A table state as the service writes it once the dealer recorded these game-state keys
    (the shapes of kiosk.state.shapes)."""
    return {**table, "game_state": {**table["game_state"], **keys}}


@pytest.mark.parametrize("area", AREAS, ids=lambda a: f"{a.width_mm:g}x{a.height_mm:g}")
def test_layout_shows_roulette_results_pai_gow_markers_and_slot_lights(demo_states, settings, area):
    tables, _ = demo_states
    roulette = _with_game_state(tables["RO-01"], results=[17, 0, 32, 5], winning=["number_17"], number=17)
    view = layout.compose(roulette, None, settings, START, area=area)
    assert view.content.lit == {"number_17"} and view.content.results == (17, 0, 32, 5)
    shown = texts(view.scene)
    assert "LAST RESULTS" in shown and "17" in shown and "BLACK" in shown
    assert ("GREEN" in shown or "G" in shown) and short_added_texts(view.scene, roulette, settings) == []

    pai_gow = _with_game_state(tables["PG-01"], bank={"banker": "player", "box": 4, "round": 2}, priority_boxes=[6])
    view = layout.compose(pai_gow, None, settings, START, area=area)
    assert (view.content.banker, view.content.chung, view.content.priority) == ("player", 4, (6,))
    shown = " ".join(texts(view.scene))
    assert "PLAYER" in shown and "BOX 4" in shown and "BOX 6" in shown  # 003 s417, s421(1)(d)
    assert texts(view.scene).count("B") == 1 and texts(view.scene).count("P") == 1
    assert short_added_texts(view.scene, pai_gow, settings) == []

    slots = _with_game_state(tables["CSP-01"], jackpot_places=[2, 7])
    view = layout.compose(slots, None, settings, START, area=area)
    assert view.content.lit == {"seat2_slot", "seat7_slot"}  # 000 s231(1)
    no_slots = _with_game_state(tables["CSP-04"], jackpot_places=[2])
    assert layout.compose(no_slots, None, settings, START, area=area).content.lit == frozenset()


def test_a_table_with_nothing_recorded_shows_that(demo_states, settings):
    tables, _ = demo_states
    view = layout.compose(tables["PG-01"], None, settings, START)
    assert "NOT RECORDED" in texts(view.scene) and "NONE" in texts(view.scene)
    assert "no spin yet" in texts(layout.compose(tables["RO-01"], None, settings, START).scene)


@pytest.mark.parametrize("area", AREAS, ids=lambda a: f"{a.width_mm:g}x{a.height_mm:g}")
def test_the_offline_band_covers_no_text_of_the_view(demo_states, settings, area):
    from kiosk.scene.legibility import text_runs_of
    from kiosk.views.base import status_band_mm

    tables, links = demo_states
    stale = Status.stale(START)
    top = area.height_mm - status_band_mm(stale, settings, area)
    for module, table_id in (
        (layout, "RO-01"),
        (layout, "PG-01"),
        (trichro, "TC54-01"),
        (twoup_lights, "TU-01"),
        (jackpot, "CSP-04"),
    ):
        table = tables[table_id]
        view = module.compose(
            table, links.get(table.get("link_id") or ""), settings, START, area=area, connection=stale
        )
        above = [run for run in text_runs_of(view.scene) if not run.text.startswith("OFFLINE")]
        assert above and all(run.y <= top + 1e-6 for run in above), (table_id, [r.text for r in above if r.y > top])
