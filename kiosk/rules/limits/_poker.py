"""Settings rules of the poker games: manila poker, draw poker (003) and the poker room (002).

Manila and draw poker must show a minimum table stake (003 s259(2), s295(2)); manila also
needs its minimum permissible wager, the blind bet (s267(2)) that caps the pot for
commission (s275(2)).  The poker room's notice, rake sign and blinds sign must be
configured (002 r6.3, r7.1, r7.2, r8.2.1).  :func:`rake_violations` is public because a
commission change (002 r7.3) is checked with it too.
"""

from __future__ import annotations

from typing import Any

from kiosk.rules.citation import Violation
from kiosk.rules.money import format_money as money
from kiosk.rules.table import RakeSettings

from ._input import SettingsReader, TableView

__all__ = [
    "RAKE_PERCENT_MAX_BP",
    "RAKE_PERCENT_MIN_BP",
    "RAKE_TYPES",
    "check_draw_poker",
    "check_manila_poker",
    "check_poker",
    "format_percent_bp",
    "is_nil_rake",
    "rake_violations",
]

#: 002 r7.2.1: a percentage commission is 2 % to 10 % (in basis points); nil is allowed by r7.4.
RAKE_PERCENT_MIN_BP = 200
RAKE_PERCENT_MAX_BP = 1000
#: 002 r7.2.1-r7.2.4, in that order.
RAKE_TYPES = ("percentage", "time_charge", "fixed_per_hand", "per_person_per_hand")
_RAKE_RULE = {
    "percentage": "002 r7.2.1",
    "time_charge": "002 r7.2.2(c)",
    "fixed_per_hand": "002 r7.2.3(b)",
    "per_person_per_hand": "002 r7.2.4(a)",
}


def format_percent_bp(bp: int) -> str:
    """Basis points as a sign writes a percentage: 250 -> ``"2.5 %"``, 1000 -> ``"10 %"``."""
    whole, rest = divmod(bp, 100)
    return f"{whole} %" if not rest else f"{whole}.{rest:02d}".rstrip("0") + " %"


def _no_classes(game: str, view: TableView) -> list[Violation]:
    rule = view.reader.rule
    return [
        Violation(
            rule, f"{game} has no wager classes ('{cls}'); remove {setting}.{cls} ({rule})", key=f"{setting}.{cls}"
        )
        for setting, mapping in (("maximum_by", view.maximum_by), ("minimum_by", view.minimum_by))
        for cls in mapping
    ]


def check_manila_poker(view: TableView) -> list[Violation]:
    """003 s259(2) minimum table stake sign; s267(2)/s275(2) minimum permissible wager."""
    r = view.reader
    r.money(
        "minimum_table_stake_cents",
        "minimum table stake",
        rule="003 s259(2)",
        required=True,
        positive=True,
        unset="; a sign at or near the table must state it",
    )
    r.money(
        "minimum_permissible_wager_cents",
        "minimum permissible wager (the blind bet, 003 s267(2))",
        rule="003 s275(2)",
        required=True,
        positive=True,
        unset="; commission takes a pot above 100 times it as 100 times it",
    )
    return _no_classes("manila poker", view)


def check_draw_poker(view: TableView) -> list[Violation]:
    """003 s295(2): a sign at or near the table states the minimum table stake."""
    view.reader.money(
        "minimum_table_stake_cents",
        "minimum table stake",
        rule="003 s295(2)",
        required=True,
        positive=True,
        unset="; a sign at or near the table must state it",
    )
    return _no_classes("draw poker", view)


def is_nil_rake(rake: Any) -> bool:
    """Whether a rake setting collects nothing (002 r7.4): no rake, or every amount $0 / 0 %."""
    if rake is None:
        return True
    r = SettingsReader(rake, "002 r7.4", RakeSettings)
    kind = r.raw("type")
    if not isinstance(kind, str) or kind not in RAKE_TYPES:
        return False
    amount = {"percentage": "percent_bp", "time_charge": "hourly_fee_cents"}.get(kind, "fee_per_hand_cents")
    value = r.raw(amount)
    return isinstance(value, int) and not isinstance(value, bool) and value == 0


