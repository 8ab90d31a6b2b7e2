"""The two-up dice result cards: HEADS, TAILS and ODDS, shown by hand in place of a light
that failed (004 sch13 s19(2)), in the colour of the table's lights of each set (s19(1)),
each with its own letter and shape so it reads without colour."""

from __future__ import annotations

from kiosk.language import N_, tr
from kiosk.views.signs._common import heading, require, settings
from kiosk.views.signs.content import CardFace, Context, SignContent

__all__ = ["CARD_FACES", "result_cards_sign", "card_face"]

CARD_FACES: dict[str, tuple[str, str, str]] = {
    "heads": (N_("HEADS"), "H", "circle"),
    "tails": (N_("TAILS"), "T", "square"),
    "odds": (N_("ODDS"), "O", "triangle"),
}
"""Each result's word (in English: translated where it is drawn), letter and shape (the shape
tells the sets apart without colour)."""


def card_face(result: str, colour: str) -> CardFace:
    """The card of one result (``heads``, ``tails`` or ``odds``) in the light's colour."""
    word, letter, shape = CARD_FACES[result]
    return CardFace(result, tr(word), letter, shape, colour)


def result_cards_sign(ctx: Context, kind: str = "result_cards") -> list[SignContent]:
    """Three pages: the HEADS, TAILS and ODDS cards in the table's light colours."""
    s = settings(ctx)
    out = []
    for result in CARD_FACES:
        colour = require(s.get(f"{result}_colour"), kind, ctx, f"two_up_dice.{result}_colour", "004 sch13 s19(1)")
        out.append(
            SignContent(
                kind,
                ctx.table["id"],
                heading(ctx),
                tr("{result} result card").format(result=tr(CARD_FACES[result][0])),
                (),
                "004 sch13 s19(2)",
                card=card_face(result, colour),
            )
        )
    return out
