"""Sign kinds a table can show, which games have them, and which the law requires.

A sign kind is a name used in the floor file (``signs = ["limits", "bonus_payouts"]``)
and by the exporters.  :func:`required_signs` says, for one table's settings, which
kinds the seeds require and under which rule; ``kiosk check`` reports a required sign
that a floor file leaves out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from kiosk.floor.models import Table

__all__ = [
    "SignKind",
    "SIGN_KINDS",
    "MIN_TEXT_MM",
    "required_signs",
    "text_height_rule",
]

MIN_TEXT_MM = 8.0
"""Letters and numbers at least 8 mm high: 001 s459(2), 003 s23(2), s259(2), s295(2);
RULES.md 1.1 applies the same floor to every sign."""

_ALL = frozenset(
    {
        "tri_chro_54",
        "tri_chro_63",
        "two_up_dice",
        "caribbean_stud",
        "blackjack",
        "roulette",
        "manila_poker",
        "draw_poker",
        "pai_gow",
        "poker",
    }
)


@dataclass(frozen=True)
class SignKind:
    """One kind of sign: its floor-file name, a title, the games that have it and its basis."""

    kind: str
    title: str
    games: frozenset[str]
    basis: str  # the citation (or RULES.md IMPL note) the sign rests on


SIGN_KINDS: dict[str, SignKind] = {
    s.kind: s
    for s in (
        SignKind("limits", "Minimum and maximum wagers", _ALL, "003 s23(2); 001 s459(2); RULES.md 1.1"),
        SignKind(
            "minimum_table_stake",
            "Minimum table stake",
            frozenset({"manila_poker", "draw_poker"}),
            "003 s259(2), s295(2)",
        ),
        SignKind("ace_rule", "Ace high and low / high only", frozenset({"manila_poker", "draw_poker"}), "003 s265, s292(9)"),
        SignKind("commission", "Commission method", frozenset({"manila_poker"}), "003 s275(3)"),
        SignKind("bonus_payouts", "Bonus blackjack payouts", frozenset({"blackjack"}), "003 s50A(1)(b)"),
        SignKind("nominated_blackjack", "Nominated blackjack", frozenset({"blackjack"}), "003 s50C(3)"),
        SignKind("instructional", "Instructional table", frozenset({"blackjack"}), "003 s23(4); RULES.md 5.1 IMPL"),
        SignKind("maximum_payment", "Maximum payment", frozenset({"caribbean_stud"}), "000 s232(1)(b)"),
        SignKind("jackpot_meter", "Jackpot prize meter", frozenset({"caribbean_stud"}), "000 s231(2), s231(4)"),
        SignKind("jackpot_sharing", "Jackpot sharing", frozenset({"caribbean_stud"}), "000 s247(3)"),
        SignKind("jackpot_paytable", "Jackpot payments", frozenset({"caribbean_stud"}), "000 s246(1)"),
        SignKind("bet_paytable", "Bet wager payment odds", frozenset({"caribbean_stud"}), "000 s244(1)"),
        SignKind("approved_cuts", "Approved cuts", frozenset({"pai_gow"}), "003 s430(2)"),
        SignKind("house_liability", "Maximum house liability", frozenset({"pai_gow"}), "003 s421(1)(b)(i)"),
        SignKind("game_notice", "Game, buy-in, limits and commission", frozenset({"poker"}), "002 r6.3"),
        SignKind("rake", "Rake", frozenset({"poker"}), "002 r7.1"),
        SignKind("blinds", "Compulsory blinds", frozenset({"poker"}), "002 r8.2.1"),
        SignKind("result_cards", "Heads / tails / odds result cards", frozenset({"two_up_dice"}), "004 sch13 s19(2)"),
    )
}

# Signs whose lettering the seeds themselves hold to 8 mm; every other sign is held to
# the same floor by the product (RULES.md 1.1).
_TEXT_HEIGHT_RULES: dict[tuple[str, str], str] = {
    ("limits", "blackjack"): "003 s23(2)",
    ("limits", "tri_chro_54"): "001 s459(2)",
    ("limits", "tri_chro_63"): "001 s459(2)",
    ("minimum_table_stake", "manila_poker"): "003 s259(2)",
    ("minimum_table_stake", "draw_poker"): "003 s295(2)",
}


def text_height_rule(kind: str, game: str) -> str:
    """The citation that holds this sign's letters and numbers to 8 mm."""
    return _TEXT_HEIGHT_RULES.get((kind, game), "RULES.md 1.1")


def required_signs(table: "Table") -> list[tuple[str, str]]:
    """``(kind, citation)`` for every sign the seeds require at this table.

    Only requirements that follow from the table's own settings are listed here; the
    progressive jackpot meter of a link is checked per link (000 s231(4)).
    """
    game = table.game
    need: list[tuple[str, str]] = []
    if game == "blackjack":
        need.append(("limits", "003 s23(2)"))
        if table.blackjack_settings.bonus_blackjack:
            need.append(("bonus_payouts", "003 s50A(1)(b)"))
            need.append(("nominated_blackjack", "003 s50C(3)"))
    elif game in ("tri_chro_54", "tri_chro_63"):
        # The seed sets the sign's lettering and assumes it is shown (RULES.md A-24).
        need.append(("limits", "001 s459(2)"))
    elif game == "caribbean_stud":
        settings = table.caribbean_settings
        if not settings.maximum_payment_on_help_sign:
            need.append(("maximum_payment", "000 s232(1)(b)"))
        if settings.jackpot.sharing_method is not None:
            need.append(("jackpot_sharing", "000 s247(3)"))
    elif game == "manila_poker":
        need.append(("minimum_table_stake", "003 s259(2)"))
        if table.manila_settings.reduced_commission is not None:
            need.append(("commission", "003 s275(3)"))
    elif game == "draw_poker":
        need.append(("minimum_table_stake", "003 s295(2)"))
    elif game == "pai_gow":
        need.append(("approved_cuts", "003 s430(2)"))
        if table.pai_gow_settings.co_banking:
            need.append(("house_liability", "003 s421(1)(b)(i)"))
    elif game == "poker":
        settings = table.poker_settings
        need.append(("game_notice", "002 r6.3"))
        if settings.rake is not None:
            need.append(("rake", "002 r7.1"))
        if settings.compulsory_blinds:
            need.append(("blinds", "002 r8.2.1"))
    return need
