"""A game is in every registry a game passes through (docs/architecture.md, "A new game").

Adding a game to :data:`kiosk.rules.games.GAMES` and forgetting one of the places below fails
here, naming the place, instead of failing on a floor at run time.
"""

from __future__ import annotations

from typing import get_args

import pytest

from kiosk.floor.references import VIEW_GAMES
from kiosk.floor.signs import SIGN_KINDS
from kiosk.rules.games import GAMES
from kiosk.rules.limits import violations
from kiosk.scene.layout_file import load_layout
from kiosk.scene.resources import default_layout_path
from kiosk.state.handlers import COMMANDS, initial_game_state
from kiosk.state.shapes import GameState
from kiosk.views.screens import SCREENS

ALL_GAMES = sorted(GAMES)


def _kinds() -> set[str]:
    """The ``kind`` values the typed game states of ``kiosk.state.shapes`` declare."""
    return {value for state in get_args(GameState) for value in get_args(state.__annotations__["kind"])}


@pytest.mark.parametrize("game", ALL_GAMES)
def test_each_game_has_its_layout_file(game):
    assert load_layout(default_layout_path(game)).game == game


@pytest.mark.parametrize("game", ALL_GAMES)
def test_each_game_has_limit_rules(game):
    assert isinstance(violations(game, {"minimum_cents": 100, "maximum_cents": 10_000}), list)


@pytest.mark.parametrize("game", ALL_GAMES)
def test_each_game_has_a_limits_sign_and_a_layout_view(game):
    assert game in SIGN_KINDS["limits"].games
    fits = [view for view, games in VIEW_GAMES.items() if games is None or game in games]
    assert {"layout", "limits", "signs"} <= set(fits)
    assert all(view in SCREENS for view in fits)


@pytest.mark.parametrize("game", ALL_GAMES)
def test_each_game_starts_in_a_typed_game_state(game):
    state = initial_game_state(game, {})
    kinds = _kinds()
    assert state["kind"] in kinds or state["kind"] == game, (state["kind"], sorted(kinds))


def test_every_game_a_command_names_is_a_game():
    named = {g for spec in COMMANDS.values() for g in spec.games or ()}
    assert named <= set(GAMES), sorted(named - set(GAMES))


def test_every_game_with_its_own_dealer_commands_has_a_dealer_section():
    from kiosk.ui.staff.dealer.panel import SECTIONS

    with_commands = {g for spec in COMMANDS.values() if spec.role == "dealer" for g in spec.games or ()}
    assert with_commands <= set(SECTIONS), sorted(with_commands - set(SECTIONS))
