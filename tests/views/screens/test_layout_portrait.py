"""The layout view on an upright screen (1080x1920 on 296x527 mm, issue 18 section 1): the cloth
across the top and, under it, what a player at the table reads, the table's limits (roulette: its
last results), at 8 mm or more; the screen used, not left black under the cloth.  Composed from
the demo floor's tables in both states of the composition check (fresh, and played: results,
buttons, notices of changes ahead, a drawing, a spin)."""

from __future__ import annotations

import pytest

from kiosk.rules.money import format_money
from kiosk.scene.primitives import Scene, Shape, TextRun
from kiosk.views.base import MIN_SIGN_TEXT_MM
from kiosk.views.composition import ink_box
from kiosk.views.screens import layout
from tests.fixtures.composition import AT, SCREENS, floor_states

UPRIGHT = SCREENS["1080x1920"]
LANDSCAPE = [size for size, area in SCREENS.items() if area.width_mm > area.height_mm]


def _layout_tables():
    for state, (tables, _links, _settings) in floor_states().items():
        for table_id in sorted(tables):
            yield pytest.param(state, table_id, id=f"{table_id}-{state}")


def _frames(state: str, table_id: str, area) -> tuple[Scene, ...]:
    tables, _links, settings = floor_states()[state]
    return layout.compose(tables[table_id], None, settings, AT, area=area).frames


def _cloth_bottom(scene: Scene) -> float:
    """The lowest point of the cloth: its areas' shapes and its own (fitted) labels."""
    bottoms = [item.path.bounds()[3] for item in scene.items if isinstance(item, Shape) and item.area is not None]
    bottoms += [
        box.bottom
        for box in (ink_box(item) for item in scene.items if isinstance(item, TextRun) and item.drawing)
        if box is not None
    ]
    return max(bottoms)


def _read(scene: Scene) -> list[tuple[str, float, float, float]]:
    """``(text, letter mm, ink top, ink bottom)`` of every text the view sets for players."""
    from kiosk.scene.legibility import letter_height_mm

    out = []
    for item in scene.items:
        if isinstance(item, TextRun) and not item.drawing:
            box = ink_box(item)
            height = letter_height_mm(item)
            if box is not None and height is not None:
                out.append((item.text, height, box.top, box.bottom))
    return out


@pytest.mark.parametrize(("state", "table_id"), list(_layout_tables()))
def test_an_upright_screen_shows_the_tables_limits_under_the_cloth_and_is_used(state, table_id):
    tables, _links, _settings = floor_states()[state]
    table = tables[table_id]
    for scene in _frames(state, table_id, UPRIGHT):
        cloth = _cloth_bottom(scene)
        below = [(text, mm, top, bottom) for text, mm, top, bottom in _read(scene) if top >= cloth]
        said = " ".join(text for text, *_ in below)
        if table["game"] == "roulette":
            wanted = ["LAST RESULTS"]
        else:
            wanted = [table["display_name"].split()[0], format_money(int(table["limits"]["minimum_cents"]))]
            wanted.append(format_money(int(table["limits"]["maximum_cents"])))
        for words in wanted:
            assert words in said, f"{table_id} ({state}): {words!r} is not under the cloth: {said!r}"
        assert all(mm >= MIN_SIGN_TEXT_MM - 1e-6 for _, mm, _, _ in below)
        # the screen is used: from the cloth's top to the lowest words, at least 60 % of its height
        tops = [item.path.bounds()[1] for item in scene.items if isinstance(item, Shape) and item.area is not None]
        lowest = max(bottom for *_, bottom in below)
        used = (lowest - min(tops)) / UPRIGHT.height_mm
        assert used >= 0.6, f"{table_id} ({state}): content spans {used:.0%} of the screen's height"


@pytest.mark.parametrize(("state", "table_id"), list(_layout_tables()))
def test_a_landscape_screen_keeps_the_limits_to_the_limits_view(state, table_id):
    for size in LANDSCAPE:
        for scene in _frames(state, table_id, SCREENS[size]):
            assert not any("Table limits" in text for text, *_ in _read(scene)), (table_id, size)


