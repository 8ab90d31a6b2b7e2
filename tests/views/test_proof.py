"""A display model's pictures, reported as a display reports them, compose again from the event log
folded up to the reported ``seq``: the same digests, live and offline, through limits changes,
notices, draws and jackpot wagers."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from kiosk.scene.digest import COMPOSER, frames_digest
from kiosk.state.client import Snapshot
from kiosk.state.client.status import Connected, Offline
from kiosk.state.replay import rebuild
from kiosk.views import builders as b
from kiosk.views.base import Area, CasinoSettings, Status
from kiosk.views.display_model import DisplayModel
from kiosk.views.proof import Comparison, Picture, picture_report, recompose, status_fields
from kiosk.views.screen import Subject, compose_view
from tests.fixtures.actors import DEALER, PIT

SUBJECTS = [
    Subject("limits", table="BJ-01"),
    Subject("layout", table="BJ-01"),
    Subject("trichro", table="TC54-01"),
    Subject("jackpot", table="CSP-04"),
    Subject("signs", table="MP-01"),
    Subject("limits", table="MP-01"),
]


def _fold(events, seq: int):
    """The state after the events up to ``seq`` (kiosk.state.replay, as audit verify folds it)."""
    rows = [
        {"type": e.type, "table_id": e.table_id, "link_id": (e.data or {}).get("link_id"), "data": e.data}
        for e in events
        if e.seq <= seq
    ]
    return rebuild(rows)


async def test_reported_pictures_compose_again_from_the_log_at_their_seq(service, demo_floor, clock):
    casino = CasinoSettings.from_floor(demo_floor)
    model = DisplayModel(SUBJECTS, casino, area=Area(400.0, 225.0), clock=clock)
    reports: list[tuple[Subject, dict]] = []
    model.add_listener(lambda subject, state: reports.append((subject, picture_report(state, (1280, 720)))))
    snap = await service.snapshot()
    model.apply(Snapshot(snap["seq"], snap["tables"], snap["links"]))
    seen = snap["seq"]

    async def run(actor, command):
        nonlocal seen
        clock.advance(seconds=37)
        await service.execute(actor, command)
        for event in await service.events_since(seen):
            model.apply(event)
            seen = event.seq

    await run(PIT, b.set_limits("BJ-01", {"maximum_cents": 200000}))
    await run(PIT, b.schedule_change("MP-01", {"minimum_cents": 1000}, clock.now + timedelta(minutes=45)))
    await run(DEALER, b.trichro_no_more_bets("TC54-01"))
    await run(DEALER, b.trichro_draw("TC54-01", ["red*", "gold"]))
    await run(DEALER, b.jackpot_wagers("CSP-04", count=2))
    clock.advance(seconds=70)
    model.connection(Offline(since=clock.now - timedelta(seconds=20), reason="node gone"))
    clock.advance(seconds=5)
    model.tick()
    model.connection(Connected("http://node", seen))
    await run(PIT, b.set_display_name("BJ-01", "Blackjack Royale"))
    await run(DEALER, b.jackpot_wagers("CSP-04", count=3))

    events = await service.events_since(0, limit=10_000)
    assert len(reports) > 20 and {s for s, _ in reports} == set(SUBJECTS)
    assert any(fields["status"]["kind"] == "stale" for _, fields in reports)
    for subject, fields in reports:
        fields = json.loads(json.dumps(fields))  # as it crosses the wire and sits in the audit record
        picture = Picture.of(fields)
        assert picture is not None and picture.composer == COMPOSER and picture.screen_px == (1280, 720)
        state = _fold(events, picture.seq)
        again, digest = recompose(picture, subject, state.tables, state.links, casino)
        assert digest == picture.digest, f"{subject} at seq {picture.seq}, {picture.status.kind}"
    # the state a picture was composed from is the one at its seq, not a later one
    limits = [Picture.of(f) for s, f in reports if s == Subject("limits", table="BJ-01")]
    first = limits[0]
    assert first is not None
    later = _fold(events, seen)
    assert recompose(first, SUBJECTS[0], later.tables, later.links, casino)[1] != first.digest


def test_the_report_of_a_view_state_names_what_it_was_composed_with(demo_states, demo_floor):
    tables, links = demo_states
    casino = CasinoSettings.from_floor(demo_floor)
    now = datetime(2026, 11, 28, 11, 14, 5, tzinfo=UTC)
    status = Status.stale(now - timedelta(minutes=3))
    state = compose_view(
        Subject("limits", table="BJ-01"), tables, links, casino, now, area=Area(296.0, 527.0), connection=status
    )
    fields = picture_report(state, (1080, 1920))
    assert fields["digest"] == frames_digest(state.frames, state.frame_seconds)
    assert fields["view"] == "limits" and fields["screen_mm"] == [296.0, 527.0] and fields["screen_px"] == [1080, 1920]
    assert fields["composed_at"] == "2026-11-28T11:14:05.000000Z" and fields["seq"] is None
    assert fields["status"] == status_fields(status) == {"kind": "stale", "since": "2026-11-28T11:11:05.000000Z"}
    assert Picture.of({"digest": None}) is None and Picture.of({}) is None  # an old report


@pytest.mark.parametrize(
    ("details", "says"),
    [
        ({"digest": "sha256:00", "seq": "4"}, "digest or seq"),
        ({"digest": "sha256:00", "seq": 4}, "no view"),
        ({"digest": "sha256:00", "seq": 4, "view": "limits", "status": {"kind": "sideways"}}, "status"),
        ({"digest": "sha256:00", "seq": 4, "view": "limits", "screen_mm": [0, 3]}, "screen_mm"),
        (
            {"digest": "sha256:00", "seq": 4, "view": "limits", "screen_mm": [5, 3], "composed_at": "Saturday"},
            "composed_at is not a time",
        ),
    ],
)
def test_a_malformed_picture_is_one_line(details, says):
    with pytest.raises(ValueError, match=says):
        Picture.of(details)


def test_the_verdict_matches_differs_or_names_the_changed_composer():
    from zoneinfo import ZoneInfo

    zone = ZoneInfo("Australia/Brisbane")
    at = datetime(2026, 11, 28, 11, 14, 3, tzinfo=UTC)
    picture = Picture.of(
        {
            "digest": "sha256:aa",
            "seq": 4121,
            "composer": COMPOSER,
            "view": "limits",
            "screen_mm": [527.0, 296.0],
            "composed_at": "2026-11-28T11:14:02.500000Z",
        }
    )
    assert picture is not None
    assert (
        Comparison(picture, at, "sha256:aa").verdict(zone)
        == "digest matches the display's report of 21:14:03 (seq 4121)"
    )
    differs = Comparison(picture, at, "sha256:bb")
    assert not differs.matches and differs.verdict(zone) == (
        "digest differs from the display's report of 21:14:03 (seq 4121): reported sha256:aa, composed sha256:bb"
    )
    old = Comparison(picture, at, "sha256:aa", composer="kiosk 0.2.0+0123456789abcdef")
    assert not old.same_composer and old.verdict(zone) == (
        f"the composer has changed since the display's report of 21:14:03 (seq 4121): it was composed by"
        f" {COMPOSER}, today by kiosk 0.2.0+0123456789abcdef; digest reported sha256:aa, composed today"
        " sha256:aa (equal)"
    )
