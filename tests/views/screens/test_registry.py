"""The screens' registry (:data:`kiosk.views.screens.SCREENS`): one entry per view a floor file
names, what each says it takes matches its ``compose``, and :func:`compose_view` calls every
view one way."""

from __future__ import annotations

import inspect
from datetime import UTC, datetime

import pytest

from kiosk.floor.references import VIEW_GAMES
from kiosk.views.base import CasinoSettings
from kiosk.views.display_model import HEARD_VIEWS, READS_LINK, TIMED_VIEWS
from kiosk.views.screen import VIEW_NAMES, Subject, compose_view
from kiosk.views.screens import SCREENS

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
ONE_CONVENTION = ("area", "connection", "heard_at", "lit")


def test_the_registry_names_every_view_of_the_floor_file():
    assert list(SCREENS) == list(VIEW_GAMES)
    assert VIEW_NAMES == tuple(SCREENS)


@pytest.mark.parametrize("view", list(SCREENS))
def test_every_compose_takes_the_one_keyword_set_with_defaults(view):
    params = inspect.signature(SCREENS[view].compose).parameters
    assert list(params)[:4] == ["table", "link", "settings", "now"]
    for name in ONE_CONVENTION:
        assert params[name].kind is inspect.Parameter.KEYWORD_ONLY, name
        assert params[name].default is not inspect.Parameter.empty, name
    assert ("interval_s" in params) == SCREENS[view].interval


def test_what_each_screen_takes():
    assert {v for v, s in SCREENS.items() if s.lights} == {"layout", "trichro"}
    assert {v for v, s in SCREENS.items() if s.interval} == {"limits", "signs"}
    assert HEARD_VIEWS == {"jackpot"}
    assert TIMED_VIEWS == {"jackpot", "limits", "signs"}
    assert READS_LINK == {"jackpot", "limits", "signs", "help"}  # help shows the jackpot meter sign


def test_compose_view_refuses_lit_areas_on_a_view_that_lights_none(demo_states):
    tables, links = demo_states
    settings = CasinoSettings("Test")
    with pytest.raises(ValueError) as refused:
        compose_view(Subject("limits", "BJ-01"), tables, links, settings, NOW, lit={"red"})
    assert str(refused.value) == "view limits lights no areas; --lit is for the layout and trichro views"
    lit = compose_view(Subject("trichro", "TC54-01"), tables, links, settings, NOW, lit={"no_red"})
    assert "no_red" in lit.content.lit


@pytest.mark.parametrize("view", list(SCREENS))
def test_compose_view_composes_every_view_one_way(demo_states, view):
    tables, links = demo_states
    games = VIEW_GAMES[view]
    table = next(t for t in tables.values() if games is None or t["game"] in games)
    state = compose_view(Subject(view, table["id"]), tables, links, CasinoSettings("Test"), NOW, heard_at=NOW)
    assert state.view == view
