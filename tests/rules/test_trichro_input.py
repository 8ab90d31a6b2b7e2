"""Tri-chro bad input, the ball sets, malfunctioning drawings and malformed rule data."""

from __future__ import annotations

import copy
import json
import pathlib
from collections import Counter

import pytest

from kiosk.rules.trichro import (
    BROKEN,
    TriChroDataError,
    complete_drawing,
    drawing_winners,
    parse_draw,
    parse_variant,
    physical_balls,
    variant,
    winning_wagers,
)

DATA = json.loads(
    (pathlib.Path(__file__).resolve().parents[2] / "kiosk" / "rules" / "data" / "tri_chro.json").read_text(
        encoding="utf-8"
    )
)


@pytest.mark.parametrize(
    ("balls", "per_colour"),
    [(54, 18), (63, 21)],
)
def test_the_balls_of_each_variant(balls, per_colour) -> None:
    real = physical_balls(balls)
    assert len(real) == balls
    counts = Counter(b.token for b in real)
    for colour in ("red", "green", "gold"):
        assert counts[colour + "*"] == 7  # 001 s461(3), s462(3)
        assert counts[colour] == per_colour - 7
    v = variant(balls)
    assert (v.per_colour, v.stars_per_colour) == (per_colour, 7)
    assert v.ball_citation == {54: "001 s461", 63: "001 s462"}[balls]


@pytest.mark.parametrize(
    ("balls", "drawn", "rule_words"),
    [
        (60, ["red", "gold"], "001 s461(1), s462(1)"),
        ("54", ["red", "gold"], "001 s461(1)"),
        (True, ["red", "gold"], "54 or 63"),
        ([54], ["red", "gold"], "54 or 63"),
        (None, ["red", "gold"], "54 or 63"),
        (54, ["red"], "exactly 2 balls, got 1"),
        (54, ["red", "red", "gold"], "exactly 2 balls, got 3"),
        (63, [], "exactly 2 balls, got 0"),
        (54, "red*red", "list of 2 ball tokens"),
        (54, "rg", "list of 2 ball tokens"),
        (54, None, "list of 2 ball tokens"),
        (54, 5, "list of 2 ball tokens"),
        (54, {"red", "gold"}, "list of 2 ball tokens"),
        (54, ["blue", "red"], "'blue' is not a ball"),
        (54, ["Red", "red"], "'Red' is not a ball"),
        (63, ["red**", "red"], "is not a ball"),
        (63, ["*", "red"], "is not a ball"),
        (63, ["*red", "red"], "is not a ball"),
        (54, ["red ", "red"], "is not a ball"),
        (54, ["", "red"], "is not a ball"),
        (54, [None, "red"], "is not a ball token"),
        (54, [1, 2], "is not a ball token"),
        (54, ["broken", "red"], "is not a ball"),
    ],
)
def test_bad_drawings_raise_value_error_in_one_cited_line(balls, drawn, rule_words) -> None:
    with pytest.raises(ValueError) as err:
        winning_wagers(balls, drawn)
    message = str(err.value)
    assert "\n" not in message
    assert rule_words in message
    assert "001 s46" in message  # names the rule


def test_two_starred_reds_are_drawable_but_a_pair_the_game_lacks_is_not() -> None:
    assert "red_star_pair" in winning_wagers(54, ["red*", "red*"])
    one_star = copy.deepcopy(DATA)
    for group in one_star["variants"]["54_ball"]["groups"]:
        group["stars"], group["no_star"] = 1, 17
    scarce = parse_variant(one_star, 54)
    assert parse_draw(54, ["red*", "gold*"], variant=scarce).tokens == ("gold*", "red*")
    with pytest.raises(ValueError, match=r"cannot draw 2 red balls with a star: the game has only 1 \(001 s461\(3\)\)"):
        parse_draw(54, ["red*", "red*"], variant=scarce)


