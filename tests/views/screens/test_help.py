"""The help view (a player's touch, issue 18 section 4), below Qt.

* When help may cover a table's live view: never while a round is in play (its result is live)
  or a notice about the table is up (docs/readings.md A-76): every tri-chro phase and two-up
  step, a roulette result as it ages, a blackjack round being dealt, Caribbean stud jackpot
  wagers in play.
* What a touch does: open, ignore, the next page, Back, the language button, the last page.
* Every page of the help of every demo table, on the five screens of issue 18 and in every
  shipped language: every glyph at least 8 mm (CJK measured per glyph), nothing off the screen,
  the bottom bar's buttons at least 9 mm, and in Chinese every word of the page translated.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from kiosk.language import shipped_languages, speaking
from kiosk.rules.lettering import MIN_TEXT_MM
from kiosk.scene.legibility import letter_height_mm, text_runs_of
from kiosk.views.base import Area, CasinoSettings
from kiosk.views.builders import (
    simulate,
    trichro_draw,
    trichro_no_more_bets,
    twoup_new_game,
    twoup_no_more_bets,
    twoup_spin,
)
from kiosk.views.composition import composition_faults, ink_box, vocabulary
from kiosk.views.screens import SCREENS
from kiosk.views.screens.help import (
    BACK,
    LANGUAGE,
    LANGUAGE_NAMES,
    PATRON_HELP_RULE,
    RESULT_SECONDS,
    compose,
    hit,
    may_cover,
    next_language,
    on_touch,
)

NOW = datetime(2026, 11, 28, 11, 14, 5, tzinfo=UTC)
BIG = Area(1600.0, 900.0)  # where nothing needs breaking: the words of the check (tests/fixtures/composition.py)
SIZES = [Area(527, 296), Area(217, 136), Area(344, 194), Area(527, 296), Area(296, 527)]
MIN_TOUCH_MM = 9.0


@pytest.fixture(scope="module")
def settings(demo_floor) -> CasinoSettings:
    return CasinoSettings.from_floor(demo_floor)


def _play(demo_states, table_id, commands, role="dealer"):
    tables, links = demo_states
    tables, _links = simulate(commands, tables, links, role=role, now=NOW - timedelta(seconds=5))
    return tables[table_id]


# -------------------------------------------------------------------------- may help cover?


def test_trichro_help_only_while_bets_are_placed(demo_states):
    table = demo_states[0]["TC54-01"]
    assert may_cover(table, NOW)  # betting: nothing live to hide
    closed = _play(demo_states, "TC54-01", [trichro_no_more_bets("TC54-01")])
    assert not may_cover(closed, NOW)
    drawn = _play(demo_states, "TC54-01", [trichro_no_more_bets("TC54-01"), trichro_draw("TC54-01", ["red", "gold"])])
    assert not may_cover(drawn, NOW)  # the result is lit


def test_twoup_help_never_during_a_spinners_game(demo_states):
    assert may_cover(demo_states[0]["TU-01"], NOW)
    started = _play(demo_states, "TU-01", [twoup_new_game("TU-01")])
    closed = _play(demo_states, "TU-01", [twoup_new_game("TU-01"), twoup_no_more_bets("TU-01")])
    spun = _play(demo_states, "TU-01", [twoup_new_game("TU-01"), twoup_no_more_bets("TU-01"), twoup_spin("TU-01", "H")])
    for table in (closed, spun):
        assert not may_cover(table, NOW)  # wagers closed; then the spin's result is lit
    assert may_cover(started, NOW)  # a new spinner's game before no more bets: wagers are placed
    again = _play(
        demo_states,
        "TU-01",
        [twoup_new_game("TU-01"), twoup_no_more_bets("TU-01"), twoup_spin("TU-01", "H"), twoup_new_game("TU-01")],
    )
    assert may_cover(again, NOW)


def test_a_roulette_number_is_live_for_a_while(demo_states):
    table = dict(demo_states[0]["RO-01"])
    assert may_cover(table, NOW)
    table["game_state"] = {**table["game_state"], "number": 17, "at": NOW.isoformat()}
    assert not may_cover(table, NOW)
    assert not may_cover(table, NOW + timedelta(seconds=RESULT_SECONDS - 1))
    assert may_cover(table, NOW + timedelta(seconds=RESULT_SECONDS))


def test_blackjack_dealing_and_caribbean_jackpot_wagers_are_rounds_in_play(demo_states):
    bj = dict(demo_states[0]["BJ-01"])
    assert may_cover(bj, NOW)
    bj["game_state"] = {**(bj.get("game_state") or {}), "dealing": True}
    assert not may_cover(bj, NOW)
    csp = dict(demo_states[0]["CSP-01"])
    assert may_cover(csp, NOW)
    csp["game_state"] = {**(csp.get("game_state") or {}), "jackpot_places": [2, 5], "round": 1}
    assert not may_cover(csp, NOW)


def test_a_notice_about_the_table_is_never_covered(demo_states):
    table = dict(demo_states[0]["RO-01"])
    table["game_state"] = {
        **table["game_state"],
        "spins": 4,
        "illumination_faults": [{"spin": 4, "number": 3, "note": None, "at": NOW.isoformat()}],
    }
    assert not may_cover(table, NOW + timedelta(hours=1))
    assert not may_cover(None, NOW)  # a link's meter has no table to help with


# -------------------------------------------------------------------------- touches


def test_touches_open_turn_change_language_and_return(demo_states, settings):
    table = demo_states[0]["BJ-01"]
    assert on_touch(None, 0, table, NOW, (10, 10)) == "open"
    shown = compose(table, None, settings, NOW)
    pages = len(shown.frames)
    assert pages >= 3
    buttons = shown.facts["buttons"]
    assert set(buttons) == {BACK, LANGUAGE}
    middle = (shown.scene.width_mm / 2, shown.scene.height_mm / 3)
    assert hit(shown, *middle) is None
    assert on_touch(shown, 0, table, NOW, middle) == "page"
    assert on_touch(shown, pages - 1, table, NOW, middle) == "close"  # past the last page: the live view
    for name, action in ((BACK, "close"), (LANGUAGE, "language")):
        x, y, w, h = buttons[name]
        assert on_touch(shown, 0, table, NOW, (x + w / 2, y + h / 2)) == action
    playing = dict(table, game_state={**(table.get("game_state") or {}), "dealing": True})
    assert on_touch(None, 0, playing, NOW, middle) == "ignore"


def test_the_language_button_cycles_the_floors_languages(settings):
    assert settings.languages == ("en", "zh_Hans", "vi")
    seen = ["en"]
    for _ in range(3):
        seen.append(next_language(settings.languages, seen[-1]))
    assert seen == ["en", "zh_Hans", "vi", "en"]
    assert next_language(("en",), "en") == "en"


def test_one_language_has_no_language_button(demo_states, settings):
    only = CasinoSettings(name=settings.name, languages=("en",))
    assert set(compose(demo_states[0]["BJ-01"], None, only, NOW).facts["buttons"]) == {BACK}


# -------------------------------------------------------------------------- every page, every screen

_CITATION = re.compile(r"^[\s\d()\-,;:.$/ss]*(pt|ss?|r|sch|Rules:|规则：|Luật:)?[\s\d()\-,;:.$/a-z]*$")


@pytest.mark.parametrize("language", shipped_languages())
@pytest.mark.parametrize("area", SIZES, ids=lambda a: f"{a.width_mm:g}x{a.height_mm:g}")
def test_every_help_page_is_legible_on_every_screen(demo_states, settings, area, language):
    tables, links = demo_states
    for table_id, table in sorted(tables.items()):
        link = links.get(table.get("link_id") or "")
        with speaking(language):
            state = SCREENS["help"].compose(table, link, settings, NOW, area=area)
        assert state.facts["language"] == language
        assert set(state.facts["buttons"]) == {BACK, LANGUAGE}
        for name, (_x, _y, w, h) in state.facts["buttons"].items():
            assert w >= MIN_TOUCH_MM and h >= MIN_TOUCH_MM, (table_id, name, w, h)
        for page, scene in enumerate(state.frames):
            assert (scene.width_mm, scene.height_mm) == (area.width_mm, area.height_mm)
            for run in text_runs_of(scene):
                where = f"{table_id} page {page + 1} {language}: {run.text!r}"
                height = letter_height_mm(run)
                assert height is None or height >= MIN_TEXT_MM - 1e-6, f"{where} is {height:.2f} mm"
                assert run.x >= -1e-6 and run.x + run.width_mm <= area.width_mm + 1e-6, f"{where} off the side"
                assert run.size_mm * 0.2 <= run.y <= area.height_mm + 1e-6, f"{where} off the top or bottom"
                box, bar = ink_box(run), state.facts["bar_top"]
                assert box is None or box.top >= bar - 1e-6 or box.bottom <= bar + 1e-6, f"{where} runs under the bar"


def _translated(text: str, names: set[str]) -> bool:
    """Words a Chinese page may keep: CJK, figures and money, citations, the table's name, and the
    language button's other languages written in themselves."""
    rest = text
    for name in sorted(names, key=len, reverse=True):
        rest = rest.replace(name, " ")
    latin = re.findall(r"[A-Za-z\u00c0-\u024f]{2,}", rest)
    return all(word in {"pt", "ss", "sch", "s"} or re.fullmatch(r"s\d+.*", word) for word in latin)


