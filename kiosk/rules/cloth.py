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
* blackjack with bonus blackjack: boxes that provide for it (003 s50A(1)(a));
* Caribbean stud: the wager areas rectangular, circular or oval (000 s230(2)(c));
* manila and draw poker: places for not more than 13 and 8 players (003 s258(1), s294(1));
* two-up dice: the casino's name or logo (004 sch13 s3(2)(a)) and areas for the spinner's wager
  and the players' wagers on heads and on tails (004 sch13 s3(2)(b), s6(3), s11(1), (2)).

The poker room's layout "may or may not" print the casino's name or logo or an event's logo
(002 r2.2): nothing there is required, so nothing is checked (docs/readings.md A-54).
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
    "PLACES_RULES",
    "SPINNER_WORD",
    "TWO_UP_AREAS_RULE",
    "TWO_UP_WAGER_WORDS",
    "WAGER_AREA_SHAPES_RULE",
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
    "two_up_dice": "004 sch13 s3(2)(a)",
}

#: Caribbean stud: the areas for wagers are rectangular, circular or oval.
WAGER_AREA_SHAPES_RULE = "000 s230(2)(c)"

#: Manila and draw poker: places (numbered on the cloth) for not more than so many players.
PLACES_RULES: dict[str, tuple[int, str]] = {"manila_poker": (13, "003 s258(1)"), "draw_poker": (8, "003 s294(1)")}

#: Two-up dice: an area for the spinner's wager (on heads or tails, sch13 s6(1), (3)), marked
#: as the spinner's, and areas for players' wagers on heads and on tails (sch13 s11(1), (2)).
TWO_UP_AREAS_RULE = "004 sch13 s3(2)(b)"
SPINNER_WORD = "spinner"
TWO_UP_WAGER_WORDS = ("heads", "tails")

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
