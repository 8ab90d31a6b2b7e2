"""The registry of sign kinds: one composition per kind of :data:`kiosk.floor.signs.SIGN_KINDS`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from kiosk.floor.signs import SIGN_KINDS
from kiosk.rules.lettering import MIN_TEXT_MM
from kiosk.views.signs.content import Context, SignContent, SignProblem
from kiosk.views.signs.kinds_cards import result_cards_sign
from kiosk.views.signs.kinds_games import (
    ace_rule_sign,
    bet_paytable_sign,
    blinds_sign,
    bonus_payouts_sign,
    commission_sign,
    game_notice_sign,
    jackpot_meter_sign,
    jackpot_paytable_sign,
    jackpot_sharing_sign,
    maximum_payment_sign,
    nominated_blackjack_sign,
    rake_sign,
)
from kiosk.views.signs.kinds_limits import (
    approved_cuts_sign,
    house_liability_sign,
    instructional_sign,
    limits_sign,
    minimum_table_stake_sign,
)

__all__ = ["COMPOSERS", "sign_contents", "table_signs"]

COMPOSERS: dict[str, Callable[..., list[SignContent]]] = {
    "limits": limits_sign,
    "minimum_table_stake": minimum_table_stake_sign,
    "ace_rule": ace_rule_sign,
    "commission": commission_sign,
    "bonus_payouts": bonus_payouts_sign,
    "nominated_blackjack": nominated_blackjack_sign,
    "instructional": instructional_sign,
    "maximum_payment": maximum_payment_sign,
    "jackpot_meter": jackpot_meter_sign,
    "jackpot_sharing": jackpot_sharing_sign,
    "jackpot_paytable": jackpot_paytable_sign,
    "bet_paytable": bet_paytable_sign,
    "approved_cuts": approved_cuts_sign,
    "house_liability": house_liability_sign,
    "game_notice": game_notice_sign,
    "rake": rake_sign,
    "blinds": blinds_sign,
    "result_cards": result_cards_sign,
}
"""One composition per sign kind of the catalogue."""


def table_signs(table: Mapping[str, Any]) -> list[tuple[str, float]]:
    """``(kind, cap_mm)`` of each sign the table shows, in its configured order."""
    return [(s["kind"], float(s.get("cap_mm", MIN_TEXT_MM))) for s in table.get("signs") or []]


def sign_contents(kind: str, ctx: Context) -> list[SignContent]:
    """What the sign ``kind`` says at the context's table, one content per page.

    Raises :class:`SignProblem` (one line) for an unknown kind, a kind the table's game does
    not have, or a sign whose values are not configured.
    """
    table = ctx.table
    if kind not in SIGN_KINDS:
        raise SignProblem(f"unknown sign kind {kind!r}; kinds: {', '.join(SIGN_KINDS)}")
    game = table["game"]
    if game not in SIGN_KINDS[kind].games:
        have = [k for k, s in SIGN_KINDS.items() if game in s.games]
        raise SignProblem(
            f"table {table['id']}: {game} has no {kind} sign ({SIGN_KINDS[kind].basis}); "
            f"its game has: {', '.join(have)}",
            SIGN_KINDS[kind].basis,
        )
    cap = dict(table_signs(table)).get(kind, MIN_TEXT_MM)
    contents = COMPOSERS[kind](ctx, kind)
    return [c if c.cap_mm == cap else _with_cap(c, cap) for c in contents]


def _with_cap(content: SignContent, cap: float) -> SignContent:
    return replace(content, cap_mm=max(MIN_TEXT_MM, cap))
