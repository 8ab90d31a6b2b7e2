"""Minimum/maximum rules per game: what a pit boss configuring a table would be told.

The thresholds below are copied from the seed texts (quoted per test), not from
limits.json, so a wrong number in the bundled data fails here.
"""

from __future__ import annotations

import pytest

from kiosk.rules.citation import Violation
from kiosk.rules.limits import violations
from kiosk.rules.table import RakeSettings, TableLimits

# 001 s459(1): "(a) if the payout odds are 3 to 4—$1 200; ... (h) if the payout odds are 90 to 1—$10"
S459 = {
    "3:4": ("001 s459(1)(a)", 120000),
    "6:5": ("001 s459(1)(b)", 80000),
    "33:10": ("001 s459(1)(c)", 30000),
    "8:1": ("001 s459(1)(d)", 12500),
    "27:1": ("001 s459(1)(e)", 3500),
    "38:1": ("001 s459(1)(f)", 2500),
    "65:1": ("001 s459(1)(g)", 1500),
    "90:1": ("001 s459(1)(h)", 1000),
}
# 001 s467(1),(2): 54 ball pays 27 to 1 and 65 to 1; 63 ball pays 38 to 1 and 90 to 1.
OFFERED = {
    "tri_chro_54": ("3:4", "6:5", "33:10", "8:1", "27:1", "65:1"),
    "tri_chro_63": ("3:4", "6:5", "33:10", "8:1", "38:1", "90:1"),
}
# 000 s141(2) table, rows in printed order: (column 2 minimum, column 3 maximum) in dollars.
S141 = {
    "straight_up": (5, 20),
    "split": (5, 40),
    "street": (5, 60),
    "corner": (5, 80),
    "six_line": (5, 120),
    "column": (25, 250),
    "dozen": (25, 250),
    "low": (25, 500),
    "high": (25, 500),
    "even": (25, 500),
    "odd": (25, 500),
    "red": (25, 500),
    "black": (25, 500),
}


def errors(game, limits) -> list[Violation]:
    return [v for v in violations(game, limits) if v.severity == "error"]


def rules(game, limits) -> set[str]:
    return {v.rule for v in errors(game, limits)}


def tri_chro_ok(game: str, minimum: int = 500) -> TableLimits:
    return TableLimits(minimum, 150000, maximum_by={c: S459[c][1] for c in OFFERED[game]})


def good_poker(**changes) -> TableLimits:
    base = dict(
        minimum_cents=200,
        maximum_cents=400,
        game_type="Holdem",
        minimum_buy_in_cents=4000,
        compulsory_blinds=2,
        blinds_cents=(100, 200),
        rake=RakeSettings("percentage", percent_bp=500, cap_cents=500, minimum_cents=50),
    )
    base.update(changes)
    return TableLimits(**base)


VALID = {
    "tri_chro_54": tri_chro_ok("tri_chro_54"),
    "tri_chro_63": tri_chro_ok("tri_chro_63"),
    "two_up_dice": TableLimits(500, 50000),
    "caribbean_stud": TableLimits(1000, 50000, maximum_payment_cents=5_000_000),
    "blackjack": TableLimits(1000, 100000),
    "roulette": TableLimits(
        500, 50000, minimum_by={t: 2500 for t in list(S141)[5:]}, maximum_by={"straight_up": 10000}
    ),
    "manila_poker": TableLimits(500, 2000, minimum_table_stake_cents=10000, minimum_permissible_wager_cents=500),
    "draw_poker": TableLimits(500, 2000, minimum_table_stake_cents=10000),
    "pai_gow": TableLimits(1000, 100000, co_banking=True, house_liability_cents=700000),
    "poker": good_poker(),
}


@pytest.mark.parametrize("game", sorted(VALID))
def test_a_lawful_table_of_every_game_has_no_errors(game) -> None:
    assert errors(game, VALID[game]) == []


@pytest.mark.parametrize("game", sorted(VALID))
def test_every_violation_is_one_line_ending_with_its_citation(game) -> None:
    bad = {"minimum_cents": 500, "maximum_cents": 1, "maximum_by": {"zz": -1}, "rake": {"type": "x"}}
    found = violations(game, bad)
    assert found
    for v in found:
        assert "\n" not in v.message
        assert v.rule.split()[0] in v.message
        if v.severity == "error":
            assert v.message.endswith(")")


