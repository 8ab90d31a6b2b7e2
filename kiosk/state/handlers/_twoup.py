"""Two-up dice commands (004 sch13), worked out by :class:`kiosk.rules.twoup.SpinnerGame`.

A table's two-up state keeps the current spinner's game as the list of what happened
(spins, a spinner stopping); every command replays it through ``SpinnerGame`` so the
lights, outcome and spinner rules are always the rule module's, never copied here.

* ``twoup_new_game``: a spinner (a seat with a wager on heads or tails, s6(1)) or the dealer
  (no seat, no wager, s6(2)) starts a game; refused while the current game is undecided, or
  for a spinner who must stop (s10(2), s21).
* ``twoup_no_more_bets`` then ``twoup_spin`` (H, T, O, or X for a 'no spin' call, s7(1), s20).
* ``twoup_spinner_stops``: the dealer spins on until the spinner's wager is decided (s10(4)).
* ``twoup_overrule_invalid``: a casino key employee overrules the last 'no spin' (s20(4)).
* ``twoup_light``: a result light failed (a card is shown instead, s19(2)) or was repaired.
"""

from __future__ import annotations

from kiosk.rules.citation import RuleError
from kiosk.rules.twoup import LIGHT_SETS, SpinnerGame
from kiosk.state.errors import RuleRefused, StateError, refused
from kiosk.state.handlers._base import CommandSpec, Context, Field, bumped, require_room, table_event
from kiosk.state.handlers._game_state import RESULTS_KEPT
from kiosk.state.store import Loaded, Outcome

__all__ = ["SPECS", "replay"]

TWO_UP = ("two_up_dice",)


def replay(game: dict) -> SpinnerGame:
    """The rule module's game rebuilt from what was recorded."""
    spinner = SpinnerGame(game["call"], new_spinner=game["new_spinner"])
    for kind, code in game["actions"]:
        if kind == "spin":
            spinner.spin(code)
        else:
            spinner.spinner_stops()
    return spinner


def _summary(game: dict, spinner: SpinnerGame) -> dict:
    game.update(
        lights=spinner.lights,
        outcome=spinner.outcome,
        decided_by=spinner.decided_by,
        must_change_spinner=spinner.must_change_spinner,
        spinner=spinner.spinner,
        spinner_may_continue=spinner.spinner_may_continue,
        spins=len(spinner.spins),
    )
    return game


def _refuse(exc: RuleError) -> StateError:
    return refused(str(exc), exc.rule)