def test_the_tables_notices_keep_their_band_over_the_cloth_and_the_limits_stay_whole():
    """A closing, a card machine malfunction, a jackpot wager not accepted and an illumination
    fault on an upright screen: the notice band across the top, the cloth and the limits under
    it, every frame composed right (the composition check)."""
    from datetime import timedelta

    from kiosk.views import builders as b
    from kiosk.views.composition import composition_faults, vocabulary
    from tests.fixtures.composition import BIG

    tables, links, settings = floor_states()["fresh"]
    tables, _ = b.simulate(
        [b.table_closing("BJ-01", 3), b.table_closing("TU-01", 2)],
        tables,
        links,
        role="pit",
        now=AT - timedelta(minutes=1),
    )
    tables, _ = b.simulate(
        [
            b.card_machine_malfunction("BJ-02", "dealing_shoe"),
            b.jackpot_wagers("CSP-01", places=[1]),
            b.caribbean_slot_unlit("CSP-01", 3),
            b.trichro_no_more_bets("TC54-01"),
            b.trichro_draw("TC54-01", ["red*", "gold"]),
            b.trichro_illumination_fault("TC54-01"),
        ],
        tables,
        links,
        role="dealer",
        now=AT - timedelta(minutes=1),
    )
    for table_id in ("BJ-01", "BJ-02", "CSP-01", "TC54-01", "TU-01"):
        table = tables[table_id]
        words = vocabulary(layout.compose(table, None, settings, AT, area=BIG).frames)
        frames = layout.compose(table, None, settings, AT, area=UPRIGHT).frames
        for scene in frames:
            assert composition_faults(scene, UPRIGHT, words=words) == [], table_id
            said = " ".join(text for text, *_ in _read(scene))
            assert format_money(int(table["limits"]["minimum_cents"])) in said, (table_id, said)
        first = " ".join(text for text, *_ in _read(frames[0]))
        assert any(word in first for word in ("CLOS", "ILLUMINATION", "CARD", "NOT ACCEPTED", "Clos", "card")), first


def test_an_upright_screen_shows_the_live_result_between_the_cloth_and_the_limits():
    """Tri-chro after a drawing: the two balls named under the cloth (001 s463(3)); two-up after
    a spin: what the spin decided, as the lights view's banner says it; each above the limits."""
    from kiosk.views.screens.trichro import ball_words
    from kiosk.views.screens.twoup_lights import content_of, result_banner

    tables, _links, _settings = floor_states()["played"]
    drawn = {
        table_id: [ball_words(t) for t in table["game_state"]["drawn"]]
        for table_id, table in tables.items()
        if table["game"].startswith("tri_chro") and table["game_state"].get("phase") == "result"
    }
    banner = result_banner(content_of(tables["TU-01"], UPRIGHT))
    assert drawn and banner is not None
    for table_id, wanted in [*drawn.items(), ("TU-01", list(banner[:2]))]:
        (scene,) = _frames("played", table_id, UPRIGHT)
        cloth = _cloth_bottom(scene)
        read = _read(scene)
        limits_top = min(top for text, _, top, _ in read if "Table limits" in text)
        between = [text for text, mm, top, bottom in read if cloth <= top and bottom <= limits_top]
        for words in wanted:
            assert words in between, f"{table_id}: {words!r} not between the cloth and the limits: {between}"
    for table_id in (t for t, table in tables.items() if table["game"].startswith("tri_chro") and t not in drawn):
        (scene,) = _frames("played", table_id, UPRIGHT)  # no result shown: no balls named
        assert not any(text in ("RED STAR", "GOLD", "GREEN") for text, *_ in _read(scene))


@pytest.mark.parametrize("table_id", ["TC54-01", "TC63-01"])
def test_a_smaller_upright_screen_keeps_the_minimum_and_the_table_maximum(table_id):
    """A 15.6-inch screen upright (194x344 mm): the tri-chro sign's odds classes do not fit under
    the cloth at 8 mm, so the layout view keeps its first table, the minimum and the table
    maximum, whole and composed right (the limits view shows the whole sign, in pages)."""
    from kiosk.views.base import Area
    from kiosk.views.composition import composition_faults, vocabulary
    from tests.fixtures.composition import BIG

    area = Area(194.0, 344.0)
    tables, _links, settings = floor_states()["played"]
    table = tables[table_id]
    words = vocabulary(layout.compose(table, None, settings, AT, area=BIG).frames)
    for scene in layout.compose(table, None, settings, AT, area=area).frames:
        assert composition_faults(scene, area, words=words) == []
        cloth = _cloth_bottom(scene)
        said = " ".join(text for text, _, top, _ in _read(scene) if top >= cloth)
        for cents in (table["limits"]["minimum_cents"], table["limits"]["maximum_cents"]):
            assert format_money(int(cents)) in said, said