def _floor_words(table) -> set[str]:
    """The floor file's own words about a table (an approval's reference, approved cuts, a
    sharing method, a poker game's type): the casino's text, shown as given (docs/languages.md)."""
    found: set[str] = set()
    stack = [table.get("settings") or {}, table.get("limits") or {}]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            stack += list(value.values())
        elif isinstance(value, list | tuple):
            stack += list(value)
    return found


def test_in_chinese_every_word_of_help_is_translated(demo_states, settings):
    tables, links = demo_states
    for table_id, table in sorted(tables.items()):
        link = links.get(table.get("link_id") or "")
        names = {str(table.get("display_name") or ""), *LANGUAGE_NAMES.values(), *_floor_words(table)}
        names |= {str((link or {}).get("name") or "")} - {""}
        names |= {word for text in _floor_words(table) for word in text.split()}  # broken into lines
        with speaking("zh_Hans"):
            state = SCREENS["help"].compose(table, link, settings, NOW)
        texts = [run.text for scene in state.frames for run in text_runs_of(scene)]
        assert any(run.face.family == "cjk" for scene in state.frames for run in text_runs_of(scene))
        untranslated = [t for t in texts if not _translated(t, names)]
        assert not untranslated, f"{table_id}: {untranslated}"
        assert PATRON_HELP_RULE in " ".join(texts)


