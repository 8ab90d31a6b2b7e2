"""Roulette dealer command: the winning number of a spin (003 s131(2), (2A): single zero wheel).

``roulette_result`` records the number; the table's game state holds it (``number``, the
layout area to light in ``winning``) and the last :data:`~kiosk.state.handlers._game_state.RESULTS_KEPT`
results, newest first, for the display's result board.

``roulette_illumination_fault`` records that the winning number did not light on the layout:
"a result is valid even if a winning area does not illuminate" (000 s78(7), which names no game:
``docs/readings.md`` A-43); the displays show
"Result stands: illumination fault" until the next spin.

``roulette_correct_result`` corrects the last spin's number when the dealer entered the wrong one
(a pit supervisor's command): the seeds keep only subsection (7) of 000 s78 "Entering results into
the electronic equipment" and say nothing of correcting an entry, so the reading
``docs/readings.md`` A-95 governs it: only the last spin, before the next, naming the number it
replaces; the event (and so the audit trail) keeps both numbers and who corrected it.
"""

from __future__ import annotations

from kiosk.rules.roulette import WHEEL_RULE, number_area, winning_number
from kiosk.state.errors import RuleRefused
from kiosk.state.handlers._base import CommandSpec, Context, Field, bumped, one_line, table_event
from kiosk.state.handlers._game_state import RESULTS_KEPT, current_game_state, results_kept
from kiosk.state.store import Loaded, Outcome

__all__ = ["CORRECTION_RULE", "SPECS"]

CORRECTION_RULE = "000 s78; docs/readings.md A-95"
"""Correcting a result entered into the electronic equipment (000 s78's heading; the reading A-95)."""


def _result(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    number = winning_number(cmd["number"])
    new = bumped(table)
    state = current_game_state(table)
    state.update(
        spins=state["spins"] + 1,
        number=number,
        at=ctx.now_text,
        winning=[number_area(number)],
        results=([number] + list(state["results"]))[: results_kept(table.get("settings") or {})],
        illumination_faults=[],
    )
    new["game_state"] = state
    return Outcome(
        events=[table_event("roulette_result", new, number=number, spin=state["spins"], rule=WHEEL_RULE)],
        tables={new["id"]: new},
    )


def _illumination_fault(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    state = current_game_state(table)
    if state.get("number") is None:
        raise RuleRefused(
            f"table {table['id']}: no winning number has been entered whose area could fail to light (000 s78(7))",
            rule="000 s78(7)",
        )
    note = cmd.get("note")
    fault = {"spin": state["spins"], "number": state["number"], "note": note, "at": ctx.now_text}
    state["illumination_faults"] = [fault]  # one per spin: the last spin's (cleared by the next result)
    new = bumped(table)
    new["game_state"] = state
    return Outcome(
        events=[
            table_event(
                "roulette_illumination_fault",
                new,
                spin=fault["spin"],
                number=fault["number"],
                note=note,
                result_stands=True,
                rule="000 s78(7)",
            )
        ],
        tables={new["id"]: new},
    )


def _correct(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    number = winning_number(cmd["number"])
    state = current_game_state(table)
    last = state.get("number")
    if last is None or not state["results"]:
        raise RuleRefused(
            f"table {table['id']}: no result has been entered, so there is none to correct ({CORRECTION_RULE})",
            rule=CORRECTION_RULE,
        )
    spin, replaces = cmd["spin"], cmd["replaces"]
    if spin != state["spins"] or replaces != last:
        raise RuleRefused(
            f"table {table['id']}: only the last spin's result can be corrected: spin {state['spins']},"
            f" number {last}; not spin {spin}, number {replaces} ({CORRECTION_RULE})",
            rule=CORRECTION_RULE,
        )
    if number == last:
        raise RuleRefused(
            f"table {table['id']}: spin {spin} is already recorded as {number}: nothing to correct ({CORRECTION_RULE})",
            rule=CORRECTION_RULE,
        )
    reason = one_line(cmd["reason"], "reason")
    new = bumped(table)
    state.update(
        number=number,
        winning=[number_area(number)],
        results=[number] + list(state["results"])[1:],
        illumination_faults=[],
    )
    new["game_state"] = state
    return Outcome(
        events=[
            table_event(
                "roulette_result_corrected",
                new,
                spin=spin,
                was=last,
                number=number,
                reason=reason,
                rule=CORRECTION_RULE,
            )
        ],
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
    CommandSpec(
        "roulette_illumination_fault",
        "dealer",
        "table",
        _illumination_fault,
        "record that the winning number did not light on the layout; the result stands and the displays"
        " say so until the next spin (000 s78(7))",
        fields={"note": Field("str", required=False)},
        games=("roulette",),
    ),
    CommandSpec(
        "roulette_correct_result",
        "pit",
        "table",
        _correct,
        "correct the last spin's winning number when the dealer entered the wrong one: a pit supervisor's"
        " command, before the next spin, naming the spin and the number it replaces; the layout and the"
        f" results board show the corrected number, and the audit trail keeps both ({CORRECTION_RULE})",
        fields={"number": Field("int"), "spin": Field("int"), "replaces": Field("int"), "reason": Field("str")},
        games=("roulette",),
    ),
]
