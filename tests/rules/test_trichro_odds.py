"""Tri-chro edges, warnings, payouts in cents and odds classes."""

from __future__ import annotations

import json
import pathlib
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kiosk.rules.trichro import (
    house_edge,
    odds_classes,
    pair_count,
    player_favourable_wagers,
    wagers,
    wagers_by_odds_class,
    win_count,
    win_probability,
    winnings_cents,
)

DATA = json.loads(
    (pathlib.Path(__file__).resolve().parents[2] / "kiosk" / "rules" / "data" / "tri_chro.json").read_text(
        encoding="utf-8"
    )
)


@pytest.mark.parametrize("balls", [54, 63])
def test_exact_figures_agree_with_the_catalogues_derived_ones(balls) -> None:
    assert pair_count(balls) == comb(balls, 2)
    for raw in DATA["variants"][f"{balls}_ball"]["wagers"]:
        derived = raw["derived_non_normative"]
        assert win_count(balls, raw["id"]) == derived["winning_2_ball_combinations"]
        assert derived["total_2_ball_combinations"] == pair_count(balls)
        assert abs(float(win_probability(balls, raw["id"])) - derived["win_probability"]) < 5e-7
        assert abs(float(-house_edge(balls, raw["id"])) - derived["expected_return_per_unit_stake"]) < 5e-7


def test_house_edge_is_exact() -> None:
    # 54-ball any star: 1 - C(33,2)/C(54,2) = 903/1431 wins at 3 to 4 (docs/readings.md A-07).
    p = Fraction(903, 1431)
    assert house_edge(54, "any_star") == (1 - p) - p * Fraction(3, 4)
    assert house_edge(54, "any_star") < 0
    # 63-ball star pair: C(7,2)=21 of C(63,2)=1953 at 90 to 1.
    assert house_edge(63, "red_star_pair") == 1 - Fraction(21, 1953) * 91
    assert house_edge(63, "any_star") == house_edge(63, "any_red")


def test_only_54_ball_any_star_warns_and_the_law_is_kept() -> None:
    (warning,) = player_favourable_wagers(54)
    assert warning.severity == "warning"
    assert warning.rule == "001 s467(1)"
    assert warning.key == "wager.any_star"
    assert warning.message.startswith("54-ball 'any star' at 3 to 4 pays the player +10.43 % on average")
    assert "001 s467(1)" in warning.message and "A-07" in warning.message and "gazetted" in warning.message
    assert "\n" not in warning.message
    assert player_favourable_wagers(63) == []
    any_star = [w for w in wagers(54) if w.id == "any_star"][0]
    assert any_star.odds == (3, 4)


@pytest.mark.parametrize(
    ("stake", "odds", "down", "half_up", "up"),
    [
        (1000, (33, 10), 3300, 3300, 3300),
        (400, (3, 4), 300, 300, 300),
        (500, (6, 5), 600, 600, 600),
        (1, (3, 4), 0, 1, 1),  # 0.75 c
        (3, (6, 5), 3, 4, 4),  # 3.6 c
        (11, (33, 10), 36, 36, 37),  # 36.3 c
        (2, (3, 4), 1, 2, 2),  # 1.5 c
        (1500, (65, 1), 97500, 97500, 97500),
        (0, (90, 1), 0, 0, 0),
    ],
)
def test_winnings_in_cents_exclude_the_stake_and_round_as_chosen(stake, odds, down, half_up, up) -> None:
    assert winnings_cents(stake, odds) == down
    assert winnings_cents(stake, odds, rounding="down") == down
    assert winnings_cents(stake, odds, rounding="half_up") == half_up
    assert winnings_cents(stake, odds, rounding="up") == up


@given(stake=st.integers(0, 10**9), wager=st.sampled_from(wagers(54) + wagers(63)))
def test_rounding_down_short_changes_the_player_by_less_than_a_cent(stake, wager) -> None:
    exact = Fraction(stake) * Fraction(*wager.odds)
    paid = winnings_cents(stake, wager.odds)
    assert isinstance(paid, int)
    assert 0 <= exact - paid < 1
    assert abs(winnings_cents(stake, wager.odds, rounding="half_up") - exact) <= Fraction(1, 2)


@pytest.mark.parametrize(
    ("stake", "odds", "rounding"),
    [(-1, (3, 4), "down"), (1.5, (3, 4), "down"), (True, (3, 4), "down"), ("100", (3, 4), "down"),
     (100, (3, 0), "down"), (100, (3,), "down"), (100, "3:4", "down"), (100, (1.5, 1), "down"),
     (100, (3, 4), "banker")],
)  # fmt: skip
def test_bad_payout_input_is_refused_in_one_line(stake, odds, rounding) -> None:
    with pytest.raises(ValueError) as err:
        winnings_cents(stake, odds, rounding=rounding)
    assert "\n" not in str(err.value)


def test_odds_classes_per_variant_for_the_limits_check() -> None:
    assert odds_classes(54) == ("3:4", "6:5", "33:10", "8:1", "27:1", "65:1")
    assert odds_classes(63) == ("3:4", "6:5", "33:10", "8:1", "38:1", "90:1")
    by_class = wagers_by_odds_class(54)
    assert [w.id for w in by_class["27:1"]] == [
        "odd_stars_red_and_green",
        "odd_stars_green_and_gold",
        "odd_stars_gold_and_red",
    ]
    assert [w.id for w in by_class["3:4"]] == ["any_red", "any_green", "any_gold", "any_star"]
    assert sum(len(v) for v in by_class.values()) == 19
    # every class the law's s459(1) table lists is one of ours, and vice versa
    s459 = {f"{a}:{b}" for a, b in (row["odds"] for row in DATA["min_max_rule"]["table"])}
    assert set(odds_classes(54)) | set(odds_classes(63)) == s459
