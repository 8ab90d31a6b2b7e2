"""Which way of sharing a table's jackpot is settled by: the floor's method and the words of its
sharing sign (000 s247(2)(b),(3); docs/readings.md A-26)."""

from __future__ import annotations

import itertools

import pytest

from kiosk.rules.caribbean import SHARING_METHODS, CaribbeanSettings, jackpot_round, sharing_method_of, stated_sharing
from kiosk.rules.citation import RuleError

ROYAL_S = "10S JS QS KS AS"
ROYAL_H = "10H JH QH KH AH"

EQUALLY = "Two or more straight or royal flush winners share the jackpot prize equally"
IN_PROPORTION = "Two or more straight or royal flush winners share the prize in proportion to their payouts"
NEITHER = "The first winner takes the whole prize"
BOTH = "Winners share equally or in proportion, as the floor manager decides"


@pytest.mark.parametrize(
    "words, method",
    [
        (EQUALLY, "equal_shares"),
        ("Shared in EQUAL shares", "equal_shares"),
        (IN_PROPORTION, "proportional"),
        ("Shared pro rata to each payout", "proportional"),
        ("Shares are proportionate to the s246 amounts", "proportional"),
        (NEITHER, None),
        ("Inequality is not a word we match", None),
    ],
)
def test_the_words_of_a_sign_name_at_most_one_way(words: str, method: str | None) -> None:
    assert stated_sharing(words) == method


def test_words_naming_two_ways_are_refused_with_the_sign_rule() -> None:
    with pytest.raises(RuleError) as err:
        stated_sharing(BOTH)
    assert err.value.rule == "000 s247(3)" and "000 s247(3)" in str(err.value)


# Every combination of the floor's method key and the sign's words, exhaustively: the method the
# rules settle by, or the rule that refuses the combination.
WORDS = {"none": None, "equally": EQUALLY, "in proportion": IN_PROPORTION, "neither": NEITHER}
EXPECTED: dict[tuple[str | None, str], str] = {
    (None, "none"): "s246",
    (None, "equally"): "equal_shares",
    (None, "in proportion"): "proportional",
    (None, "neither"): "000 s247(2)(b)",  # words the rules cannot settle, and no method named
    ("s246", "none"): "s246",
    ("s246", "equally"): "000 s247(3)",  # the sign would state a way that is not paid
    ("s246", "in proportion"): "000 s247(3)",
    ("s246", "neither"): "s246",
    ("equal_shares", "none"): "000 s247(3)",  # a way of sharing with no sign stating it
    ("equal_shares", "equally"): "equal_shares",
    ("equal_shares", "in proportion"): "000 s247(3)",
    ("equal_shares", "neither"): "equal_shares",  # the casino's own words; the method decides
    ("proportional", "none"): "000 s247(3)",
    ("proportional", "equally"): "000 s247(3)",
    ("proportional", "in proportion"): "proportional",
    ("proportional", "neither"): "proportional",
    ("winner_takes_all", "none"): "000 s247(2)(b)",
    ("winner_takes_all", "equally"): "000 s247(2)(b)",
    ("winner_takes_all", "in proportion"): "000 s247(2)(b)",
    ("winner_takes_all", "neither"): "000 s247(2)(b)",
}


@pytest.mark.parametrize(
    "method, words", list(itertools.product([None, *SHARING_METHODS, "winner_takes_all"], list(WORDS)))
)
def test_every_method_and_wording(method: str | None, words: str) -> None:
    want = EXPECTED[(method, words)]
    if want in SHARING_METHODS:
        assert sharing_method_of(WORDS[words], method) == want
        return
    with pytest.raises(RuleError) as err:
        sharing_method_of(WORDS[words], method)
    message = str(err.value)
    assert err.value.rule == want and want in message and "\n" not in message


def test_an_unsettleable_method_names_the_ones_the_rules_settle() -> None:
    with pytest.raises(RuleError) as err:
        sharing_method_of(NEITHER, None)
    assert "equal_shares" in str(err.value) and "proportional" in str(err.value)


def table(**kw: str) -> CaribbeanSettings:
    return CaribbeanSettings(maximum_payment_cents=5_000_00, sharing=kw.get("sharing", "s246"))  # type: ignore[arg-type]


def test_the_round_says_which_way_it_was_settled() -> None:
    hands = {"1": ROYAL_S, "2": ROYAL_H}
    shared = jackpot_round(hands, 7_342_50, table(sharing="equal_shares"), sharing_sign_displayed=True)
    assert shared.settled_by == "equal_shares"
    assert [p.amount_cents for p in shared.payments] == [3_671_25, 3_671_25]
    not_shown = jackpot_round(hands, 7_342_50, table(sharing="equal_shares"), sharing_sign_displayed=False)
    assert not_shown.settled_by == "s246" and not_shown.method == "equal_shares"
    assert [p.amount_cents for p in not_shown.payments] == [10_000_00, 10_000_00]
