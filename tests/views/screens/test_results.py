"""Results that stand out, seen from the player's side (issue 18 section 2): what the tri-chro,
two-up and history views show after real draws and spins on a real service (SQLite), and that
each composes right (kiosk.views.composition) on the five screens of issue 18."""

from __future__ import annotations

import re
from collections import Counter
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st

from kiosk.rules.roulette import Wheel
from kiosk.rules.trichro import wagers, winning_wagers
from kiosk.rules.twoup import PLAYER_ODDS, SPINNER_ODDS
from kiosk.scene.legibility import letter_height_mm, text_runs_of
from kiosk.scene.primitives import Shape
from kiosk.state.events import Actor
from kiosk.views import builders as b
from kiosk.views.base import CasinoSettings
from kiosk.views.cloth import cloth_scene
from kiosk.views.composition import composition_faults, vocabulary
from kiosk.views.results_history import percent, roulette_board, roulette_statistics
from kiosk.views.screens import SCREENS, history, trichro, twoup_lights
from tests.fixtures.composition import BIG
from tests.fixtures.composition import SCREENS as SIZES
from tests.fixtures.scenes import texts

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
DEALER = Actor(name="Dana Dealer", role="dealer", token_id="tok_dealer")
CITATION = re.compile(r"\b00\d\s+(s|r|sch|pt)\s*\d")
# the demo floor's approved wheel (assets/demo_floor.toml)
RED = frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})
WHEEL = Wheel(tuple(range(37)), RED)


@pytest.fixture
def settings(demo_floor) -> CasinoSettings:
    return CasinoSettings.from_floor(demo_floor)


async def _table(service, table_id: str) -> dict:
    return (await service.snapshot())["tables"][table_id]


def _all_texts(view) -> str:
    return " | ".join(t for frame in view.frames for t in texts(frame))


def _faults(view_name: str, table: dict, settings: CasinoSettings) -> list[str]:
    """Composition faults of the view of ``table`` on every screen of issue 18, every frame."""
    words = vocabulary(SCREENS[view_name].compose(table, None, settings, NOW, area=BIG).frames)
    out = []
    for size, area in SIZES.items():
        view = SCREENS[view_name].compose(table, None, settings, NOW, area=area)
        out += [
            f"{size} frame {i + 1}: {f}"
            for i, fr in enumerate(view.frames)
            for f in composition_faults(fr, area, words=words)
        ]
    return out


# --------------------------------------------------------------------------- roulette history, below Qt


def test_the_board_puts_red_left_black_right_and_zero_in_the_centre():
    board = roulette_board([0, 32, 15, 19, 4], WHEEL.colour)
    assert [(e.number, e.colour, e.column) for e in board] == [
        (0, "green", "centre"),
        (32, "red", "left"),
        (15, "black", "right"),
        (19, "red", "left"),
        (4, "black", "right"),
    ]
    assert len(roulette_board(list(range(37)) * 2, WHEEL.colour)) == 20


def test_hot_and_cold_numbers_and_their_ties():
    results = [7, 7, 7, 3, 3, 12, 12, 5]  # newest first
    stats = roulette_statistics(results, WHEEL.colour, 100, named=3)
    assert stats.spins == 8 and stats.hot == ((7, 3), (3, 2), (12, 2))  # 3 seen more recently than 12
    # cold: never seen first (lowest number first), then the least seen, longest ago
    assert stats.cold == ((0, 0), (1, 0), (2, 0))
    every = list(range(37))  # each once; 36 the newest
    assert roulette_statistics(every, WHEEL.colour, 37, named=2).cold == ((36, 1), (35, 1))
    assert roulette_statistics([], WHEEL.colour, 100).hot == ()


def test_the_window_counts_only_the_latest_spins():
    results = [0] * 10 + [1] * 90  # the latest 10 are zeros
    assert roulette_statistics(results, WHEEL.colour, 10).zero == 100
    assert roulette_statistics(results, WHEEL.colour, 100).zero == 10


@hyp_settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 36), max_size=300), st.integers(20, 1000))
def test_the_shares_are_the_counts_in_whole_percent(results, window):
    stats = roulette_statistics(results, WHEEL.colour, window)
    counted = results[:window]
    n = len(counted)
    assert stats.spins == n
    assert stats.red == percent(sum(1 for x in counted if x in RED), n)
    assert stats.black == percent(sum(1 for x in counted if x and x not in RED), n)
    assert stats.odd == percent(sum(1 for x in counted if x % 2), n)
    assert stats.even == percent(sum(1 for x in counted if x and x % 2 == 0), n)
    assert stats.dozens == tuple(percent(sum(1 for x in counted if lo <= x <= lo + 11), n) for lo in (1, 13, 25))
    times = Counter(counted)
    if n:
        assert stats.hot[0][1] == max(times.values())
        assert stats.cold[0][1] == min(times.get(x, 0) for x in range(37))