def rake_violations(rake: Any, *, prefix: str = "rake.") -> list[Violation]:
    """What is wrong with one rake setting (RakeSettings or a mapping), by 002 r7.1 and r7.2.

    A percentage is 2 % to 10 % (r7.2.1) or nil (r7.4) and needs its cap in dollars
    (r7.1, r7.7); a time charge needs its maximum hourly fee per player (r7.2.2(c)); a fixed
    fee per hand its maximum fee (r7.2.3(b)); a fee per person per hand the fee
    (r7.2.4(a)).  r7.1 also puts a minimum rake on the sign: a percentage rake without
    one gets a warning.
    """
    r = SettingsReader(rake, "002 r7.2", RakeSettings, prefix=prefix)
    kind = r.raw("type")
    if kind not in RAKE_TYPES:
        shown = "not set" if kind is None else f"{kind!r}"
        return [
            Violation(
                "002 r7.2", f"rake type is {shown}; use one of {', '.join(RAKE_TYPES)} (002 r7.2)", key=r.key("type")
            )
        ]
    rule = _RAKE_RULE[kind]
    out: list[Violation] = []
    if kind == "percentage":
        bp = r.count(
            "percent_bp",
            "percentage rake (basis points, 2 % = 200)",
            rule=rule,
            required=True,
            unset="; it is 2 % to 10 % of all sums wagered in a hand, or nil (002 r7.4)",
        )
        if bp is not None and bp != 0 and not RAKE_PERCENT_MIN_BP <= bp <= RAKE_PERCENT_MAX_BP:
            out.append(
                Violation(
                    rule,
                    f"percentage rake must be 2 % to 10 % of all sums wagered in a hand, "
                    f"or nil (002 r7.4); it is {format_percent_bp(bp)} ({rule})",
                    key=r.key("percent_bp"),
                )
            )
        if bp:
            cap = r.money(
                "cap_cents",
                "rake cap (maximum rake per hand in dollars)",
                rule="002 r7.1",
                required=True,
                positive=True,
                unset="; the rake sign must state it, and no more is collected once it is reached under r7.7",
            )
            minimum = r.money("minimum_cents", "minimum rake", rule="002 r7.1")
            if minimum is None and r.raw("minimum_cents") is None:
                out.append(
                    Violation(
                        "002 r7.1",
                        "the rake sign should state the minimum permissible rake in "
                        "dollars as well as the cap; none is set (002 r7.1)",
                        key=r.key("minimum_cents"),
                        severity="warning",
                    )
                )
            if cap is not None and minimum is not None and minimum > cap:
                out.append(
                    Violation(
                        "002 r7.1",
                        f"minimum rake ({money(minimum)}) is above the cap ({money(cap)}); lower it (002 r7.1)",
                        key=r.key("minimum_cents"),
                    )
                )
    elif kind == "time_charge":
        r.money(
            "hourly_fee_cents",
            "maximum hourly fee per player",
            rule=rule,
            required=True,
            unset="; a sign at the table must state it",
        )
    elif kind == "fixed_per_hand":
        r.money(
            "fee_per_hand_cents",
            "maximum fee per hand",
            rule=rule,
            required=True,
            unset="; a sign at the table must state it",
        )
    else:
        r.money(
            "fee_per_hand_cents",
            "fee per person per hand",
            rule=rule,
            required=True,
            unset="; a sign at the table must state it",
        )
    return r.problems + out


def check_poker(view: TableView) -> list[Violation]:
    """002 r6.3 notice (game type, minimum buy-in, betting limits, commission), r7 rake, r8.2.1 and r6.4 blinds."""
    r = view.reader
    out = _no_classes("poker", view)
    r.text("game_type", "type of game", rule="002 r6.3", required=True, unset="; the notice at the table must name it")
    r.money(
        "minimum_buy_in_cents",
        "minimum buy-in",
        rule="002 r6.3",
        required=True,
        positive=True,
        unset="; the notice at the table must state it",
    )
    rake = r.raw("rake")
    if rake is None:
        out.append(
            Violation(
                "002 r6.3",
                "house commission or hourly time charge is not configured; the notice "
                "and the rake sign must state it, and a nil commission must be set explicitly "
                "(002 r6.3, r7.1, r7.4)",
                key="rake",
            )
        )
    else:
        out += rake_violations(rake)
    blinds = r.count(
        "compulsory_blinds",
        "number of compulsory blind bets",
        rule="002 r8.2.1",
        required=True,
        unset="; a sign at the table must state it",
    )
    before = len(r.problems)
    amounts = r.amounts("blinds_cents", "blind", rule="002 r6.4")
    if len(r.problems) != before:
        return out  # a malformed blind amount is reported already; the rest would only guess
    if blinds is not None and amounts and len(amounts) != blinds:
        out.append(
            Violation(
                "002 r8.2.1",
                f"the blinds sign says {blinds} compulsory blind bets but "
                f"{len(amounts)} blind amounts are set; make them agree (002 r8.2.1)",
                key="blinds_cents",
            )
        )
    if amounts and view.minimum is not None and amounts[-1] < view.minimum:
        out.append(
            Violation(
                "002 r6.4",
                f"the last compulsory blind ({money(amounts[-1])}) must be at least "
                f"the table minimum for the first betting round ({money(view.minimum)}); "
                f"raise it (002 r6.4)",
                key=f"blinds_cents.{len(amounts) - 1}",
            )
        )
    return out