def test_unknown_game_is_a_value_error_naming_the_known_games() -> None:
    with pytest.raises(ValueError, match="known games: .*tri_chro_54"):
        violations("baccarat", TableLimits(500, 1000))
    with pytest.raises(ValueError):
        violations(None, TableLimits(500, 1000))


def test_limits_that_are_not_settings_are_a_value_error() -> None:
    with pytest.raises(ValueError, match="must be a TableLimits or a mapping"):
        violations("blackjack", None)


# --- tri-chro 001 s459(1) ----------------------------------------------------------------


def test_the_brief_example_message() -> None:
    found = errors("tri_chro_54", TableLimits(500, 150000, maximum_by={"3:4": 100000}))
    assert [(v.rule, v.key, v.message) for v in found] == [
        (
            "001 s459(1)(a)",
            "maximum_by.3:4",
            "maximum for 3 to 4 wagers must be at least $1,200 when the minimum is $5 or less; it is $1,000 "
            "(001 s459(1)(a))",
        )
    ]


@pytest.mark.parametrize("game", ["tri_chro_54", "tri_chro_63"])
@pytest.mark.parametrize("odds", list(S459))
@pytest.mark.parametrize("minimum", [499, 500, 501])
def test_each_odds_class_floor_bites_exactly_at_5_dollars_or_less(game, odds, minimum) -> None:
    rule, floor = S459[odds]
    if odds not in OFFERED[game]:
        limits = TableLimits(minimum, 150000, maximum_by={odds: floor})
        [v] = errors(game, limits)
        assert v.key == f"maximum_by.{odds}" and v.rule == ("001 s467(1)" if game.endswith("54") else "001 s467(2)")
        assert "remove maximum_by." + odds in v.message
        return
    just_below = tri_chro_ok(game, minimum)
    just_below = TableLimits(minimum, 150000, maximum_by={**just_below.maximum_by, odds: floor - 1})
    at_floor = TableLimits(minimum, 150000, maximum_by={**just_below.maximum_by, odds: floor})
    assert errors(game, at_floor) == []
    found = errors(game, just_below)
    if minimum <= 500:
        [v] = found
        assert (v.rule, v.key) == (rule, f"maximum_by.{odds}")
        assert f"at least ${floor // 100:,}" in v.message
    else:
        assert found == []


def test_a_class_without_its_own_maximum_takes_the_table_maximum() -> None:
    found = errors("tri_chro_63", TableLimits(500, 100000))  # $1,000 everywhere: only 3:4 is short
    assert [(v.rule, v.key) for v in found] == [("001 s459(1)(a)", "maximum_cents")]
    assert "the table maximum" in found[0].message
    assert errors("tri_chro_63", TableLimits(500, 120000)) == []


def test_a_per_class_minimum_of_5_dollars_brings_the_floors_in() -> None:
    # table minimum $10, but 90 to 1 wagers may be made from $5: the game's minimum is $5
    limits = TableLimits(1000, 100000, minimum_by={"90:1": 500}, maximum_by={"90:1": 1000})
    assert rules("tri_chro_63", limits) == {"001 s459(1)(a)"}
    assert errors("tri_chro_63", TableLimits(1000, 100000)) == []


def test_the_audits_l3_table_a_500_dollar_maximum_with_class_maxima_above_it_is_refused() -> None:
    """001 s459(1) sets "the maximum wager permitted for the table"; a class maximum above it
    would let a wager exceed it (docs/readings.md A-09)."""
    limits = TableLimits(500, 50000, maximum_by={c: S459[c][1] for c in OFFERED["tri_chro_54"]})
    found = errors("tri_chro_54", limits)
    assert [(v.rule, v.key) for v in found] == [("001 s459(1)", "maximum_by.3:4"), ("001 s459(1)", "maximum_by.6:5")]
    assert found[0].message == (
        "maximum for 3 to 4 wagers ($1,200) is above the table maximum ($500); no wager may exceed the "
        "maximum wager permitted for the table: lower it or raise the table maximum "
        "(001 s459(1); docs/readings.md A-09)"
    )


@pytest.mark.parametrize("game", ["tri_chro_54", "tri_chro_63"])
@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_every_class_maximum_is_at_most_the_table_maximum(game, delta) -> None:
    """Exhaustive over the classes the game offers: a class maximum one cent above the table
    maximum is refused, at or below it accepted (minimum $10: no s459(1) floors)."""
    for odds in OFFERED[game]:
        found = errors(game, TableLimits(1000, 50000, maximum_by={odds: 50000 + delta}))
        if delta > 0:
            assert [(v.rule, v.key) for v in found] == [("001 s459(1)", f"maximum_by.{odds}")], odds
        else:
            assert found == [], odds


