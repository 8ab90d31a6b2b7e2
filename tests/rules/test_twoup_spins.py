"""Two-up dice spins: every sequence up to 10 spins against a plain reading of the seed.

The oracle reads a whole sequence of spin codes at once, straight from 004 sch13 s8
(player spinner), s5(8) (dealer spinner), s12 (players' wagers), s19 (lights), s21 (3
consecutive invalid spins) and the contract of kiosk.rules.twoup (an invalid spin is void; the
odds lights show the current run; the deciding spin stays lit).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.rules.citation import RuleError
from kiosk.rules.twoup import LIGHT_SETS, SpinnerGame

MAX_SPINS = 10


def trailing_odds(valid: str) -> int:
    return len(valid) - len(valid.rstrip("O"))


def oracle(call: str | None, spins: str) -> dict:
    """Everything the display and the table should show after these spins."""
    valid = spins.replace("X", "")  # s2: an invalid spin is no result; C.3: it is void
    five_odds = "OOOOO" in valid
    if call is None:  # s5(8): until heads or tails once, or odds 5 times consecutively
        outcome = "end" if ("H" in valid or "T" in valid or five_odds) else None
    else:
        mine, theirs = ("H", "T") if call == "heads" else ("T", "H")
        if theirs in valid or five_odds:  # s8(x)(b), s8(x)(c)
            outcome = "lose"
        elif valid.count(mine) >= 3:  # s8(x)(a)
            outcome = "win"
        else:
            outcome = None
    last = spins[-1] if spins else None
    if last == "H":
        players = {"heads": "win", "tails": "lose"}
    elif last == "T":
        players = {"heads": "lose", "tails": "win"}
    elif last == "O" and trailing_odds(valid) == 5:
        players = {"heads": "lose", "tails": "lose"}
    else:
        players = {"heads": None, "tails": None}
    before_last = spins[:-1]
    if call is None:
        spinner = "dealer"
    else:  # s21(2)(a): after 3 consecutive invalid spins the dealer spins
        spinner = "dealer" if "XXX" in before_last else "player"
    return {
        "outcome": outcome,
        "lights": {"heads": valid.count("H"), "tails": valid.count("T"), "odds": trailing_odds(valid)},
        "must_change_spinner": "XXX" in spins,  # s21(1)(a)
        "players": players,
        "spinner": spinner,
    }


def play(call: str | None, spins: str) -> SpinnerGame:
    game = SpinnerGame(call)
    for code in spins:
        game.spin(code)
    return game


@pytest.mark.parametrize("call", ["heads", "tails", None])
def test_every_spin_sequence_matches_the_seed(call) -> None:
    stack = [""]
    checked = decided = 0
    while stack:
        spins = stack.pop()
        game = play(call, spins)
        want = oracle(call, spins)
        assert game.outcome == want["outcome"], spins
        assert game.lights == want["lights"], spins
        assert game.must_change_spinner == want["must_change_spinner"], spins
        assert all(game.lights[k] <= LIGHT_SETS[k] for k in LIGHT_SETS), spins
        if spins:
            record = game.spins[-1]
            assert (record.code, record.number, record.valid) == (spins[-1], len(spins), spins[-1] != "X")
            assert record.lights == want["lights"] and record.outcome == want["outcome"], spins
            assert record.player_wagers == want["players"], spins
            assert record.spinner == want["spinner"], spins
            assert record.decided == (want["outcome"] is not None)
        checked += 1
        if game.outcome is not None:
            decided += 1
            for code in "HTOX":  # the next spin belongs to a new game
                with pytest.raises(RuleError) as err:
                    game.spin(code)
                assert "004 sch13" in str(err.value) and "\n" not in str(err.value)
            assert game.lights == want["lights"], "the deciding spin stays lit"
            assert len(game.spins) == len(spins)
        elif len(spins) < MAX_SPINS:
            stack.extend(spins + code for code in "HTOX")
    assert checked > (2000 if call is None else 40000) and decided > 0


@pytest.mark.parametrize(
    ("call", "spins", "outcome", "lights", "rule"),
    [
        ("heads", "HHH", "win", (3, 0, 0), "004 sch13 s8(1)(a)"),
        ("heads", "HOHXOOH", "win", (3, 0, 0), "004 sch13 s8(1)(a)"),
        ("heads", "HHT", "lose", (2, 1, 0), "004 sch13 s8(1)(b)"),
        ("heads", "OOOOO", "lose", (0, 0, 5), "004 sch13 s8(1)(c)"),
        ("heads", "HOOXOOO", "lose", (1, 0, 5), "004 sch13 s8(1)(c)"),
        ("tails", "TTOT", "win", (0, 3, 0), "004 sch13 s8(2)(a)"),
        ("tails", "OH", "lose", (1, 0, 0), "004 sch13 s8(2)(b)"),
        ("tails", "TOOOOO", "lose", (0, 1, 5), "004 sch13 s8(2)(c)"),
        (None, "OOH", "end", (1, 0, 0), "004 sch13 s5(8)"),
        (None, "XT", "end", (0, 1, 0), "004 sch13 s5(8)"),
        (None, "OOOOO", "end", (0, 0, 5), "004 sch13 s5(8)"),
    ],
)
def test_games_are_decided_by_the_cited_rule(call, spins, outcome, lights, rule) -> None:
    game = play(call, spins)
    assert game.outcome == outcome
    assert tuple(game.lights.values()) == lights
    assert game.decided_by == rule == game.spins[-1].rule


def test_odds_lights_show_the_current_run_and_an_invalid_spin_is_void() -> None:
    game = SpinnerGame("heads")
    assert [game.spin(c).lights["odds"] for c in "OOXOHOX"] == [1, 2, 2, 3, 0, 1, 1]
    assert game.lights == {"heads": 1, "tails": 0, "odds": 1}
    assert game.outcome is None


def test_lights_are_read_only_copies() -> None:
    game = play("heads", "H")
    game.lights["heads"] = 3
    assert game.lights["heads"] == 1
    assert play("tails", "").lights == {"heads": 0, "tails": 0, "odds": 0}


@pytest.mark.parametrize("bad", ["h", "heads", "", "HT", None, 1, "Z", b"H"])
def test_a_bad_spin_code_is_refused_in_one_cited_line(bad) -> None:
    game = SpinnerGame("heads")
    with pytest.raises(RuleError) as err:
        game.spin(bad)
    assert "H (heads), T (tails), O (odds) or X" in str(err.value) and "004 sch13" in str(err.value)
    assert err.value.rule == "004 sch13 s2"
    assert game.spins == () and game.lights == {"heads": 0, "tails": 0, "odds": 0}


@pytest.mark.parametrize("bad", ["Heads", "H", "", "odds", "dealer", 0, True, ["heads"]])
def test_a_bad_call_is_refused_in_one_cited_line(bad) -> None:
    with pytest.raises(RuleError) as err:
        SpinnerGame(bad)
    assert "004 sch13 s6(1)" in str(err.value) and "\n" not in str(err.value)
    assert isinstance(err.value, ValueError)


@settings(max_examples=300, deadline=None)
@given(call=st.sampled_from(["heads", "tails", None]), spins=st.text(alphabet="HTOX", max_size=60))
def test_long_sequences_match_the_seed_until_decided(call, spins) -> None:
    game = SpinnerGame(call)
    for i, code in enumerate(spins, start=1):
        if game.outcome is not None:
            with pytest.raises(RuleError):
                game.spin(code)
            break
        record = game.spin(code)
        want = oracle(call, spins[:i])
        assert (record.outcome, record.lights, record.must_change_spinner) == (
            want["outcome"],
            want["lights"],
            want["must_change_spinner"],
        )
        assert record.player_wagers == want["players"] and record.spinner == want["spinner"]
