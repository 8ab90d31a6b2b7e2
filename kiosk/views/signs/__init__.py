"""Every sign kind as a scene: composed once, in millimetres, without Qt, from the table's
configuration and state; drawn on screen by the display's ``limits`` and ``signs`` views and
on paper by ``kiosk export``.

* :func:`sign_contents` says what a sign of one kind says at one table (one
  :class:`SignContent` per page: the two-up result cards are three);
* :func:`compose_sign` lays it out on a page or screen area, every letter and number at
  least the floor (8 mm) of ink, or raises :class:`SignTooSmall`;
* :func:`table_signs` lists the sign kinds a table shows, in its configured order.

The ``signs`` and ``limits`` display views that show them in turn on a screen are
:mod:`kiosk.views.screens.signs` and :mod:`kiosk.views.screens.limits`.

The kinds are those of :data:`kiosk.floor.signs.SIGN_KINDS`; which games have which, and
which the law requires, is decided there.
"""

from __future__ import annotations

from kiosk.views.signs.content import (
    Big,
    CardFace,
    Context,
    Notice,
    Para,
    Rows,
    SignContent,
    SignProblem,
    content_digest,
)
from kiosk.views.signs.kinds import COMPOSERS, sign_contents, table_signs
from kiosk.views.signs.kinds_cards import CARD_FACES, card_face
from kiosk.views.signs.typeset import LETTER_RULE, SignTooSmall, compose_sign, min_cap_mm

__all__ = [
    "COMPOSERS",
    "CARD_FACES",
    "LETTER_RULE",
    "Big",
    "CardFace",
    "Context",
    "Notice",
    "Para",
    "Rows",
    "SignContent",
    "SignProblem",
    "SignTooSmall",
    "card_face",
    "compose_sign",
    "content_digest",
    "min_cap_mm",
    "sign_contents",
    "table_signs",
]
