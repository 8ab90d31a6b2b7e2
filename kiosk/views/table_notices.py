"""What a table's displays tell players about the table itself, whatever view they show.

One definition of each notice (:func:`table_notices`), drawn two ways: a band across the top
of the ``layout``, ``trichro`` and ``twoup_lights`` views (:func:`notice_bands`), and a page of
its own among the signs of the ``limits`` and ``signs`` views
(:func:`kiosk.views.signs.frames.notice_sign`).

* **Table closing** (003 s32(3); ``docs/readings.md`` A-41): "Table closing: 3 rounds
  remaining" while the rounds the pit directed are played, then "Table closed".
* **Card machine malfunction** (003 s65D(2)(a)): players may have each amount they wagered in
  the round returned, while the round is completed from a dealing shoe.
* **Result stands: illumination fault** (000 s78(7)): the dealer recorded that a winning area
  did not light; the result is valid all the same (tri-chro until the next drawing, roulette
  until the next spin).
* **Jackpot wager not accepted** (000 s231(1)(b), s237(3); A-12): a place whose slot light did
  not light, this round.

The bands show no citation: it belongs to the proof, not the player's eye line (issue 18
section 2): the audit record of the command that raised the notice names it, and ``rule`` keeps
it for the notice's page when printed.
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.language import tr
from kiosk.rules.card_machine import PROCEDURES
from kiosk.rules.closing import CLOSING_RULE, Closing
from kiosk.scene.fonts import font_face
from kiosk.scene.primitives import Colour, Primitive, Shape, rect_path
from kiosk.scene.text import ink_em_size_mm
from kiosk.state.shapes import TableState
from kiosk.views.base import MIN_SIGN_TEXT_MM, Area, fit_sign_text, sign_text
from kiosk.views.facts import card_machine_procedure, illumination_fault, slots_not_accepted, table_closing

__all__ = ["TableNotice", "table_notices", "notice_bands", "BAND_LARGEST_MM", "NOTICE_SECONDS"]

BAND_LARGEST_MM = 10.0
"""The largest size of a notice's words on a band (on a large screen: 3.5 % of its height), shrunk
(never under the 8 mm floor) to fit."""
_BAND: Colour = (250, 204, 21, 255)  # the yellow of a sign's notice band
_INK: Colour = (17, 17, 17, 255)


@dataclass(frozen=True)
class TableNotice:
    """One notice: its kind, its words as a page (the first is its heading), its words on one
    band (``text``) and its citation, if shown."""

    kind: str
    words: tuple[str, ...]
    rule: str | None
    text: str


def _closing_words(closing: Closing) -> str:
    """:meth:`Closing.words` in the language spoken (:func:`kiosk.language.tr`)."""
    if closing.closed:
        return tr("Table closed")
    if closing.remaining == 1:
        return tr("Table closing: 1 round remaining")
    return tr("Table closing: {rounds} rounds remaining").format(rounds=closing.remaining)


def table_notices(table: TableState) -> tuple[TableNotice, ...]:
    """The notices the table's state calls for, most important first."""
    out: list[TableNotice] = []
    closing = table_closing(table)
    if closing is not None:
        words = _closing_words(closing)
        out.append(TableNotice("closing", (words,), CLOSING_RULE if closing.rule == CLOSING_RULE else None, words))
    code = card_machine_procedure(table)
    steps = PROCEDURES.get(code) if code is not None else None
    if steps is not None and steps.notice is not None:
        title, sentence = (tr(words) for words in steps.notice)
        band = tr("{title}: {sentence}").format(title=title, sentence=f"{sentence[:1].lower()}{sentence[1:]}")
        out.append(TableNotice("card_machine", (title, sentence), "003 s65D(2)(a)", band))
    if illumination_fault(table) is not None:
        words = tr("Result stands: illumination fault")
        out.append(TableNotice("illumination_fault", (words,), "000 s78(7)", words))
    for place in slots_not_accepted(table):
        title = tr("Place {place}: jackpot wager not accepted").format(place=place)
        out.append(
            TableNotice(
                "slot_not_accepted",
                (title, tr("Its slot light did not light")),
                "000 s237(3)",
                tr("{title} (light not lit)").format(title=title),
            )
        )
    return tuple(out)


def _cap(words: str, mm: float) -> float:
    """The capital height of text whose shortest letters are ``mm`` high (:func:`sign_text`)."""
    face = font_face("sans", "bold")
    return ink_em_size_mm(words, mm, weight="bold") * face.cap_height_em


NOTICE_SECONDS = 4.0
"""How long each band is shown when a screen is too small for all of a table's notices at once."""
BAND_SHARE = 0.3
"""The share of a screen's height a band may take before its notices are shown in turn."""


def _row(notice: TableNotice, area: Area, largest: float) -> tuple[str, float, float, str | None, float]:
    """``(words, mm, height, citation or None, cap)`` of one notice on a band: upper case, as
    large as fits up to ``largest``, broken into lines at the floor (no citation: see the module)."""
    margin = MIN_SIGN_TEXT_MM
    text = notice.text.upper()
    cite = None  # the citation is for the proof (the notice's page when printed, the audit record), not the band
    words, mm = fit_sign_text(text, width_mm=area.width_mm - 2 * margin, largest_mm=largest, weight="bold")
    cap = _cap(words, mm)
    return words, mm, cap * (1 + 1.6 * words.count("\n")) + cap * 1.2, cite, cap


def notice_bands(
    notices: tuple[TableNotice, ...], area: Area, *, top: float = 0.0
) -> list[tuple[list[Primitive], float]]:
    """The notices as yellow bands across the area from ``top``: ``[(primitives, height)]``, one
    band with them all when it takes at most :data:`BAND_SHARE` of the height, else as many bands
    as needed to show them in turn (a view makes each a frame of :data:`NOTICE_SECONDS`).  One
    empty band (height 0) when there is no notice."""
    if not notices:
        return [([], 0.0)]
    largest = min(BAND_LARGEST_MM, max(MIN_SIGN_TEXT_MM, area.height_mm * 0.035))
    rows = [_row(n, area, largest) for n in notices]
    limit = area.height_mm * BAND_SHARE
    groups: list[list[tuple[str, float, float, str | None, float]]] = [[]]
    for row in rows:
        if groups[-1] and sum(r[2] for r in groups[-1]) + row[2] > limit:
            groups.append([])
        groups[-1].append(row)
    return [_band(group, area, top) for group in groups]


def _band(
    rows: list[tuple[str, float, float, str | None, float]], area: Area, top: float
) -> tuple[list[Primitive], float]:
    total = sum(r[2] for r in rows) + MIN_SIGN_TEXT_MM * 0.6
    out: list[Primitive] = [Shape(rect_path(0.0, top, area.width_mm, total), fill=_BAND)]
    y = top + MIN_SIGN_TEXT_MM * 0.3
    margin = MIN_SIGN_TEXT_MM
    for words, mm, height, rule, cap in rows:
        out += sign_text(words, x=margin, y=y + cap * 0.6, mm=mm, anchor="left", valign="top", weight="bold", fill=_INK)
        if rule:
            out += sign_text(
                rule, x=area.width_mm - margin, y=y + cap * 1.6, mm=MIN_SIGN_TEXT_MM, anchor="right", fill=_INK
            )
        y += height
    return out, total
