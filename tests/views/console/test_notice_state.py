"""The state of a scheduled change's notice (kiosk.views.console.notice_state.NoticeState),
returned with its words: the console styles a row from it, never from its own English."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from kiosk.state.showing import ShowingRecord
from kiosk.views.console.notice_state import NoticeState, Shown, notice_state, notice_words

T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
TABLE = {"id": "MP-01", "game": "manila_poker", "limits": {"minimum_table_stake_cents": 10_000}}
PIT = {"id": "BJ-01", "game": "blackjack", "limits": {"minimum_table_stake_cents": None}}


def _item(minutes=25, new=20_000, agreement=None):
    return {
        "id": "s7",
        "limits": {"minimum_table_stake_cents": new},
        "effective_at": (T0 + timedelta(minutes=minutes)).isoformat().replace("+00:00", "Z"),
        "agreement": agreement,
    }


def _report(n, minute, display, on, *, counts=True, signs=("minimum_table_stake",)):
    """A display's report: a counting one (docs/readings.md A-28) showing the minimum table stake
    sign, with the notice of s7 on it or not."""
    return ShowingRecord(
        n,
        T0 + timedelta(minutes=minute),
        "tok",
        "Screens",
        display,
        frozenset(signs),
        frozenset({"s7"} if on else ()),
        None,
        counts=counts,
    )


def local(moment, fmt):
    return moment.astimezone(UTC).strftime(fmt)


SHOWN_AT_1 = [_report(1, 1, "A", True)]
TAKEN_DOWN = [_report(1, 0, "A", True), _report(2, 3, "A", False)]
AGREED = {"confirmed_by": "Pat", "agreeing": 3, "players_at_table": 3}


@pytest.mark.parametrize(
    "table, item, records, state",
    [
        (TABLE, _item(agreement=AGREED), [], NoticeState(Shown.AGREED)),
        (TABLE, _item(), None, NoticeState(Shown.UNKNOWN)),
        (TABLE, _item(), [], NoticeState(Shown.NOT_SHOWN, refused=True)),  # 003 s259(3)
        (TABLE, _item(new=5_000), [], NoticeState(Shown.NOT_SHOWN)),  # a decrease needs no notice
        (PIT, _item(), [], NoticeState(Shown.NOT_SHOWN)),  # no minimum table stake rule at blackjack
        (TABLE, _item(), TAKEN_DOWN, NoticeState(Shown.TAKEN_DOWN, refused=True)),
        (TABLE, _item(new=5_000), TAKEN_DOWN, NoticeState(Shown.TAKEN_DOWN)),
        (TABLE, _item(), SHOWN_AT_1, NoticeState(Shown.SHOWN)),  # 24 minutes ahead
        (TABLE, _item(minutes=20), SHOWN_AT_1, NoticeState(Shown.SHOWN, refused=True)),  # 19 minutes: too late
        (TABLE, _item(minutes=20, new=5_000), SHOWN_AT_1, NoticeState(Shown.SHOWN)),
    ],
)
def test_the_state_goes_with_the_words(table, item, records, state):
    got, words = notice_state(table, item, records, local)
    assert got == state
    assert words == notice_words(table, item, records, local)
    # what the console used to find in its own words, it now reads from the state
    assert got.stands_out == ("refused" in words or "not known" in words)


def test_only_a_change_that_will_fail_or_is_unknown_stands_out():
    assert NoticeState(Shown.UNKNOWN).stands_out
    assert NoticeState(Shown.SHOWN, refused=True).stands_out
    assert not any(NoticeState(shown).stands_out for shown in Shown if shown is not Shown.UNKNOWN)
