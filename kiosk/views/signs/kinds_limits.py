"""Sign kinds about wagers: ``limits``, ``minimum_table_stake``, ``instructional``,
``house_liability`` and ``approved_cuts``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kiosk.floor.signs import SIGN_KINDS
from kiosk.language import N_, tr
from kiosk.rules.games import GAMES, tri_chro_balls
from kiosk.rules.lettering import TEXT_HEIGHT_CITATIONS, text_height_rule
from kiosk.rules.limits import LIMIT_RULES
from kiosk.rules.trichro import odds_classes
from kiosk.views.signs._common import heading, limits, money, notices, require, settings
from kiosk.views.signs.content import Big, Block, Context, Para, Rows, SignContent

__all__ = [
    "limits_sign",
    "minimum_table_stake_sign",
    "instructional_sign",
    "house_liability_sign",
    "approved_cuts_sign",
]

ROULETTE_WAGERS: dict[str, str] = {
    "straight_up": N_("Straight up"),
    "split": N_("Split"),
    "street": N_("Street"),
    "corner": N_("Corner"),
    "six_line": N_("Six line"),
    "column": N_("Column"),
    "dozen": N_("Dozen"),
    "low": N_("Low 1-18"),
    "high": N_("High 19-36"),
    "even": N_("Even"),
    "odd": N_("Odd"),
    "red": N_("Red"),
    "black": N_("Black"),
}
"""The roulette wager types of 000 s141(2), as a sign names them."""

_BETTING = {
    "fixed_limit": N_("Fixed limit"),
    "spread_limit": N_("Spread limit"),
    "pot_limit": N_("Pot limit"),
    "no_limit": N_("No limit"),
}


def _citation(kind: str, game: str) -> str:
    """The rule behind a game's minimum and maximum (:data:`kiosk.rules.limits.LIMIT_RULES`;
    for a game where the seeds set none, the part of the rules the game is played under) and
    the rule holding its lettering to 8 mm where a seed does."""
    basis = LIMIT_RULES.get(game, "IMPL")
    if game == "caribbean_stud":  # the sign states the ante and the maximum payment
        return "000 s232(1)(b), s244(2)"
    if basis == "IMPL":
        basis = GAMES[game].source
    height = text_height_rule(kind, game)
    if height not in TEXT_HEIGHT_CITATIONS or height == basis:
        return basis  # the product's policy is not the law: the sign cites the seeds only
    seed, _, section = height.partition(" ")
    return f"{basis}, {section}" if basis.startswith(seed + " ") else f"{basis}; {height}"


def _min_max_text(patch: Mapping[str, Any]) -> str:
    parts = []
    if "minimum_cents" in patch:
        parts.append(tr("minimum {amount}").format(amount=money(patch["minimum_cents"])))
    if "maximum_cents" in patch:
        parts.append(tr("maximum {amount}").format(amount=money(patch["maximum_cents"])))
    for key in ("maximum_by", "minimum_by"):
        if key in patch:
            said = tr("{wager} maximum {amount}") if key == "maximum_by" else tr("{wager} minimum {amount}")
            parts.extend(said.format(wager=_class_label(c), amount=money(v)) for c, v in sorted(patch[key].items()))
    return ", ".join(parts) if parts else tr("new limits")


def _class_label(wager_class: str) -> str:
    if wager_class in ROULETTE_WAGERS:
        return tr(ROULETTE_WAGERS[wager_class])
    a, _, b = wager_class.partition(":")
    return tr("{a} to {b}").format(a=a, b=b) if b else wager_class


def limits_sign(ctx: Context, kind: str = "limits") -> list[SignContent]:
    """The minimum and maximum wagers, in the shape the game's rule gives them: per payout
    odds class for tri-chro (001 s459(1)), per wager type for roulette (000 s141(2)), the
    ante and the maximum payment for Caribbean stud (000 s232), betting limits for poker."""
    table, game = ctx.table, ctx.table["game"]
    lim = limits(ctx)
    lo, hi = lim["minimum_cents"], lim["maximum_cents"]
    blocks: list[Block] = []
    title = tr("Table limits")
    balls = tri_chro_balls(game)
    if balls is not None:
        classes = odds_classes(balls)
        by = lim.get("maximum_by") or {}
        # the maximum wager permitted for the table, and each payout-odds class's own, never above
        # it (001 s459(1); docs/readings.md A-09)
        blocks.append(Rows(((tr("Minimum wager"), money(lo)), (tr("Table maximum"), money(hi)))))
        blocks.append(
            Rows(
                tuple((tr("Pays {odds}").format(odds=_class_label(c)), money(by.get(c, hi))) for c in classes),
                header=(tr("Wager"), tr("Maximum")),
            )
        )
    elif game == "roulette":
        lo_by, hi_by = lim.get("minimum_by") or {}, lim.get("maximum_by") or {}
        blocks.append(
            Rows(
                tuple(
                    (tr(label), money(lo_by.get(w, lo)), money(hi_by.get(w, hi)))
                    for w, label in ROULETTE_WAGERS.items()
                ),
                header=(tr("Wager"), tr("Min"), tr("Max")),
            )
        )
    elif game == "caribbean_stud":
        rows = [(tr("Ante minimum"), money(lo)), (tr("Ante maximum"), money(hi))]
        if lim.get("maximum_payment_cents") is not None:
            rows.append((tr("Maximum payment for a winning bet wager"), money(lim["maximum_payment_cents"])))
        blocks.append(Rows(tuple(rows)))
    elif game == "poker":
        rows = [(tr("Betting limits"), f"{money(lo)}/{money(hi)}")]
        betting = settings(ctx).get("betting")
        if betting in _BETTING:
            rows.append((tr("Betting"), tr(_BETTING[betting])))
        blocks.append(Rows(tuple(rows)))
    else:
        blocks.append(Rows(((tr("Minimum wager"), money(lo)), (tr("Maximum wager"), money(hi)))))
    blocks.extend(notices(ctx, kind, _min_max_text))
    return [SignContent(kind, table["id"], heading(ctx), title, tuple(blocks), _citation(kind, game))]


def minimum_table_stake_sign(ctx: Context, kind: str = "minimum_table_stake") -> list[SignContent]:
    """The minimum table stake in large figures (003 s259(2), s295(2)) and the notice of a
    scheduled increase: the new stake and the time it takes effect (s259(3), s295(3))."""
    game = ctx.table["game"]
    rule = text_height_rule(kind, game)  # the section that requires the sign: 003 s259(2), s295(2)
    stake = require(limits(ctx).get("minimum_table_stake_cents"), kind, ctx, "the minimum table stake", rule)
    blocks: list[Block] = [Big(money(stake))]
    blocks.extend(
        notices(
            ctx,
            kind,
            lambda p: tr("minimum table stake {amount}").format(amount=money(p["minimum_table_stake_cents"])),
        )
    )
    cite = rule + (", " + rule.split()[1].replace("(2)", "(3)") if len(blocks) > 1 else "")
    return [SignContent(kind, ctx.table["id"], heading(ctx), tr("Minimum table stake"), tuple(blocks), cite)]


def instructional_sign(ctx: Context, kind: str = "instructional") -> list[SignContent]:
    """An instructional blackjack table and its $2/$10 limits (003 s23(4))."""
    lim = limits(ctx)
    blocks = (
        Para(tr("This is an instructional table"), bold=True),
        Rows(
            (
                (tr("Minimum wager"), money(lim["minimum_cents"])),
                (tr("Maximum wager"), money(lim["maximum_cents"])),
            )
        ),
    )
    return [SignContent(kind, ctx.table["id"], heading(ctx), tr("Learn to play"), blocks, "003 s23(4)")]


def house_liability_sign(ctx: Context, kind: str = "house_liability") -> list[SignContent]:
    """The maximum house liability while the house co-banks (003 s421(1)(b)(i))."""
    rule = SIGN_KINDS[kind].basis  # 003 s421(1)(b)(i)
    amount = require(limits(ctx).get("house_liability_cents"), kind, ctx, "the maximum house liability", rule)
    blocks: list[Block] = [Para(tr("When the house co-banks, its liability is at most")), Big(money(amount))]
    blocks.extend(
        notices(
            ctx, kind, lambda p: tr("maximum house liability {amount}").format(amount=money(p["house_liability_cents"]))
        )
    )
    title = tr("Maximum house liability")
    return [SignContent(kind, ctx.table["id"], heading(ctx), title, tuple(blocks), rule)]


def approved_cuts_sign(ctx: Context, kind: str = "approved_cuts") -> list[SignContent]:
    """The ways of cutting the tiles the chief executive approved (003 s430(2))."""
    rule = SIGN_KINDS[kind].basis  # 003 s430(2)
    cuts = require(tuple(settings(ctx).get("approved_cuts") or ()), kind, ctx, "pai_gow.approved_cuts", rule)
    blocks = tuple(Para(cut) for cut in cuts)
    return [SignContent(kind, ctx.table["id"], heading(ctx), tr("Approved cuts"), blocks, rule)]
