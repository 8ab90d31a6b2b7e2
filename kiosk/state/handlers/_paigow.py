"""Pai gow dealer commands: who banks each round (the chung) and the priority set markers.

* ``pai_gow_bank`` starts a round with its bank: the house (chung in front of box 1), a
  player/banker or a co-banker at a box (003 s417, s424), as :func:`kiosk.rules.paigow.next_bank`
  allows (the house banks the first round, s425(8); a player banks at most 2 consecutive
  rounds, s425(10); co-banking only where the house liability is displayed, s421(1)(b)(i)).
* ``pai_gow_priority`` places the round's priority set markers (003 s421(1)(d), (2)), given the
  total of all wagers on each box: a marker at every box whose wagers total half the table
  maximum or more, and only there (:func:`kiosk.rules.paigow.priority_markers`).

The game state keeps the round, its bank and markers, and the last
:data:`~kiosk.state.handlers._game_state.RESULTS_KEPT` banks (oldest first) that s425(10) looks back on.
"""

from __future__ import annotations

from kiosk.rules.paigow import BANKERS, PRIORITY_RULE, Bank, box_totals, next_bank, priority_markers
from kiosk.state.errors import BadRequest, RuleRefused
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
        round=record["round"],
        bank=record,
        priority_boxes=[],
        box_totals={},
        banks=(list(state["banks"]) + [record])[-RESULTS_KEPT:],
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
    maximum = table["limits"].get("maximum_cents")
    if not isinstance(maximum, int) or maximum <= 0:
        raise RuleRefused(
            f"table {table['id']}: no table maximum is stated; the priority set marker is for a box whose wagers"
            f" total half of it ({PRIORITY_RULE})",
            rule=PRIORITY_RULE,
        )
    if any(isinstance(v, float) for v in cmd["totals"].values()):
        raise BadRequest("pai_gow_priority.totals: floats are not accepted (money is integer cents)")
    boxes = list(priority_markers(cmd["boxes"], cmd["totals"], maximum))
    totals = {str(box): cents for box, cents in sorted(box_totals(cmd["totals"]).items())}
    state.update(priority_boxes=boxes, box_totals=totals)
    new = bumped(table)
    new["game_state"] = state
    return Outcome(
        events=[
            table_event(
                "pai_gow_priority",
                new,
                boxes=boxes,
                totals=totals,
                table_maximum_cents=maximum,
                round=state["round"],
                rule=PRIORITY_RULE,
            )
        ],
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
        "the boxes with a priority set marker this round, and the total of all wagers on each box with wagers"
        " (cents, by box): a marker at every box whose wagers total half the table maximum or more, and only"
        " there (003 s421(1)(d)); [] removes them",
        fields={"boxes": Field("list"), "totals": Field("dict")},
        games=("pai_gow",),
    ),
]