def _new_game(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    gs = table["game_state"]
    seat, call = cmd.get("seat"), cmd.get("call")
    if seat is None and call is not None:
        raise RuleRefused(
            "a dealer acting as spinner must not wager (004 sch13 s6(2)); send call null", rule="004 sch13 s6(2)"
        )
    if seat is not None and call is None:
        raise RuleRefused("a player spinner must wager on heads or tails (004 sch13 s6(1))", rule="004 sch13 s6(1)")
    previous = gs["game"]
    new_spinner = True
    if previous is not None:
        if previous["outcome"] is None:
            raise RuleRefused(
                f"table {table['id']}: the spinner's wager is not decided yet; it stays until decided (004 sch13 s8, s10(4))",
                rule="004 sch13 s10(4)",
            )
        if previous["seat"] == seat:
            if not previous["spinner_may_continue"]:
                raise RuleRefused(
                    f"table {table['id']}: this spinner must stop; offer the dice to the next player (004 sch13 s10(2), s21(2)(b), s5)",
                    rule="004 sch13 s10(2)" if previous["outcome"] == "lose" else "004 sch13 s21(2)(b)",
                )
            new_spinner = False
    try:
        spinner = SpinnerGame(call, new_spinner=new_spinner)
    except RuleError as exc:
        raise _refuse(exc) from None
    new = bumped(table)
    g = new["game_state"]
    if previous is not None:  # the decided game joins the history the displays show, newest first
        past = {"number": previous["number"], "call": previous["call"], "outcome": previous["outcome"]}
        past["spins"] = [code for kind, code in previous["actions"] if kind == "spin"]
        g["past_games"] = ([past] + list(g.get("past_games") or []))[:RESULTS_KEPT]
    g["games"] += 1
    g["phase"] = "betting"
    g["game"] = _summary(
        {"number": g["games"], "seat": seat, "call": call, "new_spinner": new_spinner, "actions": []}, spinner
    )
    return Outcome(
        events=[table_event("twoup_game_started", new, game=g["games"], seat=seat, call=call, rule="004 sch13 s5, s6")],
        tables={new["id"]: new},
    )


def _current(table: dict) -> dict:
    game = table["game_state"]["game"]
    if game is None:
        raise RuleRefused(
            f"table {table['id']}: no spinner yet; start a game with twoup_new_game (004 sch13 s5)", rule="004 sch13 s5"
        )
    return game


def _no_more_bets(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    game = _current(table)
    if game["outcome"] is not None:
        raise refused(
            f"table {table['id']}: this spinner's game is decided; start the next game first", game["decided_by"]
        )
    if table["game_state"]["phase"] == "no_more_bets":
        raise RuleRefused(f"table {table['id']}: 'no more bets' was already called", rule="004 sch13 s7(1)")
    new = bumped(table)
    new["game_state"]["phase"] = "no_more_bets"
    return Outcome(
        events=[table_event("twoup_no_more_bets", new, rule="004 sch13 s7(1), s16")], tables={new["id"]: new}
    )


def _spin(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    game = _current(table)
    if table["game_state"]["phase"] != "no_more_bets" and game["outcome"] is None:
        raise RuleRefused(
            f"table {table['id']}: the dealer calls 'no more bets' before each spin (004 sch13 s7(1))",
            rule="004 sch13 s7(1)",
        )
    require_room(game["actions"], "actions", "a game this long needs the pit: start the next game once it is decided")
    spinner = replay(game)
    try:
        record = spinner.spin(cmd["result"])
    except RuleError as exc:
        raise _refuse(exc) from None
    new = bumped(table)
    g = new["game_state"]
    g["phase"] = "betting"
    g["game"]["actions"].append(["spin", cmd["result"]])
    _summary(g["game"], spinner)
    return Outcome(
        events=[
            table_event(
                "twoup_spin",
                new,
                game=g["game"]["number"],
                result=cmd["result"],
                number=record.number,
                valid=record.valid,
                spinner=record.spinner,
                lights=record.lights,
                outcome=record.outcome,
                player_wagers=record.player_wagers,
                must_change_spinner=record.must_change_spinner,
                rule=record.rule,
            )
        ],
        tables={new["id"]: new},
    )


def _spinner_stops(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    game = _current(table)
    require_room(game["actions"], "actions", "a game this long needs the pit: start the next game once it is decided")
    spinner = replay(game)
    try:
        spinner.spinner_stops()
    except RuleError as exc:
        raise _refuse(exc) from None
    new = bumped(table)
    new["game_state"]["game"]["actions"].append(["stop", ""])
    _summary(new["game_state"]["game"], spinner)
    return Outcome(events=[table_event("twoup_spinner_stopped", new, rule="004 sch13 s10(4)")], tables={new["id"]: new})


def _overrule(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    game = _current(table)
    spinner = replay(game)
    try:
        record = spinner.overrule_invalid(cmd["result"])
    except RuleError as exc:
        raise _refuse(exc) from None
    new = bumped(table)
    actions = new["game_state"]["game"]["actions"]
    actions[-1] = ["spin", cmd["result"]]
    _summary(new["game_state"]["game"], spinner)
    return Outcome(
        events=[
            table_event(
                "twoup_invalid_overruled",
                new,
                result=cmd["result"],
                lights=record.lights,
                outcome=record.outcome,
                player_wagers=record.player_wagers,
                rule="004 sch13 s20(4)",
            )
        ],
        tables={new["id"]: new},
    )


def _light(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    light, index, failed = cmd["light"], cmd["index"], cmd["failed"]
    if not 1 <= index <= LIGHT_SETS[light]:
        raise RuleRefused(
            f"twoup_light.index: the {light} set has {LIGHT_SETS[light]} lights (004 sch13 s19(1))",
            rule="004 sch13 s19(1)",
        )
    new = bumped(table)
    failed_set = set(new["game_state"]["failed_lights"][light])
    (failed_set.add if failed else failed_set.discard)(index)
    new["game_state"]["failed_lights"][light] = sorted(failed_set)
    note = "a card showing the result of the spin is shown instead of the light" if failed else "light repaired"
    return Outcome(
        events=[
            table_event("twoup_light", new, light=light, index=index, failed=failed, note=note, rule="004 sch13 s19(2)")
        ],
        tables={new["id"]: new},
    )


SPECS = [
    CommandSpec(
        "twoup_new_game",
        "dealer",
        "table",
        _new_game,
        "start a spinner's game: a seat and a call, or the dealer with no call (004 sch13 s5, s6)",
        fields={
            "seat": Field("int", required=False, nullable=True, low=1, high=99),
            "call": Field("code", required=False, nullable=True, choices=("heads", "tails", None)),
        },
        games=TWO_UP,
    ),
    CommandSpec(
        "twoup_no_more_bets",
        "dealer",
        "table",
        _no_more_bets,
        "call 'no more bets' (004 sch13 s7(1), s16)",
        games=TWO_UP,
    ),
    CommandSpec(
        "twoup_spin",
        "dealer",
        "table",
        _spin,
        "enter a spin: H, T, O or X for 'no spin' (004 sch13 s2, s20)",
        fields={"result": Field("code", choices=("H", "T", "O", "X"))},
        games=TWO_UP,
    ),
    CommandSpec(
        "twoup_spinner_stops",
        "dealer",
        "table",
        _spinner_stops,
        "the spinner stops; the dealer spins until the wager is decided (004 sch13 s10(4))",
        games=TWO_UP,
    ),
    CommandSpec(
        "twoup_overrule_invalid",
        "pit",
        "table",
        _overrule,
        "overrule the last 'no spin' call with the result the dice showed (004 sch13 s20(4))",
        fields={"result": Field("code", choices=("H", "T", "O"))},
        games=TWO_UP,
    ),
    CommandSpec(
        "twoup_light",
        "dealer",
        "table",
        _light,
        "mark a result light failed (a card is shown instead) or repaired (004 sch13 s19(2))",
        fields={
            "light": Field("code", choices=("heads", "tails", "odds")),
            "index": Field("int", low=1, high=5),
            "failed": Field("bool"),
        },
        games=TWO_UP,
    ),
]
