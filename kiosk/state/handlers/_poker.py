"""Poker room dealer command: the time-to-act clock (002 r6.14).

A game may be scheduled with a predetermined time to act of 5 to 60 seconds, administered by
the dealer (002 r6.14); the table's ``settings.time_to_act`` holds it.  ``time_to_act``
starts the clock for a seat (the display counts down to ``ends_at``) or, with no seat, stops
it.  When it runs out the dealer rules the hand dead or a check (r6.14).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from kiosk.rules.times import format_utc
from kiosk.state.errors import RuleRefused
from kiosk.state.handlers._base import CommandSpec, Context, Field, bumped, table_event
from kiosk.state.handlers._game_state import current_game_state
from kiosk.state.store import Loaded, Outcome

__all__ = ["SPECS"]

SEATS = 10
"""The poker layout's seats (``layouts/poker.toml``: seat1 .. seat10)."""


def _clock(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    seconds: Any = (table.get("settings") or {}).get("time_to_act")  # from the floor file
    seat = cmd.get("seat")
    if seat is not None and not seconds:
        raise RuleRefused(
            f"table {table['id']} has no time to act scheduled; set poker.time_to_act (5 to 60 "
            "seconds) in the floor file (002 r6.14)",
            rule="002 r6.14",
        )
    state = current_game_state(table)
    if seat is None:
        stopped, state["clock"] = state["clock"], None
        data = {"seat": None, "stopped": stopped}
    else:
        state["clock"] = {
            "seat": seat,
            "seconds": int(seconds),
            "started_at": ctx.now_text,
            "ends_at": format_utc(ctx.now + timedelta(seconds=int(seconds))),
        }
        data = {"seat": seat, "clock": state["clock"]}
    new = bumped(table)
    new["game_state"] = state
    return Outcome(events=[table_event("time_to_act", new, rule="002 r6.14", **data)], tables={new["id"]: new})


SPECS = [
    CommandSpec(
        "time_to_act",
        "dealer",
        "table",
        _clock,
        "start the time-to-act clock for a seat, or stop it with seat null (002 r6.14)",
        fields={"seat": Field("int", required=False, nullable=True, low=1, high=SEATS)},
        games=("poker",),
    ),
]
