"""Every view of every demo table in each shipped language other than English (issue 18 section
4): composed in Simplified Chinese and in Vietnamese on a 24-inch and a 10-inch screen, no
English word is left on any frame except names (the casino's, its tables', links' and games',
the languages' own), amounts, citations, the table's id and the words the floor file itself
gives (an approval's reference, a pai gow table's approved cuts, a jackpot's sharing method:
the casino's own text, docs/languages.md); and the composition check passes on all five
screens of issue 18 in both languages.

A cloth drawn on the ``layout`` and ``trichro`` views is the cloth on the table, whose printed
words it shows as printed (:attr:`kiosk.scene.primitives.TextRun.drawing`): those are not
player text to translate.  Both states of the demo floor are composed (fresh, and played with
notices, a drawing, a spin, buttons and a scheduled change: :mod:`tests.fixtures.composition`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po

from kiosk.language import LOCALE_DIR, speaking
from kiosk.rules.games import GAMES
from kiosk.scene.legibility import text_runs_of
from kiosk.views.composition import composition_faults, vocabulary
from kiosk.views.screen import compose_view
from kiosk.views.screens.help import LANGUAGE_NAMES
from tests.fixtures.composition import AT, BIG, SCREENS, cases, floor_states

LANGUAGES = ("zh_Hans", "vi")
LOOKED_AT = ("1920x1080", "1280x800")

_WORD = re.compile(r"[^\W\d_][^\W_]*(?:['\u2019-][^\W\d_]+)*")
_CITATION = re.compile(r"(pt|ss?|r|sch|IMPL)|(ss?|r|sch)\d[\w().,-]*", re.IGNORECASE)


def _words(text: str) -> set[str]:
    """The words of ``text`` of two letters or more (a lone letter is a button's or a light's mark)."""
    return {w.casefold() for w in _WORD.findall(text) if sum(ch.isalpha() for ch in w) >= 2}


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, Iterable) and not isinstance(value, bytes):
        for item in value:
            yield from _strings(item)


@cache
def _kept(state: str) -> frozenset[str]:
    """The words a translated screen may keep: names and the floor file's own words."""
    tables, links, settings = floor_states()[state]
    texts = [settings.name, *LANGUAGE_NAMES.values(), *(g.default_name for g in GAMES.values())]
    for table_id, table in tables.items():
        texts += [table_id, str(table.get("display_name") or "")]
        texts += _strings(table.get("settings") or {})
        texts += _strings({k: v for k, v in (table.get("limits") or {}).items() if isinstance(v, str)})
    for link_id, link in links.items():
        texts += [link_id, str(link.get("name") or "")]
    return frozenset(word for text in texts for word in _words(text))


@cache
def _translated_words(language: str) -> frozenset[str]:
    """Every word the language's catalogue writes (a word both languages share, such as a
    Vietnamese ``ante``, is the translation's own)."""
    with (LOCALE_DIR / language / "LC_MESSAGES" / "kiosk.po").open("rb") as handle:
        catalogue = read_po(handle, locale=language)
    return frozenset(word for m in catalogue if m.id for word in _words(re.sub(r"\{\w+\}", " ", str(m.string))))


def _texts(frames) -> list[str]:
    return [run.text for frame in frames for run in text_runs_of(frame) if not run.drawing]


def _english_left(case, size: str, language: str, *, shown_in: str | None = None) -> list[str]:
    """The English words left on ``case`` composed in ``language`` (``shown_in``: compose in
    another language instead, to prove the check finds what is left)."""
    tables, links, settings = floor_states()[case.state]
    area = SCREENS[size]
    english = {
        w for t in _texts(compose_view(case.subject, tables, links, settings, AT, area=area).frames) for w in _words(t)
    }
    with speaking(shown_in or language):
        shown = _texts(compose_view(case.subject, tables, links, settings, AT, area=area).frames)
    allowed = _kept(case.state) | _translated_words(language)
    left = []
    for text in shown:
        for word in sorted(_words(text) - allowed):
            if _CITATION.fullmatch(word):
                continue
            latin_in_chinese = language == "zh_Hans" and word.isascii()
            if word in english or latin_in_chinese:
                left.append(f"{word!r} in {text!r}")
    return left


def _params():
    for case in cases():
        for size in LOOKED_AT:
            yield pytest.param(case, size, id=f"{case.name}-{size}")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("case", "size"), list(_params()))
def test_no_english_word_is_left_on_a_translated_view(case, size, language):
    left = _english_left(case, size, language)
    assert left == [], f"{case.name} on {size} in {language}: " + "; ".join(left[:8])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_check_finds_english_left(language):
    """The check itself: the limits sign left in English is found, its names and amounts not."""
    (case,) = [c for c in cases() if c.name == "limits-RO-01-fresh"]
    assert _english_left(case, "1920x1080", language) == []
    left = " ".join(_english_left(case, "1920x1080", language, shown_in="en"))
    assert "'limits'" in left and "'wager'" in left
    assert "roulette" not in left.casefold() and "$" not in left


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", list(SCREENS))
def test_every_view_composes_right_in_each_language(size, language):
    """The composition check (kiosk.views.composition) on every view of every demo table, in the
    language: no glyph under 8 mm, nothing off the screen, no two texts over each other, no
    word split."""
    area = SCREENS[size]
    faults = []
    with speaking(language):
        for case in cases():
            tables, links, settings = floor_states()[case.state]
            words = vocabulary(compose_view(case.subject, tables, links, settings, AT, area=BIG).frames)
            state = compose_view(case.subject, tables, links, settings, AT, area=area)
            faults += [
                f"{case.name} frame {i + 1}: {fault}"
                for i, frame in enumerate(state.frames)
                for fault in composition_faults(frame, area, words=words)
            ]
    assert faults == [], f"{len(faults)} faults on {size} in {language}: " + "; ".join(faults[:6])
