"""What issue 22 shows at a table, composed from what a real service holds after real commands:
the notices (a closing, 003 s32(3); an illumination fault, 000 s78(7); a card machine
malfunction, 003 s65D(2)(a); a jackpot wager not accepted, 000 s237(3)) on every view of the
table, and the poker marker buttons at the seats (002 r8.1.3).  At 1920x1080 on 527x296 mm and
1280x800 on 217x136 mm: every text the view adds at least 8 mm, on the screen, no word split."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kiosk.rules.poker_buttons import BUTTONS
from kiosk.scene.legibility import text_runs_of
from kiosk.scene.primitives import Scene
from kiosk.views import builders as b
from kiosk.views.base import Area, CasinoSettings
from kiosk.views.cloth import cloth_scene
from kiosk.views.screens import layout, limits, signs, trichro, twoup_lights
from kiosk.views.table_notices import table_notices
from tests.fixtures.actors import DEALER, PIT
from tests.fixtures.scenes import short_added_texts, texts

SCREENS = [Area(527, 296), Area(217, 136)]
NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
ids = [f"{a.width_mm:g}x{a.height_mm:g}" for a in SCREENS]


@pytest.fixture
def settings(demo_floor) -> CasinoSettings:
    return CasinoSettings.from_floor(demo_floor)


async def _tables(service, *commands):
    for actor, command in commands:
        await service.execute(actor, command)
    return (await service.snapshot())["tables"]


def _added(scene: Scene, table, settings):
    cloth = set(texts(cloth_scene(table, settings)))
    return [run for run in text_runs_of(scene) if run.text not in cloth]


def _legible_on_screen(view, table, settings, area: Area) -> list[str]:
    """Every frame: each added text at least 8 mm, and inside the screen."""
    problems = []
    for scene in view.frames:
        problems += short_added_texts(scene, table, settings)
        for run in _added(scene, table, settings):
            if run.rotate_deg:
                continue
            if run.x < -0.01 or run.x + run.width_mm > area.width_mm + 0.01 or run.y > area.height_mm + 0.01:
                problems.append(f"{run.text!r} leaves the screen")
    return problems


def _band_words(view) -> list[str]:
    """Every word of every frame, as shown (a word broken across lines would not be one)."""
    return [word for scene in view.frames for text in texts(scene) for word in text.split()]


@pytest.mark.parametrize("area", SCREENS, ids=ids)
async def test_a_closing_counts_down_on_every_view_of_the_table(service, settings, area):
    """003 s32(3): the pit directs "only 3 more rounds"; the displays say how many remain."""
    tables = await _tables(service, (PIT, b.table_closing("RO-01", 3)), (DEALER, b.roulette_result("RO-01", 7)))
    table = tables["RO-01"]
    view = layout.compose(table, None, settings, NOW, area=area)
    assert {"TABLE", "CLOSING:", "2", "ROUNDS", "REMAINING"} <= set(_band_words(view))
    assert _legible_on_screen(view, table, settings, area) == []
    for module in (limits, signs):
        sign = module.compose(table, None, settings, NOW, area=area)
        assert "Table closing: 2 rounds remaining" in " ".join(_band_words(sign))
        assert "table_notice" not in (sign.status.reason or ""), sign.status  # the notice's page fits at the floor


@pytest.mark.parametrize("area", SCREENS, ids=ids)
async def test_an_illumination_fault_says_the_result_stands(service, settings, area):
    """000 s78(7): "A result is valid even if a winning area does not illuminate"."""
    tables = await _tables(
        service,
        (DEALER, b.trichro_no_more_bets("TC54-01")),
        (DEALER, b.trichro_draw("TC54-01", ["red*", "gold"])),
        (DEALER, b.trichro_illumination_fault("TC54-01")),
        (DEALER, b.roulette_result("RO-01", 17)),
        (DEALER, b.roulette_illumination_fault("RO-01")),
    )
    for module, table_id in ((trichro, "TC54-01"), (layout, "TC54-01"), (layout, "RO-01")):
        table = tables[table_id]
        view = module.compose(table, None, settings, NOW, area=area)
        words = " ".join(_band_words(view))
        assert "RESULT STANDS: ILLUMINATION FAULT" in words, (module.VIEW, table_id)
        assert view.content.lit  # the result stands: its areas are still lit where they can be
        assert _legible_on_screen(view, table, settings, area) == [], (module.VIEW, table_id)
    big = layout.compose(tables["RO-01"], None, settings, NOW, area=SCREENS[0])
    assert "000 s78(7)" not in texts(big.scene)  # the citation is the audit record's, not the player's


async def test_the_fault_goes_with_the_next_result(service, settings):
    tables = await _tables(
        service,
        (DEALER, b.roulette_result("RO-01", 17)),
        (DEALER, b.roulette_illumination_fault("RO-01")),
        (DEALER, b.roulette_result("RO-01", 3)),
    )
    assert table_notices(tables["RO-01"]) == ()


@pytest.mark.parametrize("area", SCREENS, ids=ids)
async def test_a_card_machine_malfunction_tells_players_their_wagers_may_be_returned(service, settings, area):
    """003 s65D(2)(a): each player "must be given the opportunity to have each amount wagered by the
    player in the round of play returned"; s65B and s65C announce nothing: the game continues."""
    tables = await _tables(service, (DEALER, b.card_machine_malfunction("BJ-02", "transfer")))
    assert table_notices(tables["BJ-02"]) == ()
    tables = await _tables(service, (DEALER, b.card_machine_malfunction("BJ-02", "dealing_shoe")))
    table = tables["BJ-02"]
    view = limits.compose(table, None, settings, NOW, area=area)
    assert view.status.is_live, view.status
    shown = " ".join(_band_words(view))
    assert "Card machine malfunction" in shown and "You may have your wagers in this round returned" in shown
    assert "003 s65D(2)(a)" not in shown  # in the audit record, not in the player's eye line
    tables = await _tables(service, (DEALER, b.card_machine_round_completed("BJ-02")))
    assert table_notices(tables["BJ-02"]) == ()


