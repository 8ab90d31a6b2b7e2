"""The registry of games: ids from the contract, their rule parts and default names.

Operators may offer a game under a name of their own only where a seed gives them the power:
Caribbean stud (000 s230(5)), tri-chro (001 s456(7)) and bonus blackjack (003 s50A(3)); every
other game keeps its own name in the table's display name, to which the operator may add words
(docs/readings.md A-31: :func:`naming_violation`).  The display name lives in the table's
configuration; the names here are the defaults and the names the games keep.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .citation import Violation

__all__ = [
    "Game",
    "GAMES",
    "NAMING_READING",
    "RENAMING_RULES",
    "TRI_CHRO_GAMES",
    "game",
    "keeps_game_name",
    "naming_violation",
    "renaming_power",
    "tri_chro_balls",
]


@dataclass(frozen=True)
class Game:
    id: str
    default_name: str
    source: str  # where the game's rules are, e.g. "001 pt 20 ss455-467"
    renamable_by: str | None = None  # citation that lets the operator rename it, if any (see renaming_power)
    balls: int | None = None  # tri-chro: the number of balls, 54 (001 s461) or 63 (001 s462)


GAMES: dict[str, Game] = {
    g.id: g
    for g in (
        Game("tri_chro_54", "Tri-Chro 54 Ball", "001 pt 20 ss455-467", "001 s456(7)", balls=54),
        Game("tri_chro_63", "Tri-Chro 63 Ball", "001 pt 20 ss455-467", "001 s456(7)", balls=63),
        Game("two_up_dice", "Two-Up Dice", "004 sch13"),
        Game("caribbean_stud", "Caribbean Stud Poker", "000 pt 14 ss224-248", "000 s230(5)"),
        Game("blackjack", "Blackjack", "003 ss23, 50A-50E", "003 s50A(3)"),
        Game("roulette", "Roulette", "000 s141(2), 003 s131"),
        Game("manila_poker", "Manila Poker", "003 pt 15 ss249-286"),
        Game("draw_poker", "Draw Poker", "003 pt 16 ss287-295"),
        Game("pai_gow", "Pai Gow", "003 pt 19 ss411-454"),
        Game("poker", "Poker", "002"),
    )
}

#: The citations that let an operator offer a game under a name of its own.
RENAMING_RULES: tuple[str, ...] = tuple(sorted({g.renamable_by for g in GAMES.values() if g.renamable_by}))

#: The tri-chro game ids, 54 ball first.
TRI_CHRO_GAMES: tuple[str, ...] = tuple(g.id for g in GAMES.values() if g.balls is not None)


def tri_chro_balls(game_id: str) -> int | None:
    """The number of balls of a tri-chro game (54 or 63); ``None`` for any other game."""
    found = GAMES.get(game_id)
    return None if found is None else found.balls


def game(game_id: str) -> Game:
    """Return the game with this id, or raise ``ValueError`` listing the known ids."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise ValueError(f"unknown game {game_id!r}; known games: {known}") from None


#: The reading of the seeds' naming powers: where no seed gives one, the game keeps its name.
NAMING_READING = "docs/readings.md A-31"


def renaming_power(game_id: str, *, bonus_blackjack: bool = False) -> str | None:
    """The citation that lets the operator offer this table's game under a name of its own, or
    ``None``: 000 s230(5) (Caribbean stud), 001 s456(7) (tri-chro), and 003 s50A(3) for a
    blackjack table only while it offers bonus blackjack (the power is to name bonus blackjack)."""
    power = game(game_id).renamable_by
    if game_id == "blackjack" and not bonus_blackjack:
        return None
    return power


def _letters(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())


def keeps_game_name(game_id: str, name: str, names: Iterable[str] = ()) -> bool:
    """Whether ``name`` still names the game: it holds the game's name (its default name, or one
    of ``names``, e.g. a poker room variant's), ignoring case, spaces and punctuation."""
    wanted = (game(game_id).default_name, *names)
    have = _letters(name)
    return any(_letters(w) and _letters(w) in have for w in wanted)


def naming_violation(
    game_id: str, name: str, *, bonus_blackjack: bool = False, names: Iterable[str] = ()
) -> Violation | None:
    """The refusal of a display name the seeds give no power for, or ``None``.

    A table whose game the operator may name (:func:`renaming_power`) takes any name; any other
    table's name keeps the game's name (:func:`keeps_game_name`), to which words may be added
    ("High Limit Roulette"), docs/readings.md A-31.
    """
    names = tuple(names)
    if renaming_power(game_id, bonus_blackjack=bonus_blackjack) is not None or keeps_game_name(game_id, name, names):
        return None
    kept = " or ".join(repr(n) for n in (game(game_id).default_name, *names))
    if game_id == "blackjack":
        rule = game(game_id).renamable_by or NAMING_READING
        return Violation(
            rule,
            f"a blackjack table is offered under another name only with bonus blackjack, which this table does "
            f"not offer; {name!r} drops the name {kept}: keep it in the name or offer bonus blackjack "
            f"({rule}; {NAMING_READING})",
            key="display_name",
        )
    return Violation(
        NAMING_READING,
        f"the seeds let the operator name only Caribbean stud, tri-chro and bonus blackjack "
        f"({', '.join(RENAMING_RULES)}); {name!r} drops the game's name {kept}: keep it in the name "
        f"({NAMING_READING})",
        key="display_name",
    )