def test_the_54_ball_table_warns_about_any_star_but_stays_valid() -> None:
    warnings = [v for v in violations("tri_chro_54", VALID["tri_chro_54"]) if v.severity == "warning"]
    assert any("any star" in v.message for v in warnings)
    assert not [v for v in violations("tri_chro_63", VALID["tri_chro_63"]) if v.severity == "warning"]


def test_an_unknown_odds_class_lists_the_ones_offered() -> None:
    [v] = errors("tri_chro_54", TableLimits(500, 150000, maximum_by={"2:1": 5000}))
    assert v.key == "maximum_by.2:1"
    assert "3:4, 6:5, 33:10, 8:1, 27:1, 65:1" in v.message


# --- roulette 000 s141(2) -----------------------------------------------------------------


@pytest.mark.parametrize("wager", list(S141))
@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_roulette_per_type_floor(wager, delta) -> None:
    col2, col3 = (d * 100 for d in S141[wager])
    others = {t: 100000 for t in S141}
    minimum_by = {wager: col2 + delta}
    short = TableLimits(100, 100000, minimum_by=minimum_by, maximum_by={**others, wager: col3 - 1})
    enough = TableLimits(100, 100000, minimum_by=minimum_by, maximum_by={**others, wager: col3})
    assert errors("roulette", enough) == []
    found = errors("roulette", short)
    if delta <= 0:
        [v] = found
        assert (v.rule, v.key) == ("000 s141(2)", f"maximum_by.{wager}")
        assert f"at least ${col3 // 100}" in v.message
    else:
        assert found == []


def test_roulette_type_without_its_own_values_takes_the_table_values() -> None:
    found = errors("roulette", TableLimits(500, 10000))  # $5-$100: the 6-line and outside bets fall short
    assert {v.key for v in found} == {"maximum_cents"}
    assert len(found) == 1 + 8  # six_line ($120) and the 8 outside wagers
    assert errors("roulette", TableLimits(500, 50000)) == []


def test_roulette_minimum_above_maximum_for_a_type() -> None:
    [v] = errors("roulette", TableLimits(500, 50000, minimum_by={"red": 60000}))
    assert v.key == "minimum_by.red" and "below their minimum" in v.message


def test_roulette_unknown_wager_type() -> None:
    [v] = errors("roulette", TableLimits(500, 50000, maximum_by={"basket": 5000}))
    assert v.key == "maximum_by.basket" and "straight_up" in v.message


# --- blackjack 003 s23, s50A, s65A --------------------------------------------------------


@pytest.mark.parametrize(
    ("minimum", "maximum", "valid"),
    [
        (500, 10000, True),
        (500, 9999, False),
        (499, 9999, False),
        (501, 9999, True),
        (100, 10000, True),
        (0, 9999, False),
    ],
)
def test_blackjack_floor_of_100_when_the_minimum_is_5_or_less(minimum, maximum, valid) -> None:
    found = errors("blackjack", TableLimits(minimum, maximum))
    assert (found == []) is valid
    if not valid:
        assert [v.rule for v in found] == ["003 s23(3)"]


def test_instructional_table_is_exactly_2_and_10_and_flagged() -> None:
    assert errors("blackjack", TableLimits(200, 1000, instructional=True)) == []
    [v] = errors("blackjack", TableLimits(200, 1000))
    assert v.rule == "003 s23(4)" and "mark it instructional" in v.message
    for other in (
        TableLimits(200, 1100, instructional=True),
        TableLimits(300, 1000, instructional=True),
        TableLimits(100, 1000, instructional=True),
    ):
        assert rules("blackjack", other) == {"003 s23(3)"}


@pytest.mark.parametrize("decks", [1, 2, 4, 5, 6, 7, 8, 9])
def test_bonus_blackjack_only_with_6_or_8_decks(decks) -> None:
    found = errors("blackjack", TableLimits(1000, 100000, bonus_blackjack=True, decks=decks))
    assert (found == []) is (decks in (6, 8))
    if found:
        assert found[0].rule == "003 s50A(2)" and f"uses {decks}" in found[0].message


