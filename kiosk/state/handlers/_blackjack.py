"""Bonus blackjack dealer command: the round's nominated blackjack (003 s50C(3)).

A nominated blackjack is an ace of a suit nominated for the round on a sign at the table and
another card, also nominated on the sign, of the same suit (003 s50C(3)).  ``nominate_blackjack``
starts a round with a nomination: the table's ``settings.nominated_suit`` and
``nominated_card`` (what the nominated blackjack sign shows) change, and the game state
counts the round and says who nominated it and when.  A table that does not play bonus
blackjack yet may be given its nomination first, so that bonus blackjack can then be turned
on with the sign ready (``kiosk check``'s rule 003 s50C(3) holds at run time too).
"""

from __future__ import annotations

from kiosk.rules.blackjack import Nomination
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
]
