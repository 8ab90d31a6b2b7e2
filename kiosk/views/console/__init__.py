"""The pit console's decisions, without Qt: what an edit of a table would send and what the
service would answer (:mod:`~kiosk.views.console.limits_edit`), and what the displays' reports
say of a scheduled change's notice (:mod:`~kiosk.views.console.notice_state`).  The console's
widgets (``kiosk.ui.staff.console``) read the text and state these give and paint them.
"""

from typing import Any

from kiosk.rules.games import GAMES

__all__ = ["SUPERVISOR_ROLES", "TIME_FORMAT", "game_name"]

SUPERVISOR_ROLES = ("pit", "admin")
"""The roles that supervise: sign in at the pit console and enrol on a computer."""

TIME_FORMAT = "%a %d %b %H:%M"
"""The console's one way of writing a moment in text: "Wed 02 Dec 00:22" (ux-review C11)."""


def game_name(game: Any, unknown: str | None = None) -> str:
    """A game as staff read it, its default name: ``blackjack`` -> "Blackjack"; a game the rules
    do not know reads ``unknown`` if given, else as it is spelled."""
    entry = GAMES.get(game)
    if entry is not None:
        return entry.default_name
    return unknown if unknown is not None else str(game)
