"""Closing a table after a number of rounds (003 s32(3), (4); ``docs/readings.md`` A-41).

* ``table_closing`` (pit: a pit boss or assistant pit boss directs it, s32(3)) sets the rounds
  still to be played before the table closes, 1 to :data:`~kiosk.rules.closing.MOST_ROUNDS`
  (3 in the seed); ``rounds: null`` withdraws the direction (the table reopens).
* The table's displays show "Table closing: N rounds remaining", then "Table closed".
* Rounds are counted as the game records them (:func:`count_rounds`, run on every command's
  outcome by the handlers' face): a roulette result, a tri-chro drawing with a result (a
  voided drawing decides nothing), a two-up spin that decides the players' wagers (004 sch13
  s12), the end of a Caribbean stud round (or a jackpot hit, which ends it), a completed poker
  room hand.  Where the game records no end of a round (blackjack, pai gow, manila and draw
  poker) the dealer counts it: ``closing_round_played`` (:data:`MANUAL_GAMES`).
* Once the directed rounds are played the table is closed: a further round is refused (s32(3)
  "only 3 more rounds") until the pit withdraws the closing, except a jackpot hit, whose winning
  hands are settled whatever the closing (000 s245-s247): it is recorded as played after it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kiosk.rules.closing import MOST_ROUNDS, Closing, closing_rule, directed
from kiosk.rules.games import GAMES, TRI_CHRO_GAMES
from kiosk.state.errors import BadRequest, RuleRefused
from kiosk.state.handlers._base import CommandSpec, Context, Field, bumped, table_event
from kiosk.state.store import Loaded, Outcome

__all__ = ["SPECS", "ROUND_ENDS", "COUNTED_GAMES", "MANUAL_GAMES", "closing_of", "count_rounds"]


def _always(data: Mapping[str, Any]) -> bool:
    return True


def _decides_wagers(data: Mapping[str, Any]) -> bool:
    """A two-up spin ends a round when it decides the players' wagers (004 sch13 s12)."""
    wagers = data.get("player_wagers")
    return isinstance(wagers, Mapping) and any(v is not None for v in wagers.values())


ROUND_ENDS: dict[str, Callable[[Mapping[str, Any]], bool]] = {
    "roulette_result": _always,
    "trichro_result": _always,
    "twoup_spin": _decides_wagers,
    "twoup_invalid_overruled": _decides_wagers,
    "caribbean_round_end": _always,
    "hand_completed": _always,
}
"""The events that end a round, by type, and which of them do (one definition, A-41)."""

COUNTED_GAMES: dict[str, str] = {
    **{game: "each drawing with a result (a voided drawing is not a round)" for game in TRI_CHRO_GAMES},
    "roulette": "each winning number entered",
    "two_up_dice": "each spin that decides the players' wagers (heads, tails, or the fifth odds)",
    "caribbean_stud": "each round ended (lights out, or a jackpot hit)",
    "poker": "each hand completed",
}
"""The games whose rounds the service counts, and what counts as one."""

MANUAL_GAMES: tuple[str, ...] = tuple(game for game in GAMES if game not in COUNTED_GAMES)
"""The games where the dealer counts each round played (``closing_round_played``)."""


def closing_of(table: Mapping[str, Any]) -> Closing | None:
    """The table's directed closing, or ``None``."""
    closing = table.get("closing")
    if not isinstance(closing, Mapping):
        return None
    return Closing(str(table["game"]), int(closing["rounds"]), int(closing["played"]))


SETTLED_WHATEVER_THE_CLOSING = frozenset({"jackpot_hit"})
"""Commands whose round is recorded even at a closed table: a jackpot hit's winning hands are paid."""


