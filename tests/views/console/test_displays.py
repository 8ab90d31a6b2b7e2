"""What the pit console says of each table's displays, and the alerts it raises, without Qt."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from kiosk.floor.models import Display
from kiosk.views.console.displays import (
    FAULT,
    NOTICE,
    OFFLINE,
    SHOWING,
    UNHEARD,
    alerts,
    displays_cell,
    latest_reports,
    table_displays,
)

AT = datetime(2026, 12, 1, 22, 0, tzinfo=UTC)
FRAME = {
    "D-BJ-01-limits": Display(id="D-BJ-01-limits", table="BJ-01", view="limits"),
    "D-BJ-01-signs": Display(id="D-BJ-01-signs", table="BJ-01", view="signs"),
    "D-RO-01-layout": Display(id="D-RO-01-layout", table="RO-01", view="layout"),
}


def local(moment: datetime, fmt: str) -> str:
    return moment.strftime(fmt)


def report(n: int, display_id: str, table_id: str = "BJ-01", token: str = "tok-1", **details) -> dict:
    return {
        "n": n,
        "at": (AT + timedelta(minutes=n)).isoformat().replace("+00:00", "Z"),
        "actor": "display-tester",
        "token_id": token,
        "action": "display_showing",
        "target": table_id,
        "details": {"display_id": display_id, "signs": [], "notices": [], "counts": True, **details},
    }


STREAMING = [{"name": "display-tester", "role": "display", "token_id": "tok-1", "tables": None}]


def test_a_table_no_display_shows_has_no_display_whatever_streams():
    # the cause of "1 streaming" on every table: a connection taking the whole floor (ux-review C3)
    lines = table_displays("BJ-02", FRAME, {}, STREAMING, local)
    assert lines == []
    assert displays_cell(lines) == ("no display", -1)


def test_each_display_says_what_its_latest_report_shows():
    rows = [
        report(1, "D-BJ-01-limits", signs=["limits"], digest="sha256:" + "0" * 64),
        report(
            2, "D-BJ-01-limits", signs=["limits", "bonus_payouts"], digest="sha256:" + "1" * 64, screen_mm=[527, 296.4]
        ),
        report(3, "D-BJ-01-signs"),  # its view replaced by a notice: no sign, no picture
        report(4, "D-RO-01-layout", "RO-01", signs=["layout"]),
    ]
    latest = latest_reports(reversed(rows))
    assert latest["D-BJ-01-limits"]["n"] == 2
    lines = table_displays("BJ-01", FRAME, latest, STREAMING, local)
    assert [(line.display_id, line.state) for line in lines] == [
        ("D-BJ-01-limits", SHOWING),
        ("D-BJ-01-signs", NOTICE),
    ]
    assert "Bonus" in lines[0].words and "bonus_payouts" not in lines[0].words  # staff names, not ids
    assert lines[0].view == "limits sign"
    assert lines[0].words.endswith("on its 527 × 296 mm screen")
    assert displays_cell(lines)[0] == "1 showing, 1 a notice"


def test_offline_fault_and_never_heard_are_told_apart_and_raise_alerts():
    rows = [
        report(
            1, "D-BJ-01-limits", status={"kind": "fault", "since": "2026-12-01T22:01:00Z", "reason": "no heartbeat"}
        ),
        report(2, "D-RO-01-layout", "RO-01", token="tok-2", signs=["layout"]),
    ]
    latest = latest_reports(rows)
    bj = table_displays("BJ-01", FRAME, latest, STREAMING, local)
    ro = table_displays("RO-01", FRAME, latest, STREAMING, local)  # tok-2 does not stream
    assert [line.state for line in bj] == [FAULT, UNHEARD]
    assert "no heartbeat" in bj[0].words
    assert [line.state for line in ro] == [OFFLINE]
    assert "NOT CONNECTED" in ro[0].words
    assert displays_cell(bj)[0] == "2 of 2 FAULT OR UNHEARD"
    raised = alerts({}, bj + ro, rows, local)
    assert sorted(a.key.split(":")[0] for a in raised) == ["fault", "offline", "unheard"]
    assert all(a.target in ("BJ-01", "RO-01") for a in raised)
    # the same problem keeps its key; a stream filtered to other tables does not count
    filtered = [{**STREAMING[0], "token_id": "tok-2", "tables": ["BJ-01"]}]
    assert table_displays("RO-01", FRAME, latest, filtered, local)[0].state == OFFLINE
    assert [a.key for a in alerts({}, bj + ro, rows, local)] == [a.key for a in raised]


def test_a_display_that_reports_it_lost_its_server_is_offline_since_then():
    rows = [report(1, "D-BJ-01-limits", signs=["limits"], status={"kind": "stale", "since": "2026-12-01T21:30:00Z"})]
    line = table_displays("BJ-01", FRAME, latest_reports(rows), STREAMING, local)[0]
    assert line.state == OFFLINE and line.since == datetime(2026, 12, 1, 21, 30, tzinfo=UTC)
    assert "OFFLINE since 21:30" in line.words


def test_unknown_connections_say_so_rather_than_guess():
    lines = table_displays("BJ-01", FRAME, {}, None, local)
    assert displays_cell(lines, known=False)[0] == "2 in the floor; not known now"


def test_a_notice_that_will_not_be_shown_in_time_is_an_alert():
    due = (AT + timedelta(minutes=30)).isoformat().replace("+00:00", "Z")
    table = {
        "id": "MP-01",
        "game": "manila_poker",
        "version": 3,
        "limits": {"minimum_table_stake_cents": 10000},
        "scheduled": [{"id": "c1", "effective_at": due, "limits": {"minimum_table_stake_cents": 20000}, "by": "pit"}],
    }
    raised = alerts({"MP-01": table}, [], [], local)
    assert [a.key for a in raised] == ["notice:MP-01:c1"]
    assert "003 s259(3)" in raised[0].text
    # a lowering needs no notice: nothing to acknowledge
    table["scheduled"][0]["limits"] = {"minimum_table_stake_cents": 5000}
    assert alerts({"MP-01": table}, [], [], local) == []


def test_a_stake_raise_at_a_table_no_display_shows_is_warned_before_it_is_scheduled():
    from kiosk.views.console.displays import notice_warning

    table = {"id": "MP-01", "game": "manila_poker", "limits": {"minimum_table_stake_cents": 10000}}
    raise_ = {"minimum_table_stake_cents": 20000}
    words = notice_warning(table, raise_, FRAME)
    assert words is not None and words.startswith("MP-01 has no display that shows its signs")
    assert "003 s259(3)" in words and "minimum_table_stake" not in words
    # a display of its signs or limits can show it; a layout display cannot
    for view, warned in (("signs", False), ("limits", False), ("layout", True)):
        frame = {**FRAME, "D": Display(id="D", table="MP-01", view=view)}
        assert (notice_warning(table, raise_, frame) is not None) is warned
    # no notice needed: a lowering, another field, a game without the rule
    assert notice_warning(table, {"minimum_table_stake_cents": 5000}, FRAME) is None
    assert notice_warning(table, {"maximum_cents": 5000}, FRAME) is None
    assert notice_warning({**table, "game": "blackjack"}, raise_, FRAME) is None
    draw = {**table, "id": "DP-01", "game": "draw_poker"}
    assert "003 s295(3)" in (notice_warning(draw, raise_, FRAME) or "")
