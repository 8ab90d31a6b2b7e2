"""The jackpot meter counts up smoothly and always lands on the exact amount in cents."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kiosk.views.meter_count import MAX_SECONDS, MeterCount, count_duration

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
