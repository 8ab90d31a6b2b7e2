"""Property tests: money converts exactly or is refused; no input crashes the loader."""

from __future__ import annotations

import copy
import math
import re
import tomllib
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.floor import FloorError, parse_floor
from kiosk.floor.load import floor_from_data
from tests.fixtures.floors import TABLES, floor_text

BJ = TABLES["blackjack"]
BASE = tomllib.loads(floor_text(BJ, TABLES["poker"], TABLES["caribbean_stud"]))


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=10**13))
def test_dollars_and_cents_written_with_separators_are_exact(cents: int) -> None:
    written = f"${cents // 100:,}.{cents % 100:02d}"
    text = floor_text(BJ.replace('maximum = "$1,000"', f'maximum = "{written}"'))
    assert parse_floor(text).tables["T-blackjack"].limits.maximum_cents == cents


_EXACT = re.compile(r"\d+\.\d{1,2}")


@settings(max_examples=300, deadline=None)
@given(st.floats(allow_nan=True, allow_infinity=True))
def test_a_float_is_taken_exactly_as_written_or_refused(value: float) -> None:
    """A TOML float is money only if its shortest form has at most two decimals."""
    data = copy.deepcopy(BASE)
    data["table"][0]["limits"]["maximum"] = value
    written = repr(value)
    exact = _EXACT.fullmatch(written) is not None and Decimal(written) * 100 <= 10**15
    try:
        floor = floor_from_data(data, name="f.toml")
    except FloorError as exc:
        assert not exact, (written, exc.problems)
        (line,) = exc.problems
        assert line.startswith("f.toml: table T-blackjack: limits.maximum: ")
        assert written in line or math.isnan(value)
    else:
        assert exact, written
        assert floor.tables["T-blackjack"].limits.maximum_cents == int(Decimal(written) * 100)


_toml_scalars = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(),
    st.text(max_size=20),
    st.booleans(),
)
_toml_values = st.recursive(
    _toml_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)),
    max_leaves=8,
)
_PLACES = [
    ("casino", "name"),
    ("casino", "timezone"),
    ("casino", "logo"),
    ("table", 0, "id"),
    ("table", 0, "game"),
    ("table", 0, "signs"),
    ("table", 0, "limits"),
    ("table", 0, "limits", "minimum"),
    ("table", 0, "limits", "maximum_by"),
    ("table", 0, "blackjack"),
    ("table", 1, "poker", "rake"),
    ("table", 1, "poker", "blinds"),
    ("table", 1, "variant"),
    ("table", 2, "caribbean_stud", "jackpot"),
    ("link",),
    ("display",),
    ("format",),
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_PLACES), _toml_values)
def test_no_value_anywhere_crashes_the_loader(place: tuple, value: object) -> None:
    """Any TOML value at any key loads or gives FloorError lines naming the file; nothing else."""
    data = copy.deepcopy(BASE)
    target = data
    for part in place[:-1]:
        target = target[part]
    target[place[-1]] = value
    try:
        floor_from_data(data, name="f.toml")
    except FloorError as exc:
        assert exc.problems
        for line in exc.problems:
            assert line.startswith("f.toml: ") and "\n" not in line


def test_odd_keys_and_ids_stay_on_one_line() -> None:
    data = copy.deepcopy(BASE)
    data["table"][0]["blackjack"] = {"de\ncks": 6}
    data["table"][1]["id"] = "PK\n01"
    data["link"] = [{"id": "L\n1", "name": "x", "tables": ["T-caribbean_stud", "nope\n"], "seed": 1}]
    try:
        floor_from_data(data, name="f.toml")
    except FloorError as exc:
        lines = exc.problems
    else:
        raise AssertionError("loaded")
    assert "f.toml: table T-blackjack: blackjack.'de\\ncks': unknown key (did you mean 'decks'?)" in lines
    assert all("\n" not in line for line in lines)
    assert len(lines) == 4, lines