def _played(table: dict, by: int, why: str, *, refuse: bool = True) -> tuple[dict, Any]:
    """The table after ``by`` more rounds of its closing, and the event saying so; refused when
    the table is already closed (unless ``refuse`` is false: then marked ``after_closing``)."""
    closing = closing_of(table)
    assert closing is not None
    after_closing = closing.remaining < by
    if after_closing and refuse:
        raise RuleRefused(
            f"table {table['id']} is closed: the pit directed only {closing.rounds} more round"
            f"{'s' if closing.rounds != 1 else ''} ({closing.rule}); withdraw the closing at the pit console"
            " to play on",
            rule=closing.rule,
        )
    new = bumped(table)
    new["closing"] = {**new["closing"], "played": closing.played + by}
    after = closing_of(new)
    assert after is not None
    event = table_event(
        "table_closing_round",
        new,
        played=after.played,
        remaining=after.remaining,
        closed=after.closed,
        counted=why,
        words=after.words(),
        after_closing=after_closing,
        rule=after.rule,
    )
    return new, event


def count_rounds(command_type: str, outcome: Outcome) -> None:
    """Count the rounds ``outcome`` (of a ``command_type`` command) ends at tables being closed, in
    place: a ``table_closing_round`` event follows with the table's new state; refused when the
    table is already closed (:data:`SETTLED_WHATEVER_THE_CLOSING` excepted)."""
    ended: dict[str, list[str]] = {}
    for event in outcome.events:
        decides = ROUND_ENDS.get(event.type)
        if decides is not None and event.table_id is not None and decides(event.data):
            ended.setdefault(event.table_id, []).append(event.type)
    for table_id, types in ended.items():
        table = outcome.tables.get(table_id)
        if table is None or closing_of(table) is None:
            continue
        refuse = command_type not in SETTLED_WHATEVER_THE_CLOSING
        new, event = _played(table, len(types), types[0], refuse=refuse)
        outcome.tables[table_id] = new
        outcome.events.append(event)


def _direct(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    rounds = cmd.get("rounds")
    new = bumped(table)
    rule = closing_rule(table["game"])
    if rounds is None:
        if closing_of(table) is None:
            raise BadRequest(f"table {table['id']}: no closing has been directed to withdraw")
        new["closing"] = None
        return Outcome(
            events=[table_event("table_closing_withdrawn", new, rule=rule)],
            tables={new["id"]: new},
        )
    closing = Closing(table["game"], directed(rounds), 0)
    new["closing"] = {"rounds": closing.rounds, "played": 0, "by": ctx.actor.name, "at": ctx.now_text, "rule": rule}
    return Outcome(
        events=[
            table_event(
                "table_closing",
                new,
                rounds=closing.rounds,
                words=closing.words(),
                counted=COUNTED_GAMES.get(table["game"], "counted by the dealer (closing_round_played)"),
                no_reshuffle=closing.no_reshuffle,
                rule=rule,
                note="the cutting card dealt in one of these 3 rounds: they may be finished without a reshuffle"
                " (003 s32(4))"
                if closing.no_reshuffle
                else None,
            )
        ],
        tables={new["id"]: new},
    )


def _round_played(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    if closing_of(table) is None:
        raise BadRequest(f"table {table['id']}: no closing is directed; there are no rounds to count")
    new, event = _played(table, 1, "closing_round_played")
    return Outcome(events=[event], tables={new["id"]: new})


SPECS = [
    CommandSpec(
        "table_closing",
        "pit",
        "table",
        _direct,
        f"direct that the table closes after 1 to {MOST_ROUNDS} more rounds (003 s32(3): a pit boss directs 3);"
        " the displays count them down; rounds null withdraws the direction",
        fields={"rounds": Field("int", nullable=True, low=1, high=MOST_ROUNDS)},
    ),
    CommandSpec(
        "closing_round_played",
        "dealer",
        "table",
        _round_played,
        "count a round played at a table being closed, where the game records no end of a round"
        " (blackjack, pai gow, manila and draw poker; docs/readings.md A-41)",
        games=MANUAL_GAMES,
    ),
]
