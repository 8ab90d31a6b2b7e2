"""Sign kinds a table can show, which games have them, and which the law requires.

A sign kind is a name used in the floor file (``signs = ["limits", "bonus_payouts"]``)
and by the exporters.  :func:`required_signs` says, for one table's settings, which
kinds the seeds require and under which rule; ``kiosk check`` reports a required sign
that a floor file leaves out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from kiosk.rules.games import GAMES
from kiosk.rules.lettering import MIN_TEXT_MM, seed_lettered_signs, text_height_rule

__all__ = [
    "SignKind",
    "SIGN_KINDS",
    "MIN_TEXT_MM",
    "TableSettings",
    "notice_signs",
    "required_signs",
    "text_height_rule",
]

_ALL = frozenset(GAMES)


@dataclass(frozen=True)
class SignKind:
    """One kind of sign: its floor-file name, a title, the games that have it and its basis;
    ``announces``: the limits fields whose scheduled or pending changes its notice announces
    (the sign carries the notice of such a change: :func:`notice_signs`)."""

    kind: str
    title: str
    games: frozenset[str]
    basis: str  # the citation (or the docs/readings.md entry) the sign rests on
    announces: tuple[str, ...] = ()


SIGN_KINDS: dict[str, SignKind] = {
    s.kind: s
    for s in (
        SignKind(
            "limits",
            "Minimum and maximum wagers",
            _ALL,
            "003 s23(2); 001 s459(2); docs/readings.md P-1",
            announces=("minimum_cents", "maximum_cents", "maximum_by", "minimum_by"),
        ),
        SignKind(
            "minimum_table_stake",
            "Minimum table stake",
            frozenset({"manila_poker", "draw_poker"}),
            "003 s259(2), s295(2)",
            announces=("minimum_table_stake_cents",),  # the new minimum and the time: 003 s259(3), s295(3)
        ),
        SignKind(
            "ace_rule", "Ace high and low / high only", frozenset({"manila_poker", "draw_poker"}), "003 s265, s292(9)"
        ),
        SignKind("commission", "Commission method", frozenset({"manila_poker"}), "003 s275(3)"),
        SignKind("bonus_payouts", "Bonus blackjack payouts", frozenset({"blackjack"}), "003 s50A(1)(b)"),
        SignKind("nominated_blackjack", "Nominated blackjack", frozenset({"blackjack"}), "003 s50C(3)"),
        SignKind("instructional", "Instructional table", frozenset({"blackjack"}), "003 s23(4); docs/readings.md P-3"),
        SignKind(
            "maximum_payment",
            "Maximum payment",
            frozenset({"caribbean_stud"}),
            "000 s232(1)(b)",
            announces=("maximum_payment_cents",),
        ),
        SignKind("jackpot_meter", "Jackpot prize meter", frozenset({"caribbean_stud"}), "000 s231(2), s231(4)"),
        SignKind("jackpot_sharing", "Jackpot sharing", frozenset({"caribbean_stud"}), "000 s247(3)"),
        SignKind("jackpot_paytable", "Jackpot payments", frozenset({"caribbean_stud"}), "000 s246(1)"),
        SignKind("bet_paytable", "Bet wager payment odds", frozenset({"caribbean_stud"}), "000 s244(1)"),
        SignKind("approved_cuts", "Approved cuts", frozenset({"pai_gow"}), "003 s430(2)"),
        SignKind(
            "house_liability",
            "Maximum house liability",
            frozenset({"pai_gow"}),
            "003 s421(1)(b)(i)",
            announces=("house_liability_cents",),
        ),
        SignKind(
            "game_notice",
            "Game, buy-in, limits and commission",
            frozenset({"poker"}),
            "002 r6.3",
            announces=(
                "game_type",
                "minimum_buy_in_cents",
                "minimum_cents",
                "maximum_cents",
                "rake",  # the house commission (002 r6.3); a change of it: 002 r7.3
                "blinds_cents",
                "compulsory_blinds",
            ),
        ),
        SignKind("rake", "Rake", frozenset({"poker"}), "002 r7.1", announces=("rake",)),  # 002 r7.3
        SignKind(
            "blinds",
            "Compulsory blinds",
            frozenset({"poker"}),
            "002 r8.2.1",
            announces=("blinds_cents", "compulsory_blinds"),
        ),
        SignKind("result_cards", "Heads / tails / odds result cards", frozenset({"two_up_dice"}), "004 sch13 s19(2)"),
    )
}


def notice_signs(game: str, fields: Iterable[str]) -> frozenset[str]:
    """The sign kinds of ``game`` that carry the notice of a change of any of ``fields``: those
    whose notice announces one of them (``SignKind.announces``; docs/readings.md A-28).  A
    display's report of a notice counts only with one of these signs among the signs it shows."""
    wanted = set(fields)
    return frozenset(s.kind for s in SIGN_KINDS.values() if game in s.games and wanted.intersection(s.announces))


def _by_basis(*kinds: str) -> list[tuple[str, str]]:
    """``(kind, citation)`` for sign kinds whose basis is the one rule that requires them."""
    return [(kind, SIGN_KINDS[kind].basis) for kind in kinds]


class TableSettings(Protocol):
    """What :func:`required_signs` reads of a table (a :class:`kiosk.floor.models.Table`)."""

    @property
    def game(self) -> str: ...
    @property
    def blackjack_settings(self) -> Any: ...
    @property
    def caribbean_settings(self) -> Any: ...
    @property
    def manila_settings(self) -> Any: ...
    @property
    def pai_gow_settings(self) -> Any: ...
    @property
    def poker_settings(self) -> Any: ...


def required_signs(table: TableSettings) -> list[tuple[str, str]]:
    """``(kind, citation)`` for every sign the seeds require at this table.

    Only requirements that follow from the table's own settings are listed here; the
    progressive jackpot meter of a link is checked per link (000 s231(4)).
    """
    game = table.game
    # the minimum/maximum wagers and minimum table stake signs whose lettering the seeds
    # set: 003 s23(2), 001 s459(2) (assumed shown, docs/readings.md A-24), 003 s259(2), s295(2)
    need: list[tuple[str, str]] = seed_lettered_signs(game)
    if game == "blackjack":
        if table.blackjack_settings.bonus_blackjack:
            need += _by_basis("bonus_payouts", "nominated_blackjack")
    elif game == "caribbean_stud":
        settings = table.caribbean_settings
        if not settings.maximum_payment_on_help_sign:
            need += _by_basis("maximum_payment")
        if settings.jackpot.sharing_method is not None:
            need += _by_basis("jackpot_sharing")
    elif game == "manila_poker":
        if table.manila_settings.reduced_commission is not None:
            need += _by_basis("commission")
    elif game == "pai_gow":
        need += _by_basis("approved_cuts")
        if table.pai_gow_settings.co_banking:
            need += _by_basis("house_liability")
    elif game == "poker":
        settings = table.poker_settings
        need += _by_basis("game_notice")
        if settings.rake is not None:
            need += _by_basis("rake")
        if settings.compulsory_blinds:
            need += _by_basis("blinds")
    return need