def test_bonus_blackjack_without_a_deck_count() -> None:
    [v] = errors("blackjack", TableLimits(1000, 100000, bonus_blackjack=True))
    assert (v.rule, v.key) == ("003 s50A(2)", "decks")


def test_card_machine_forbids_bonus_blackjack_and_super_sevens() -> None:
    assert errors("blackjack", TableLimits(1000, 100000, card_machine=True, decks=6)) == []
    assert rules("blackjack", TableLimits(1000, 100000, card_machine=True, bonus_blackjack=True, decks=6)) == {
        "003 s65A(2)"
    }
    assert rules("blackjack", TableLimits(1000, 100000, card_machine=True, super_sevens=True, decks=6)) == {
        "003 s65A(2)"
    }
    assert rules("blackjack", TableLimits(1000, 100000, card_machine=True, decks=9)) == {"003 s65A(3)(a)"}


# --- two-up dice, Caribbean stud, pai gow -------------------------------------------------


@pytest.mark.parametrize(
    ("minimum", "maximum", "valid"), [(500, 10000, True), (500, 9999, False), (499, 9999, False), (501, 9999, True)]
)
def test_two_up_dice_floor(minimum, maximum, valid) -> None:
    found = errors("two_up_dice", TableLimits(minimum, maximum))
    assert (found == []) is valid
    if not valid:
        assert [v.rule for v in found] == ["004 sch13 s14"]


def test_caribbean_stud_needs_its_maximum_payment() -> None:
    [v] = errors("caribbean_stud", TableLimits(1000, 50000))
    assert (v.rule, v.key) == ("000 s232(1)(b)", "maximum_payment_cents")
    assert "000 s244(2)" in v.message
    assert rules("caribbean_stud", TableLimits(1000, 50000, maximum_payment_cents=0)) == {"000 s232(1)(b)"}


def test_pai_gow_house_liability_at_most_7_box_maxima() -> None:
    at_cap = TableLimits(1000, 100000, co_banking=True, house_liability_cents=700000)
    over = TableLimits(1000, 100000, co_banking=True, house_liability_cents=700001)
    assert errors("pai_gow", at_cap) == []
    [v] = errors("pai_gow", over)
    assert (v.rule, v.key) == ("003 s421(1)(e)", "house_liability_cents")
    box = TableLimits(1000, 100000, co_banking=True, house_liability_cents=350001, box_maximum_cents=50000)
    assert rules("pai_gow", box) == {"003 s421(1)(e)"}


def test_pai_gow_co_banking_must_display_the_liability() -> None:
    [v] = errors("pai_gow", TableLimits(1000, 100000, co_banking=True))
    assert (v.rule, v.key) == ("003 s421(1)(b)(i)", "house_liability_cents")
    assert errors("pai_gow", TableLimits(1000, 100000)) == []


# --- manila and draw poker ----------------------------------------------------------------


def test_manila_needs_its_minimum_table_stake_and_minimum_permissible_wager() -> None:
    found = errors("manila_poker", TableLimits(500, 2000))
    assert {(v.rule, v.key) for v in found} == {
        ("003 s259(2)", "minimum_table_stake_cents"),
        ("003 s275(2)", "minimum_permissible_wager_cents"),
    }


def test_draw_poker_needs_its_minimum_table_stake() -> None:
    [v] = errors("draw_poker", TableLimits(500, 2000))
    assert (v.rule, v.key) == ("003 s295(2)", "minimum_table_stake_cents")


# --- poker room 002 -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "rule"),
    [
        ("game_type", "002 r6.3"),
        ("minimum_buy_in_cents", "002 r6.3"),
        ("rake", "002 r6.3"),
        ("compulsory_blinds", "002 r8.2.1"),
    ],
)
def test_poker_notice_and_signs_must_be_configured(field, rule) -> None:
    found = errors("poker", good_poker(**{field: None}))
    assert [(v.rule, v.key) for v in found] == [(rule, field)]


@pytest.mark.parametrize(
    ("bp", "valid"), [(0, True), (1, False), (199, False), (200, True), (1000, True), (1001, False)]
)
def test_percentage_rake_is_2_to_10_percent_or_nil(bp, valid) -> None:
    rake = RakeSettings("percentage", percent_bp=bp, cap_cents=500, minimum_cents=50)
    found = errors("poker", good_poker(rake=rake))
    assert (found == []) is valid
    if not valid:
        assert [(v.rule, v.key) for v in found] == [("002 r7.2.1", "rake.percent_bp")]


