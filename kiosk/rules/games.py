"""The registry of games: ids from the contract, their rule parts and default names.

Operators may offer a game under a name of their own (000 s230(5), 001 s456(7),
003 s50A(3)): the display name lives in the table's configuration; the names here are
only defaults.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Game", "GAMES", "RENAMING_RULES", "TRI_CHRO_GAMES", "game", "tri_chro_balls"]


@dataclass(frozen=True)
class Game:
    id: str
    default_name: str
    source: str  # where the game's rules are, e.g. "001 pt 20 ss455-467"
    renamable_by: str | None = None  # citation that lets the operator rename it, if any
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
