"""Minimum and maximum wagers and the other table settings the law constrains.

Two functions, the contract (docs/architecture.md, Contracts) and the floor checker:

* :func:`violations` checks one table's settings for its game;
* :func:`floor_violations` checks rules that span the casino's tables (003 s23(4): at
  most 4 instructional blackjack tables per casino operator).

Both return :class:`~kiosk.rules.citation.Violation` objects: ``.rule`` is the citation,
``.message`` one line saying what is wrong, what would fix it and the rule, ``.key`` the
setting at fault (``"maximum_by.3:4"``) and ``.severity`` ``"error"`` or ``"warning"``
(a warning, such as a tri-chro wager whose legal odds favour the player, does not make a
table invalid).

Rules by game (the seeds' provisions below; thresholds in ``kiosk/rules/data/limits.json``):

* every game: minimum and maximum set, whole non-negative cents, minimum <= maximum;
  ``maximum_by``/``minimum_by`` only for the game's wager classes, each class's maximum
  at least its minimum;
* tri-chro: 001 s459(1)(a)-(h), one floor per payout-odds class the variant offers
  (54 ball: 27 to 1 and 65 to 1; 63 ball: 38 to 1 and 90 to 1; 001 s467), a class
  missing from ``maximum_by`` taking the table maximum (docs/readings.md A-09);
* roulette: 000 s141(2), per wager type with its own minimum (``minimum_by``) and
  maximum;
* blackjack: 003 s23(3) with the s23(4) $2/$10 instructional exception, 003 s50A(2)
  (bonus blackjack with 6 or 8 decks), 003 s65A(2),(3)(a) (card machine);
* two-up dice: 004 sch13 s14;
* Caribbean stud: 000 s232(1)(b), s244(2) (maximum payment);
* manila poker: 003 s259(2) (minimum table stake), s267(2)/s275(2) (minimum
  permissible wager); draw poker: 003 s295(2);
* pai gow: 003 s421(1)(b)(i), (e) (house liability when co-banking);
* poker room: 002 r6.3 (notice), r7.1/r7.2 (rake sign), r8.2.1 (blinds sign), r6.4.

Where the seeds set no minimum/maximum rule for a game (Caribbean stud, manila and draw
poker), the plain sanity checks cite ``"IMPL"``: they are this product's checks, not law.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import Any

from kiosk.rules.citation import Violation
from kiosk.rules.games import GAMES, TRI_CHRO_GAMES
from kiosk.rules.games import game as _game
from kiosk.rules.money import format_money as money

from ._data import ROULETTE_WAGER_TYPES
from ._input import TableView, read_field
from ._poker import (
    RAKE_PERCENT_MAX_BP,
    RAKE_PERCENT_MIN_BP,
    check_draw_poker,
    check_manila_poker,
    check_poker,
    format_percent_bp,
    is_nil_rake,
    rake_violations,
)
from ._tables import (
    check_blackjack,
    check_caribbean_stud,
    check_pai_gow,
    check_roulette,
    check_tri_chro,
    check_two_up_dice,
    is_instructional_blackjack,
)

__all__ = [
    "INSTRUCTIONAL_TABLES_PER_OPERATOR",
    "LIMIT_RULES",
    "RAKE_PERCENT_MAX_BP",
    "RAKE_PERCENT_MIN_BP",
    "ROULETTE_WAGER_TYPES",
    "floor_violations",
    "format_percent_bp",
    "is_nil_rake",
    "rake_violations",
    "read_field",
    "violations",
]

#: 003 s23(4): a casino operator may operate at most 4 instructional blackjack tables.
INSTRUCTIONAL_TABLES_PER_OPERATOR = 4

#: The provision behind each game's table minimum and maximum, cited by the sanity checks.
LIMIT_RULES: dict[str, str] = {
    **{game_id: "001 s459(1)" for game_id in TRI_CHRO_GAMES},
    "two_up_dice": "004 sch13 s14",
    "caribbean_stud": "IMPL",
    "blackjack": "003 s23(1)",
    "roulette": "000 s141(2)",
    "manila_poker": "IMPL",
    "draw_poker": "IMPL",
    "pai_gow": "003 s421(1)",
    "poker": "002 r6.3",
}

_CHECKS: dict[str, Callable[[TableView], list[Violation]]] = {
    **{g.id: partial(check_tri_chro, balls=g.balls) for g in GAMES.values() if g.balls is not None},
    "two_up_dice": check_two_up_dice,
    "caribbean_stud": check_caribbean_stud,
    "blackjack": check_blackjack,
    "roulette": check_roulette,
    "manila_poker": check_manila_poker,
    "draw_poker": check_draw_poker,
    "pai_gow": check_pai_gow,
    "poker": check_poker,
}


def _check_game(game: Any) -> str:
    if not isinstance(game, str):
        raise ValueError(f"a game id is text, not {game!r}; known games: {', '.join(_CHECKS)}")
    _game(game)  # ValueError naming the known games
    if game not in _CHECKS:
        raise ValueError(f"no limit rules for game {game!r}; known games: {', '.join(_CHECKS)}")
    return game


def violations(game: str, limits: Any) -> list[Violation]:
    """Every way this table's settings break the rules of ``game`` (empty: the table is valid).

    ``game`` is a contract game id (``tri_chro_54``, ``tri_chro_63``, ``two_up_dice``,
    ``caribbean_stud``, ``blackjack``, ``roulette``, ``manila_poker``, ``draw_poker``,
    ``pai_gow``, ``poker``); any other raises ``ValueError``.  ``limits`` is a
    :class:`~kiosk.rules.table.TableLimits`, an object with the same attributes or a
    mapping with the same keys (``minimum_cents``, ``maximum_cents``, ``maximum_by``...);
    missing optional fields take the TableLimits defaults.  Malformed values (negative,
    not whole cents, unknown wager classes) are reported as violations, never raised.
    Violations with ``severity == "warning"`` do not make the table invalid.
    """
    game = _check_game(game)
    if limits is None or isinstance(limits, (str, bytes, int, float)):
        raise ValueError(f"limits for {game} must be a TableLimits or a mapping of its fields, not {limits!r}")
    view = TableView.read(game, limits, LIMIT_RULES[game])
    out: list[Violation] = []
    if view.minimum is not None and view.maximum is not None and view.minimum > view.maximum:
        rule = LIMIT_RULES[game]
        out.append(
            Violation(
                rule,
                f"maximum wager ({money(view.maximum)}) is below the minimum wager "
                f"({money(view.minimum)}); raise the maximum or lower the minimum ({rule})",
                key="maximum_cents",
            )
        )
    rules = _CHECKS[game](view)
    return view.reader.problems + out + rules


def _table_rows(tables: Iterable[tuple[str, str, Any]]) -> list[tuple[str, str, Any]]:
    rows = []
    for n, row in enumerate(tables, start=1):
        if isinstance(row, (str, bytes, Mapping)) or not isinstance(row, Iterable):
            raise ValueError(f"floor table #{n} must be (table id, game, limits), not {row!r}")
        row = tuple(row)
        if len(row) != 3:
            raise ValueError(f"floor table #{n} must be (table id, game, limits), not {len(row)} values")
        table_id, game, limits = row
        try:
            _check_game(game)
        except ValueError as exc:
            raise ValueError(f"table {table_id}: {exc}") from None
        rows.append((str(table_id), game, limits))
    return rows


def floor_violations(tables: Iterable[tuple[str, str, Any]]) -> list[Violation]:
    """Rules that span the casino's tables, given ``(table id, game, limits)`` for every table.

    003 s23(4): a casino operator may operate at most 4 blackjack tables at which the
    minimum is $2, the maximum $10 and patrons are instructed; the message names the
    tables.  An unknown game raises ``ValueError`` naming the table.  Per-table rules are
    :func:`violations`' job and are not repeated here.
    """
    rows = _table_rows(tables)
    instructional = []
    for table_id, game, limits in rows:
        if game != "blackjack":
            continue
        minimum, maximum = read_field(limits, "minimum_cents"), read_field(limits, "maximum_cents")
        flag = read_field(limits, "instructional")
        if is_instructional_blackjack(minimum, maximum, flag is True):
            instructional.append(table_id)
    out = []
    if len(instructional) > INSTRUCTIONAL_TABLES_PER_OPERATOR:
        out.append(
            Violation(
                "003 s23(4)",
                f"at most {INSTRUCTIONAL_TABLES_PER_OPERATOR} instructional $2/$10 blackjack tables are allowed per "
                f"casino operator; {len(instructional)} are configured ({', '.join(instructional)}): raise the "
                f"limits of {len(instructional) - INSTRUCTIONAL_TABLES_PER_OPERATOR} of them (003 s23(4))",
                key="instructional",
            )
        )
    return out
