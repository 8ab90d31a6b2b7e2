"""What the seeds require printed on a table's layout cloth, game by game, with the citations.

:mod:`kiosk.scene.cloth_content` checks a layout file against these (``kiosk check`` and the
floor law at run time, for every custom layout; the shipped layouts are held to them too):

* the casino's name or logo: Caribbean stud (000 s230(2)(a)), tri-chro (001 s456(3)), manila and
  draw poker (003 s258(2)(b), s294(2)(b)), pai gow (003 s413(2)(b)(i));
* Caribbean stud: the words of 000 s230(2)(b), and the wager areas marked 'ante', 'bet' and -
  on a table without jackpot slots - 'jackpot' or the description the approved pit procedures
  give (000 s230(3));
* tri-chro: the permissible wagers and their payout odds (001 s456(6), s467);
* manila and draw poker: a circle for discards (003 s258(2)(a), s294(2)(a));
* pai gow: not more than 8 numbered circular boxes and 2 circular areas in front of the dealer
  (003 s413(2)(b)(ii), (iii));
* blackjack with bonus blackjack: boxes that provide for it (003 s50A(1)(a)).
"""

from __future__ import annotations

__all__ = [
    "AREA_WORDS",
    "BONUS_BOX_RULE",
    "BONUS_BOX_WORD",
    "DEALER_WORDS",
    "DEALER_WORDS_RULE",
    "DISCARDS_RULES",
    "DISCARDS_WORD",
    "JACKPOT_AREA_RULE",
    "JACKPOT_AREA_WORD",
    "NAME_OR_LOGO_RULES",
    "PAI_GOW_BOXES_RULE",
    "PAI_GOW_DEALER_AREAS_RULE",
    "PAI_GOW_MAX_BOXES",
    "tri_chro_wager_rule",
]

#: 000 s230(2)(b): the words printed on every Caribbean stud cloth, as the seed quotes them.
DEALER_WORDS = "dealer only plays with ace & king or higher"
DEALER_WORDS_RULE = "000 s230(2)(b)"
#: 000 s230(3)(a), (b): the words marking the ante and bet areas.
AREA_WORDS: dict[str, str] = {"ante": "000 s230(3)(a)", "bet": "000 s230(3)(b)"}
#: 000 s230(3)(c): the jackpot areas (a table without slots) are marked 'jackpot', unless the
#: approved pit procedures state another description (the floor's ``jackpot.area_wording``).
JACKPOT_AREA_WORD = "jackpot"
JACKPOT_AREA_RULE = "000 s230(3)(c)"

#: The casino's name or logo on the layout.
NAME_OR_LOGO_RULES: dict[str, str] = {
    "caribbean_stud": "000 s230(2)(a)",
    "tri_chro_54": "001 s456(3)",
    "tri_chro_63": "001 s456(3)",
    "manila_poker": "003 s258(2)(b)",
    "draw_poker": "003 s294(2)(b)",
    "pai_gow": "003 s413(2)(b)(i)",
}

#: A circle for discards.
DISCARDS_RULES: dict[str, str] = {"manila_poker": "003 s258(2)(a)", "draw_poker": "003 s294(2)(a)"}
DISCARDS_WORD = "discards"

#: Pai gow: not more than 8 numbered circular areas for the boxes, and 2 circular areas in
#: front of the dealer for winning and losing wagers.
PAI_GOW_MAX_BOXES = 8
PAI_GOW_BOXES_RULE = "003 s413(2)(b)(ii)"
PAI_GOW_DEALER_AREAS_RULE = "003 s413(2)(b)(iii)"

#: Bonus blackjack is played only where the boxes on the layout provide for it.
BONUS_BOX_RULE = "003 s50A(1)(a)"
BONUS_BOX_WORD = "bonus"


def tri_chro_wager_rule(balls: int) -> str:
    """001 s456(6) (the layout includes the permissible wagers and their payout odds) with the
    schedule of the variant: s467(1) for 54 balls, s467(2) for 63."""
    return f"001 s456(6), s467({1 if balls == 54 else 2})"
