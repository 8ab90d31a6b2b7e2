"""The floor's ``[help]``: the help for patrons sign's words (000 s232(2)), the languages of
the displays' language button and help's idle time; bad values are one line each."""

from __future__ import annotations

import pytest

from kiosk.floor import FloorError, parse_floor
from kiosk.views.base import CasinoSettings
from tests.fixtures.floors import TABLES, floor_text

BJ = TABLES["blackjack"]


def _floor(help_text: str):
    return parse_floor(floor_text(BJ) + "\n" + help_text, name="floor.toml")


def _problems(help_text: str) -> list[str]:
    with pytest.raises(FloorError) as info:
        _floor(help_text)
    lines = info.value.problems
    assert lines and all("\n" not in line and line.startswith("floor.toml: ") for line in lines)
    return lines


def test_without_help_a_floor_offers_english_and_45_seconds():
    floor = _floor("")
    assert floor.help.languages == ["en"] and floor.help.patrons == [] and floor.help.idle_seconds == 45.0


def test_the_help_section_reaches_the_displays():
    floor = _floor(
        '[help]\npatrons = ["Ask the pit.", "Gambling Help: ask staff."]\nlanguages = ["en", "zh_Hans"]\n'
        'idle_seconds = 20\n[help.patrons_by_language]\nzh_Hans = ["请询问荷官或赌场主管。"]\n'
    )
    settings = CasinoSettings.from_floor(floor)
    assert settings.languages == ("en", "zh_Hans") and settings.help_idle_s == 20.0
    assert settings.patrons_in("en") == ("Ask the pit.", "Gambling Help: ask staff.")
    assert settings.patrons_in("zh_Hans") == ("请询问荷官或赌场主管。",)
    assert settings.patrons_in("vi") == settings.patrons_in("en")  # none in Vietnamese: English


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ('[help]\nlanguages = ["en", "klingon"]', "no catalogue for language 'klingon'"),
        ('[help]\nlanguages = ["en", "en"]', "listed twice"),
        ("[help]\nlanguages = []", "languages"),
        ("[help]\nidle_seconds = 2", "idle_seconds"),
        ('[help]\npatrons = [""]', "patrons"),
        ('[help.patrons_by_language]\nzh_Hans = ["麒麟"]', "cannot draw"),
        ('[help.patrons_by_language]\nxx = ["Hi."]', "no catalogue for language 'xx'"),
        ('[help]\nwords = ["Hi."]', "words"),
    ],
)
def test_bad_help_settings_are_one_line_each(text, needle):
    lines = _problems(text)
    assert any(needle in line for line in lines), lines
