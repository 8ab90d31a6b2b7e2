from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kiosk.rules.money import MoneyError, format_money, parse_money


@pytest.mark.parametrize(
    ("text", "cents"),
    [
        ("1200", 120000),
        ("1 200", 120000),
        ("$1,200.50", 120050),
        ("$1,200", 120000),
        ("$0.75", 75),
        ("12.5", 1250),
        ("12.50", 1250),
        ("12.500", 1250),
        (".75", 75),
        ("AUD 5", 500),
        ("$10 000", 1000000),
        ("1\u00a0200", 120000),
        (25, 2500),
        (0, 0),
    ],
)
def test_parses_money_as_people_write_it(text, cents) -> None:
    assert parse_money(text) == cents


@pytest.mark.parametrize(
    "bad",
    ["-5", "$-5", "(5)", "1.005", "12.345", "abc", "", "$", "1,20", "1,2000", "12..5", "5e3", 1.5, -1, None, True],
)
def test_refuses_negatives_fractions_of_a_cent_and_garbage(bad) -> None:
    with pytest.raises(MoneyError) as err:
        parse_money(bad)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    ("cents", "text"),
    [(120000, "$1,200"), (120050, "$1,200.50"), (75, "$0.75"), (500, "$5"), (0, "$0"), (100000000, "$1,000,000")],
)
def test_formats_as_signs_print_it(cents, text) -> None:
    assert format_money(cents) == text


def test_format_refuses_floats() -> None:
    with pytest.raises(TypeError):
        format_money(12.5)  # type: ignore[arg-type]


@given(st.integers(min_value=0, max_value=10**13))
def test_format_then_parse_round_trips(cents: int) -> None:
    assert parse_money(format_money(cents)) == cents
    assert parse_money(format_money(cents, always_cents=True)) == cents


@pytest.mark.parametrize("bad", [1.5, "5", True, None, -1])
def test_require_cents_refuses_anything_but_whole_cents_naming_the_rule(bad) -> None:
    from kiosk.rules.citation import RuleError
    from kiosk.rules.money import require_cents

    with pytest.raises(RuleError) as err:
        require_cents(bad, "the jackpot wager", "000 s224")
    assert "the jackpot wager" in str(err.value) and "\n" not in str(err.value)


def test_require_cents_positive_refuses_zero() -> None:
    from kiosk.rules.citation import RuleError
    from kiosk.rules.money import require_cents

    assert require_cents(0, "a pot") == 0
    with pytest.raises(RuleError, match=r"more than zero \(000 s224\)"):
        require_cents(0, "the jackpot wager", "000 s224", positive=True)
