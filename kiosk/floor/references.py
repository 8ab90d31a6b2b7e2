"""The display views a floor file names, and the references between its tables, links and
displays (a link or display naming a table that is not there, a view that does not fit the
game).  Plain data in, problems out: the models and the loader both use it."""

from __future__ import annotations

from kiosk.rules.games import TRI_CHRO_GAMES

__all__ = ["VIEW_GAMES", "references"]

#: The display views a floor file may name, and the games each fits (``None``: every game).
VIEW_GAMES: dict[str, frozenset[str] | None] = {
    "layout": None,
    "limits": None,
    "signs": None,
    "jackpot": frozenset({"caribbean_stud"}),
    "trichro": frozenset(TRI_CHRO_GAMES),
    "twoup_lights": frozenset({"two_up_dice"}),
    "help": None,
    "history": frozenset({"roulette", *TRI_CHRO_GAMES, "two_up_dice"}),
}


def references(
    games: dict[str, str],
    links: list[tuple[str, list[str]]],
    displays: list[tuple[str, str | None, str | None, str]],
) -> list[tuple[str, str]]:
    """The reference checks on plain data: ``games`` maps table id -> game id, ``links``
    are ``(id, member ids)``, ``displays`` are ``(id, table, link, view)``.  The loader
    runs them on the raw file too, so they are reported even when a table is invalid."""
    problems: list[tuple[str, str]] = []
    link_ids = {link_id for link_id, _ in links}
    for link_id, members in links:
        seen: set[str] = set()
        for member in members:
            if member not in games:
                problems.append((f"link {link_id}", f"tables: no table {member!r} on this floor"))
            elif member in seen:
                problems.append((f"link {link_id}", f"tables: {member!r} is listed twice"))
            seen.add(member)
    for display_id, table_id, shown_link, view in displays:
        where = f"display {display_id}"
        if shown_link is not None:
            if shown_link not in link_ids:
                problems.append((where, f"link: no jackpot link {shown_link!r} on this floor"))
            continue
        if table_id is None:
            continue
        plays = games.get(table_id)
        if plays is None:
            problems.append((where, f"table: no table {table_id!r} on this floor"))
            continue
        fits = VIEW_GAMES.get(view)
        if fits is not None and plays not in fits:
            problems.append(
                (where, f"view: {view!r} does not fit {table_id} ({plays}); it is for {', '.join(sorted(fits))}")
            )
    return problems
