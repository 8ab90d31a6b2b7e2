"""Roulette dealer command: the winning number of a spin (003 s131(2), (2A): single zero wheel).

``roulette_result`` records the number; the table's game state holds it (``number``, the
layout area to light in ``winning``) and the last :data:`~kiosk.state.handlers._game_state.RESULTS_KEPT`
results, newest first, for the display's result board.
"""

from __future__ import annotations

from kiosk.rules.roulette import WHEEL_RULE, number_area, winning_number
from kiosk.state.handlers._base import CommandSpec, Context, Field, bumped, table_event
from kiosk.state.handlers._game_state import RESULTS_KEPT, current_game_state
from kiosk.state.store import Loaded, Outcome

__all__ = ["SPECS"]


def _result(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    number = winning_number(cmd["number"])
    new = bumped(table)
    state = current_game_state(table)
    state.update(
        spins=state["spins"] + 1,
        number=number,
        at=ctx.now_text,
        winning=[number_area(number)],
        results=([number] + list(state["results"]))[:RESULTS_KEPT],
    )
    new["game_state"] = state
    return Outcome(
        events=[table_event("roulette_result", new, number=number, spin=state["spins"], rule=WHEEL_RULE)],
        tables={new["id"]: new},
    )


SPECS = [
    CommandSpec(
        "roulette_result",
        "dealer",
        "table",
        _result,
        "enter the winning number, 0 to 36 (003 s131(2), (2A)); the layout lights it and the results board "
        f"shows the last {RESULTS_KEPT}",
        fields={"number": Field("int")},
        games=("roulette",),
    ),
]
