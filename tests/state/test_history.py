"""The floor at a past moment (kiosk.state.history): the fold of the log up to the last audit record
at or before it equals the state that was live then, read by index or folded whole; the casino's
frame and the displays' reports then come from the log; a moment in the future, before a table
existed or after it was removed is refused in one line; the picture's checkpoint line is one
``kiosk audit verify`` holds."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest

from kiosk.floor import load_floor
from kiosk.state.checkpoint import read_checkpoints
from kiosk.state.errors import BadRequest, NotFound
from kiosk.state.history import FRAME_ACTION, PastRows, PastState, describe_moment
from kiosk.state.showing import parse_report
from kiosk.state.store import AuditQuery
from kiosk.state.time_input import parse_moment
from kiosk.views import builders as b
from tests.fixtures.actors import DEALER, DISPLAY, PIT
from tests.fixtures.floors import TEST_FLOOR

BRISBANE = ZoneInfo("Australia/Brisbane")


async def _live(service, clock, commands):
    """Run ``commands`` a minute apart; ``[(moment, snapshot)]`` right after each."""
    seen = [(clock.now, await service.snapshot())]
    for actor, command in commands:
        clock.advance(minutes=1)
        await service.execute(actor, command)
        seen.append((clock.now, await service.snapshot()))
        clock.advance(seconds=30)  # a moment between two changes still shows the one before
        seen.append((clock.now, seen[-1][1]))
    return seen


EVENING = [
    (PIT, b.set_limits("BJ-01", {"minimum_cents": 2500, "maximum_cents": 250_000})),
    (DEALER, b.trichro_no_more_bets("TC54-01")),
    (DEALER, b.trichro_draw("TC54-01", ["red", "gold*"])),
    (PIT, b.set_display_name("BJ-01", "High limit blackjack")),
    (DEALER, b.jackpot_wagers("CSP-01", places=[1, 3])),
    (DEALER, b.caribbean_round_end("CSP-01")),
    (PIT, b.set_limits("BJ-01", {"minimum_cents": 1000, "maximum_cents": 100_000})),
]


async def test_the_state_at_every_moment_is_what_was_live_then(service, clock):
    seen = await _live(service, clock, EVENING)
    for moment, live in seen:
        for table in ("BJ-01", "TC54-01", None):
            past = await service.state_at(moment, table=table)
            whole = await service.state_at(moment, table=table, full=True)
            assert past.tables == live["tables"] and past.links == live["links"], moment
            assert (past.tables, past.links, past.seq, past.n, past.head) == (
                whole.tables,
                whole.links,
                whole.seq,
                whole.n,
                whole.head,
            )
            assert past.seq == live["seq"]
    # read by index: one event per table and link, not the whole log
    assert past.events_read == len(live["tables"]) + len(live["links"]) < whole.events_read


async def test_the_head_is_the_last_record_at_or_before_the_moment(service, clock):
    await _live(service, clock, EVENING[:2])
    records = await service.audit_records(AuditQuery(limit=1000))
    last = records[0]
    past = await service.state_at(clock.now, table="BJ-01")
    assert (past.n, past.head, past.seq) == (last["n"], last["hash"], last["seq"])
    before = await service.state_at(clock.now - timedelta(seconds=29), table="BJ-01")
    assert before.n == last["n"] and before.record_at is not None and before.record_at <= clock.now
    earlier = await service.state_at(clock.now - timedelta(seconds=31), table="BJ-01")
    assert earlier.n < past.n and earlier.seq == past.seq - 1
    assert {r["n"]: r["hash"] for r in records}[earlier.n] == earlier.head


async def test_the_state_after_an_event(service, clock):
    await _live(service, clock, EVENING[:1])
    head = await service.audit_head()
    after = await service.state_after(head["seq"], table="BJ-01")
    assert after.seq == head["seq"] and after.tables["BJ-01"]["limits"]["minimum_cents"] == 2500
    before = await service.state_after(head["seq"] - 1, table="BJ-01")
    assert before.tables["BJ-01"]["limits"]["minimum_cents"] != 2500
    with pytest.raises(NotFound, match=f"no event {head['seq'] + 1} in the log"):
        await service.state_after(head["seq"] + 1)


async def test_refusals_say_why_in_one_line(service, clock):
    start = clock.now
    await _live(service, clock, EVENING[:1])
    with pytest.raises(BadRequest) as future:
        await service.state_at(clock.now + timedelta(minutes=5), table="BJ-01")
    assert "is in the future" in future.value.message and "\n" not in future.value.message
    with pytest.raises(NotFound) as early:
        await service.state_at(start - timedelta(hours=1), table="BJ-01")
    assert (
        "table BJ-01 did not exist yet at" in early.value.message and "its first record is event" in early.value.message
    )
    with pytest.raises(NotFound, match="no table 'XX-01' in the event log"):
        await service.state_at(clock.now, table="XX-01")
    with pytest.raises(NotFound, match="jackpot link PROG did not exist yet"):
        await service.state_at(start - timedelta(seconds=1), link="PROG")
    with pytest.raises(BadRequest, match="before the first audit record"):
        await service.state_at(start - timedelta(seconds=1))
    with pytest.raises(BadRequest, match="not both"):
        await service.state_at(clock.now, table="BJ-01", link="PROG")


async def test_a_removed_table_is_refused_after_its_removal(db_url, floor, clock, tmp_path, make_service):
    service = await make_service(db_url, floor=floor, clock=clock, tick_seconds=None)
    clock.advance(minutes=5)
    was_there = clock.now
    await service.close()
    path = tmp_path / "smaller.toml"
    path.write_text(TEST_FLOOR.replace('"DP-01"', '"DP-02"'), encoding="utf-8")  # the table and its display
    clock.advance(minutes=5)
    service = await make_service(db_url, floor=load_floor(path), apply_floor=True, clock=clock, tick_seconds=None)
    clock.advance(minutes=5)
    assert "DP-01" in (await service.state_at(was_there, table="DP-01")).tables
    with pytest.raises(NotFound) as removed:
        await service.state_at(clock.now, table="DP-01")
    assert "table DP-01 was removed at" in removed.value.message and "not on the floor" in removed.value.message
    assert "DP-02" in (await service.state_at(clock.now, table="DP-02")).tables


async def test_the_casino_frame_then_comes_from_the_log(db_url, floor, clock, tmp_path, make_service):
    service = await make_service(db_url, floor=floor, clock=clock, tick_seconds=None)
    first = await service.state_at(clock.now, table="BJ-01")
    assert first.casino == {"name": "Test Casino", "timezone": "Australia/Brisbane"}
    assert first.frame_from.startswith("audit record ")
    assert first.frame is not None and first.frame["casino"]["name"] == "Test Casino"
    await service.close()
    clock.advance(minutes=5)
    again = await make_service(db_url, floor=floor, clock=clock, tick_seconds=None)  # the same frame: no record
    frames = await again.audit_records(AuditQuery(action=FRAME_ACTION))
    assert len(frames) == 1 and frames[0]["seq"] is None and frames[0]["details"]["frame"] == first.frame
    await again.close()
    renamed = tmp_path / "renamed.toml"
    renamed.write_text(TEST_FLOOR.replace('name = "Test Casino"', 'name = "Renamed Casino"'), encoding="utf-8")
    clock.advance(minutes=5)
    later = await make_service(db_url, floor=load_floor(renamed), clock=clock, tick_seconds=None)
    assert len(await later.audit_records(AuditQuery(action=FRAME_ACTION))) == 2
    assert (await later.state_at(clock.now - timedelta(minutes=1), table="BJ-01")).casino["name"] == "Test Casino"
    assert (await later.state_at(clock.now, table="BJ-01")).casino["name"] == "Renamed Casino"
    assert (await later.verify_audit()).ok


def test_without_a_frame_record_the_frame_the_database_holds_stands_in_and_says_so():
    from kiosk.state.history import _past  # the fold of rows the store read: no store needed here

    frame = '{"casino":{"name":"Old Casino","timezone":"Australia/Perth"},"displays":[],"tables":{}}'
    rows = PastRows(n=3, head="a" * 64, record_at="2026-11-30T09:00:00.000000Z", seq=2, events=[], stored_frame=frame)
    past = _past(rows, parse_moment("2026-11-30T09:00Z", "at", BRISBANE), None)
    assert past.casino == {"name": "Old Casino", "timezone": "Australia/Perth"}
    assert "no floor_frame audit record" in past.frame_from and str(past.zone) == "Australia/Perth"
    bare = _past(PastRows(n=3, head="a" * 64, record_at=None, seq=2, events=[]), past.at, None)
    assert bare.frame is None and bare.casino["name"] == "" and bare.frame_from.startswith("none")


async def test_the_displays_reports_then_one_per_display(service, clock):
    def report(display, signs):
        message = {"type": "showing", "table_id": "MP-01", "display_id": display, "signs": signs, "notices": []}
        return parse_report(message)

    await service.record_showing(DISPLAY, report("D-MP-01-signs", ["limits"]))
    clock.advance(minutes=1)
    await service.record_showing(DISPLAY, report("D-MP-01-limits", ["limits"]))
    clock.advance(minutes=1)
    then = clock.now
    clock.advance(minutes=1)
    await service.record_showing(DISPLAY, report("D-MP-01-signs", []))
    past = await service.state_at(then, table="MP-01")
    shown = {r.display_id: sorted(r.signs) for r in past.showing()}
    assert shown == {"D-MP-01-signs": ["limits"], "D-MP-01-limits": ["limits"]}
    now = await service.state_at(clock.now, table="MP-01")
    assert {r.display_id: sorted(r.signs) for r in now.showing()} == {"D-MP-01-signs": [], "D-MP-01-limits": ["limits"]}
    assert (await service.state_at(clock.now, table="TC54-01")).reports == ()


async def test_the_pictures_checkpoint_is_held_by_audit_verify(service, clock, tmp_path):
    await _live(service, clock, EVENING[:3])
    past = await service.state_at(clock.now - timedelta(minutes=1), table="BJ-01")
    line = past.checkpoint_line()
    assert line.startswith("kiosk-checkpoint {") and f'"n":{past.n}' in line and past.head in line
    path = tmp_path / "certificate.checkpoint"
    path.write_text(f"what was shown: {line}\n", encoding="utf-8")
    checkpoints = read_checkpoints(path)
    report = await service.verify_audit(checkpoints)
    assert report.ok and report.checkpoint is not None and report.checkpoint.n == past.n
    forged = tmp_path / "forged.checkpoint"
    forged.write_text(line.replace(past.head, "f" * 64) + "\n", encoding="utf-8")
    assert not (await service.verify_audit(read_checkpoints(forged))).ok


async def test_the_past_state_crosses_the_wire_whole(service, clock):
    await _live(service, clock, EVENING[:2])
    past = await service.state_at(clock.now, table="BJ-01")
    assert PastState.from_json(past.to_json()) == past
    with pytest.raises(ValueError, match="not a past state"):
        PastState.from_json({"at": "2026-11-30T09:00:00Z"})


def test_a_moment_is_read_in_the_casinos_zone_unless_it_names_one():
    assert parse_moment("2026-11-28T21:14", "--at", BRISBANE).isoformat() == "2026-11-28T11:14:00+00:00"
    assert parse_moment("2026-11-28 21:14:05", "--at", BRISBANE).isoformat() == "2026-11-28T11:14:05+00:00"
    assert parse_moment("2026-11-28T11:14Z", "--at", BRISBANE).isoformat() == "2026-11-28T11:14:00+00:00"
    assert parse_moment("2026-11-28T21:14+10:00", "--at", BRISBANE).hour == 11
    for bad in ("yesterday", "", "2026-13-01T00:00", "x" * 80):
        with pytest.raises(BadRequest) as err:
            parse_moment(bad, "--at", BRISBANE)
        assert err.value.message.startswith("--at: ") and "\n" not in err.value.message


def test_a_moment_is_described_in_the_casinos_time_and_utc():
    moment = parse_moment("2026-11-28T21:14", "at", BRISBANE)
    assert describe_moment(moment, BRISBANE) == "Sat 28 Nov 2026 21:14:00 AEST (11:14:00 UTC)"
    late = parse_moment("2026-11-29T02:00", "at", BRISBANE)
    assert describe_moment(late, BRISBANE) == "Sun 29 Nov 2026 02:00:00 AEST (16:00:00 UTC 28 Nov)"
