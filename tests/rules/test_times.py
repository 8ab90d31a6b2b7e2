"""The one time module: stored moments round-trip, and the machine's zone never enters."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kiosk.rules.times import format_utc, parse_utc, utc_now

moments = st.datetimes(min_value=datetime(1000, 1, 2), max_value=datetime(9998, 12, 30), timezones=st.just(UTC))
offsets = st.integers(min_value=-14 * 60, max_value=14 * 60).map(lambda m: timezone(timedelta(minutes=m)))


@given(moments)
def test_a_stored_moment_reads_back_as_the_same_aware_utc(moment):
    text = format_utc(moment)
    assert text.endswith("Z") and len(text) == 27
    assert parse_utc(text) == moment and parse_utc(text).tzinfo is UTC


@given(moments, offsets)
def test_any_offset_reads_as_the_same_moment_in_utc(moment, zone):
    assert parse_utc(moment.astimezone(zone).isoformat()) == moment
    assert parse_utc(moment.astimezone(zone).isoformat()).utcoffset() == timedelta(0)


def test_a_naive_time_is_refused_when_stored_and_read_as_utc():
    with pytest.raises(ValueError, match="timezone-aware UTC"):
        format_utc(datetime(2026, 11, 30, 9, 0))
    assert parse_utc("2026-11-30T09:00:00") == datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def test_the_machine_zone_never_changes_what_a_time_means():
    code = "from kiosk.rules.times import parse_utc; print(parse_utc('2026-11-30T09:00:00').isoformat())"
    seen = {
        subprocess.run(
            [sys.executable, "-c", code], env={**os.environ, "TZ": tz}, capture_output=True, text=True, check=True
        ).stdout.strip()
        for tz in ("UTC", "Australia/Brisbane", "America/New_York")
    }
    assert seen == {"2026-11-30T09:00:00+00:00"}


def test_now_is_aware_utc():
    now = utc_now()
    assert now.tzinfo is UTC and abs(now - datetime.now(UTC)) < timedelta(seconds=5)
