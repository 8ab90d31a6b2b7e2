"""What the displays report showing, and the rules that count from it: the stake notice
(003 s259(3), s295(3)), the poker commission's signs (002 r7.3) and the jackpot sharing sign
(000 s247(3)).  Real Service on SQLite and PostgreSQL with a hand-moved clock."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kiosk.state.errors import BadRequest, Forbidden, NotFound
from kiosk.state.events import Actor
from kiosk.state.showing import ACTION, ShowingRecord, notice_shown, parse_report, sign_shown
from kiosk.state.store import AuditQuery
from kiosk.views import builders as b
from tests.fixtures.actors import DEALER, DISPLAY, PIT
from tests.fixtures.backend import table_state
from tests.fixtures.clock import START
from tests.fixtures.floors import SCREENS

SCREEN_2 = Actor(name="Screen 2", role="display", token_id="tok_display2", displays=frozenset({"D-MP-01-limits"}))
STAKE = ["minimum_table_stake"]  # the sign that carries the stake notice (docs/readings.md A-28)
SHARING = "Two or more straight or royal flushes share the prize equally"
ROYAL = ["AS", "KS", "QS", "JS", "10S"]


def _at(delta: timedelta) -> str:
    return (START + delta).isoformat().replace("+00:00", "Z")


async def show(service, table_id, *, display=DISPLAY, screen=None, signs=(), notices=(), sharing=None):
    await service.record_showing(
        display,
        parse_report(
            {
                "type": "showing",
                "table_id": table_id,
                "display_id": screen or SCREENS[table_id],
                "signs": list(signs),
                "notices": list(notices),
                "sharing": sharing,
            }
        ),
    )


async def schedule_stake(service, table_id="MP-01", minutes=25, **extra) -> str:
    events = await service.execute(
        PIT,
        {
            "type": "schedule_change",
            "table_id": table_id,
            "limits": {"minimum_table_stake_cents": 20_000},
            "effective_at": _at(timedelta(minutes=minutes)),
            **extra,
        },
    )
    return events[0].data["scheduled"]["id"]


# -- recording -------------------------------------------------------------------------------


async def test_a_report_is_an_audit_record_not_a_new_version(service):
    before = await table_state(service, "MP-01")
    head = await service.head_seq()
    await show(service, "MP-01", signs=["minimum_table_stake", "limits"], notices=["s9"])
    assert (await table_state(service, "MP-01"))["version"] == before["version"]  # nobody's edit conflicts
    assert await service.head_seq() == head  # no event
    [record] = await service.audit_records(AuditQuery(target="MP-01", action=ACTION))
    assert record["actor"] == "Screen 1" and record["role"] == "display"
    assert record["details"] == {
        "display_id": "D-MP-01-signs",
        "version": None,
        "signs": ["limits", "minimum_table_stake"],
        "notices": ["s9"],
        "sharing": None,
        "counts": True,
    }
    assert (await service.verify_audit()).ok


async def test_only_a_display_reports_and_only_on_a_table(service):
    with pytest.raises(Forbidden, match="only a display"):
        await show(service, "MP-01", display=PIT)
    with pytest.raises(NotFound, match="NOPE"):
        await show(service, "NOPE", screen="D-MP-01-signs")


@pytest.mark.parametrize(
    "message, problem",
    [
        ({"table_id": "MP-01", "colour": "red"}, "unknown field 'colour'"),
        ({"table_id": ""}, "showing.table_id"),
        ({"table_id": "MP-01", "version": -1}, "showing.version"),
        ({"table_id": "MP-01", "version": True}, "showing.version"),
        ({"table_id": "MP-01", "signs": "limits"}, "showing.signs"),
        ({"table_id": "MP-01", "signs": ["poster"]}, "unknown sign kind 'poster'"),
        ({"table_id": "MP-01", "notices": ["s1"] * 65}, "at most 64"),
        ({"table_id": "MP-01", "notices": ["two words"]}, "showing.notices"),
        ({"table_id": "MP-01", "sharing": "a\nb"}, "showing.sharing"),
    ],
)
def test_a_bad_report_is_refused_in_one_line(message, problem):
    with pytest.raises(BadRequest) as err:
        parse_report({"type": "showing", **message})
    assert problem in err.value.message and "\n" not in err.value.message


# -- 003 s259(3), s295(3): the notice counts from when a display showed it -------------------


async def test_the_notice_counts_from_when_a_display_first_showed_it(service, clock):
    change = await schedule_stake(service, minutes=25)
    clock.advance(seconds=4)  # the display draws the notice and says so
    await show(service, "MP-01", signs=["minimum_table_stake"], notices=[change])
    clock.advance(minutes=24, seconds=56)
    [event] = await service.apply_due()
    assert event.type == "scheduled_change_applied" and event.data["rule"] == "003 s259(3)"
    assert event.data["notice_shown_from"].startswith("2026-11-30T09:00:04")
    assert (await table_state(service, "MP-01"))["limits"]["minimum_table_stake_cents"] == 20_000


async def test_a_notice_no_display_showed_does_not_count(service, clock):
    await schedule_stake(service, minutes=25)
    clock.advance(minutes=25)
    [event] = await service.apply_due()
    assert event.type == "scheduled_change_failed" and event.data["rule"] == "003 s259(3)"
    assert "none was shown" in event.data["message"] and event.data["notice_shown_from"] is None
    table = await table_state(service, "MP-01")
    assert table["limits"]["minimum_table_stake_cents"] == 10_000 and table["scheduled"] == []


async def test_a_notice_shown_late_is_short_of_twenty_minutes(service, clock):
    change = await schedule_stake(service, "DP-01", minutes=21)
    clock.advance(minutes=2)  # the display was off for two minutes
    await show(service, "DP-01", signs=STAKE, notices=[change])
    clock.advance(minutes=19)
    [event] = await service.apply_due()
    assert event.type == "scheduled_change_failed" and event.data["rule"] == "003 s295(3)"
    assert "only 19 minutes" in event.data["message"] and "needs 20 minutes" in event.data["message"]


async def test_a_notice_taken_down_before_the_change_does_not_count(service, clock):
    change = await schedule_stake(service, minutes=25)
    await show(service, "MP-01", signs=STAKE, notices=[change])
    clock.advance(minutes=10)
    await show(service, "MP-01", notices=[])  # the sign went to another page and never came back
    clock.advance(minutes=15)
    [event] = await service.apply_due()
    assert event.type == "scheduled_change_failed" and "taken down" in event.data["message"]


async def test_the_notice_counts_while_any_display_shows_it(service, clock):
    change = await schedule_stake(service, minutes=25)
    await show(service, "MP-01", signs=STAKE, notices=[change])
    await show(service, "MP-01", display=SCREEN_2, screen="D-MP-01-limits", signs=STAKE, notices=[change])
    clock.advance(minutes=10)
    await show(service, "MP-01", notices=[])  # one display stops; the other still shows it
    clock.advance(minutes=15)
    [event] = await service.apply_due()
    assert event.type == "scheduled_change_applied"
    assert event.data["notice_shown_from"].startswith("2026-11-30T09:00:00")


async def test_two_screens_of_one_token_are_two_displays(service, clock):
    change = await schedule_stake(service, minutes=25)
    for screen in ("D-MP-01-signs", "D-MP-01-limits"):
        await show(service, "MP-01", screen=screen, signs=STAKE, notices=[change])
    clock.advance(minutes=10)  # one screen stops showing it; the other, of the same token, still does
    await show(service, "MP-01", screen="D-MP-01-limits")
    clock.advance(minutes=15)
    [event] = await service.apply_due()
    assert event.type == "scheduled_change_applied"


async def test_all_players_agreeing_needs_no_notice(service, clock):
    await schedule_stake(
        service, minutes=1, players_agreed={"confirmed_by": "Pat Pit", "agreeing": 4, "players_at_table": 4}
    )
    clock.advance(minutes=1)
    [event] = await service.apply_due()
    assert event.type == "scheduled_change_applied" and "agreement of all 4 players" in event.data["reason"]


# -- 002 r7.3: the commission changes only once the signs show it ----------------------------


async def test_a_commission_change_waits_until_a_display_shows_it(service):
    rake = {"type": "percentage", "percent_bp": 800, "cap_cents": 600, "minimum_cents": 100}
    pending = (await service.execute(PIT, b.set_limits("PK-01", {"rake": rake})))[0]
    change = pending.data["pending"]["id"]
    [held] = await service.execute(DEALER, b.hand_complete("PK-01"))
    assert held.data["applied"] == [] and held.data["waiting"] == [change]
    [why] = held.data["held"]
    assert why["rule"] == "002 r7.3" and "no display of table PK-01 has shown the change" in why["message"]
    assert (await table_state(service, "PK-01"))["limits"]["rake"]["percent_bp"] != 800
    await show(service, "PK-01", signs=["game_notice", "rake"], notices=[change])
    [done] = await service.execute(DEALER, b.hand_complete("PK-01"))
    assert [a["id"] for a in done.data["applied"]] == [change] and done.data["held"] == []
    assert (await table_state(service, "PK-01"))["limits"]["rake"]["percent_bp"] == 800


# -- 000 s247(3): the sharing sign on the table when the round was played --------------------


async def _hit(service):
    [hit, _end] = await service.execute(DEALER, b.jackpot_hit("CSP-03", {"seat 1": ROYAL}))
    return hit.data["hit"]


async def _pay_and_reset(service):
    await service.execute(PIT, b.jackpot_paid("CSP-03.jackpot"))
    await service.execute(PIT, b.jackpot_reset("CSP-03.jackpot"))


async def test_the_sharing_sign_counts_when_a_display_shows_its_words(service):
    await show(service, "CSP-03", signs=["jackpot_sharing", "limits"], sharing=SHARING)
    hit = await _hit(service)
    assert hit["sharing_sign_displayed"] is True and hit["sharing_sign_shown_by"] == ["D-CSP-03-signs"]
    await _pay_and_reset(service)
    await show(service, "CSP-03", signs=["limits"])  # the latest report no longer shows it
    hit = await _hit(service)
    assert hit["sharing_sign_displayed"] is False and hit["sharing_sign_shown_by"] == []


async def test_a_sharing_sign_with_other_words_does_not_count(service):
    await show(service, "CSP-03", signs=["jackpot_sharing"], sharing="Winners share by seat order")
    hit = await _hit(service)
    assert hit["sharing_sign_displayed"] is False


# -- the evidence, exhaustively and as a property ---------------------------------------------


def _records(steps):
    """Reports of screens D-1 and D-2 of one display token, a minute apart: (screen, shows the notice?)."""
    return [
        ShowingRecord(
            n,
            START + timedelta(minutes=n),
            "tok",
            "Screens",
            who,
            frozenset(),
            frozenset({"s1"} if on else ()),
            None,
            counts=True,
        )
        for n, (who, on) in enumerate(steps)
    ]


@given(st.lists(st.tuples(st.sampled_from(["D-1", "D-2"]), st.booleans()), max_size=12))
def test_notice_shown_is_the_current_unbroken_run(steps):
    records = _records(steps)
    since, down = notice_shown(records, "s1")
    # the reference: walk the timeline minute by minute and look at who shows it after each report
    showing_after = []
    state: dict[str, bool] = {}
    for who, on in steps:
        state[who] = on
        showing_after.append(any(state.values()))
    if not any(showing_after):
        assert since is None and down is None
        return
    last_on = max(i for i, on in enumerate(showing_after) if on)
    start = last_on
    while start > 0 and showing_after[start - 1]:
        start -= 1
    assert since == START + timedelta(minutes=start)
    if showing_after[-1]:
        assert down is None
    else:
        assert down == START + timedelta(minutes=last_on + 1)


def test_the_latest_report_of_each_display_decides_a_sign():
    on = ShowingRecord(1, START, "a", "A", None, frozenset({"jackpot_sharing"}), frozenset(), SHARING, counts=True)
    off = ShowingRecord(2, START, "a", "A", None, frozenset(), frozenset(), None, counts=True)
    other = ShowingRecord(3, START, "b", "B", None, frozenset({"jackpot_sharing"}), frozenset(), SHARING, counts=True)
    assert [r.display for r in sign_shown([on], "jackpot_sharing", says=SHARING)] == ["A"]
    assert sign_shown([on, off], "jackpot_sharing") == []
    assert [r.display for r in sign_shown([on, off, other], "jackpot_sharing", says=SHARING)] == ["B"]
    assert sign_shown([on], "jackpot_sharing", says="other words") == []


async def test_reports_are_read_per_table(service, clock):
    change = await schedule_stake(service, "MP-01", minutes=25)
    await show(service, "DP-01", signs=STAKE, notices=[change])  # the same id on another table proves nothing here
    clock.advance(minutes=25)
    [event] = await service.apply_due()
    assert event.type == "scheduled_change_failed"
