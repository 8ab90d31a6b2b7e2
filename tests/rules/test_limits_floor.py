"""Casino-wide rules (003 s23(4)) and property tests of the limit rules."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.rules.games import GAMES
from kiosk.rules.limits import floor_violations, violations
from kiosk.rules.table import RakeSettings, TableLimits


def instructional(n: int) -> list[tuple[str, str, TableLimits]]:
    return [(f"BJ-{i:02d}", "blackjack", TableLimits(200, 1000, instructional=True)) for i in range(1, n + 1)]


@pytest.mark.parametrize("n", range(0, 8))
def test_at_most_4_instructional_blackjack_tables_per_operator(n) -> None:
    found = floor_violations(instructional(n))
    if n <= 4:
        assert found == []
    else:
        [v] = found
        assert v.rule == "003 s23(4)"
        assert f"{n} are configured" in v.message
        for i in range(1, n + 1):
            assert f"BJ-{i:02d}" in v.message


def test_only_true_instructional_tables_count() -> None:
    others = [
        ("BJ-A", "blackjack", TableLimits(200, 1000)),  # not flagged: a per-table violation, not counted
        ("BJ-B", "blackjack", TableLimits(500, 100000, instructional=True)),  # flagged but not $2/$10
        ("PG-1", "pai_gow", TableLimits(200, 1000)),
        ("BJ-C", "blackjack", {"minimum_cents": 200, "maximum_cents": 1000, "instructional": "yes"}),
    ]
    assert floor_violations(instructional(4) + others) == []
    assert floor_violations(instructional(5) + others)[0].message.count("BJ-") == 5


def test_unknown_game_on_the_floor_names_the_table() -> None:
    with pytest.raises(ValueError, match="table CR-9: unknown game 'craps'"):
        floor_violations([("CR-9", "craps", TableLimits(500, 1000))])
    with pytest.raises(ValueError, match="floor table #1"):
        floor_violations([("BJ-1", "blackjack")])


def test_floor_accepts_any_iterable_once() -> None:
    rows = (row for row in instructional(5))
    assert len(floor_violations(rows)) == 1


# --- properties ---------------------------------------------------------------------------

cents = st.integers(min_value=0, max_value=10**12)
odds_classes = st.sampled_from(["3:4", "6:5", "33:10", "8:1", "27:1", "38:1", "65:1", "90:1", "zz"])
roulette_types = st.sampled_from(
    [
        "straight_up",
        "split",
        "street",
        "corner",
        "six_line",
        "column",
        "dozen",
        "low",
        "high",
        "even",
        "odd",
        "red",
        "black",
        "basket",
    ]
)


@st.composite
def table_limits(draw) -> TableLimits:
    keys = draw(st.sets(st.one_of(odds_classes, roulette_types), max_size=4))
    return TableLimits(
        minimum_cents=draw(cents),
        maximum_cents=draw(cents),
        maximum_by={k: draw(cents) for k in keys},
        minimum_by={k: draw(cents) for k in draw(st.sets(st.one_of(odds_classes, roulette_types), max_size=3))},
        instructional=draw(st.booleans()),
        decks=draw(st.one_of(st.none(), st.integers(0, 20))),
        bonus_blackjack=draw(st.booleans()),
        card_machine=draw(st.booleans()),
        super_sevens=draw(st.booleans()),
        maximum_payment_cents=draw(st.one_of(st.none(), cents)),
        minimum_table_stake_cents=draw(st.one_of(st.none(), cents)),
        minimum_permissible_wager_cents=draw(st.one_of(st.none(), cents)),
        minimum_buy_in_cents=draw(st.one_of(st.none(), cents)),
        compulsory_blinds=draw(st.one_of(st.none(), st.integers(0, 5))),
        blinds_cents=tuple(draw(st.lists(cents, max_size=4))),
        rake=draw(
            st.one_of(
                st.none(),
                st.builds(
                    RakeSettings,
                    type=st.sampled_from(["percentage", "time_charge", "fixed_per_hand", "per_person_per_hand"]),
                    percent_bp=st.one_of(st.none(), st.integers(0, 2000)),
                    cap_cents=st.one_of(st.none(), cents),
                    minimum_cents=st.one_of(st.none(), cents),
                    hourly_fee_cents=st.one_of(st.none(), cents),
                    fee_per_hand_cents=st.one_of(st.none(), cents),
                ),
            )
        ),
        co_banking=draw(st.booleans()),
        house_liability_cents=draw(st.one_of(st.none(), cents)),
        box_maximum_cents=draw(st.one_of(st.none(), cents)),
        game_type=draw(st.one_of(st.none(), st.text(max_size=5))),
    )


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from(sorted(GAMES)), limits=table_limits())
def test_violations_never_crash_and_always_cite(game, limits) -> None:
    for v in violations(game, limits):
        assert v.rule and v.message and "\n" not in v.message
        assert v.severity in ("error", "warning")


@settings(max_examples=200, deadline=None)
@given(game=st.sampled_from(sorted(GAMES)), minimum=cents, maximum=cents)
def test_minimum_above_maximum_is_always_an_error(game, minimum, maximum) -> None:
    keys = {v.key for v in violations(game, TableLimits(minimum, maximum)) if v.severity == "error"}
    assert ("maximum_cents" in keys) or minimum <= maximum


@settings(max_examples=200, deadline=None)
@given(
    minimum=st.integers(0, 2000),
    maxima=st.lists(st.integers(0, 200000), min_size=6, max_size=6),
    balls=st.sampled_from([54, 63]),
)
def test_tri_chro_is_valid_exactly_when_every_floor_is_met(minimum, maxima, balls) -> None:
    classes = ("3:4", "6:5", "33:10", "8:1") + (("27:1", "65:1") if balls == 54 else ("38:1", "90:1"))
    floors = dict(
        zip(
            ("3:4", "6:5", "33:10", "8:1", "27:1", "65:1", "38:1", "90:1"),
            (120000, 80000, 30000, 12500, 3500, 1500, 2500, 1000),
            strict=False,
        )
    )
    by = dict(zip(classes, maxima, strict=True))
    limits = TableLimits(minimum, 10**9, maximum_by=by)
    errors = [v for v in violations(f"tri_chro_{balls}", limits) if v.severity == "error"]
    expected = {c for c in classes if minimum <= 500 and by[c] < floors[c]}
    expected_range = {c for c in classes if by[c] < minimum}
    assert {v.key.split(".", 1)[1] for v in errors} == expected | expected_range


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_empty_mapping_says_minimum_and_maximum_are_not_set(game) -> None:
    found = [v for v in violations(game, {}) if v.key in ("minimum_cents", "maximum_cents")]
    assert [v.key for v in found] == ["minimum_cents", "maximum_cents"]
    assert all("is not set" in v.message for v in found)


junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True),
    st.text(max_size=4),
    st.lists(st.integers(-5, 5), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
FIELDS = [
    "minimum_cents",
    "maximum_cents",
    "maximum_by",
    "minimum_by",
    "instructional",
    "decks",
    "bonus_blackjack",
    "card_machine",
    "super_sevens",
    "maximum_payment_cents",
    "minimum_table_stake_cents",
    "minimum_permissible_wager_cents",
    "minimum_buy_in_cents",
    "compulsory_blinds",
    "blinds_cents",
    "rake",
    "co_banking",
    "house_liability_cents",
    "box_maximum_cents",
    "game_type",
    "card_machine_min_decks",
    "card_machine_max_decks",
]


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from(sorted(GAMES)), values=st.fixed_dictionaries({}, optional={f: junk for f in FIELDS}))
def test_junk_settings_are_violations_never_exceptions(game, values) -> None:
    for v in violations(game, values):
        assert v.rule and "\n" not in v.message
