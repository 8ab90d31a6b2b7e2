"""Tri-chro winning areas, checked on every pair of real balls against the seed's words.

The oracle below is written from the table in 001 s467 ("Required ball selection"),
independently of the predicates in tri_chro.json that the code evaluates.
"""

from __future__ import annotations

import itertools
import json
import pathlib

import pytest

from kiosk.rules.trichro import wagers, winning_wagers

DATA = pathlib.Path(__file__).resolve().parents[2] / "kiosk" / "rules" / "data" / "tri_chro.json"
SEED_COLOURS = ("red", "green", "gold")
# 001 s461(2),(3) and s462(2),(3): balls per colour group, and how many of them have a star.
SEED_GROUPS = {54: (18, 7), 63: (21, 7)}


def real_balls(balls: int) -> list[tuple[str, bool]]:
    """Every physical ball, one entry per ball: (colour, has a star)."""
    per_colour, starred = SEED_GROUPS[balls]
    return [(colour, i < starred) for colour in SEED_COLOURS for i in range(per_colour)]


def token(ball: tuple[str, bool]) -> str:
    return ball[0] + ("*" if ball[1] else "")


def seed_oracle(b1: tuple[str, bool], b2: tuple[str, bool]) -> set[str]:
    """The 001 s467 table read literally, wager by wager."""
    (c1, s1), (c2, s2) = b1, b2
    won = set()
    for x in SEED_COLOURS:
        # 1-3 "2 X balls, each with a star"
        if c1 == x and c2 == x and s1 and s2:
            won.add(f"{x}_star_pair")
        # 7-9 "2 X balls"
        if c1 == x and c2 == x:
            won.add(f"any_{x}_pair")
        # 13-15 "2 balls, neither of which is X"
        if c1 != x and c2 != x:
            won.add(f"no_{x}")
        # 16-18 "2 balls, at least 1 of which is X"
        if c1 == x or c2 == x:
            won.add(f"any_{x}")
    for x, y in (("red", "green"), ("green", "gold"), ("gold", "red")):
        one_each = {c1, c2} == {x, y}
        # 10-12 "1 X ball and 1 Y ball"
        if one_each:
            won.add(f"odd_pair_{x}_and_{y}")
        # 4-6 "1 X ball and 1 Y ball, each with a star"
        if one_each and s1 and s2:
            won.add(f"odd_stars_{x}_and_{y}")
    # 19 "2 balls, at least 1 of which has a star"
    if s1 or s2:
        won.add("any_star")
    return won


@pytest.mark.parametrize("balls", [54, 63])
def test_every_pair_of_real_balls_lights_exactly_the_seed_wagers(balls) -> None:
    pairs = list(itertools.combinations(real_balls(balls), 2))
    assert len(pairs) == {54: 1431, 63: 1953}[balls]
    ids = {w.id for w in wagers(balls)}
    for b1, b2 in pairs:
        expected = seed_oracle(b1, b2)
        assert expected <= ids
        assert winning_wagers(balls, [token(b1), token(b2)]) == expected, (b1, b2)
        assert winning_wagers(balls, (token(b2), token(b1))) == expected, "order of drawing matters"


@pytest.mark.parametrize("balls", [54, 63])
def test_every_drawing_lights_four_to_six_areas_and_one_pair_wager(balls) -> None:
    pair_wagers = {w.id for w in wagers(balls) if 7 <= w.number <= 12}
    sizes = set()
    for b1, b2 in itertools.combinations(real_balls(balls), 2):
        won = winning_wagers(balls, [token(b1), token(b2)])
        sizes.add(len(won))
        assert len(won & pair_wagers) == 1
    assert min(sizes) == 4 and max(sizes) == 6


@pytest.mark.parametrize("balls", [54, 63])
def test_two_red_starred_balls_light_the_rules_example(balls) -> None:
    assert winning_wagers(balls, ["red*", "red*"]) == {
        "red_star_pair",
        "any_red_pair",
        "any_red",
        "any_star",
        "no_green",
        "no_gold",
    }


def test_pair_wagers_need_no_star_and_odd_pairs_allow_stars() -> None:
    assert winning_wagers(54, ["green", "green"]) == {"any_green_pair", "any_green", "no_red", "no_gold"}
    assert winning_wagers(63, ["gold*", "red"]) == {
        "odd_pair_gold_and_red",
        "any_gold",
        "any_red",
        "no_green",
        "any_star",
    }


@pytest.mark.parametrize("balls", [54, 63])
def test_wagers_are_the_seed_table_in_order_with_its_odds(balls) -> None:
    names = [
        "red star pair", "green star pair", "gold star pair",
        "odd stars red and green", "odd stars green and gold", "odd stars gold and red",
        "any red pair", "any green pair", "any gold pair",
        "odd pair red and green", "odd pair green and gold", "odd pair gold and red",
        "no red", "no green", "no gold", "any red", "any green", "any gold", "any star",
    ]  # fmt: skip
    odds = {54: [(65, 1)] * 3 + [(27, 1)] * 3, 63: [(90, 1)] * 3 + [(38, 1)] * 3}[balls]
    odds += [(8, 1)] * 3 + [(33, 10)] * 3 + [(6, 5)] * 3 + [(3, 4)] * 4
    got = wagers(balls)
    assert [w.name for w in got] == names
    assert [w.number for w in got] == list(range(1, 20))
    assert [w.odds for w in got] == odds
    assert {w.citation for w in got} == {{54: "001 s467(1)", 63: "001 s467(2)"}[balls]}


def test_wager_ids_are_exactly_those_of_the_data_file() -> None:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    for balls in (54, 63):
        assert [w.id for w in wagers(balls)] == [w["id"] for w in data["variants"][f"{balls}_ball"]["wagers"]]
