"""How tall the letters and numbers of a sign must be: the one definition of the 8 mm floor.

Four signs are held to it by the seeds themselves, each "in letters and numbers at least
(not less than) 8 mm high":

* the tri-chro permissible minimum and maximum wagers, 001 s459(2);
* the blackjack minimum and maximum wagers, 003 s23(2);
* the manila poker minimum table stake, 003 s259(2);
* the draw poker minimum table stake, 003 s295(2).

Every other sign is held to the same floor by the product (:data:`POLICY_RULE`), so one
height applies to everything a table shows.  The bundled ``kiosk/rules/data/limits.json``
(``sign_text_height_rules``) lists the same four rules; a test keeps the two in step.
"""

from __future__ import annotations

from kiosk.rules.games import tri_chro_balls

__all__ = ["MIN_TEXT_MM", "TEXT_HEIGHT_CITATIONS", "POLICY_RULE", "seed_lettered_signs", "text_height_rule"]

MIN_TEXT_MM = 8.0
"""Letters and numbers at least 8 mm high: 001 s459(2), 003 s23(2), s259(2), s295(2)."""

POLICY_RULE = "docs/readings.md P-1"
"""The product's rule holding every other sign to :data:`MIN_TEXT_MM`."""

# (sign kind, game) -> the seed that holds that sign's lettering to 8 mm
_SEED_RULES: dict[tuple[str, str], str] = {
    ("limits", "blackjack"): "003 s23(2)",
    ("minimum_table_stake", "manila_poker"): "003 s259(2)",
    ("minimum_table_stake", "draw_poker"): "003 s295(2)",
}
_TRI_CHRO_RULE = "001 s459(2)"

TEXT_HEIGHT_CITATIONS: tuple[str, ...] = (_TRI_CHRO_RULE, *_SEED_RULES.values())
"""The seed sections that set the 8 mm floor, tri-chro first."""


def seed_lettered_signs(game: str) -> list[tuple[str, str]]:
    """``(sign kind, citation)`` for each sign of this game whose lettering a seed sets.

    Each of those sections also requires the sign at the table ("must have a sign ...").
    """
    if tri_chro_balls(game) is not None:
        return [("limits", _TRI_CHRO_RULE)]
    return [(kind, rule) for (kind, of_game), rule in _SEED_RULES.items() if of_game == game]


def text_height_rule(kind: str, game: str) -> str:
    """The citation that holds the letters and numbers of this sign at this game to 8 mm."""
    return dict(seed_lettered_signs(game)).get(kind, POLICY_RULE)