def test_percentage_rake_needs_a_cap_and_should_state_a_minimum() -> None:
    found = violations("poker", good_poker(rake=RakeSettings("percentage", percent_bp=500)))
    assert [(v.rule, v.key, v.severity) for v in found] == [
        ("002 r7.1", "rake.cap_cents", "error"),
        ("002 r7.1", "rake.minimum_cents", "warning"),
    ]


@pytest.mark.parametrize(
    ("rake", "key", "rule"),
    [
        (RakeSettings("time_charge"), "rake.hourly_fee_cents", "002 r7.2.2(c)"),
        (RakeSettings("fixed_per_hand"), "rake.fee_per_hand_cents", "002 r7.2.3(b)"),
        (RakeSettings("per_person_per_hand"), "rake.fee_per_hand_cents", "002 r7.2.4(a)"),
        ({"type": "flat"}, "rake.type", "002 r7.2"),
    ],
)
def test_each_rake_type_needs_its_sign_amount(rake, key, rule) -> None:
    assert [(v.rule, v.key) for v in errors("poker", good_poker(rake=rake))] == [(rule, key)]


def test_rake_types_with_their_amounts_are_valid() -> None:
    for rake in (
        RakeSettings("time_charge", hourly_fee_cents=1000),
        RakeSettings("fixed_per_hand", fee_per_hand_cents=300),
        {"type": "per_person_per_hand", "fee_per_hand_cents": 100},
    ):
        assert errors("poker", good_poker(rake=rake)) == []


def test_poker_blinds_agree_with_the_sign_and_the_last_covers_the_table_minimum() -> None:
    assert rules("poker", good_poker(blinds_cents=(100, 200, 200))) == {"002 r8.2.1"}
    found = errors("poker", good_poker(blinds_cents=(100, 150)))
    assert [(v.rule, v.key) for v in found] == [("002 r6.4", "blinds_cents.1")]


# --- accepted forms of input and bad input -----------------------------------------------


class Plain:
    def __init__(self, **kw) -> None:
        self.__dict__.update(kw)


@pytest.mark.parametrize("form", [dict, Plain])
def test_mappings_and_plain_objects_behave_like_table_limits(form) -> None:
    limits = form(minimum_cents=500, maximum_cents=150000, maximum_by={"3:4": 100000})
    assert [(v.rule, v.key) for v in errors("tri_chro_54", limits)] == [("001 s459(1)(a)", "maximum_by.3:4")]
    assert errors("blackjack", form(minimum_cents=1000, maximum_cents=100000)) == []


def test_missing_minimum_or_maximum_is_a_violation() -> None:
    found = errors("blackjack", {"maximum_cents": 100000})
    assert [(v.rule, v.key) for v in found] == [("003 s23(1)", "minimum_cents")]
    assert "not set" in found[0].message


@pytest.mark.parametrize("bad", [-1, 5.0, "500", True, None])
def test_malformed_money_is_reported_not_raised(bad) -> None:
    found = errors("two_up_dice", {"minimum_cents": bad, "maximum_cents": 50000})
    assert [v.key for v in found] == ["minimum_cents"]


def test_minimum_above_maximum() -> None:
    [v] = errors("caribbean_stud", TableLimits(5000, 1000, maximum_payment_cents=100000))
    assert (v.rule, v.key) == ("IMPL", "maximum_cents")
    assert "below the minimum" in v.message


@pytest.mark.parametrize("game", ["blackjack", "two_up_dice", "caribbean_stud", "pai_gow", "manila_poker", "poker"])
def test_games_without_wager_classes_refuse_maximum_by(game) -> None:
    limits = {**VALID[game].__dict__, "maximum_by": {"3:4": 120000}}
    found = errors(game, limits)
    assert [v.key for v in found] == ["maximum_by.3:4"]


def test_malformed_maximum_by_entries() -> None:
    found = errors(
        "tri_chro_63", {"minimum_cents": 1000, "maximum_cents": 150000, "maximum_by": {"3:4": -5, "6:5": 2.5, 7: 100}}
    )
    assert {v.key for v in found} == {"maximum_by.3:4", "maximum_by.6:5", "maximum_by"}
    assert errors("tri_chro_63", {"minimum_cents": 1000, "maximum_cents": 150000, "maximum_by": [1, 2]})
