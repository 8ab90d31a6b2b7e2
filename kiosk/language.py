"""The language of player-facing text: one gettext catalogue per language, chosen per display or print job.

Every text a player reads (views, help, printed signs) is written in English in the code and
passed through :func:`tr` where it is composed::

    tr("PLACE YOUR BETS")
    tr("Minimum {amount}").format(amount=money)

:func:`tr` answers in the language of the current context (English unless a caller chose
another with :func:`speaking`), so a view composes in the display's language without a
language parameter on every function::

    with speaking("zh_Hans"):
        state = compose(...)

Text kept as data and translated later is marked with :func:`N_` so the catalogue tools find
it.  The catalogues are ``kiosk/locale/<language>/LC_MESSAGES/kiosk.mo``; a string a catalogue
lacks is shown in English (never blank).  This module imports nothing from ``kiosk``: every
layer may use it.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

__all__ = ["DOMAIN", "ENGLISH", "LOCALE_DIR", "N_", "current_language", "shipped_languages", "speaking", "tr"]

DOMAIN = "kiosk"
ENGLISH = "en"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_current: ContextVar[str] = ContextVar("kiosk_language", default=ENGLISH)


def N_(message: str) -> str:  # noqa: N802 - the gettext tools' conventional marker
    """Mark ``message`` for the catalogues without translating it here."""
    return message


@cache
def _catalogue(language: str) -> gettext.NullTranslations:
    if language == ENGLISH:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[language], fallback=True)


def shipped_languages() -> tuple[str, ...]:
    """English first, then every language with a compiled catalogue, in name order."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (ENGLISH, *(name for name in found if name != ENGLISH))


def current_language() -> str:
    """The language :func:`tr` answers in now."""
    return _current.get()


@contextmanager
def speaking(language: str) -> Iterator[str]:
    """Translate into ``language`` inside the block (English outside it, or the enclosing choice)."""
    if language not in shipped_languages():
        raise ValueError(f"no catalogue for language {language!r}; shipped: {', '.join(shipped_languages())}")
    token = _current.set(language)
    try:
        yield language
    finally:
        _current.reset(token)


def tr(message: str) -> str:
    """``message`` in the current language (itself in English, or where the catalogue lacks it)."""
    return _catalogue(_current.get()).gettext(message)
