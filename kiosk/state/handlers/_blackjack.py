"""Bonus blackjack dealer command: the round's nominated blackjack (003 s50C(3)).

A nominated blackjack is an ace of a suit nominated for the round on a sign at the table and
another card, also nominated on the sign, of the same suit (003 s50C(3)).  ``nominate_blackjack``
starts a round with a nomination: the table's ``settings.nominated_suit`` and
``nominated_card`` (what the nominated blackjack sign shows) change, and the game state
counts the round and says who nominated it and when.  A table that does not play bonus
blackjack yet may be given its nomination first, so that bonus blackjack can then be turned
on with the sign ready (``kiosk check``'s rule 003 s50C(3) holds at run time too).

A card machine that malfunctions in a round (003 ss65B-65D) is recorded with
``card_machine_malfunction`` and the procedure followed (:mod:`kiosk.rules.card_machine`): the
cards moved to another machine (s65B, s65C: the game continues, nothing to announce) or the
round finished from a dealing shoe (s65D: every player may have the round's wagers returned,
which the table's displays announce until ``card_machine_round_completed``, or the next
round's nomination, ends it).
"""

from __future__ import annotations

from kiosk.rules.blackjack import Nomination
from kiosk.rules.card_machine import MACHINE_RULE, PROCEDURES, procedure
from kiosk.rules.cards import RANK_NAMES, SUIT_NAMES
from kiosk.rules.citation import RuleError
from kiosk.state.errors import RuleRefused
from kiosk.state.handlers._base import CommandSpec, Context, Field, bumped, table_event
from kiosk.state.handlers._game_state import current_game_state
from kiosk.state.store import Loaded, Outcome

__all__ = ["SPECS"]

RULE = "003 s50C(3)"


def _nominate(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    try:
        nomination = Nomination.parse(cmd["suit"], cmd["card"])
    except RuleError as exc:
        message = str(exc).splitlines()[0]
        if RULE not in message:
            message = (
                f"{message}; a nominated blackjack is an ace and a 10, jack, queen or king of the same suit ({RULE})"
            )
        raise RuleRefused(message, rule=RULE) from None
    suit, card = SUIT_NAMES[nomination.suit], RANK_NAMES[nomination.rank]
    new = bumped(table)
    new["settings"] = {**(new.get("settings") or {}), "nominated_suit": suit, "nominated_card": card}
    state = current_game_state(table)
    state.update(round=state["round"] + 1, nominated_by=ctx.actor.name, nominated_at=ctx.now_text)
    state["card_machine"] = None  # a new round: a malfunction's notice was for the round before (003 s65D)
    new["game_state"] = state
    return Outcome(
        events=[
            table_event(
                "blackjack_nominated",
                new,
                suit=suit,
                card=card,
                round=state["round"],
                bonus_blackjack=bool(table["limits"].get("bonus_blackjack")),
                rule=RULE,
            )
        ],
        tables={new["id"]: new},
    )


def _malfunction(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    if not table["limits"].get("card_machine"):
        raise RuleRefused(
            f"table {table['id']} does not use a card machine ({MACHINE_RULE}); nothing to record (003 s65B(1)(a))",
            rule="003 s65B(1)(a)",
        )
    steps = procedure(cmd["procedure"])
    state = current_game_state(table)
    state["card_machine"] = {"procedure": steps.code, "rule": steps.rule, "by": ctx.actor.name, "at": ctx.now_text}
    new = bumped(table)
    new["game_state"] = state
    return Outcome(
        events=[
            table_event(
                "card_machine_malfunction",
                new,
                procedure=steps.code,
                steps=steps.dealer,
                wagers_may_be_returned=steps.wagers_may_be_returned,
                note=cmd.get("note"),
                rule=steps.rule,
            )
        ],
        tables={new["id"]: new},
    )


def _round_completed(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    state = current_game_state(table)
    fault = state.get("card_machine")
    if not fault or fault.get("procedure") != "dealing_shoe":
        raise RuleRefused(
            f"table {table['id']}: no round is being completed from a dealing shoe after a card machine"
            " malfunction (003 s65D(2)(d))",
            rule="003 s65D(2)(d)",
        )
    state["card_machine"] = None
    new = bumped(table)
    new["game_state"] = state
    return Outcome(
        events=[table_event("card_machine_round_completed", new, rule="003 s65D(2)(d)")],
        tables={new["id"]: new},
    )


SPECS = [
    CommandSpec(
        "nominate_blackjack",
        "dealer",
        "table",
        _nominate,
        "nominate the round's blackjack: a suit and a 10, jack, queen or king; the sign shows it (003 s50C(3))",
        fields={"suit": Field("str"), "card": Field("str")},
        games=("blackjack",),
        floor=True,
    ),
    CommandSpec(
        "card_machine_malfunction",
        "dealer",
        "table",
        _malfunction,
        "the card machine malfunctioned in a round: transfer (cards moved to another machine, 003 s65B),"
        " transfer_damaged (s65C) or dealing_shoe (no other machine: players may have the round's wagers"
        " returned, which the displays announce, s65D)",
        fields={
            "procedure": Field("code", choices=tuple(PROCEDURES)),
            "note": Field("str", required=False),
        },
        games=("blackjack",),
    ),
    CommandSpec(
        "card_machine_round_completed",
        "dealer",
        "table",
        _round_completed,
        "the round after a card machine malfunction was completed from the dealing shoe: the displays'"
        " notice ends (003 s65D(2)(d))",
        games=("blackjack",),
    ),
]
