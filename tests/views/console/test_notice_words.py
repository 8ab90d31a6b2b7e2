"""What the console says of a scheduled change's notice, from the displays' reports
(kiosk.views.console.notice_state.notice_words): every case a pit boss meets."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from kiosk.state.showing import ShowingRecord
from kiosk.views.console.notice_state import commission_words, notice_words

T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
TABLE = {"id": "MP-01", "game": "manila_poker", "limits": {"minimum_table_stake_cents": 10_000}}


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


@pytest.mark.parametrize(
    "item, records, words",
    [
        (
            _item(),
            [],
            "NOTICE NOT SHOWN on any display: unless shown by 09:05 the change will be refused (003 s259(3))",
        ),
        (_item(new=5_000), [], "its notice is not shown on any display"),  # a decrease needs no notice
        (_item(), [_report(1, 1, "A", True)], "notice shown since 09:01:00 on 1 display"),
        (_item(), [_report(1, 0, "A", True), _report(2, 0, "B", True)], "notice shown since 09:00:00 on 2 displays"),
        (
            _item(minutes=20),
            [_report(1, 1, "A", True)],
            "notice shown since 09:01:00 on 1 display: less than 20 minutes before the change, which will be refused "
            "(003 s259(3))",
        ),
        (
            _item(),
            [_report(1, 0, "A", True), _report(2, 3, "A", False)],
            "notice TAKEN DOWN at 09:03:00: the change will be refused unless it is shown again by 09:05 (003 s259(3))",
        ),
        (
            _item(agreement={"confirmed_by": "Pat", "agreeing": 3, "players_at_table": 3}),
            [],
            "all players agreed, confirmed by Pat",
        ),
        (_item(), None, "whether the displays show its notice is not known (the audit trail could not be read)"),
    ],
)
def test_notice_words(item, records, words):
    assert notice_words(TABLE, item, records, local) == words


@pytest.mark.parametrize(
    "report",
    [
        _report(1, 1, "GHOST-99", True, counts=False),  # refused, or recorded before reports were checked
        _report(1, 1, "A", True, signs=("limits",)),  # the notice, but not on the minimum table stake sign
    ],
)
def test_a_report_that_does_not_count_is_not_counted(report):
    assert notice_words(TABLE, _item(), [report], local) == (
        "NOTICE NOT SHOWN on any display: unless shown by 09:05 the change will be refused (003 s259(3))"
    )


POKER = {
    "id": "PK-01",
    "game": "poker",
    "signs": [{"kind": "game_notice"}, {"kind": "rake"}, {"kind": "blinds"}],
    "limits": {},
}


def _shows(n, display, signs, *, counts=True):
    return ShowingRecord(n, T0, "tok", "S", display, frozenset(signs), frozenset({"c4"}), None, counts=counts)


@pytest.mark.parametrize(
    "records, words",
    [
        (None, "whether the table's displays show it is not known (the audit trail could not be read) (002 r7.3)"),
        ([], "the table's displays to show it: NOT SHOWN yet (002 r7.3)"),
        (
            [_shows(1, "D-BJ-01-limits", ["game_notice", "rake"], counts=False)],
            "the table's displays to show it: NOT SHOWN yet (002 r7.3)",
        ),
        (
            [_shows(1, "D-PK-01-signs", ["rake"])],
            "shown on D-PK-01-signs, but not yet on its game_notice sign (002 r7.3)",
        ),
        ([_shows(1, "D-PK-01-signs", ["rake", "game_notice"])], "shown on D-PK-01-signs (002 r7.3)"),
    ],
)
def test_commission_words(records, words):
    assert commission_words(POKER, "c4", records) == words
