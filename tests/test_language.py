"""The language switch: English by default, a chosen language only inside its block."""

from __future__ import annotations

import pytest

from kiosk.language import ENGLISH, N_, current_language, shipped_languages, speaking, tr


def test_english_is_the_default_and_text_passes_through() -> None:
    assert current_language() == ENGLISH
    assert tr("PLACE YOUR BETS") == "PLACE YOUR BETS"
    assert N_("Minimum") == "Minimum"


def test_english_ships_first() -> None:
    assert shipped_languages()[0] == ENGLISH


def test_a_language_without_a_catalogue_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="no catalogue for language 'xx'") as caught:
        with speaking("xx"):
            pass
    assert "\n" not in str(caught.value)
    assert current_language() == ENGLISH


def test_the_choice_ends_with_its_block() -> None:
    with speaking(ENGLISH):
        assert current_language() == ENGLISH
    assert current_language() == ENGLISH