def test_the_patrons_help_comes_from_the_floor_in_the_language_shown(demo_states, demo_floor, settings):
    table = demo_states[0]["RO-01"]
    for language in ("en", "zh_Hans"):
        with speaking(language):
            state = compose(table, None, settings, NOW)
        last = " ".join(run.text for run in text_runs_of(state.frames[-1]))
        first = demo_floor.help.patrons[0] if language == "en" else demo_floor.help.patrons_by_language[language][0]
        assert first.split()[0] in last, (language, last)


@pytest.mark.parametrize("language", shipped_languages())
def test_the_composition_check_passes_on_help_in_every_language(demo_states, settings, language):
    """18-screens' composition check (:func:`kiosk.views.composition.composition_faults`) over
    every help page of every demo table on every screen of issue 18."""
    tables, links = demo_states
    faults = []
    for table_id, table in sorted(tables.items()):
        link = links.get(table.get("link_id") or "")
        with speaking(language):
            words = vocabulary(SCREENS["help"].compose(table, link, settings, NOW, area=BIG).frames)
            for area in SIZES:
                state = SCREENS["help"].compose(table, link, settings, NOW, area=area)
                faults += [
                    f"{table_id} {area.width_mm:g}x{area.height_mm:g} page {i + 1}: {fault}"
                    for i, frame in enumerate(state.frames)
                    for fault in composition_faults(frame, area, words=words)
                ]
    assert faults == [], "; ".join(faults[:8])
