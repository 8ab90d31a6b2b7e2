"""Minimum/maximum rules of the wagering games: tri-chro, roulette, blackjack, two-up dice,
Caribbean stud and pai gow.

Each ``check_*`` function takes a :class:`~kiosk.rules.limits._input.TableView` and returns
the violations of its game's rules; :func:`kiosk.rules.limits.violations` is the entry point.
Every message is one line: what is wrong, what would fix it, and the citation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from kiosk.rules.citation import Violation
from kiosk.rules.money import format_money as money

from ._data import (
    ROULETTE_WAGER_TYPES,
    TRI_CHRO_ODDS_CLASSES,
    MaxFloor,
    blackjack_floor,
    odds_label,
    roulette_floors,
    tri_chro_floors,
    two_up_floor,
)
from ._input import SettingsReader, TableView

__all__ = [
    "BONUS_BLACKJACK_DECKS",
    "CARD_MACHINE_MAX_DECKS",
    "HOUSE_LIABILITY_BOX_MULTIPLE",
    "INSTRUCTIONAL_MAXIMUM_CENTS",
    "INSTRUCTIONAL_MINIMUM_CENTS",
    "check_blackjack",
    "check_caribbean_stud",
    "check_classes",
    "check_pai_gow",
    "check_roulette",
    "check_tri_chro",
    "check_two_up_dice",
    "is_instructional_blackjack",
]

#: 003 s23(4)(a): the only limits of an instructional table.
INSTRUCTIONAL_MINIMUM_CENTS = 200
INSTRUCTIONAL_MAXIMUM_CENTS = 1000
#: 003 s50A(2): bonus blackjack only with 6 or 8 decks.
BONUS_BLACKJACK_DECKS = (6, 8)
#: 003 s65A(3)(a): a card machine's approved maximum is not more than 8 decks.
CARD_MACHINE_MAX_DECKS = 8
#: 003 s421(1)(e): the house's co-banking liability is at most 7 times the box maximum.
HOUSE_LIABILITY_BOX_MULTIPLE = 7


def check_classes(
    view: TableView,
    known: Iterable[str],
    why: Callable[[str], str],
    unknown_rule: str,
    range_rule: str,
    label: Callable[[str], str] = lambda cls: f"{cls} wagers",
) -> list[Violation]:
    """Per-class sanity: known classes only, and each class's minimum at or below its maximum.

    ``why(cls)`` says why a class is not known for this game (cited with ``unknown_rule``);
    a class whose minimum is above its maximum is cited with ``range_rule``.
    """
    known = tuple(known)
    out: list[Violation] = []
    for setting, mapping in (("maximum_by", view.maximum_by), ("minimum_by", view.minimum_by)):
        for cls in mapping:
            if cls not in known:
                out.append(
                    Violation(
                        unknown_rule, f"{why(cls)}; remove {setting}.{cls} ({unknown_rule})", key=f"{setting}.{cls}"
                    )
                )
    for cls in known:
        if cls not in view.maximum_by and cls not in view.minimum_by:
            continue
        low, high = view.class_minimum(cls), view.class_maximum(cls)
        if low is None or high is None or low <= high:
            continue
        key = f"maximum_by.{cls}" if cls in view.maximum_by else f"minimum_by.{cls}"
        out.append(
            Violation(
                range_rule,
                f"maximum for {label(cls)} ({money(high)}) is below their minimum "
                f"({money(low)}); raise the maximum or lower the minimum ({range_rule})",
                key=key,
            )
        )
    return out


def _no_classes(game: str, rule: str, view: TableView) -> list[Violation]:
    return check_classes(view, (), lambda cls: f"{game} has no wager classes ('{cls}')", rule, rule)


def _floor_violation(
    floor: MaxFloor, view: TableView, low: int | None, high: int | None, whose: str
) -> Violation | None:
    """The violation of one "minimum at most X, so maximum at least Y" rule, if any."""
    if low is None or high is None or low > floor.min_at_most_cents or high >= floor.max_at_least_cents:
        return None
    key = view.maximum_key(floor.wager_class) if floor.wager_class else "maximum_cents"
    what = f"maximum for {floor.label}" if floor.wager_class else "maximum wager"
    table_max = ", the table maximum" if floor.wager_class and key == "maximum_cents" else ""
    return Violation(
        floor.rule,
        f"{what} must be at least {money(floor.max_at_least_cents)} when {whose} minimum is "
        f"{money(floor.min_at_most_cents)} or less; it is {money(high)}{table_max} ({floor.rule})",
        key=key,
    )


def check_tri_chro(view: TableView, balls: int) -> list[Violation]:
    """001 s459(1) per payout-odds class (docs/readings.md A-09), for the classes the variant offers.

    The rule bites when the minimum wager permitted at the table is $5 or less; with
    per-class minimums that is the lowest of them.  A class missing from ``maximum_by``
    takes the table maximum.  Warnings flag wagers whose legal odds favour the player.
    """
    floors = tri_chro_floors(balls)
    offered = tuple(f.wager_class for f in floors)
    schedule = "001 s467(1)" if balls == 54 else "001 s467(2)"

    def why(cls: str) -> str:
        if cls in TRI_CHRO_ODDS_CLASSES:
            return f"{balls} ball tri-chro has no {odds_label(cls)} wagers"
        return f"'{cls}' is not a tri-chro odds class (use {', '.join(offered)})"

    out = check_classes(view, offered, why, schedule, view.reader.rule, lambda cls: f"{odds_label(cls)} wagers")
    out += _above_the_table_maximum(view, offered)
    class_minimums = [m for c, m in view.minimum_by.items() if c in offered]
    minimums = [m for m in (view.minimum, *class_minimums) if m is not None]
    low = min(minimums) if minimums else None
    for floor in floors:
        v = _floor_violation(floor, view, low, view.class_maximum(floor.wager_class), "the")
        if v:
            out.append(v)
    out += _player_favourable(balls)
    return out


def _above_the_table_maximum(view: TableView, offered: tuple[str, ...]) -> list[Violation]:
    """001 s459(1) sets "the maximum wager permitted for the table": a payout-odds class may have
    a maximum of its own below it (docs/readings.md A-09), never above it."""
    rule = "001 s459(1)"
    table_max = view.maximum
    if table_max is None:
        return []
    out: list[Violation] = []
    for cls in offered:
        high = view.maximum_by.get(cls)
        if high is None or high <= table_max:
            continue
        out.append(
            Violation(
                rule,
                f"maximum for {odds_label(cls)} wagers ({money(high)}) is above the table maximum "
                f"({money(table_max)}); no wager may exceed the maximum wager permitted for the table: "
                f"lower it or raise the table maximum ({rule}; docs/readings.md A-09)",
                key=view.maximum_key(cls),
            )
        )
    return out


def _player_favourable(balls: int) -> list[Violation]:
    """Warnings from the tri-chro module (another part) where a wager pays more than it takes."""
    try:
        from kiosk.rules.trichro import player_favourable_wagers
    except ImportError:
        return []
    return list(player_favourable_wagers(balls))


def check_roulette(view: TableView) -> list[Violation]:
    """000 s141(2): per wager type, a minimum at or below column 2 needs a maximum of at least column 3."""
    types = ", ".join(ROULETTE_WAGER_TYPES)
    out = check_classes(
        view,
        ROULETTE_WAGER_TYPES,
        lambda cls: f"'{cls}' is not a roulette wager type of 000 s141(2) (use {types})",
        "000 s141(2)",
        "000 s141(2)",
        {f.wager_class: f.label for f in roulette_floors()}.__getitem__,
    )
    for floor in roulette_floors():
        v = _floor_violation(
            floor, view, view.class_minimum(floor.wager_class), view.class_maximum(floor.wager_class), "their"
        )
        if v:
            out.append(v)
    return out


def is_instructional_blackjack(minimum: int | None, maximum: int | None, instructional: bool) -> bool:
    """Whether a table is one of the 003 s23(4) tables: exactly $2/$10 with patrons instructed."""
    return instructional and minimum == INSTRUCTIONAL_MINIMUM_CENTS and maximum == INSTRUCTIONAL_MAXIMUM_CENTS


def check_blackjack(view: TableView) -> list[Violation]:
    """003 s23(1),(3),(4), s50A(2), s65A(2),(3)(a)."""
    r = view.reader
    out = _no_classes("blackjack", "003 s23(1)", view)
    instructional = r.flag("instructional", "instructional", rule="003 s23(4)")
    bonus = r.flag("bonus_blackjack", "bonus blackjack", rule="003 s50A(2)")
    machine = r.flag("card_machine", "card machine", rule="003 s65A(2)")
    sevens = r.flag("super_sevens", "super sevens", rule="003 s65A(2)")
    decks = r.count("decks", "number of decks", rule="IMPL", positive=True)

    floor = blackjack_floor()
    mn, mx = view.minimum, view.maximum
    if mn is not None and mx is not None and mn <= floor.min_at_most_cents and mx < floor.max_at_least_cents:
        if is_instructional_blackjack(mn, mx, instructional):
            pass  # allowed by 003 s23(4); the casino-wide count of 4 is floor_violations' job
        elif mn == INSTRUCTIONAL_MINIMUM_CENTS and mx == INSTRUCTIONAL_MAXIMUM_CENTS:
            out.append(
                Violation(
                    "003 s23(4)",
                    "a $2/$10 blackjack table is allowed only as an instructional table where patrons are "
                    "instructed in the rules, procedures and basic playing strategies; mark it instructional "
                    f"or raise the maximum to at least {money(floor.max_at_least_cents)} (003 s23(3), s23(4))",
                    key="instructional",
                )
            )
        else:
            out.append(
                Violation(
                    floor.rule,
                    f"maximum wager must be at least {money(floor.max_at_least_cents)} when the minimum is "
                    f"{money(floor.min_at_most_cents)} or less; it is {money(mx)}; only a $2/$10 instructional "
                    f"table is exempt ({floor.rule}, s23(4))",
                    key="maximum_cents",
                )
            )
    if bonus:
        if decks is None and r.raw("decks") is None:
            out.append(
                Violation(
                    "003 s50A(2)",
                    "bonus blackjack needs the number of decks set; it may be "
                    "played only with 6 or 8 decks (003 s50A(2))",
                    key="decks",
                )
            )
        elif decks is not None and decks not in BONUS_BLACKJACK_DECKS:
            out.append(
                Violation(
                    "003 s50A(2)",
                    f"bonus blackjack may be played only with 6 or 8 decks; this table uses {decks} (003 s50A(2))",
                    key="decks",
                )
            )
    if machine:
        barred = [name for name, on in (("bonus blackjack", bonus), ("super sevens", sevens)) if on]
        if barred:
            out.append(
                Violation(
                    "003 s65A(2)",
                    f"a card machine must not be used when {' or '.join(barred)} "
                    f"is offered; use a dealing shoe or stop offering {' and '.join(barred)} "
                    f"(003 s65A(2))",
                    key="card_machine",
                )
            )
        if decks is not None and decks > CARD_MACHINE_MAX_DECKS:
            out.append(
                Violation(
                    "003 s65A(3)(a)",
                    f"a card machine may hold at most {CARD_MACHINE_MAX_DECKS} "
                    f"decks; this table uses {decks} (003 s65A(3)(a))",
                    key="decks",
                )
            )
        out += _card_machine_range(r, decks)
    return out


def _card_machine_range(r: SettingsReader, decks: int | None) -> list[Violation]:
    """003 s65A(3)(a): "the number of decks used must be not less than the minimum, and not more
    than the maximum (which in turn must be not more than 8), number of decks approved by the
    chief executive for use in the card machine"."""
    rule = "003 s65A(3)(a)"
    low = r.count("card_machine_min_decks", "the card machine's approved minimum of decks", rule=rule, positive=True)
    high = r.count("card_machine_max_decks", "the card machine's approved maximum of decks", rule=rule, positive=True)
    out: list[Violation] = []
    if r.raw("card_machine_min_decks") is None and r.raw("card_machine_max_decks") is None:
        return [
            Violation(
                rule,
                "the numbers of decks the chief executive approved for the card machine are not set; set "
                f"card_machine_min_decks and card_machine_max_decks (only the maximum of {CARD_MACHINE_MAX_DECKS} "
                f"is checked) ({rule})",
                key="card_machine_min_decks",
                severity="warning",
            )
        ]
    if high is not None and high > CARD_MACHINE_MAX_DECKS:
        out.append(
            Violation(
                rule,
                f"the approved maximum of decks for a card machine is not more than {CARD_MACHINE_MAX_DECKS}; "
                f"it is {high} ({rule})",
                key="card_machine_max_decks",
            )
        )
    if low is not None and high is not None and low > high:
        out.append(
            Violation(
                rule,
                f"the card machine's approved minimum of decks ({low}) is more than its maximum ({high}) ({rule})",
                key="card_machine_min_decks",
            )
        )
    elif decks is not None and ((low is not None and decks < low) or (high is not None and decks > high)):
        approved = f"{low or 1} to {high or CARD_MACHINE_MAX_DECKS}"
        out.append(
            Violation(
                rule,
                f"the card machine is approved for {approved} decks; this table uses {decks} ({rule})",
                key="decks",
            )
        )
    return out


