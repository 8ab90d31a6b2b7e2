"""Pai gow dealer commands: who banks each round (the chung) and the priority set markers.

* ``pai_gow_bank`` starts a round with its bank: the house (chung in front of box 1), a
  player/banker or a co-banker at a box (003 s417, s424), as :func:`kiosk.rules.paigow.next_bank`
  allows (the house banks the first round, s425(8); a player banks at most 2 consecutive
  rounds, s425(10); co-banking only where the house liability is displayed, s421(1)(b)(i)).
* ``pai_gow_priority`` places the round's priority set markers (003 s421(1)(d), (2)).

The game state keeps the round, its bank and markers, and the last
:data:`~kiosk.state.handlers._game_state.RESULTS_KEPT` banks (oldest first) that s425(10) looks back on.
"""

from __future__ import annotations

from kiosk.rules.paigow import BANKERS, Bank, next_bank, priority_boxes
from kiosk.state.errors import RuleRefused
from kiosk.state.handlers._base import CommandSpec, Context, Field, bumped, table_event
from kiosk.state.handlers._game_state import RESULTS_KEPT, current_game_state
from kiosk.state.store import Loaded, Outcome

__all__ = ["SPECS"]


def _bank(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    state = current_game_state(table)
    previous = [Bank(b["banker"], b["box"]) for b in state["banks"]]
    bank = next_bank(
        cmd["banker"], cmd.get("box"), previous, co_banking_allowed=bool(table["limits"].get("co_banking"))
    )
    record = {"banker": bank.banker, "box": bank.box, "round": state["round"] + 1}
    state.update(
        round=record["round"], bank=record, priority_boxes=[], banks=(list(state["banks"]) + [record])[-RESULTS_KEPT:]
    )
    new = bumped(table)
    new["game_state"] = state
    return Outcome(
        events=[
            table_event("pai_gow_bank", new, banker=bank.banker, box=bank.box, round=record["round"], rule=bank.rule)
        ],
        tables={new["id"]: new},
    )


def _priority(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    state = current_game_state(table)
    if state["bank"] is None:
        raise RuleRefused(
            f"table {table['id']}: record who banks the round first; the chung shows it (003 s417)", rule="003 s417"
        )
    boxes = list(priority_boxes(cmd["boxes"]))
    state["priority_boxes"] = boxes
    new = bumped(table)
    new["game_state"] = state
    return Outcome(
        events=[table_event("pai_gow_priority", new, boxes=boxes, round=state["round"], rule="003 s421(1)(d)")],
        tables={new["id"]: new},
    )


SPECS = [
    CommandSpec(
        "pai_gow_bank",
        "dealer",
        "table",
        _bank,
        "start a round: who banks it, the house or a player/banker or co-banker at a box (003 s417, s424, s425)",
        fields={"banker": Field("code", choices=BANKERS), "box": Field("int", required=False, nullable=True)},
        games=("pai_gow",),
    ),
    CommandSpec(
        "pai_gow_priority",
        "dealer",
        "table",
        _priority,
        "the boxes with a priority set marker this round: wagers of half the table maximum or more "
        "(003 s421(1)(d)); [] removes them",
        fields={"boxes": Field("list")},
        games=("pai_gow",),
    ),
]
