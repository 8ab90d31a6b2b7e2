"""Commission and split pots: the seeds' worked examples, boundaries and properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.rules.citation import RuleError
from kiosk.rules.commission import (
    ReducedCommission,
    fixed_hand_commission,
    hand_commission,
    manila_commission,
    manila_pot,
    pai_gow_banker_commission,
    pai_gow_co_banker_commission,
    pai_gow_player_payout,
    per_person_commission,
    percentage_rake,
    split_manila_pot,
    split_poker_pot,
    time_charge,
)
from kiosk.rules.table import RakeSettings

# --- manila poker 003 s275 ----------------------------------------------------------------


def test_rules_md_worked_examples() -> None:
    assert manila_commission(5900, 500) == 200  # $59 pot: 5 % of $40 = $2
    assert manila_commission(100000, 500) == 2500  # $1,000 at a $5 minimum: taken as $500 -> $25


@pytest.mark.parametrize(
    ("pot", "commission"),
    [
        (0, 0),
        (1900, 0),
        (1901, 0),
        (1999, 0),
        (2000, 100),
        (3999, 100),
        (4000, 200),
        (5900, 200),
        (6000, 300),
        (19999, 900),
        (50000, 2500),
    ],
)
def test_nil_to_19_dollars_then_5_percent_of_whole_twenties(pot, commission) -> None:
    assert manila_commission(pot, 1000) == commission


@pytest.mark.parametrize(
    ("pot", "minimum", "commission"),
    [
        (50000, 500, 2500),
        (50001, 500, 2500),
        (52000, 500, 2500),
        (200000, 2000, 10000),
        (100000, 100, 500),
        (5000, 10, 0),
    ],
)
def test_pot_above_100_minimum_wagers_is_taken_as_100_of_them(pot, minimum, commission) -> None:
    assert manila_commission(pot, minimum) == commission


def test_equal_hands_sharing_a_pot_nobody_else_fed_pay_nothing() -> None:
    assert manila_commission(100000, 500, equal_hands_sole_contributors=True) == 0


def test_pots_won_in_a_round_are_totalled_and_an_uncalled_raise_left_out() -> None:
    assert manila_pot([1500, 1000]) == 2500
    assert manila_commission(manila_pot([1500, 1000]), 500) == 100  # two pots below $20 each still pay
    assert manila_pot([4500], uncalled_raise_cents=1000) == 3500
    with pytest.raises(ValueError, match="uncalled raise"):
        manila_pot([1000], uncalled_raise_cents=1500)


def test_reduced_commission_only_if_announced() -> None:
    told = ReducedCommission(rate_bp=250, players_told=True)
    assert manila_commission(5900, 500, reduced=told) == 100  # 2.5 % of $40
    with pytest.raises(RuleError) as err:
        manila_commission(5900, 500, reduced=ReducedCommission(rate_bp=250, players_told=False))
    assert err.value.rule == "003 s275(3)" and "told" in str(err.value)
    with pytest.raises(RuleError, match="less than 5 %"):
        manila_commission(5900, 500, reduced=ReducedCommission(rate_bp=600, players_told=True))


@pytest.mark.parametrize(("pot", "minimum"), [(-1, 500), (100, 0), (1.5, 500), ("59", 500), (True, 500)])
def test_manila_bad_input_is_a_one_line_value_error(pot, minimum) -> None:
    with pytest.raises(ValueError) as err:
        manila_commission(pot, minimum)
    assert "\n" not in str(err.value)


@settings(max_examples=500, deadline=None)
@given(pot=st.integers(0, 10**9), minimum=st.integers(1, 10**6))
def test_manila_commission_is_whole_dollars_and_at_most_5_percent_of_the_capped_pot(pot, minimum) -> None:
    commission = manila_commission(pot, minimum)
    assert commission % 100 == 0
    assert commission * 20 <= min(pot, 100 * minimum)
    assert commission == 0 or pot > 1900
    # never more than one $20 step short of 5 % of the capped pot
    assert (min(pot, 100 * minimum) - commission * 20) < 2000 or pot <= 1900


# --- poker room 002 r7 --------------------------------------------------------------------


def test_percentage_rake_with_cap_and_exclusions() -> None:
    assert percentage_rake(10000, 500, 10000) == 500  # 5 % of $100
    assert percentage_rake(10000, 500, 300) == 300  # r7.7 cap
    assert percentage_rake(10000, 500, 10000, uncalled_cents=2000) == 400  # r7.5
    assert percentage_rake(10000, 500, 10000, only_blinds=True) == 0  # r7.6
    assert percentage_rake(10000, 500, 10000, equal_hands_sole_contributors=True) == 0  # r7.8
    assert percentage_rake(10000, 0, 10000) == 0  # nil, r7.4
    assert percentage_rake(1999, 1000, 10000) == 199  # rounded down to the cent
    assert percentage_rake(1999, 1000, 10000, unit_cents=100) == 100  # ... and to the chip


@pytest.mark.parametrize(("bp", "ok"), [(199, False), (200, True), (1000, True), (1001, False), (1, False)])
def test_percentage_rake_range(bp, ok) -> None:
    if ok:
        assert percentage_rake(10000, bp, 100000) == bp
    else:
        with pytest.raises(RuleError) as err:
            percentage_rake(10000, bp, 100000)
        assert err.value.rule == "002 r7.2.1"


def test_fixed_fees_and_time_charges() -> None:
    assert fixed_hand_commission(300, 10000) == 300
    assert fixed_hand_commission(300, 200) == 200  # never more than the pot
    assert fixed_hand_commission(300, 10000, only_blinds=True) == 0
    with pytest.raises(RuleError, match="maximum fee per hand"):
        fixed_hand_commission(600, 10000, maximum_fee_cents=500)
    assert per_person_commission(100, 9) == 900
    assert time_charge(1000, 10) == 10000  # inactive players included: caller passes every seated player
    assert time_charge(1000, 10, hours=2) == 20000


def test_hand_commission_follows_the_table_setting() -> None:
    pct = RakeSettings("percentage", percent_bp=1000, cap_cents=400)
    assert hand_commission(pct, wagered_cents=10000) == 400
    assert hand_commission({"type": "fixed_per_hand", "fee_per_hand_cents": 300}, wagered_cents=10000) == 300
    assert (
        hand_commission(RakeSettings("per_person_per_hand", fee_per_hand_cents=100), wagered_cents=0, players=6) == 600
    )
    assert hand_commission(RakeSettings("time_charge", hourly_fee_cents=1000), wagered_cents=10000) == 0
    assert hand_commission(None, wagered_cents=10000) == 0
    with pytest.raises(RuleError, match="cap"):
        hand_commission(RakeSettings("percentage", percent_bp=500), wagered_cents=10000)


@settings(max_examples=300, deadline=None)
@given(
    wagered=st.integers(0, 10**9), bp=st.integers(200, 1000), cap=st.integers(0, 10**6), uncalled=st.integers(0, 10**6)
)
def test_rake_never_exceeds_the_cap_or_the_percentage(wagered, bp, cap, uncalled) -> None:
    uncalled = min(uncalled, wagered)
    rake = percentage_rake(wagered, bp, cap, uncalled_cents=uncalled)
    assert 0 <= rake <= cap
    assert rake * 10000 <= (wagered - uncalled) * bp


# --- pai gow 003 s426 ---------------------------------------------------------------------


def test_seed_example_co_banker_pays_on_95_dollars() -> None:
    c = pai_gow_co_banker_commission(9750, 500)
    assert (c.base_cents, c.commission_cents) == (9500, 475)


def test_co_banker_amount_paid_exactly_is_not_rounded() -> None:
    assert pai_gow_co_banker_commission(9600, 500).base_cents == 9600  # 5 % = $4.80 exactly
    assert pai_gow_co_banker_commission(9600, 500, smallest_chip_cents=100).base_cents == 9500
    assert pai_gow_co_banker_commission(10000, 500, smallest_chip_cents=100).base_cents == 10000


def test_player_paid_even_money_less_5_percent_and_banker_5_percent_of_profit() -> None:
    p = pai_gow_player_payout(10000)
    assert (p.winnings_cents, p.commission_cents, p.net_cents) == (10000, 500, 9500)
    assert pai_gow_player_payout(1010).commission_cents == 50  # 50.5 cents rounded down
    assert pai_gow_banker_commission(20000) == 1000
    assert pai_gow_banker_commission(-5000) == 0


@settings(max_examples=300, deadline=None)
@given(amount=st.integers(0, 10**8), minimum=st.integers(1, 10**5))
def test_co_banker_base_is_the_amount_or_a_multiple_of_the_minimum(amount, minimum) -> None:
    c = pai_gow_co_banker_commission(amount, minimum)
    assert c.base_cents <= amount
    assert c.base_cents == amount or c.base_cents % minimum == 0
    assert c.commission_cents * 20 <= c.base_cents


# --- split pots ---------------------------------------------------------------------------


def test_manila_split_in_dollars_with_the_rest_to_the_closest_player() -> None:
    assert split_manila_pot(1000, 2) == [500, 500]
    assert split_manila_pot(1100, 2) == [600, 500]
    assert split_manila_pot(1050, 4) == [450, 200, 200, 200]
    assert split_manila_pot(99, 2) == [99, 0]


def test_poker_split_to_the_lowest_chip_odd_chips_clockwise() -> None:
    assert split_poker_pot(1000, 2, 100) == [500, 500]
    assert split_poker_pot(1100, 3, 100) == [400, 400, 300]
    assert split_poker_pot(1025, 2, 25) == [525, 500]
    assert split_poker_pot(1010, 2, 25) == [510, 500]  # below one chip: to the first hand


@settings(max_examples=300, deadline=None)
@given(pot=st.integers(0, 10**7), winners=st.integers(1, 10), chip=st.sampled_from([1, 5, 25, 50, 100, 500]))
def test_splits_always_add_up_and_differ_by_at_most_one_unit(pot, winners, chip) -> None:
    for shares, unit, spread in (
        (split_poker_pot(pot, winners, chip), chip, 2 * chip),
        (split_manila_pot(pot, winners), 100, winners * 100),
    ):
        assert sum(shares) == pot and len(shares) == winners
        assert all(s >= 0 for s in shares)
        assert shares[0] == max(shares)
        assert max(shares) - min(shares) < spread
        assert all(s % unit == 0 for s in shares[1:])


@pytest.mark.parametrize("bad", [(100, 0, 25), (-1, 2, 25), (100, 2, 0)])
def test_split_bad_input(bad) -> None:
    with pytest.raises(ValueError):
        split_poker_pot(*bad)