def test_percent_rounds_half_up():
    assert [percent(1, 3), percent(2, 3), percent(1, 8), percent(0, 0), percent(5, 5)] == [33, 67, 13, 0, 100]


# --------------------------------------------------------------------------- the history view, played


async def test_roulette_history_after_a_run_of_spins(service, settings):
    spins = [17, 0, 32, 5, 36, 11, 23, 8, 14, 30, 2, 27, 17, 17, 4, 19, 21, 25, 34, 6, 13, 1, 17, 9, 33]
    for number in spins:
        await service.execute(DEALER, b.roulette_result("RO-01", number))
    table = await _table(service, "RO-01")
    view = history.compose(table, None, settings, NOW)
    newest_first = list(reversed(spins))
    assert [e.number for e in view.content.board] == newest_first[:20]
    assert view.content.statistics.spins == 25 and view.content.statistics.hot[0] == (17, 4)
    shown = _all_texts(view)
    assert "LAST 25 SPINS" in shown and "HOT" in shown and "COLD" in shown
    assert "RED " in shown and "ODD " in shown and "1-12 " in shown and "ZERO " in shown
    # the floor's window: a table that counts the last 20 spins says so
    windowed = {**table, "settings": {**table["settings"], "statistics_spins": 20}}
    assert "LAST 20 SPINS" in _all_texts(history.compose(windowed, None, settings, NOW))
    # at least 12 numbers on every screen, each a chip in its colour
    for size, area in SIZES.items():
        frame = history.compose(table, None, settings, NOW, area=area).scene
        numbers = [t for t in texts(frame) if t.isdigit()]
        assert len(numbers) >= 12, size
    assert _faults("history", table, settings) == []


async def test_tri_chro_and_two_up_history_after_play(service, settings):
    for pair in (["red*", "gold"], ["green", "green*"], ["gold", "red"]):
        await service.execute(DEALER, b.trichro_no_more_bets("TC54-01"))
        await service.execute(DEALER, b.trichro_draw("TC54-01", pair))
    table = await _table(service, "TC54-01")
    view = history.compose(table, None, settings, NOW)
    assert [set(p) for p in view.content.drawings] == [{"gold", "red"}, {"green", "green*"}, {"red*", "gold"}]
    assert _faults("history", table, settings) == []

    await service.execute(DEALER, b.twoup_new_game("TU-01", seat=2, call="heads"))
    for code in ("H", "O", "H", "H"):
        await service.execute(DEALER, b.twoup_no_more_bets("TU-01"))
        await service.execute(DEALER, b.twoup_spin("TU-01", code))
    await service.execute(DEALER, b.twoup_new_game("TU-01", seat=2, call="heads"))
    await service.execute(DEALER, b.twoup_no_more_bets("TU-01"))
    await service.execute(DEALER, b.twoup_spin("TU-01", "T"))
    table = await _table(service, "TU-01")
    view = history.compose(table, None, settings, NOW)
    assert [(g.number, g.spins, g.outcome) for g in view.content.games] == [
        (2, ("T",), "lose"),
        (1, ("H", "O", "H", "H"), "win"),
    ]
    shown = _all_texts(view)
    assert "GAME 1" in shown and "SPINNER WON" in shown and "SPINNER LOST" in shown
    assert _faults("history", table, settings) == []


def _with(table: dict, **keys) -> dict:
    return {**table, "game_state": {**table["game_state"], **keys}}


def test_full_histories_compose_right_on_every_screen(demo_states, settings):
    tables, _ = demo_states
    full = [
        _with(tables["RO-01"], results=[(n * 7) % 37 for n in range(200)]),
        _with(tables["TC63-01"], recent=[["red*", "gold"], ["green", "gold*"]] * 10),
        _with(
            tables["TU-01"],
            past_games=[
                {"number": 40 - i, "call": "tails", "spins": ["H", "O", "X", "O", "O", "T"][: 1 + i % 6], "outcome": o}
                for i, o in enumerate(["win", "lose", "end"] * 6 + ["win", "lose"])
            ],
        ),
    ]
    for table in full:
        assert _faults("history", table, settings) == [], table["id"]


# --------------------------------------------------------------------------- tri-chro result


