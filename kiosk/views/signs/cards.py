"""The face of a two-up dice result card, drawn: one design for the printed card and for the
card a display shows in place of a failed light (004 sch13 s19(2)).

Each set of result lights has its own shape and letter (H in a circle, T in a square, O in a
triangle: :data:`~kiosk.views.signs.kinds_cards.CARD_FACES`) besides its colour, so a light
and a card read without colour.  :func:`light_shape` is that outline, used by the lights of
the ``twoup_lights`` screen (:mod:`kiosk.views.screens.twoup_lights`) and by the card;
:func:`result_card` draws a card's face in a box, used by that screen and by the sign
typesetter (:mod:`kiosk.views.signs.typeset`) for the printed cards.
"""

from __future__ import annotations

from kiosk.language import tr
from kiosk.scene.lighting import contrast_ratio
from kiosk.scene.primitives import Colour, Path, Primitive, Shape, ellipse_path, polygon_path, rect_path
from kiosk.views.base import MIN_SIGN_TEXT_MM, fit_sign_text, sign_text, sign_text_width
from kiosk.views.placing import Box
from kiosk.views.signs.kinds_cards import CARD_FACES

__all__ = ["card_ink", "letter_centre", "light_shape", "result_card"]

_BLACK: Colour = (17, 17, 17, 255)
_WHITE: Colour = (255, 255, 255, 255)


def card_ink(fill: Colour) -> Colour:
    """Black or white, whichever reads better on ``fill``."""
    return _BLACK if contrast_ratio(fill, _BLACK) >= contrast_ratio(fill, _WHITE) else _WHITE


def light_shape(result: str, cx: float, cy: float, size: float) -> Path:
    """The outline of a light (or of the shape on a card) of ``result``: circle, square or
    triangle (:data:`~kiosk.views.signs.kinds_cards.CARD_FACES`), ``size`` mm across."""
    shape = CARD_FACES[result][2]
    r = size / 2
    if shape == "circle":
        return ellipse_path(cx, cy, r, r)
    if shape == "square":
        s = size * 0.9
        return rect_path(cx - s / 2, cy - s / 2, s, s, radius=s * 0.08)
    return polygon_path([(cx, cy - r), (cx + r * 0.96, cy + r * 0.8), (cx - r * 0.96, cy + r * 0.8)])


def letter_centre(result: str, cy: float, size: float) -> float:
    """Where the letter of a ``result`` shape centred at ``cy`` is centred (a triangle's lower)."""
    return cy + (size * 0.14 if CARD_FACES[result][2] == "triangle" else 0.0)


def result_card(result: str, colour: Colour, box: Box) -> list[Primitive]:
    """The face of the two-up result card ``result`` (``heads``, ``tails``, ``odds``) filling
    ``box``: the light's colour to the edge, the set's shape with its letter, and its word, in
    black or white (whichever reads better on the colour): 004 sch13 s19(2).

    Every letter is at least the sign floor; a card too short for its shape shows the word
    alone, one too narrow for the word its letter; raises ``ValueError`` when even that does
    not fit."""
    word, letter, _ = CARD_FACES[result]
    word = tr(word)
    ink = card_ink(colour)
    margin = max(1.5, 0.06 * min(box.w, box.h))
    inner_w = box.w - 2 * margin
    if sign_text_width(word, MIN_SIGN_TEXT_MM, weight="bold") > inner_w:
        word = letter  # a card narrower than its word at the floor: the letter alone says the result
    if sign_text_width(word, MIN_SIGN_TEXT_MM, weight="bold") > inner_w or box.h < MIN_SIGN_TEXT_MM * 1.6:
        raise ValueError(
            f"a {CARD_FACES[result][0]} card of {box.w:.0f} x {box.h:.0f} mm is too small for letters of"
            f" {MIN_SIGN_TEXT_MM:g} mm"
        )
    word_words, word_mm = fit_sign_text(word, width_mm=inner_w, largest_mm=min(inner_w, box.h) * 0.3, weight="bold")
    shape_room = box.h - 3 * margin - word_mm * 1.25
    size = min(inner_w, shape_room)
    cx = box.x + box.w / 2
    out: list[Primitive] = [
        Shape(
            rect_path(box.x, box.y, box.w, box.h, radius=margin),
            fill=colour,
            stroke=ink,
            stroke_mm=max(0.6, margin * 0.3),
        )
    ]
    if size < MIN_SIGN_TEXT_MM * 2.4:  # a small card: the word alone, centred
        out += sign_text(word_words, x=cx, y=box.y + box.h / 2, mm=word_mm, valign="middle", weight="bold", fill=ink)
        return out
    cy = box.y + margin + size / 2
    ring = max(1.0, size * 0.06)
    out.append(Shape(light_shape(result, cx, cy, size), fill=ink))
    inner_cy = cy + (0.5 * ring if CARD_FACES[result][2] == "triangle" else 0.0)
    out.append(Shape(light_shape(result, cx, inner_cy, size - 2.6 * ring), fill=colour))
    letter_mm = max(MIN_SIGN_TEXT_MM, size * (0.32 if CARD_FACES[result][2] == "triangle" else 0.45))
    out += sign_text(
        letter, x=cx, y=letter_centre(result, cy, size), mm=letter_mm, valign="middle", weight="bold", fill=ink
    )
    out += sign_text(word_words, x=cx, y=box.y + box.h - margin, mm=word_mm, valign="bottom", weight="bold", fill=ink)
    return out