def check_two_up_dice(view: TableView) -> list[Violation]:
    """004 sch13 s14: a minimum of not more than $5 needs a table maximum of at least $100."""
    out = _no_classes("two-up dice", "004 sch13 s14", view)
    v = _floor_violation(two_up_floor(), view, view.minimum, view.maximum, "the")
    return out + ([v] if v else [])


def check_caribbean_stud(view: TableView) -> list[Violation]:
    """000 s232(1)(b), s244(2): the maximum payment must be set; it is on a sign and caps every bet payment."""
    out = _no_classes("Caribbean stud", view.reader.rule, view)
    view.reader.money(
        "maximum_payment_cents",
        "maximum payment for a winning bet wager",
        rule="000 s232(1)(b)",
        required=True,
        positive=True,
        unset="; a sign at the table must state it and it caps every bet payment under 000 s244(2)",
    )
    return out


def check_pai_gow(view: TableView) -> list[Violation]:
    """003 s421(1)(b)(i),(e): when the house co-banks its maximum liability is displayed, at most 7 x box maximum.

    The seed says both that no specific box maximum applies when co-banking
    (s421(1)(b)(ii)) and that the liability is capped at 7 times the box maximum
    (s421(1)(e)); docs/readings.md A-16.  The box maximum is ``box_maximum_cents`` if set, else
    the table maximum.
    """
    r = view.reader
    out = _no_classes("pai gow", "003 s421(1)", view)
    co_banking = r.flag("co_banking", "house co-banking", rule="003 s421(1)(b)")
    box = r.money("box_maximum_cents", "box maximum", rule="003 s421(1)(e)")
    if box is not None and view.minimum is not None and box < view.minimum:
        out.append(
            Violation(
                "003 s421(1)",
                f"box maximum ({money(box)}) is below the table minimum "
                f"({money(view.minimum)}); raise it (003 s421(1))",
                key="box_maximum_cents",
            )
        )
    liability = r.money(
        "house_liability_cents",
        "maximum house liability",
        rule="003 s421(1)(b)(i)",
        required=co_banking,
        unset="; it must be displayed at or near the table while the house co-banks",
    )
    if co_banking and liability is not None:
        base, whose = (
            (box, "box maximum") if box is not None else (view.maximum, "table maximum, no box maximum is set")
        )
        if base is not None and liability > HOUSE_LIABILITY_BOX_MULTIPLE * base:
            out.append(
                Violation(
                    "003 s421(1)(e)",
                    f"maximum house liability when co-banking must not exceed 7 times the box maximum "
                    f"({money(HOUSE_LIABILITY_BOX_MULTIPLE * base)} = 7 x {money(base)}, the {whose}); "
                    f"it is {money(liability)} (003 s421(1)(e))",
                    key="house_liability_cents",
                )
            )
    return out
