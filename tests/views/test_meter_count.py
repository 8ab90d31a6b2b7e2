"""The jackpot meter counts up smoothly and always lands on the exact amount in cents."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kiosk.views.meter_count import MAX_SECONDS, MeterCount, count_duration, wheels

cents = st.integers(min_value=0, max_value=10**11)


@given(start=cents, targets=st.lists(st.tuples(cents, st.floats(0, 3)), min_size=1, max_size=6))
def test_lands_exactly_never_overshoots_never_goes_down_while_counting(start, targets):
    meter = MeterCount.at(start)
    now = 0.0
    for target, gap in targets:
        before = meter.shown_at(now)
        meter.retarget(target, now)
        shown = [meter.shown_at(now + i * 0.05) for i in range(int(MAX_SECONDS / 0.05) + 2)]
        if target >= before:
            assert all(before <= v <= target for v in shown)
            assert shown == sorted(shown)
        else:  # a reset after a hit: the new amount at once
            assert shown[0] == target
        now += gap
    assert meter.shown_at(now + MAX_SECONDS + 1) == targets[-1][0]
    assert not meter.counting(now + MAX_SECONDS + 1)


def test_counting_is_visible_in_between():
    meter = MeterCount.at(100_000)
    meter.retarget(112_345, 10.0)
    middle = meter.shown_at(10.0 + count_duration(12_345) / 2)
    assert 100_000 < middle < 112_345
    assert meter.counting(10.1)
    assert meter.shown_at(10.0 + count_duration(12_345)) == 112_345


def test_durations_grow_with_the_step_and_are_bounded():
    assert count_duration(0) == 0
    assert 0.4 <= count_duration(1) < count_duration(10_000) < count_duration(10**9) <= MAX_SECONDS


@pytest.mark.parametrize("bad", [-1, 1.5, True, "12"])
def test_amounts_are_whole_cents(bad):
    with pytest.raises(ValueError):
        MeterCount.at(bad)


def test_wheels_show_the_digits_and_only_the_carrying_wheels_turn():
    # exhaustive over four wheels: still at rest, and a wheel turns only when all below it show 9
    for n in range(10_000):
        still = wheels(n, 0.0, 4)
        assert [w.digit for w in still] == [int(d) for d in reversed(f"{n:04d}")]
        assert all(w.roll == 0 for w in still)
        turning = wheels(n, 0.5, 4)
        nines = len(str(n % 10_000).zfill(4)) - len(str(n % 10_000).zfill(4).rstrip("9"))
        assert [w.roll > 0 for w in turning] == [k <= nines for k in range(4)]
        # the turning wheels bring in the next cent's digits; the others already show them
        after = [int(d) for d in reversed(f"{(n + 1) % 10_000:04d}")]
        assert [w.next_digit if w.roll else w.digit for w in turning] == after


@given(start=cents, target=cents, at=st.floats(0, 3))
def test_the_wheels_land_still_on_the_exact_amount(start, target, at):
    meter = MeterCount.at(start)
    meter.retarget(target, 0.0)
    roll = meter.roll_at(at)
    assert 0.0 <= roll < 1.0
    if not meter.counting(at):
        assert roll == 0.0 and meter.shown_at(at) == target
    assert meter.roll_at(MAX_SECONDS + 1) == 0.0 and meter.shown_at(MAX_SECONDS + 1) == target


def test_a_count_of_a_few_cents_turns_only_the_last_wheels():
    meter = MeterCount.at(4_821_490)
    meter.retarget(4_821_497, 0.0)
    for i in range(1, 20):
        now = i * 0.02
        turning = [k for k, w in enumerate(wheels(meter.shown_at(now), meter.roll_at(now), 7)) if w.roll]
        assert set(turning) <= {0}  # 90 -> 97 never carries: only the cents wheel turns
