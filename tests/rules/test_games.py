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


# ------------------------------------------------------------- naming (docs/readings.md A-31)

from kiosk.rules.citation import Violation  # noqa: E402
from kiosk.rules.games import NAMING_READING, keeps_game_name, naming_violation, renaming_power  # noqa: E402

NEW_NAME = "Lucky Wheel"  # keeps no game's name


def test_only_the_three_powers_rename_and_blackjack_only_with_bonus_blackjack():
    """Exhaustive over games and bonus blackjack on or off."""
    for game in GAMES:
        for bonus in (False, True):
            power = renaming_power(game, bonus_blackjack=bonus)
            expected = {"tri_chro_54": "001 s456(7)", "tri_chro_63": "001 s456(7)", "caribbean_stud": "000 s230(5)"}
            if game == "blackjack" and bonus:
                expected["blackjack"] = "003 s50A(3)"
            assert power == expected.get(game), (game, bonus)
            v = naming_violation(game, NEW_NAME, bonus_blackjack=bonus)
            assert (v is None) == (power is not None), (game, bonus)


def test_a_new_name_for_a_game_without_a_power_is_refused_citing_the_reading():
    for game in ("roulette", "two_up_dice", "manila_poker", "draw_poker", "pai_gow", "poker"):
        v = naming_violation(game, NEW_NAME)
        assert isinstance(v, Violation) and v.rule == NAMING_READING and v.key == "display_name"
        assert GAMES[game].default_name in v.message and "000 s230(5), 001 s456(7), 003 s50A(3)" in v.message
        assert v.message.endswith(f"({NAMING_READING})")


def test_a_blackjack_rename_without_bonus_blackjack_cites_s50a3():
    v = naming_violation("blackjack", "Twenty-One Deluxe", bonus_blackjack=False)
    assert isinstance(v, Violation) and v.rule == "003 s50A(3)"
    assert "bonus blackjack" in v.message and v.message.endswith(f"(003 s50A(3); {NAMING_READING})")
    assert naming_violation("blackjack", "Twenty-One Deluxe", bonus_blackjack=True) is None


def test_a_name_that_keeps_the_games_name_is_no_rename():
    cases = [
        ("roulette", "High Limit Roulette"),
        ("blackjack", "Learn to Play Blackjack"),
        ("two_up_dice", "Two-up dice (main pit)"),
        ("manila_poker", "MANILA POKER 2"),
        ("pai_gow", "Pai-Gow"),
        ("poker", "Poker Room 1"),
    ]
    for game, name in cases:
        assert keeps_game_name(game, name) and naming_violation(game, name) is None, (game, name)
    for game, name in [("manila_poker", "Texas Manila"), ("two_up_dice", "Heads Up"), ("roulette", "Wheel")]:
        assert not keeps_game_name(game, name) and naming_violation(game, name) is not None, (game, name)
    # a poker room game is also called by its variant's name (002 r8.17: Holdem)
    assert naming_violation("poker", "Texas Hold'em", names=("Holdem",)) is None
    assert naming_violation("poker", "Texas Hold'em") is not None
