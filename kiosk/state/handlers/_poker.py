"""Poker room dealer commands: the time-to-act clock (002 r6.14) and the marker buttons (r8.1.3).

A game may be scheduled with a predetermined time to act of 5 to 60 seconds, administered by
the dealer (002 r6.14); the table's ``settings.time_to_act`` holds it.  ``time_to_act``
starts the clock for a seat (the display counts down to ``ends_at``) or, with no seat, stops
it.  When it runs out the dealer rules the hand dead or a check (r6.14).

``poker_buttons`` sets the marker buttons at one seat (002 r8.1.3, r1.1: Dealer, Dead, Absent,
Dealt-out, Missed Blind, Player Walking, Reserved), as :mod:`kiosk.rules.poker_buttons` allows;
the dealer button is one, so placing it at a seat takes it from the seat that had it.  The
layout view shows each seat's buttons.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from kiosk.rules.poker_buttons import BUTTON_RULE, BUTTONS, SEATS, place_buttons
from kiosk.rules.times import format_utc
from kiosk.state.errors import RuleRefused
from kiosk.state.handlers._base import CommandSpec, Context, Field, bumped, table_event
from kiosk.state.handlers._game_state import current_game_state
from kiosk.state.store import Loaded, Outcome

__all__ = ["SPECS"]


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


def _buttons(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    codes = cmd["buttons"]
    if not all(isinstance(c, str) for c in codes):
        raise RuleRefused(
            f"poker_buttons.buttons: button codes, from {', '.join(BUTTONS)} ({BUTTON_RULE})", rule=BUTTON_RULE
        )
    state = current_game_state(table)
    held = {int(seat): tuple(codes_) for seat, codes_ in (state.get("buttons") or {}).items()}
    seats, moved_from = place_buttons(held, cmd["seat"], codes)  # a RuleError is refused with its rule
    state["buttons"] = {str(seat): list(codes_) for seat, codes_ in seats.items()}
    new = bumped(table)
    new["game_state"] = state
    return Outcome(
        events=[
            table_event(
                "poker_buttons",
                new,
                seat=cmd["seat"],
                buttons=list(seats.get(cmd["seat"], ())),
                dealer_button_moved_from=moved_from,
                rule=BUTTON_RULE,
            )
        ],
        tables={new["id"]: new},
    )


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
    CommandSpec(
        "poker_buttons",
        "dealer",
        "table",
        _buttons,
        "set the marker buttons at a seat: dealer, dead, absent, dealt_out, missed_blind, player_walking,"
        " reserved; [] takes them away; the dealer button moves from the seat that had it (002 r8.1.3, r1.1)",
        fields={"seat": Field("int", low=1, high=SEATS), "buttons": Field("list")},
        games=("poker",),
    ),
]
