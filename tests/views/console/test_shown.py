"""The decisions of the console's "What was shown", without Qt: what can be picked, the casino's
day on the slider and the events on it, the signs and notices then with the displays that
reported them, the records around the moment, and the certificate's facts."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from kiosk.state.history import PastState
from kiosk.views.console.shown import (
    around,
    certificate,
    choices,
    day_span,
    marks,
    notices_then,
    signs_then,
    views_for,
)
from kiosk.views.screen import Subject

BRISBANE = ZoneInfo("Australia/Brisbane")
SYDNEY = ZoneInfo("Australia/Sydney")
AT = datetime(2026, 11, 28, 11, 14, tzinfo=UTC)  # Saturday 21:14 in Brisbane


def _report(n, display, signs=(), notices=(), at=AT - timedelta(minutes=5)):
    details = {"display_id": display, "version": 3, "signs": list(signs), "notices": list(notices), "sharing": None}
    return {
        "n": n,
        "at": at.isoformat(),
        "actor": "screen",
        "token_id": "tok_s",
        "action": "display_showing",
        "details": details,
    }


def _past(**table) -> PastState:
    state = {
        "id": "MP-01",
        "game": "manila_poker",
        "display_name": "Manila",
        "version": 3,
        "signs": [{"kind": "limits", "cap_mm": 8.0}, {"kind": "minimum_table_stake", "cap_mm": 12.0}],
        "scheduled": [],
        "pending": [],
        **table,
    }
    return PastState(
        at=AT,
        n=40,
        head="ab" * 32,
        record_at=AT - timedelta(seconds=20),
        seq=33,
        tables={"MP-01": state},  # type: ignore[dict-item]
        links={},
        casino={"name": "Coral Coast Casino", "timezone": "Australia/Brisbane"},
        frame_from="audit record 19",
        reports=(
            _report(37, "D-MP-01-signs", ["limits", "minimum_table_stake"], ["chg-1"]),
            _report(38, "D-MP-01-layout", ["limits"]),
        ),
        target=("table", "MP-01"),
        head_now={"seq": 50, "n": 60, "hash": "cd" * 32},
    )


def test_tables_then_displays_each_in_id_order():
    tables = {"BJ-01": {"display_name": "Blackjack"}, "AA-01": {"display_name": "A"}}
    displays = [
        {"id": "D-2", "table": "BJ-01", "link": None, "view": "limits"},
        {"id": "D-1", "table": None, "link": "PROG", "view": "jackpot"},
    ]
    found = choices(tables, displays)
    assert [c.label for c in found] == [
        "Table AA-01: A",
        "Table BJ-01: Blackjack",
        "Display D-1: jackpot of PROG",
        "Display D-2: limits of BJ-01",
    ]
    assert found[2].subject() == Subject("jackpot", link="PROG")
    assert found[1].subject("layout") == Subject("layout", table="BJ-01")
    assert "trichro" in views_for("tri_chro_54") and "trichro" not in views_for("blackjack")
    assert "jackpot" not in views_for("caribbean_stud") and "layout" in views_for("caribbean_stud")


def test_the_day_is_the_casinos_from_midnight_to_midnight():
    span = day_span(date(2026, 11, 28), BRISBANE)
    assert span.start == datetime(2026, 11, 27, 14, 0, tzinfo=UTC) and span.seconds == 86_400
    assert span.moment(span.second_of(AT)) == AT
    assert span.moment(-5) == span.start and span.moment(10**9) == span.end - timedelta(seconds=1)
    # a day the clocks go forward (Sydney, first Sunday of October) has 23 hours; back, 25
    assert day_span(date(2026, 10, 4), SYDNEY).seconds == 23 * 3600
    assert day_span(date(2026, 4, 5), SYDNEY).seconds == 25 * 3600


def test_the_days_records_are_marks_on_the_slider():
    span = day_span(date(2026, 11, 28), BRISBANE)
    records = [
        {"n": 3, "at": "2026-11-28T11:14:00.000000Z", "action": "limits_set"},
        {"n": 2, "at": "2026-11-27T14:00:00.000000Z", "action": "table_created"},
        {"n": 9, "at": "2026-11-28T14:00:00.000000Z", "action": "the next day"},
    ]
    found = marks(records, span)
    assert [(m.n, m.action) for m in found] == [(2, "table_created"), (3, "limits_set")]
    assert found[0].position == 0 and abs(found[1].position - (21 * 60 + 14) / 1440) < 1e-9


def test_signs_then_with_the_displays_that_reported_them():
    lines = signs_then(_past(), "MP-01")
    assert [(s.kind, s.shown_by) for s in lines] == [
        ("limits", ("D-MP-01-layout", "D-MP-01-signs")),
        ("minimum_table_stake", ("D-MP-01-signs",)),
    ]
    assert lines[0].text == "Minimum and maximum wagers (limits): D-MP-01-layout, D-MP-01-signs"
    gone = signs_then(_past(signs=[{"kind": "limits", "cap_mm": 8.0}]), "MP-01")
    assert [s.kind for s in gone] == ["limits", "minimum_table_stake"]  # reported, though no longer configured
    assert signs_then(_past(), "XX-01")[0].shown_by  # an unknown table: only what the displays reported


def test_notices_then_with_the_displays_that_showed_them():
    scheduled = {
        "id": "chg-1",
        "limits": {"minimum_table_stake_cents": 20_000},
        "effective_at": "2026-11-28T11:40:00.000000Z",
        "notice_from": "2026-11-28T11:00:00.000000Z",
        "agreement": None,
        "by": "Pat",
        "reason": None,
    }
    lines = notices_then(_past(scheduled=[scheduled]), "MP-01")
    assert len(lines) == 1 and lines[0].shown_by == ("D-MP-01-signs",)
    assert lines[0].text == "minimum table stake $200 from Sat 28 Nov 2026 21:40:00 AEST (11:40:00 UTC)"
    assert notices_then(_past(), "MP-01") == [] and notices_then(_past(), "XX-01") == []


def test_records_around_the_moment_say_whether_the_picture_holds_them():
    records = [
        {
            "n": 41,
            "at": "2026-11-28T11:15:00Z",
            "actor": "Pat",
            "action": "limits_set",
            "target": "MP-01",
            "details": {"event": {"data": {"state": {}, "limits": {"minimum_cents": 500}}}},
        },
        {
            "n": 40,
            "at": "2026-11-28T11:13:40Z",
            "actor": "Dana",
            "action": "display_showing",
            "target": "MP-01",
            "details": {"signs": ["limits"]},
        },
    ]
    lines = around(records, _past())
    assert [(r.n, r.before) for r in lines] == [(40, True), (41, False)]
    assert lines[1].what == "limits={'minimum_cents': 500}" and lines[0].what == "signs=['limits']"


def test_the_certificate_states_the_moment_the_record_the_head_and_the_report():
    past = _past()
    made = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    cert = certificate(
        past,
        Subject("signs", table="MP-01"),
        display="D-MP-01-signs",
        screen="527 x 296 mm",
        server="https://pit",
        generated=made,
    )
    facts = dict(cert.lines)
    assert facts["Moment (casino time)"] == "Saturday 28 November 2026 21:14:00 AEST (Australia/Brisbane)"
    assert facts["Moment (UTC)"] == "2026-11-28 11:14:00.000000 UTC"
    assert facts["Sequence number"].startswith("event 33") and facts["Audit record"].startswith("40, of Sat 28 Nov")
    assert facts["Audit head"] == "ab" * 32
    assert facts["Display's report then"].startswith("D-MP-01-signs at 21:09:00 (record 37): signs limits")
    assert "Scene digest" not in facts and cert.digest is None  # never faked
    assert cert.checkpoint == past.checkpoint_line() and '"n":40' in cert.checkpoint
    assert "kiosk audit verify" in cert.verify and "records 1 to 40" in cert.verify
    with_digest = certificate(
        past,
        Subject("signs", table="MP-01"),
        screen="527 x 296 mm",
        server="x",
        generated=made,
        digest="sha256:" + "f" * 64,
        composer="kiosk 0.1.0+abc",
        verdict="digest matches the display's report of 21:09:00 (seq 33)",
    )
    labels = [label for label, _ in with_digest.lines]
    assert dict(with_digest.lines)["Scene digest"] == "sha256:" + "f" * 64 + " (composed by kiosk 0.1.0+abc)"
    assert labels.index("Display's picture then") == labels.index("Display's report then") + 1
    assert labels.index("Scene digest") == labels.index("Audit head") + 1
    assert "D-MP-01-layout at" in dict(with_digest.lines)["Display's report then"]  # no display picked: every one
    alone = certificate(past, Subject("signs", table="MP-01"), display="D-X", screen="s", server="x", generated=made)
    assert dict(alone.lines)["Display's report then"].startswith(
        "D-X had not reported showing anything; the table's displays then: D-MP-01-signs at 21:09:00 (record 37)"
    )
