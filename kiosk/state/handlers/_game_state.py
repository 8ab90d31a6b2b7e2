"""A table's game state: the live state of each game before its first round
(:func:`initial_game_state`, which the floor file seeds a new table with), and a stored game
state completed with every key of its game (:func:`current_game_state`, which the handlers
read).  Every list in a game state is bounded (:data:`RESULTS_KEPT`)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from kiosk.floor.models import statistics_spins
from kiosk.rules.games import tri_chro_balls
from kiosk.state.shapes import GameState

__all__ = ["RESULTS_KEPT", "current_game_state", "initial_game_state", "results_kept"]

RESULTS_KEPT = 20
"""How many past results a game state keeps (newest first): every list in a state is bounded."""


def results_kept(settings: Mapping[str, Any]) -> int:
    """How many winning numbers a roulette table keeps: :data:`RESULTS_KEPT`, or the floor's
    ``statistics_spins`` when more (the displays' statistics are counted over them; when the
    settings do not say, over :data:`~kiosk.floor.models.STATISTICS_SPINS`, as the displays count)."""
    return max(RESULTS_KEPT, statistics_spins(settings))


# the live state of the games whose dealer commands record it, before the first round
_GAME_STATES: dict[str, dict[str, Any]] = {
    "roulette": {"spins": 0, "number": None, "at": None, "results": [], "winning": [], "illumination_faults": []},
    "blackjack": {
        "round": 0,
        "nominated_by": None,
        "nominated_at": None,
        "card_machine": None,
        "bonus_boxes": [],
        "dealing": False,
    },
    "caribbean_stud": {"round": 0, "jackpot_places": [], "unlit_slots": []},
    "pai_gow": {"round": 0, "bank": None, "banks": [], "priority_boxes": [], "box_totals": {}},
    "poker": {"clock": None, "buttons": {}},
}


def initial_game_state(game: str, settings: Mapping[str, Any]) -> GameState:
    """The game-specific live state of a table that has not played yet."""
    balls = tri_chro_balls(game)
    if balls is not None:
        return {
            "kind": "tri_chro",
            "balls": balls,
            "device": settings.get("drawing_device", "ball_device"),
            "phase": "betting",
            "drawing": 0,
            "drawn": None,
            "source": None,
            "winning": [],
            "void": None,
            "awaiting_inspector": False,
            "illumination_faults": [],
        }
    if game == "two_up_dice":
        return {
            "kind": "two_up",
            "phase": "betting",
            "games": 0,
            "game": None,
            "failed_lights": {"heads": [], "tails": [], "odds": []},
        }
    return {"kind": game, **copy.deepcopy(_GAME_STATES.get(game, {}))}  # type: ignore[return-value]


def current_game_state(table: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a table's game state with every key of its game (rows stored by an older
    version lack the keys added since)."""
    start = initial_game_state(table["game"], table.get("settings") or {})
    return {**start, **copy.deepcopy(dict(table.get("game_state") or {}))}
