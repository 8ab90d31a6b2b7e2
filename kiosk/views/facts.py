"""What the views read from a table's game state, in one place.

Each function takes a table state (:class:`kiosk.state.shapes.TableState`) and returns a
plain, hashable value; keys a database written before a command existed does not have read as
"nothing recorded".  The views never read ``game_state`` directly, so a renamed field changes
one function here.
"""

from __future__ import annotations

from typing import Any

from kiosk.state.shapes import TRI_CHRO_GAMES, TableState

__all__ = [
    "layout_features",
    "trichro_lit",
    "slots_in_play",
    "roulette_results",
    "pai_gow_markers",
]


def _gs(table: TableState) -> dict[str, Any]:
    gs = table.get("game_state")
    return gs if isinstance(gs, dict) else {}


def layout_features(table: TableState) -> frozenset[str]:
    """The layout features of the table (``layouts/FORMAT.md``: ``when``/``unless``), from its
    settings as the floor file gave them: jackpot slots on a Caribbean stud table (000 s231(1))."""
    if table["game"] == "caribbean_stud":
        jackpot = table.get("settings", {}).get("jackpot") or {}
        if isinstance(jackpot, dict) and jackpot.get("slots"):
            return frozenset({"jackpot_slots"})
    return frozenset()


def trichro_lit(table: TableState) -> frozenset[str]:
    """The winning areas lit: after the result is entered, until the next 'no more bets' (001
    s463(3)); none while betting, before a result, or after a voided drawing (s465, s466)."""
    if table["game"] not in TRI_CHRO_GAMES:
        return frozenset()
    gs = _gs(table)
    if gs.get("phase") != "result":
        return frozenset()
    return frozenset(gs.get("winning") or ())


def slots_in_play(table: TableState) -> tuple[int, ...]:
    """The places (1-based) whose jackpot wager is in play, their slot lights lit (000 s231(1))."""
    if table["game"] != "caribbean_stud":
        return ()
    places = _gs(table).get("jackpot_in_play") or ()
    return tuple(sorted({int(p) for p in places if isinstance(p, int) and not isinstance(p, bool)}))


def roulette_results(table: TableState) -> tuple[int, ...]:
    """The winning numbers recorded, newest first."""
    if table["game"] != "roulette":
        return ()
    results = _gs(table).get("results") or ()
    numbers = []
    for item in results:
        number = item.get("number") if isinstance(item, dict) else item
        if isinstance(number, int) and not isinstance(number, bool):
            numbers.append(number)
    return tuple(reversed(numbers))


def pai_gow_markers(table: TableState) -> tuple[str | None, int | None]:
    """``(banker, priority)``: who banks ("dealer" or ``"box N"``, the chung: 003 s417) and the
    box that holds the priority set marker (s418); ``None`` when not recorded."""
    if table["game"] != "pai_gow":
        return None, None
    gs = _gs(table)
    banker = gs.get("banker")
    if isinstance(banker, dict):
        box = banker.get("box")
        banker = "dealer" if box is None else f"box {box}"
    elif isinstance(banker, int) and not isinstance(banker, bool):
        banker = f"box {banker}"
    elif not isinstance(banker, str):
        banker = None
    priority = gs.get("priority")
    if isinstance(priority, dict):
        priority = priority.get("box")
    if not isinstance(priority, int) or isinstance(priority, bool):
        priority = None
    return banker, priority