@pytest.mark.parametrize("area", SCREENS, ids=ids)
async def test_a_slot_light_not_lit_shows_the_wager_not_accepted(service, settings, area):
    """000 s231(1)(b): the light lights up if a chip is placed in the slot "and is accepted"; s237(3):
    the player tells the dealer when it is not lit."""
    tables = await _tables(
        service, (DEALER, b.jackpot_wagers("CSP-01", places=[1])), (DEALER, b.caribbean_slot_unlit("CSP-01", 3))
    )
    table = tables["CSP-01"]
    view = layout.compose(table, None, settings, NOW, area=area)
    assert view.content.not_accepted == (3,) and "seat3_slot" not in view.content.lit
    assert "seat1_slot" in view.content.lit
    assert "PLACE 3: JACKPOT WAGER NOT ACCEPTED (LIGHT NOT LIT)" in " ".join(_band_words(view))
    assert _legible_on_screen(view, table, settings, area) == []
    tables = await _tables(service, (DEALER, b.jackpot_wagers("CSP-01", places=[3])))  # re-placed and accepted
    assert layout.compose(tables["CSP-01"], None, settings, NOW, area=area).content.not_accepted == ()


@pytest.mark.parametrize("area", SCREENS, ids=ids)
async def test_marker_buttons_are_shown_at_their_seats(service, settings, area):
    """002 r8.1.3: marker buttons "designate seat or player status"; the layout shows each seat's."""
    tables = await _tables(
        service,
        (DEALER, b.poker_buttons("PK-01", 3, ["dealer"])),
        (DEALER, b.poker_buttons("PK-01", 6, ["missed_blind", "dealt_out"])),
        (DEALER, b.poker_buttons("PK-01", 9, ["reserved"])),
        (DEALER, b.poker_buttons("PK-01", 10, ["absent"])),
    )
    table = tables["PK-01"]
    view = layout.compose(table, None, settings, NOW, area=area)
    assert view.content.buttons == (
        (3, ("dealer",)),
        (6, ("dealt_out", "missed_blind")),
        (9, ("reserved",)),
        (10, ("absent",)),
    )
    shown = texts(view.scene)
    for letter in ("D", "O", "M", "R", "A"):
        assert letter in shown
    words = " ".join(shown)
    for code in ("dealer", "dealt_out", "missed_blind", "reserved", "absent"):
        assert BUTTONS[code].name.upper() in words, code
    assert _legible_on_screen(view, table, settings, area) == []


async def test_a_seats_letters_sit_beside_that_seat(service, settings):
    from kiosk.scene.build import item_path
    from kiosk.views.cloth import layout_for

    area = SCREENS[0]
    tables = await _tables(service, (DEALER, b.poker_buttons("PK-01", 3, ["dealer"])))
    table = tables["PK-01"]
    view = layout.compose(table, None, settings, NOW, area=area)
    letter = next(run for run in _added(view.scene, table, settings) if run.text == "D")
    # where seat 3 is on the screen: the cloth as the view placed it
    from kiosk.views.placing import Box, placed

    panel = area.width_mm - max(90.0, min(170.0, area.width_mm * 0.24))
    _, where = placed(cloth_scene(table, settings), Box(0.0, 0.0, panel, area.height_mm))
    x0, y0, x1, y1 = where.path(item_path(layout_for(table, settings).item_for_area("seat3"))).bounds()
    assert abs(letter.x + letter.width_mm / 2 - (x0 + x1) / 2) < 40 and abs(letter.y - (y0 + y1) / 2) < 40


async def test_a_new_notice_changes_the_views_content_so_the_display_repaints(service, settings):
    before = (await service.snapshot())["tables"]["TU-01"]
    tables = await _tables(service, (PIT, b.table_closing("TU-01", 2)))
    old = twoup_lights.compose(before, None, settings, NOW)
    new = twoup_lights.compose(tables["TU-01"], None, settings, NOW)
    assert old != new and "TABLE CLOSING: 2 ROUNDS REMAINING" in " ".join(_band_words(new))
