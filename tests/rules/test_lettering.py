"""The 8 mm floor for the letters and numbers of a sign: one definition, the seeds' citations."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from kiosk.rules.games import GAMES
from kiosk.rules.lettering import MIN_TEXT_MM, POLICY_RULE, TEXT_HEIGHT_CITATIONS, seed_lettered_signs, text_height_rule


def _bundled_rules() -> list[dict]:
    text = resources.files("kiosk.rules").joinpath("data/limits.json").read_text(encoding="utf-8")
    return json.loads(text)["sign_text_height_rules"]


def test_the_floor_is_the_height_the_bundled_rules_give():
    heights = {rule["min_text_height_mm"] for rule in _bundled_rules()}
    assert heights == {MIN_TEXT_MM} == {8.0}


def test_the_citations_are_the_four_seed_sections():
    assert sorted(TEXT_HEIGHT_CITATIONS) == sorted(rule["source"] for rule in _bundled_rules())
    assert sorted(TEXT_HEIGHT_CITATIONS) == ["001 s459(2)", "003 s23(2)", "003 s259(2)", "003 s295(2)"]


@pytest.mark.parametrize(
    "kind, game, rule",
    [
        ("limits", "tri_chro_54", "001 s459(2)"),
        ("limits", "tri_chro_63", "001 s459(2)"),
        ("limits", "blackjack", "003 s23(2)"),
        ("minimum_table_stake", "manila_poker", "003 s259(2)"),
        ("minimum_table_stake", "draw_poker", "003 s295(2)"),
        ("limits", "roulette", POLICY_RULE),
        ("limits", "manila_poker", POLICY_RULE),
        ("bonus_payouts", "blackjack", POLICY_RULE),
    ],
)
def test_each_sign_names_the_rule_that_holds_its_lettering(kind, game, rule):
    assert text_height_rule(kind, game) == rule


def test_every_game_lists_exactly_the_signs_a_seed_letters():
    lettered = {game: seed_lettered_signs(game) for game in GAMES}
    assert {g: v for g, v in lettered.items() if v} == {
        "tri_chro_54": [("limits", "001 s459(2)")],
        "tri_chro_63": [("limits", "001 s459(2)")],
        "blackjack": [("limits", "003 s23(2)")],
        "manila_poker": [("minimum_table_stake", "003 s259(2)")],
        "draw_poker": [("minimum_table_stake", "003 s295(2)")],
    }
