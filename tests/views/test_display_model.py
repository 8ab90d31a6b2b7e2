"""DisplayModel: applies a real service's stream, recomposes only what changed, and tells its
listeners exactly when a composed view state changed."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st

from kiosk.state.client import Snapshot
from kiosk.state.client.status import Connected, Offline, Resuming, TokenRefused
from kiosk.views import builders as b
from kiosk.views.base import Area, CasinoSettings, Status
from kiosk.views.display_model import DisplayModel
from kiosk.views.screen import Subject, compose_view
from tests.fixtures.actors import DEALER, PIT
from tests.fixtures.clock import START, Clock

T0 = START
SUBJECTS = [
    Subject("layout", table="TC54-01"),
    Subject("trichro", table="TC54-01"),
    Subject("layout", table="BJ-01"),
    Subject("limits", table="BJ-01"),
    Subject("twoup_lights", table="TU-01"),
    Subject("jackpot", link="CSP-PROG"),
    Subject("jackpot", table="CSP-04"),
]


async def _play(db: str, floor) -> tuple[Snapshot, list]:
    from kiosk.state.service import Service

    clock = Clock()
    service = await Service.open(db, floor=floor, clock=clock, tick_seconds=None)
    try:
        snap = await service.snapshot()
        run = service.execute
        await run(PIT, b.set_limits("BJ-01", {"maximum_cents": 200000}))
        await run(DEALER, b.trichro_no_more_bets("TC54-01"))
        await run(DEALER, b.trichro_draw("TC54-01", ["red*", "gold"]))
        await run(DEALER, b.jackpot_wagers("CSP-01", count=3))
        await run(DEALER, b.jackpot_wagers("CSP-04", count=2))
        await run(DEALER, b.twoup_new_game("TU-01", seat=1, call="tails"))
        await run(DEALER, b.twoup_no_more_bets("TU-01"))
        await run(DEALER, b.twoup_spin("TU-01", "T"))
        await run(DEALER, b.twoup_light("TU-01", "odds", 1, True))
        await run(PIT, b.set_display_name("BJ-01", "Blackjack Royale"))
        await run(DEALER, b.trichro_no_more_bets("TC54-01"))
        await run(PIT, b.set_limits("TC54-01", {"minimum_cents": 1000}))
        events = await service.events_since(snap["seq"])
        return Snapshot(snap["seq"], snap["tables"], snap["links"]), events
    finally:
        await service.close()


@pytest.fixture(scope="module")
def recorded(tmp_path_factory, demo_floor):
    db = f"sqlite:///{tmp_path_factory.mktemp('model') / 'model.sqlite3'}"
    return asyncio.run(_play(db, demo_floor))


@pytest.fixture(scope="module")
def casino(demo_floor) -> CasinoSettings:
    return CasinoSettings.from_floor(demo_floor)


def _model(casino, clock) -> tuple[DisplayModel, list]:
    model = DisplayModel(SUBJECTS, casino, area=Area(527, 296), clock=clock)
    told: list = []
    model.add_listener(lambda subject, state: told.append((subject, state)))
    return model, told


def test_a_limits_change_repaints_the_limits_view_and_not_the_layout(recorded, casino):
    snapshot, events = recorded
    model, told = _model(casino, Clock())
    model.apply(snapshot)
    assert {s for s, _ in told} == set(SUBJECTS)
    told.clear()
    limits_event = next(e for e in events if e.type == "limits_changed" and e.table_id == "BJ-01")
    changed = model.apply(limits_event)
    assert changed == [Subject("limits", table="BJ-01")]
    assert [s for s, _ in told] == changed  # the BJ-01 layout was not repainted
    told.clear()
    draw = next(e for e in events if e.type == "trichro_result")
    assert set(model.apply(draw)) == {Subject("layout", table="TC54-01"), Subject("trichro", table="TC54-01")}


def test_offline_marks_every_view_stale_and_connected_makes_them_live(recorded, casino):
    snapshot, _ = recorded
    clock = Clock()
    model, told = _model(casino, clock)
    model.apply(snapshot)
    told.clear()
    since = T0 + timedelta(seconds=5)
    clock.now = since + timedelta(seconds=1)
    assert set(model.connection(Offline(since=since, reason="connection refused"))) == set(SUBJECTS)
    assert all(model.view(s).status == Status.stale(since) for s in SUBJECTS if s.view != "jackpot")
    told.clear()
    assert model.connection(Offline(since=since, reason="refused", attempts=2)) == []  # the same outage
    assert model.connection(Resuming(url="http://x", from_seq=snapshot.seq)) == []
    clock.now = since + timedelta(seconds=31)  # a retry after 30 s: the meter's amount is no longer current
    assert Subject("jackpot", link="CSP-PROG") in model.connection(Offline(since=since, reason="refused", attempts=3))
    clock.now = since + timedelta(seconds=1)
    model.connection(Connected(url="http://x", seq=snapshot.seq))
    model.connection(Offline(since=since, reason="connection refused"))
    told.clear()
    # after 30 s without a word the meter must not show an amount as current
    clock.now = since + timedelta(seconds=40)
    faulted = model.tick()
    assert Subject("jackpot", link="CSP-PROG") in faulted
    assert model.view(Subject("jackpot", link="CSP-PROG")).status.kind == "fault"
    assert Subject("layout", table="TC54-01") not in faulted
    assert set(model.connection(Connected(url="http://x", seq=snapshot.seq))) == set(SUBJECTS)
    assert all(model.view(s).status.is_live for s in SUBJECTS)
    refused = model.connection(TokenRefused(message="unknown token"))
    assert set(refused) == set(SUBJECTS)
    assert "refused" in model.view(SUBJECTS[0]).status.reason


def test_a_missing_table_is_a_problem_not_a_crash(casino):
    model = DisplayModel([Subject("layout", table="NOPE")], casino)
    model.apply(Snapshot(1, {}, {}))
    assert model.view(Subject("layout", table="NOPE")) is None
    assert "no table 'NOPE'" in model.problem(Subject("layout", table="NOPE"))


STEP = st.one_of(
    st.tuples(st.just("event"), st.integers(0, 10_000)),
    st.tuples(st.just("offline"), st.integers(0, 120)),
    st.tuples(st.just("connected"), st.just(0)),
    st.tuples(st.just("tick"), st.integers(0, 60)),
)


def test_listeners_are_told_exactly_when_a_composed_view_changes(recorded, casino):
    """After every step each subject's listener was called iff a fresh composition of the
    model's mirrored state differs from the last one it was told about."""

    @hyp_settings(max_examples=30, deadline=None)
    @given(steps=st.lists(STEP, max_size=10))
    def check(steps):
        _run_steps(recorded, casino, steps)

    check()


def _run_steps(recorded, casino, steps):
    snapshot, events = recorded
    clock = Clock()
    model, told = _model(casino, clock)
    model.apply(snapshot)
    last = {s: st_ for s, st_ in told}
    for kind, n in steps:
        told.clear()
        if kind == "event":
            model.apply(events[n % len(events)])
        elif kind == "offline":
            clock.now += timedelta(seconds=1)
            model.connection(Offline(since=clock.now - timedelta(seconds=n), reason="down"))
        elif kind == "connected":
            model.connection(Connected(url="http://x", seq=model.live.seq))
        else:
            clock.now += timedelta(seconds=n)
            model.tick()
        notified = {s: st_ for s, st_ in told}
        assert len(notified) == len(told)  # at most once per subject and step
        for subject in SUBJECTS:
            fresh = compose_view(
                subject,
                model.live.tables,
                model.live.links,
                casino,
                clock.now,
                area=Area(527, 296),
                connection=model.status,
                heard_at=model.heard_at,
            )
            if subject in notified:
                assert notified[subject] != last[subject] and notified[subject] == fresh
                last[subject] = notified[subject]
            else:
                assert last[subject] == fresh, (kind, subject)
