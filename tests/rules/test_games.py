"""The registry of games: the tri-chro ball counts (001 s461, s462) are read from it alone."""

from __future__ import annotations

from kiosk.rules.games import GAMES, RENAMING_RULES, TRI_CHRO_GAMES, tri_chro_balls


def test_the_two_tri_chro_games_and_their_balls():
    assert TRI_CHRO_GAMES == ("tri_chro_54", "tri_chro_63")
    assert [tri_chro_balls(g) for g in TRI_CHRO_GAMES] == [54, 63]


def test_no_other_game_has_balls():
    assert {g for g in GAMES if tri_chro_balls(g) is not None} == set(TRI_CHRO_GAMES)
    assert tri_chro_balls("no_such_game") is None


def test_the_games_an_operator_may_rename_and_the_rules_that_allow_it():
    assert {g.id: g.renamable_by for g in GAMES.values() if g.renamable_by} == {
        "tri_chro_54": "001 s456(7)",
        "tri_chro_63": "001 s456(7)",
        "caribbean_stud": "000 s230(5)",
        "blackjack": "003 s50A(3)",
    }
    assert RENAMING_RULES == ("000 s230(5)", "001 s456(7)", "003 s50A(3)")
