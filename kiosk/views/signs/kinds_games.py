"""Sign kinds of particular games: bonus blackjack, Caribbean stud, the poker room, manila
and draw poker announcements."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from kiosk.floor.signs import SIGN_KINDS
from kiosk.rules.blackjack import Nomination, bonus_payout_rows, nomination_rows
from kiosk.rules.caribbean import bet_odds_rows, jackpot_rows
from kiosk.rules.citation import RuleError
from kiosk.rules.commission import MANILA_NIL_UP_TO_CENTS, MANILA_POT_CAP_MULTIPLE, MANILA_RATE_BP
from kiosk.rules.limits import format_percent_bp
from kiosk.views.signs._common import heading, limits, money, notices, require, settings
from kiosk.views.signs.content import Big, Block, Context, Para, Rows, SignContent, SignProblem

__all__ = [
    "bonus_payouts_sign",
    "nominated_blackjack_sign",
    "maximum_payment_sign",
    "jackpot_meter_sign",
    "jackpot_sharing_sign",
    "jackpot_paytable_sign",
    "bet_paytable_sign",
    "game_notice_sign",
    "rake_sign",
    "blinds_sign",
    "ace_rule_sign",
    "commission_sign",
]


def _one(ctx: Context, kind: str, title: str, blocks: Iterable[Block], citation: str) -> list[SignContent]:
    return [SignContent(kind, ctx.table["id"], heading(ctx), title, tuple(blocks), citation)]


# ------------------------------------------------------------------ blackjack


def bonus_payouts_sign(ctx: Context, kind: str = "bonus_payouts") -> list[SignContent]:
    """The bonus blackjack payouts for the table's deck count (003 s50A(1)(b), s50C(2)): per
    hand, suited and not suited, and the nominated blackjack."""
    decks = require(limits(ctx).get("decks"), kind, ctx, "blackjack.decks", "003 s50A(2)")
    try:
        rows = bonus_payout_rows(decks)
    except RuleError as exc:
        raise SignProblem(f"table {ctx.table['id']}: sign {kind}: {exc}", exc.rule) from None
    # the rows come in pairs, all the same suit then not (003 s50C(2)(a)-(c)), then the
    # nominated blackjack (s50C(2)(d))
    pairs = [(rows[i].label.split(" ", 1)[0], rows[i].value, rows[i + 1].value) for i in range(0, len(rows) - 1, 2)]
    nominated = rows[-1]
    blocks = [
        Rows(tuple(pairs), header=("Cards", "Suited", "Mixed")),
        Rows(((nominated.label, nominated.value),)),
    ]
    return _one(ctx, kind, "Bonus blackjack pays ($1 wager)", blocks, "003 s50A(1)(b), s50C(2)")


def nominated_blackjack_sign(ctx: Context, kind: str = "nominated_blackjack") -> list[SignContent]:
    """The nominated suit and card of the round (003 s50C(3))."""
    rule = SIGN_KINDS[kind].basis  # 003 s50C(3)
    s = settings(ctx)
    suit = require(s.get("nominated_suit"), kind, ctx, "blackjack.nominated_suit", rule)
    card = require(s.get("nominated_card"), kind, ctx, "blackjack.nominated_card", rule)
    try:
        rows = nomination_rows(Nomination.parse(suit, card))
    except (RuleError, ValueError) as exc:
        raise SignProblem(f"table {ctx.table['id']}: sign {kind}: {exc}", rule) from None
    suit_row, card_row, both = rows
    blocks: list[Block] = [
        Rows(((suit_row.label, suit_row.value), (card_row.label, card_row.value))),
        Para(f"Nominated blackjack this round: ace of {suit} and {card} of {suit}", bold=True),
    ]
    return _one(ctx, kind, "Nominated blackjack", blocks, both.rule)


# ------------------------------------------------------------------ caribbean stud


def _prize(ctx: Context, kind: str) -> int:
    link = ctx.link
    if link is None or "meter" not in link:
        raise SignProblem(
            f"table {ctx.table['id']}: sign {kind}: the table has no jackpot (set "
            "caribbean_stud.jackpot.seed or put it in a [[link]]; 000 s231(2))",
            "000 s231(2)",
        )
    return int(link["meter"]["amount_cents"])


def maximum_payment_sign(ctx: Context, kind: str = "maximum_payment") -> list[SignContent]:
    """The maximum payment for a winning bet wager (000 s232(1)(b), s244(2))."""
    rule = "000 s232(1)(b), s244(2)"
    amount = require(limits(ctx).get("maximum_payment_cents"), kind, ctx, "caribbean_stud.maximum_payment", rule)
    blocks: list[Block] = [Para("The most paid on a winning bet wager is"), Big(money(amount))]
    blocks.extend(notices(ctx, kind, lambda p: f"maximum payment {money(p['maximum_payment_cents'])}"))
    return _one(ctx, kind, "Maximum payment", blocks, rule)


def jackpot_meter_sign(ctx: Context, kind: str = "jackpot_meter") -> list[SignContent]:
    """The jackpot prize, for a table with no meter (000 s231(2)); a display shows the live
    meter instead."""
    prize = _prize(ctx, kind)
    link = ctx.link or {}
    blocks: list[Block] = [Big(money(prize))]
    if not link.get("standalone", True):
        blocks.append(Para(f"Shared by the tables of {link.get('name', link.get('id', 'the link'))}"))
    return _one(ctx, kind, "Jackpot prize", blocks, "000 s231(2)" if link.get("standalone", True) else "000 s231(4)")


def jackpot_sharing_sign(ctx: Context, kind: str = "jackpot_sharing") -> list[SignContent]:
    """How 2 or more straight or royal flush winners share the jackpot prize (000 s247(3));
    only where the pit procedures state a sharing method."""
    rule = "000 s247(3)"
    jackpot = settings(ctx).get("jackpot") or {}
    method = require(jackpot.get("sharing_method"), kind, ctx, "caribbean_stud.jackpot.sharing_method", rule)
    return _one(ctx, kind, "Jackpot sharing", [Para(method)], rule)


def jackpot_paytable_sign(ctx: Context, kind: str = "jackpot_paytable") -> list[SignContent]:
    """The jackpot payments for a $1 jackpot wager (000 s246(1)).  On a display (``ctx.now``
    set) the straight and royal flush rows show today's amounts from the live prize; on paper,
    which outlives the prize, they are stated as the rule states them."""
    prize = _prize(ctx, kind)
    jackpot = settings(ctx).get("jackpot") or {}
    rows = list(reversed(jackpot_rows(prize, dead_mans_hand=bool(jackpot.get("dead_mans_hand")))))
    live = ctx.now is not None
    shown = rows if live else [r for r in rows if not r.note]
    blocks: list[Block] = [Rows(tuple((r.label, r.value) for r in shown), header=("Hand", "Pays"))]
    blocks.extend(Para(f"{r.label}: {r.note}") for r in rows if r.note)
    return _one(ctx, kind, "Jackpot payments", blocks, "000 s246(1)")


def bet_paytable_sign(ctx: Context, kind: str = "bet_paytable") -> list[SignContent]:
    """The payment odds of a winning bet wager by hand (000 s244(1))."""
    rows = bet_odds_rows()
    blocks: list[Block] = [Rows(tuple((r.label, r.value) for r in reversed(rows)), header=("Hand", "Pays"))]
    payment = limits(ctx).get("maximum_payment_cents")
    if payment is not None:
        blocks.append(Rows((("Maximum payment", money(payment)),)))
    return _one(ctx, kind, "Bet wager pays", blocks, "000 s244(1), (2)")


# ------------------------------------------------------------------ poker room (002)

_BETTING = {
    "fixed_limit": "fixed limit",
    "spread_limit": "spread limit",
    "pot_limit": "pot limit",
    "no_limit": "no limit",
}


def _rake_rows(rake: Mapping[str, Any]) -> list[tuple[str, str]]:
    kind = rake.get("type")
    if kind == "percentage":
        rows = [("Rake of the pot", format_percent_bp(rake["percent_bp"]))]
        if rake.get("minimum_cents") is not None:
            rows.append(("Minimum rake", money(rake["minimum_cents"])))
        if rake.get("cap_cents") is not None:
            rows.append(("Maximum rake", money(rake["cap_cents"])))
        return rows
    if kind == "time_charge":
        return [("Hourly fee per player, at most", money(rake["hourly_fee_cents"]))]
    if kind == "fixed_per_hand":
        return [("Fee per hand, at most", money(rake["fee_per_hand_cents"]))]
    return [("Fee per person per hand", money(rake["fee_per_hand_cents"]))]


def _limits_patch_text(patch: Mapping[str, Any]) -> str:
    parts = []
    if "game_type" in patch:
        parts.append(f"game {patch['game_type']}")
    if "minimum_buy_in_cents" in patch:
        parts.append(f"minimum buy-in {money(patch['minimum_buy_in_cents'])}")
    if "minimum_cents" in patch or "maximum_cents" in patch:
        parts.append(
            "betting limits " + "/".join(money(patch[k]) for k in ("minimum_cents", "maximum_cents") if k in patch)
        )
    if "blinds_cents" in patch:
        parts.append("blinds " + " and ".join(money(b) for b in patch["blinds_cents"]))
    if "compulsory_blinds" in patch:
        parts.append(f"{patch['compulsory_blinds']} compulsory blinds")
    if "rake" in patch:
        rake = patch["rake"]
        parts.append("no commission" if rake is None else "; ".join(f"{a} {b}" for a, b in _rake_rows(rake)).lower())
    return ", ".join(parts) or "new settings"


def game_notice_sign(ctx: Context, kind: str = "game_notice") -> list[SignContent]:
    """The type of game (the title), minimum buy-in, betting limits and commission or time
    charge (002 r6.3), the time to act where the game has one (r6.14), and changes announced
    ahead (r6.9)."""
    lim, s = limits(ctx), settings(ctx)
    game_type = lim.get("game_type") or heading(ctx)
    buy_in = require(lim.get("minimum_buy_in_cents"), kind, ctx, "poker.minimum_buy_in", "002 r6.3")
    rows: list[tuple[str, str]] = [
        ("Minimum buy-in", money(buy_in)),
        ("Betting limits", f"{money(lim['minimum_cents'])}/{money(lim['maximum_cents'])}"),
    ]
    betting = _BETTING.get(s.get("betting") or "", "")
    if betting:
        rows.append(("Betting", betting.capitalize()))
    rake = lim.get("rake")
    if not rake:
        rows.append(("Commission", "None"))
    elif rake.get("type") == "percentage":
        rows.append(("Rake", format_percent_bp(rake["percent_bp"])))
        if rake.get("cap_cents") is not None:
            rows.append(("Rake cap", money(rake["cap_cents"])))
    else:
        rows.extend(_rake_rows(rake))
    citation = "002 r6.3"
    if s.get("time_to_act"):
        rows.append(("Time to act", f"{int(s['time_to_act'])} sec"))
        citation += ", r6.14"
    blocks: list[Block] = [Rows(tuple(rows))]
    changes = notices(ctx, kind, _limits_patch_text)
    blocks.extend(changes)
    if changes:
        citation += ", r6.9"
    return _one(ctx, kind, game_type, blocks, citation)


def rake_sign(ctx: Context, kind: str = "rake") -> list[SignContent]:
    """The type of rake and its minimum and maximum in dollars (002 r7.1), or the time
    charge or fee per hand (r7.2.2(c), r7.2.3(b), r7.2.4(a))."""
    rake = require(limits(ctx).get("rake"), kind, ctx, "poker.rake", "002 r7.1")
    rule = {
        "percentage": "002 r7.1, r7.2.1",
        "time_charge": "002 r7.1, r7.2.2(c)",
        "fixed_per_hand": "002 r7.1, r7.2.3(b)",
        "per_person_per_hand": "002 r7.1, r7.2.4(a)",
    }[rake["type"]]
    kinds = {
        "percentage": "Straight percentage",
        "time_charge": "Time charge",
        "fixed_per_hand": "Fixed commission per hand",
        "per_person_per_hand": "Fixed commission per person",
    }
    blocks: list[Block] = [Rows((("Type", kinds[rake["type"]]),) + tuple(_rake_rows(rake)))]
    blocks.extend(notices(ctx, kind, _limits_patch_text))
    return _one(ctx, kind, "House commission", blocks, rule)


def blinds_sign(ctx: Context, kind: str = "blinds") -> list[SignContent]:
    """The number of compulsory blind bets (002 r8.2.1) and their amounts."""
    lim = limits(ctx)
    count = require(lim.get("compulsory_blinds"), kind, ctx, "poker.compulsory_blinds", "002 r8.2.1")
    blocks: list[Block] = [Rows((("Compulsory blind bets", str(count)),))]
    blinds = lim.get("blinds_cents") or []
    if blinds:
        names = ["Small blind", "Big blind"] if len(blinds) == 2 else [f"Blind {i + 1}" for i in range(len(blinds))]
        blocks.append(Rows(tuple((name, money(b)) for name, b in zip(names, blinds, strict=True))))
    blocks.extend(notices(ctx, kind, _limits_patch_text))
    return _one(ctx, kind, "Blinds", blocks, "002 r8.2.1")


# ------------------------------------------------------------------ manila and draw poker


def ace_rule_sign(ctx: Context, kind: str = "ace_rule") -> list[SignContent]:
    """Whether the ace is high and low or high only (manila 003 s265; draw poker with a
    reduced deck 003 s292(9))."""
    s = settings(ctx)
    if ctx.table["game"] == "manila_poker":
        ace = require(s.get("ace"), kind, ctx, "manila_poker.ace", "003 s265")
        text, rule = ("Ace is high and low", "003 s265") if ace == "high_and_low" else ("Ace is high only", "003 s265")
    else:
        # draw poker: the dealer may announce the ace low as well as high only with a reduced
        # deck of 40 or 32 cards (003 s292(9)); the sign says which for such a table
        rule = "003 s292(9)"
        deck = s.get("deck", 52)
        if deck not in (40, 32):
            raise SignProblem(
                f"table {ctx.table['id']}: sign {kind}: the ace announcement is for a reduced deck of "
                f"40 or 32 cards; this table plays {deck} cards ({rule})",
                rule,
            )
        text = "Ace is low as well as high" if s.get("ace_low") else "Ace is high only"
    return _one(ctx, kind, "Aces", [Big(text)], rule)


def commission_sign(ctx: Context, kind: str = "commission") -> list[SignContent]:
    """How commission is taken from a pot: the reduced method told to players before play
    (003 s275(3)), else the standard method (s275(1))."""
    reduced = settings(ctx).get("reduced_commission")
    if reduced:
        return _one(ctx, kind, "Commission", [Para(reduced)], "003 s275(3)")
    rate = format_percent_bp(MANILA_RATE_BP)
    blocks = [
        Para(f"No commission on a pot of {money(MANILA_NIL_UP_TO_CENTS)} or less"),
        Para(f"Otherwise {rate} of the pot, rounded down to a multiple of $20"),
    ]
    wager = limits(ctx).get("minimum_permissible_wager_cents")
    if wager:
        cap = MANILA_POT_CAP_MULTIPLE * wager
        blocks.append(Para(f"A pot over {money(cap)} counts as {money(cap)}"))
    return _one(ctx, kind, "Commission", blocks, "003 s275(1), (2)" if wager else "003 s275(1)")