async def test_a_drawing_lights_the_winners_dims_the_losers_and_lists_them_with_their_odds(service, settings):
    await service.execute(DEALER, b.trichro_no_more_bets("TC54-01"))
    await service.execute(DEALER, b.trichro_draw("TC54-01", ["green*", "gold*"]))  # 6 winning wagers
    table = await _table(service, "TC54-01")
    won = winning_wagers(54, ["green*", "gold*"])
    expected = [(w.name.upper(), f"{w.odds[0]} TO {w.odds[1]}") for w in wagers(54) if w.id in won]
    assert len(expected) == 6
    for size, area in SIZES.items():
        view = trichro.compose(table, None, settings, NOW, area=area)
        shown = [t for frame in view.frames for t in texts(frame)]
        # the heading where there is room for it (the 10 and 15.6-inch screens give it to the bets)
        assert "WINNING BETS" in shown or size in ("1280x800", "1366x768"), size
        for name, odds in expected:  # each winning wager, named, with its odds, at 8 mm or more
            assert name in shown and odds in shown, (size, name)
        assert "GREEN STAR" in " ".join(shown) and "GOLD STAR" in " ".join(shown), size
        assert not CITATION.search(" ".join(shown)), size
        # the winners are ringed in the highlight, every losing area dimmed
        scene = view.frames[0]
        rings = [p for p in scene.items if isinstance(p, Shape) and p.stroke == trichro.HIGHLIGHT]
        dims = [p for p in scene.items if isinstance(p, Shape) and p.fill is not None and p.fill[3] == 178]
        assert len(rings) == 6 and len(dims) == 19 - 6, size
    assert _faults("trichro", table, settings) == []


def test_the_highlight_is_no_colour_of_the_cloth(demo_states, settings):
    tables, _ = demo_states
    for table_id in ("TC54-01", "TC63-01"):
        cloth = cloth_scene(tables[table_id], settings, frozenset())
        used = {c[:3] for p in cloth.items if isinstance(p, Shape) for c in (p.fill, p.stroke) if c is not None}
        used |= {run.fill[:3] for run in text_runs_of(cloth)}
        nearest = min(sum(abs(a - b) for a, b in zip(colour, trichro.HIGHLIGHT[:3], strict=True)) for colour in used)
        assert nearest > 150, (table_id, nearest)


async def test_the_generator_and_a_void_drawing_speak_plainly(service, settings):
    await service.execute(DEALER, b.trichro_no_more_bets("TC63-01"))
    await service.execute(DEALER, b.trichro_generate("TC63-01"))
    table = await _table(service, "TC63-01")
    assert _faults("trichro", table, settings) == []
    await service.execute(DEALER, b.trichro_no_more_bets("TC63-01"))
    await service.execute(DEALER, b.trichro_malfunction("TC63-01", "rrg"))
    table = await _table(service, "TC63-01")
    for area in SIZES.values():
        shown = _all_texts(trichro.compose(table, None, settings, NOW, area=area))
        assert "DRAWING VOID" in shown and "inspector" in shown and not CITATION.search(shown)
    assert _faults("trichro", table, settings) == []


# --------------------------------------------------------------------------- two-up result


def _chroma(colour) -> int:
    return max(colour[:3]) - min(colour[:3])


async def test_two_up_unlit_lights_are_grey_and_the_outcome_is_the_largest_text(service, settings):
    await service.execute(DEALER, b.twoup_new_game("TU-01", seat=2, call="heads"))
    await service.execute(DEALER, b.twoup_no_more_bets("TU-01"))
    await service.execute(DEALER, b.twoup_spin("TU-01", "H"))
    table = await _table(service, "TU-01")
    view = twoup_lights.compose(table, None, settings, NOW)
    assert "HEADS" in texts(view.scene) and "HEADS PAYS 1 TO 1" in texts(view.scene)
    colours = {name: c for name, c in view.content.colours}
    shapes = [p for p in view.scene.items if isinstance(p, Shape) and p.fill is not None]
    # one light lit in its colour; the ten unlit ones grey, edged grey: nothing of their set's colour
    lit = [p for p in shapes if p.fill[:3] == tuple(int(colours["heads"][i : i + 2], 16) for i in (1, 3, 5))]
    grey = [p for p in shapes if p.fill == twoup_lights._DIM]
    assert len(grey) == 10 and all(_chroma(p.stroke) < 10 for p in grey) and lit

    for code in ("O", "H", "H"):  # heads three times: the spinner wins (004 sch13 s8(1)(a))
        await service.execute(DEALER, b.twoup_no_more_bets("TU-01"))
        await service.execute(DEALER, b.twoup_spin("TU-01", code))
    table = await _table(service, "TU-01")
    spinner_pays = f"{SPINNER_ODDS[0] / SPINNER_ODDS[1]:g} TO 1"
    player_pays = f"{PLAYER_ODDS[0] // PLAYER_ODDS[1]} TO 1"
    for size, area in SIZES.items():
        scene = twoup_lights.compose(table, None, settings, NOW, area=area).scene
        heights = {run.text: letter_height_mm(run) or 0.0 for run in text_runs_of(scene)}
        assert max(heights, key=heights.__getitem__) == "SPINNER WINS", (size, heights)
        assert any(spinner_pays in t and player_pays in t for t in heights), size
        assert not CITATION.search(" ".join(heights)), size
    assert _faults("twoup_lights", table, settings) == []
