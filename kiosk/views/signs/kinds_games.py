"""Sign kinds of particular games: bonus blackjack, Caribbean stud, the poker room, manila
and draw poker announcements."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from kiosk.floor.signs import SIGN_KINDS
from kiosk.language import N_, tr
from kiosk.rules.blackjack import Nomination, bonus_payout_rows, nomination_rows
from kiosk.rules.caribbean import bet_odds_rows, jackpot_rows
from kiosk.rules.citation import RuleError
from kiosk.rules.cloth import JACKPOT_AREA_WORD
from kiosk.rules.commission import MANILA_NIL_UP_TO_CENTS, MANILA_POT_CAP_MULTIPLE, MANILA_RATE_BP
from kiosk.rules.limits import format_percent_bp
from kiosk.views.facts import jackpot_wording, layout_features
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
        Rows(tuple(pairs), header=(tr("Cards"), tr("Suited"), tr("Mixed"))),
        Rows(((tr(nominated.label), nominated.value),)),
    ]
    return _one(ctx, kind, tr("Bonus blackjack pays ($1 wager)"), blocks, "003 s50A(1)(b), s50C(2)")


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
        Rows(((tr(suit_row.label), tr(suit_row.value)), (tr(card_row.label), tr(card_row.value)))),
        Para(
            tr("Nominated blackjack this round: ace of {suit} and {card} of {suit}").format(
                suit=tr(suit_row.value).lower(), card=tr(card_row.value).lower()
            ),
            bold=True,
        ),
    ]
    return _one(ctx, kind, tr("Nominated blackjack"), blocks, both.rule)


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
    blocks: list[Block] = [Para(tr("The most paid on a winning bet wager is")), Big(money(amount))]
    blocks.extend(
        notices(ctx, kind, lambda p: tr("maximum payment {amount}").format(amount=money(p["maximum_payment_cents"])))
    )
    return _one(ctx, kind, tr("Maximum payment"), blocks, rule)


def _jackpot_areas(ctx: Context) -> tuple[list[Block], str]:
    """Where the jackpot wager goes, in the words that mark its areas on the cloth, when the pit
    procedures describe them otherwise than 'jackpot' (000 s230(3)(c)); nothing on a table with
    jackpot slots, which has no such areas.  The blocks, and the citation to add."""
    if "jackpot_slots" in layout_features(ctx.table):
        return [], ""
    wording = jackpot_wording(ctx.table)
    if " ".join(wording.split()).casefold() == JACKPOT_AREA_WORD:
        return [], ""
    return [
        Para(tr("Jackpot wagers go in the areas marked \u2018{wording}\u2019").format(wording=wording))
    ], ", s230(3)(c)"


def jackpot_meter_sign(ctx: Context, kind: str = "jackpot_meter") -> list[SignContent]:
    """The jackpot prize, for a table with no meter (000 s231(2)); a display shows the live
    meter instead.  Names the jackpot areas as the cloth marks them (000 s230(3)(c))."""
    prize = _prize(ctx, kind)
    link = ctx.link or {}
    blocks: list[Block] = [Big(money(prize))]
    if not link.get("standalone", True):
        blocks.append(Para(tr("Shared by the tables of {link}").format(link=link.get("name", link.get("id", "")))))
    areas, cite = _jackpot_areas(ctx)
    blocks += areas
    rule = "000 s231(2)" if link.get("standalone", True) else "000 s231(4)"
    return _one(ctx, kind, tr("Jackpot prize"), blocks, rule + cite)


def jackpot_sharing_sign(ctx: Context, kind: str = "jackpot_sharing") -> list[SignContent]:
    """How 2 or more straight or royal flush winners share the jackpot prize (000 s247(3));
    only where the pit procedures state a sharing method."""
    rule = "000 s247(3)"
    jackpot = settings(ctx).get("jackpot") or {}
    method = require(jackpot.get("sharing_method"), kind, ctx, "caribbean_stud.jackpot.sharing_method", rule)
    return _one(ctx, kind, tr("Jackpot sharing"), [Para(method)], rule)


def jackpot_paytable_sign(ctx: Context, kind: str = "jackpot_paytable") -> list[SignContent]:
    """The jackpot payments for a $1 jackpot wager (000 s246(1)).  On a display (``ctx.now``
    set) the straight and royal flush rows show today's amounts from the live prize; on paper,
    which outlives the prize, they are stated as the rule states them."""
    prize = _prize(ctx, kind)
    jackpot = settings(ctx).get("jackpot") or {}
    rows = list(reversed(jackpot_rows(prize, dead_mans_hand=bool(jackpot.get("dead_mans_hand")))))
    live = ctx.now is not None
    shown = rows if live else [r for r in rows if not r.note]
    blocks: list[Block] = [Rows(tuple((tr(r.label), r.value) for r in shown), header=(tr("Hand"), tr("Pays")))]
    blocks.extend(
        Para(tr("{hand}: {how}").format(hand=tr(r.label), how=tr(r.note_words).format(**dict(r.note_fields))))
        for r in rows
        if r.note
    )
    areas, cite = _jackpot_areas(ctx)
    blocks += areas
    return _one(ctx, kind, tr("Jackpot payments"), blocks, "000 s246(1)" + cite)


def bet_paytable_sign(ctx: Context, kind: str = "bet_paytable") -> list[SignContent]:
    """The payment odds of a winning bet wager by hand (000 s244(1))."""
    rows = bet_odds_rows()
    blocks: list[Block] = [
        Rows(tuple((tr(r.label), _odds(r.value)) for r in reversed(rows)), header=(tr("Hand"), tr("Pays")))
    ]
    payment = limits(ctx).get("maximum_payment_cents")
    if payment is not None:
        blocks.append(Rows(((tr("Maximum payment"), money(payment)),)))
    return _one(ctx, kind, tr("Bet wager pays"), blocks, "000 s244(1), (2)")


# ------------------------------------------------------------------ poker room (002)

_BETTING = {
    "fixed_limit": N_("Fixed limit"),
    "spread_limit": N_("Spread limit"),
    "pot_limit": N_("Pot limit"),
    "no_limit": N_("No limit"),
}


def _odds(value: str) -> str:
    """Odds as the rules print them (``"5 to 1"``) in the language shown."""
    a, _, b = value.partition(" to ")
    return tr("{a} to {b}").format(a=a, b=b) if b else value


def _rake_rows(rake: Mapping[str, Any]) -> list[tuple[str, str]]:
    kind = rake.get("type")
    if kind == "percentage":
        rows = [(tr("Rake of the pot"), format_percent_bp(rake["percent_bp"]))]
        if rake.get("minimum_cents") is not None:
            rows.append((tr("Minimum rake"), money(rake["minimum_cents"])))
        if rake.get("cap_cents") is not None:
            rows.append((tr("Maximum rake"), money(rake["cap_cents"])))
        return rows
    if kind == "time_charge":
        return [(tr("Hourly fee per player, at most"), money(rake["hourly_fee_cents"]))]
    if kind == "fixed_per_hand":
        return [(tr("Fee per hand, at most"), money(rake["fee_per_hand_cents"]))]
    return [(tr("Fee per person per hand"), money(rake["fee_per_hand_cents"]))]


def _limits_patch_text(patch: Mapping[str, Any]) -> str:
    parts = []
    if "game_type" in patch:
        parts.append(tr("game {game}").format(game=patch["game_type"]))
    if "minimum_buy_in_cents" in patch:
        parts.append(tr("minimum buy-in {amount}").format(amount=money(patch["minimum_buy_in_cents"])))
    if "minimum_cents" in patch or "maximum_cents" in patch:
        limits_said = "/".join(money(patch[k]) for k in ("minimum_cents", "maximum_cents") if k in patch)
        parts.append(tr("betting limits {amounts}").format(amounts=limits_said))
    if "blinds_cents" in patch:
        blinds = [money(b) for b in patch["blinds_cents"]]
        blinds_said = blinds[0] if len(blinds) == 1 else ""
        if len(blinds) > 1:
            blinds_said = tr("{first} and {last}").format(first=", ".join(blinds[:-1]), last=blinds[-1])
        parts.append(tr("blinds {amounts}").format(amounts=blinds_said))
    if "compulsory_blinds" in patch:
        parts.append(tr("{count} compulsory blinds").format(count=patch["compulsory_blinds"]))
    if "rake" in patch:
        rake = patch["rake"]
        parts.append(
            tr("no commission") if rake is None else "; ".join(f"{a} {b}" for a, b in _rake_rows(rake)).lower()
        )
    return ", ".join(parts) or tr("new settings")


def game_notice_sign(ctx: Context, kind: str = "game_notice") -> list[SignContent]:
    """The type of game (the title), minimum buy-in, betting limits and commission or time
    charge (002 r6.3), the time to act where the game has one (r6.14), and changes announced
    ahead (r6.9)."""
    lim, s = limits(ctx), settings(ctx)
    game_type = lim.get("game_type") or heading(ctx)
    buy_in = require(lim.get("minimum_buy_in_cents"), kind, ctx, "poker.minimum_buy_in", "002 r6.3")
    rows: list[tuple[str, str]] = [
        (tr("Minimum buy-in"), money(buy_in)),
        (tr("Betting limits"), f"{money(lim['minimum_cents'])}/{money(lim['maximum_cents'])}"),
    ]
    betting = _BETTING.get(s.get("betting") or "", "")
    if betting:
        rows.append((tr("Betting"), tr(betting)))
    rake = lim.get("rake")
    if not rake:
        rows.append((tr("Commission"), tr("None")))
    elif rake.get("type") == "percentage":
        rows.append((tr("Rake"), format_percent_bp(rake["percent_bp"])))
        if rake.get("cap_cents") is not None:
            rows.append((tr("Rake cap"), money(rake["cap_cents"])))
    else:
        rows.extend(_rake_rows(rake))
    citation = "002 r6.3"
    if s.get("time_to_act"):
        rows.append((tr("Time to act"), tr("{seconds} sec").format(seconds=int(s["time_to_act"]))))
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
        "percentage": N_("Straight percentage"),
        "time_charge": N_("Time charge"),
        "fixed_per_hand": N_("Fixed commission per hand"),
        "per_person_per_hand": N_("Fixed commission per person"),
    }
    named = kinds[rake["type"]]
    blocks: list[Block] = [Rows(((tr("Type"), tr(named)),) + tuple(_rake_rows(rake)))]
    blocks.extend(notices(ctx, kind, _limits_patch_text))
    return _one(ctx, kind, tr("House commission"), blocks, rule)


def blinds_sign(ctx: Context, kind: str = "blinds") -> list[SignContent]:
    """The number of compulsory blind bets (002 r8.2.1) and their amounts."""
    lim = limits(ctx)
    count = require(lim.get("compulsory_blinds"), kind, ctx, "poker.compulsory_blinds", "002 r8.2.1")
    blocks: list[Block] = [Rows(((tr("Compulsory blind bets"), str(count)),))]
    blinds = lim.get("blinds_cents") or []
    if blinds:
        names = (
            [tr("Small blind"), tr("Big blind")]
            if len(blinds) == 2
            else [tr("Blind {number}").format(number=i + 1) for i in range(len(blinds))]
        )
        blocks.append(Rows(tuple((name, money(b)) for name, b in zip(names, blinds, strict=True))))
    blocks.extend(notices(ctx, kind, _limits_patch_text))
    return _one(ctx, kind, tr("Blinds"), blocks, "002 r8.2.1")


# ------------------------------------------------------------------ manila and draw poker


def ace_rule_sign(ctx: Context, kind: str = "ace_rule") -> list[SignContent]:
    """Whether the ace is high and low or high only (manila 003 s265; draw poker with a
    reduced deck 003 s292(9))."""
    s = settings(ctx)
    if ctx.table["game"] == "manila_poker":
        ace = require(s.get("ace"), kind, ctx, "manila_poker.ace", "003 s265")
        text, rule = (
            (N_("Ace is high and low"), "003 s265") if ace == "high_and_low" else (N_("Ace is high only"), "003 s265")
        )
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
        text = N_("Ace is low as well as high") if s.get("ace_low") else N_("Ace is high only")
    return _one(ctx, kind, tr("Aces"), [Big(tr(text))], rule)


def commission_sign(ctx: Context, kind: str = "commission") -> list[SignContent]:
    """How commission is taken from a pot: the reduced method told to players before play
    (003 s275(3)), else the standard method (s275(1))."""
    reduced = settings(ctx).get("reduced_commission")
    if reduced:
        return _one(ctx, kind, tr("Commission"), [Para(reduced)], "003 s275(3)")
    rate = format_percent_bp(MANILA_RATE_BP)
    blocks = [
        Para(tr("No commission on a pot of {amount} or less").format(amount=money(MANILA_NIL_UP_TO_CENTS))),
        Para(tr("Otherwise {rate} of the pot, rounded down to a multiple of $20").format(rate=rate)),
    ]
    wager = limits(ctx).get("minimum_permissible_wager_cents")
    if wager:
        cap = MANILA_POT_CAP_MULTIPLE * wager
        blocks.append(Para(tr("A pot over {amount} counts as {amount}").format(amount=money(cap))))
    return _one(ctx, kind, tr("Commission"), blocks, "003 s275(1), (2)" if wager else "003 s275(1)")
