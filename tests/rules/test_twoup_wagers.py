"""Two-up dice wagers: the spinner's wager at 7.5 to 1, players' wagers at 1 to 1, in cents."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.rules.citation import RuleError
from kiosk.rules.twoup import (
    PlayerWagerBook,
    SpinnerGame,
    TwoUpSettings,
    settle_spinner_wager,
    spinner_winnings_cents,
)


def play(call, spins, **kwargs) -> SpinnerGame:
    game = SpinnerGame(call, **kwargs)
    for code in spins:
        game.spin(code)
    return game


@pytest.mark.parametrize(
    ("stake", "down", "half_up", "up"),
    [(1000, 7500, 7500, 7500), (500, 3750, 3750, 3750), (2500, 18750, 18750, 18750),
     (1001, 7507, 7508, 7508), (1, 7, 8, 8), (10000, 75000, 75000, 75000)],
)  # fmt: skip
def test_spinner_wager_pays_seven_and_a_half_to_one(stake, down, half_up, up) -> None:
    assert spinner_winnings_cents(stake) == down
    assert spinner_winnings_cents(stake, rounding="half_up") == half_up
    assert spinner_winnings_cents(stake, rounding="up") == up


@given(st.integers(1, 10**9))
def test_spinner_rounding_down_costs_the_player_at_most_half_a_cent(stake) -> None:
    exact = Fraction(stake * 15, 2)
    assert 0 <= exact - spinner_winnings_cents(stake) <= Fraction(1, 2)


def test_settling_the_spinners_wager() -> None:
    won = settle_spinner_wager(play("heads", "HOHH"), 2000)
    assert (won.result, won.winnings_cents, won.returned_cents) == ("win", 15000, 17000)
    assert won.rule == "004 sch13 s8(1)(a), s9"
    lost = settle_spinner_wager(play("tails", "TTH"), 2000)
    assert (lost.result, lost.winnings_cents, lost.returned_cents, lost.rule) == ("lose", 0, 0, "004 sch13 s8(2)(b)")
    rounded_up = SpinnerGame("tails", settings=TwoUpSettings(spinner_rounding="up"))
    for code in "TTT":
        rounded_up.spin(code)
    assert settle_spinner_wager(rounded_up, 1001).winnings_cents == 7508


@pytest.mark.parametrize(
    ("game", "stake", "rule"),
    [
        (lambda: play(None, "H"), 1000, "004 sch13 s6(2)"),
        (lambda: play("heads", "HH"), 1000, "004 sch13 s6(4)"),
        (lambda: play("heads", "HHH"), 0, "004 sch13 s6(1)"),
        (lambda: play("heads", "HHH"), -5, "004 sch13 s6(1)"),
        (lambda: play("heads", "HHH"), 10.5, "004 sch13 s6(1)"),
        (lambda: play("heads", "HHH"), "1000", "004 sch13 s6(1)"),
    ],
)
def test_spinner_wager_that_cannot_be_settled_is_refused(game, stake, rule) -> None:
    with pytest.raises(RuleError) as err:
        settle_spinner_wager(game(), stake)
    assert err.value.rule == rule and rule in str(err.value) and "\n" not in str(err.value)


def test_players_wagers_are_decided_by_each_heads_or_tails_and_paid_even_money() -> None:
    book = PlayerWagerBook()
    game = SpinnerGame("heads")
    on_heads = book.place("heads", 500, player="seat 2")
    on_tails = book.place("tails", 300, player="seat 2")  # separate wagers on both sides, s11(1)
    assert book.apply(game.spin("O")) == [] and book.apply(game.spin("X")) == []
    settled = {s.wager.id: s for s in book.apply(game.spin("H"))}
    assert (settled[on_heads.id].result, settled[on_heads.id].winnings_cents, settled[on_heads.id].returned_cents) == (
        "win",
        500,
        1000,
    )
    assert settled[on_heads.id].rule == "004 sch13 s12(1)(a), s13"
    assert (settled[on_tails.id].result, settled[on_tails.id].returned_cents) == ("lose", 0)
    assert settled[on_tails.id].rule == "004 sch13 s12(2)(b)(i)"
    assert book.open == ()


def test_five_consecutive_odds_lose_every_players_wager() -> None:
    book = PlayerWagerBook()
    game = SpinnerGame("tails")
    book.place("heads", 100)
    book.place("tails", 100)
    for code in "OOOO":
        assert book.apply(game.spin(code)) == []
    assert len(book.open) == 2  # odds short of 5 leave them undecided (s12)
    settled = book.apply(game.spin("O"))
    assert [s.result for s in settled] == ["lose", "lose"]
    assert [s.rule for s in settled] == ["004 sch13 s12(1)(b)(ii)", "004 sch13 s12(2)(b)(ii)"]
    assert game.outcome == "lose"


def test_a_wager_placed_mid_run_counts_the_whole_run_by_default() -> None:
    game = SpinnerGame("heads")
    book = PlayerWagerBook()
    for code in "OOO":
        book.apply(game.spin(code))
    late = book.place("heads", 100)
    book.apply(game.spin("O"))
    (settled,) = book.apply(game.spin("O"))
    assert settled.wager == late and settled.result == "lose"


def test_a_casino_may_count_only_odds_spun_after_the_wager() -> None:
    settings = TwoUpSettings(odds_before_wager_count=False)
    game = SpinnerGame("heads", settings=settings)
    book = PlayerWagerBook(settings)
    for code in "OOO":
        book.apply(game.spin(code))
    late = book.place("heads", 100)
    book.apply(game.spin("O"))
    assert book.apply(game.spin("O")) == [] and book.open == (late,)  # 2 of its own, undecided
    assert game.outcome == "lose"  # the spinner's wager still lost on 5 (s8(1)(c))
    next_game = SpinnerGame(None, settings=settings)
    for code in "OO":
        assert book.apply(next_game.spin(code)) == []
    (settled,) = book.apply(next_game.spin("O"))
    assert settled.wager == late and settled.result == "lose"


def test_a_casino_may_let_an_invalid_spin_end_the_odds_run() -> None:
    settings = TwoUpSettings(invalid_spin_breaks_odds_run=True)
    game = SpinnerGame("heads", settings=settings)
    book = PlayerWagerBook(settings)
    book.place("tails", 100)
    assert [book.apply(game.spin(c)) for c in "OOOOXOOOO"] == [[]] * 9
    assert game.lights["odds"] == 4 and game.outcome is None and len(book.open) == 1
    default = play("heads", "OOOOXO")
    assert default.outcome == "lose" and default.lights["odds"] == 5


@pytest.mark.parametrize(
    ("side", "stake"),
    [("odds", 100), ("HEADS", 100), ("H", 100), (None, 100), ("heads", 0), ("tails", -1), ("heads", 1.0),
     ("heads", True)],
)  # fmt: skip
def test_a_bad_players_wager_is_refused(side, stake) -> None:
    with pytest.raises(RuleError) as err:
        PlayerWagerBook().place(side, stake)
    assert "004 sch13 s11(1)" in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize(
    "kwargs",
    [{"spinner_rounding": "banker"}, {"odds_before_wager_count": "yes"}, {"invalid_spin_breaks_odds_run": 1},
     {"reoffer_previous_spinner": None}],
)  # fmt: skip
def test_bad_settings_are_refused(kwargs) -> None:
    with pytest.raises(RuleError) as err:
        TwoUpSettings(**kwargs)
    assert "\n" not in str(err.value) and next(iter(kwargs)) in str(err.value)


def wager_oracle(side: str, later_spins: str, run_at_placing: int) -> str | None:
    """s12 read plainly: the first heads or tails decides; so does the 5th odds in a row.

    The run counts from before the wager (the contract of kiosk.rules.twoup); invalid spins are void.
    """
    run = run_at_placing
    for code in later_spins:
        if code == "X":
            continue
        if code == "O":
            run += 1
            if run == 5:
                return "lose"
            continue
        return "win" if (code == "H") == (side == "heads") else "lose"
    return None


@settings(max_examples=200, deadline=None)
@given(
    spins=st.text(alphabet="HTOX", max_size=40),
    bets=st.lists(st.tuples(st.integers(0, 40), st.sampled_from(["heads", "tails"]), st.integers(1, 10**6)),
                  max_size=8),
)  # fmt: skip
def test_players_wagers_follow_s12_across_games(spins, bets) -> None:
    book = PlayerWagerBook()
    game = SpinnerGame(None)
    placed = []
    results = {}
    for position in range(len(spins) + 1):
        if game.outcome is not None:  # the dealer decided the last game: a new one starts
            game = SpinnerGame(None)
        for at, side, stake in bets:
            if at == position:
                placed.append((book.place(side, stake), position, game.lights["odds"]))
        if position == len(spins):
            break
        for settled in book.apply(game.spin(spins[position])):
            assert settled.wager.id not in results
            results[settled.wager.id] = settled
    for wager, position, run in placed:
        expected = wager_oracle(wager.side, spins[position:], run)
        got = results.get(wager.id)
        assert (got.result if got else None) == expected
        if got:
            assert got.returned_cents == (2 * wager.stake_cents if expected == "win" else 0)
    assert {w.id for w in book.open} == {w.id for w, _, _ in placed if w.id not in results}