def test_draw_is_normalised_whatever_the_order() -> None:
    assert parse_draw(63, ["red", "gold*"]) == parse_draw(63, ("gold*", "red"))
    assert parse_draw(63, ["red", "gold*"]).tokens == ("gold*", "red")


def test_a_malfunctioning_drawing_lights_nothing() -> None:
    device = complete_drawing(54, ["red*", "red*"], malfunction="ball_device")
    assert not device.effective and device.draw is None and device.rule == "001 s465(3)"
    assert drawing_winners(device) == frozenset()
    rrg = complete_drawing(63, ["gold", "green"], malfunction="rrg")
    assert rrg.rule == "001 s466" and "inspector" in (rrg.reason or "")
    assert drawing_winners(rrg) == frozenset()
    with pytest.raises(ValueError, match="001 s465"):
        complete_drawing(54, ["red", "red"], malfunction="jammed")  # type: ignore[arg-type]


def test_a_broken_part_ball_is_not_used_and_the_drawing_is_completed() -> None:
    drawing = complete_drawing(54, ["green*", BROKEN, "green*"])
    assert drawing.effective and drawing.rule == "001 s465(4)" and drawing.discarded == (BROKEN,)
    assert drawing_winners(drawing) == winning_wagers(54, ["green*", "green*"])
    plain = complete_drawing(54, ["gold", "red"])
    assert plain.rule is None and drawing_winners(plain) == winning_wagers(54, ["red", "gold"])
    with pytest.raises(ValueError, match="exactly 2 balls, got 1"):
        complete_drawing(54, ["green*", BROKEN])


@pytest.mark.parametrize(
    ("mutate", "words"),
    [
        (lambda d: d["variants"]["54_ball"]["wagers"][0].update(predicate={"all": {"colour": "red"}}),
         "wagers[0].predicate: unknown predicate form 'all'"),
        (lambda d: d["variants"]["54_ball"]["wagers"][3]["predicate"].update(one_each=[{"colour": "red"}]),
         "wagers[3].predicate.one_each: expected a list of 2"),
        (lambda d: d["variants"]["54_ball"]["wagers"][6]["predicate"]["both"].update(colour="blue"),
         "wagers[6].predicate.both.colour: unknown colour 'blue'"),
        (lambda d: d["variants"]["54_ball"]["wagers"][18]["predicate"]["at_least_one"].update(star="yes"),
         "wagers[18].predicate.at_least_one.star: expected true or false"),
        (lambda d: d["variants"]["54_ball"]["wagers"][1].update(odds=[65]), "wagers[1].odds"),
        (lambda d: d["variants"]["54_ball"]["wagers"][1].update(odds=[65, 0]), "wagers[1].odds[1]"),
        (lambda d: d["variants"]["54_ball"]["wagers"][2].pop("name"), "wagers[2]: missing 'name'"),
        (lambda d: d["variants"]["54_ball"]["wagers"][2].update(id="red_star_pair"), "ids are not unique"),
        (lambda d: d["variants"]["54_ball"]["wagers"].reverse(), "seed order"),
        (lambda d: d["variants"]["54_ball"]["groups"][1].update(count=17), "same number of balls"),
        (lambda d: d["variants"]["54_ball"].update(total_balls=55), "do not make 54 balls"),
        (lambda d: d["variants"].pop("54_ball"), "variants.54_ball: missing"),
    ],
)  # fmt: skip
def test_malformed_rule_data_names_file_and_key(mutate, words) -> None:
    broken = copy.deepcopy(DATA)
    mutate(broken)
    with pytest.raises(TriChroDataError) as err:
        parse_variant(broken, 54)
    message = str(err.value)
    assert message.startswith("kiosk/rules/data/tri_chro.json: variants.54_ball")
    assert words in message and "\n" not in message


def test_the_bundled_data_parses_as_shipped() -> None:
    assert parse_variant(DATA, 54) == variant(54)
    assert parse_variant(DATA, 63) == variant(63)
