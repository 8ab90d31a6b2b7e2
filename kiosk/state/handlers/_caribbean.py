"""Caribbean stud dealer command: a jackpot slot whose light did not light (000 s231(1), s237(3)).

A table may have a slot for each player's jackpot wager and "a light for each slot that lights
up if a chip is placed in the slot by a player and is accepted" (000 s231(1)); a player who puts
a chip in the slot "must check if the appropriate light is lit ... and, if it is not lit, must
notify the dealer immediately" (s237(3)).  ``caribbean_slot_unlit`` records what the player
told the dealer: the place's jackpot wager is not accepted this round, and the layout view shows
it so, until the dealer records the wager as accepted (``jackpot_wagers``) or the round ends
(``docs/readings.md`` A-12).  ``unlit: false`` takes the mark away (recorded in error).

The jackpot wagers themselves are recorded by ``jackpot_wagers`` (``_jackpot``); a place whose
wager was already accepted this round cannot be marked (its light is lit on the display).
"""

from __future__ import annotations

from typing import Any

from kiosk.rules.caribbean import PLACES
from kiosk.state.errors import RuleRefused
from kiosk.state.handlers._base import CommandSpec, Context, Field, bumped, table_event
from kiosk.state.handlers._game_state import current_game_state
from kiosk.state.store import Loaded, Outcome

__all__ = ["SPECS", "PLACES"]

RULE = "000 s237(3)"


def _has_slots(table: dict) -> bool:
    jackpot: Any = (table.get("settings") or {}).get("jackpot") or {}
    return isinstance(jackpot, dict) and bool(jackpot.get("slots"))


def _unlit(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    if not _has_slots(table):
        raise RuleRefused(
            f"table {table['id']} has no jackpot slots with lights (000 s231(1)); its jackpot wagers are"
            " placed on the layout",
            rule="000 s231(1)",
        )
    place, unlit = cmd["place"], cmd.get("unlit") is not False
    state = current_game_state(table)
    round_ = int(state.get("round") or 0)
    if unlit and place in (state.get("jackpot_places") or []):
        raise RuleRefused(
            f"table {table['id']}: place {place}'s jackpot wager was accepted this round and its light is lit"
            f" (000 s231(1)(b)); a light that did not light is marked before the wager is recorded ({RULE})",
            rule=RULE,
        )
    marks = [m for m in state.get("unlit_slots") or [] if m.get("round") == round_ and m.get("place") != place]
    if unlit:
        marks.append({"place": place, "round": round_, "at": ctx.now_text})
    state["unlit_slots"] = sorted(marks, key=lambda m: m["place"])
    new = bumped(table)
    new["game_state"] = state
    return Outcome(
        events=[
            table_event(
                "caribbean_slot_unlit",
                new,
                place=place,
                unlit=unlit,
                round=round_,
                accepted=False if unlit else None,
                rule=RULE if unlit else "000 s231(1)(b)",
            )
        ],
        tables={new["id"]: new},
    )


SPECS = [
    CommandSpec(
        "caribbean_slot_unlit",
        "dealer",
        "table",
        _unlit,
        "a player told the dealer the place's jackpot slot light did not light: the wager is not accepted"
        " this round and the display says so (000 s231(1)(b), s237(3)); unlit false takes the mark away",
        fields={"place": Field("int", low=1, high=PLACES), "unlit": Field("bool", required=False)},
        games=("caribbean_stud",),
    ),
]
