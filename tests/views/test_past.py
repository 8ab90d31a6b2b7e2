"""A past picture is what the live display showed: an evening of the demo floor played through the
service's commands (limits changed, notices given and applied, jackpots hit and paid, draws and
spins made, a poker clock run), the displays' model fed by the service's stream, and at 100
random moments every display's view as the live model held it; afterwards the floor is rebuilt
at each moment from the event log (kiosk.state.history) and composed (kiosk.views.past): the
same scenes, primitive for primitive, on SQLite and on PostgreSQL."""

from __future__ import annotations

import random
from collections import Counter
from datetime import datetime, timedelta

import pytest

from kiosk.rules.trichro import physical_balls
from kiosk.scene.digest import frames_digest
from kiosk.state.client import Snapshot
from kiosk.state.errors import StateError
from kiosk.state.events import Actor
from kiosk.state.http.floor_routes import floor_summary
from kiosk.state.showing import parse_report
from kiosk.views import builders as b
from kiosk.views import facts
from kiosk.views.base import Area, CasinoSettings
from kiosk.views.display_model import DisplayModel
from kiosk.views.past import compose_then, settings_then
from kiosk.views.screen import Subject
from tests.fixtures.scenes import scene_form

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1200)]

PIT = Actor(name="Pat Pit", role="pit", token_id="tok_pit")
DEALER = Actor(name="Dana Dealer", role="dealer", token_id="tok_dealer")
SCREEN = Actor(name="MP screen", role="display", token_id="tok_mp_screen", displays=frozenset({"D-MP-01-signs"}))
AREA = Area(527.0, 296.0)
EVENING = timedelta(hours=6)
_FLUSH = ["9H", "8H", "7H", "6H", "5H"]


class _Evening:
    """The floor's evening, one step at a time, through the service's commands."""

    def __init__(self, service, model: DisplayModel, clock, rng: random.Random) -> None:
        self.service, self.model, self.clock, self.rng = service, model, clock, rng
        self.sub = service.subscribe()
        self.done: Counter[str] = Counter()
        self.refused: Counter[str] = Counter()

    async def drain(self) -> None:
        while self.sub.pending:
            self.model.apply(await self.sub.__anext__())

    async def send(self, actor: Actor, command: dict, kind: str) -> list | None:
        try:
            events = await self.service.execute(actor, command)
        except StateError:
            self.refused[kind] += 1
            return None
        self.done[kind] += 1
        await self.drain()
        return events

    def table(self, table_id: str):
        return self.model.live.tables[table_id]

    async def step(self) -> None:
        kind = self.rng.choices(
            ["roulette", "trichro", "twoup", "caribbean", "limits", "notice", "poker", "jackpot"],
            weights=[4, 3, 2, 3, 2, 1, 2, 1],
        )[0]
        await getattr(self, kind)()
        for _ in await self.service.apply_due():
            self.done["change applied"] += 1
        await self.drain()

    async def roulette(self) -> None:
        await self.send(DEALER, b.roulette_result("RO-01", self.rng.randint(0, 36)), "roulette")

    async def trichro(self) -> None:
        table_id = self.rng.choice(["TC54-01", "TC63-01"])
        drawing = facts.trichro_round(self.table(table_id))
        assert drawing is not None
        if drawing.phase != "no_more_bets":
            await self.send(DEALER, b.trichro_no_more_bets(table_id), "trichro")
        if drawing.device == "random_result_generator":
            await self.send(DEALER, b.trichro_generate(table_id), "trichro draw")
        else:
            pair = self.rng.sample(physical_balls(drawing.balls), 2)
            await self.send(DEALER, b.trichro_draw(table_id, [ball.token for ball in pair]), "trichro draw")

    async def twoup(self) -> None:
        seat = self.rng.choice([s for s in range(1, 9) if s != facts.twoup_seat(self.table("TU-01"))])
        if await self.send(DEALER, b.twoup_new_game("TU-01", seat=seat, call="heads"), "twoup") is None:
            await self.send(DEALER, b.twoup_new_game("TU-01"), "twoup")
        for _ in range(20):
            if await self.send(DEALER, b.twoup_no_more_bets("TU-01"), "twoup") is None:
                break
            result = self.rng.choices(["H", "T", "O"], weights=[40, 40, 20])[0]
            events = await self.send(DEALER, b.twoup_spin("TU-01", result), "twoup spin")
            if events and events[-1].data.get("outcome") is not None:
                break

    async def caribbean(self) -> None:
        table_id = self.rng.choice(["CSP-01", "CSP-02", "CSP-03"])
        places = sorted(self.rng.sample(range(1, 8), self.rng.randint(1, 4)))
        await self.send(DEALER, b.jackpot_wagers(table_id, places=places), "jackpot wagers")
        await self.send(DEALER, b.caribbean_round_end(table_id), "round end")

    async def jackpot(self) -> None:
        link = self.model.live.links["CSP-PROG"]
        pending = link.get("pending")
        if pending:
            # a flush is paid only after the floor manager is told and the deck counted (000 s245(5))
            step = b.jackpot_before_payment(pending["table_id"], "Fay Floor", 52)
            await self.send(DEALER, step, "before payment")
            await self.send(PIT, b.jackpot_paid("CSP-PROG"), "jackpot paid")
            await self.send(PIT, b.jackpot_reset("CSP-PROG"), "jackpot reset")
            return
        table_id = self.rng.choice(["CSP-01", "CSP-02", "CSP-03"])
        await self.send(DEALER, b.jackpot_wagers(table_id, places=[2]), "jackpot wagers")
        await self.send(DEALER, b.jackpot_hit(table_id, {"seat 2": list(_FLUSH)}), "jackpot hit")

    async def limits(self) -> None:
        table_id = self.rng.choice(["BJ-01", "BJ-02"])
        minimum = self.rng.choice([500, 1000, 2500])
        limits = {"minimum_cents": minimum, "maximum_cents": minimum * 100}
        await self.send(PIT, b.set_limits(table_id, limits), "limits")

    async def notice(self) -> None:
        """A higher minimum table stake at MP-01 in 25 minutes, its notice shown by the table's
        display (003 s259(3)); applied when due by the service's scheduler."""
        if self.table("MP-01")["scheduled"]:
            return
        stake = self.table("MP-01")["settings"]["minimum_table_stake_cents"] + 1000
        effective = self.clock.now + timedelta(minutes=25)
        events = await self.send(
            PIT, b.schedule_change("MP-01", {"minimum_table_stake_cents": stake}, effective), "notice"
        )
        if events:
            change = events[0].data["scheduled"]["id"]
            report = {
                "type": "showing",
                "table_id": "MP-01",
                "display_id": "D-MP-01-signs",
                "signs": ["minimum_table_stake"],  # the sign that carries the notice
                "notices": [change],
            }
            await self.service.record_showing(SCREEN, parse_report(report))

    async def poker(self) -> None:
        clock = (self.table("PK-01").get("game_state") or {}).get("clock")
        if clock:
            await self.send(DEALER, b.time_to_act("PK-01", None), "poker clock")
            await self.send(DEALER, b.hand_complete("PK-01"), "hand complete")
        else:
            await self.send(DEALER, b.time_to_act("PK-01", self.rng.randint(1, 9)), "poker clock")


async def test_a_hundred_moments_of_an_evening_rebuild_what_the_displays_showed(
    db_url, demo_floor, clock, make_service
):
    service = await make_service(db_url, floor=demo_floor, clock=clock, tick_seconds=None)
    subjects = [Subject.of_display(d) for _, d in sorted(demo_floor.displays.items())]
    summary = floor_summary(demo_floor)  # what kiosk display composes with (casino_from_summary)
    live_settings = CasinoSettings.from_summary(summary, demo_floor.casino.logo)
    model = DisplayModel(subjects, live_settings, area=AREA, clock=clock)
    snap = await service.snapshot()
    model.apply(Snapshot(snap["seq"], snap["tables"], snap["links"]))
    rng = random.Random(21)
    evening = _Evening(service, model, clock, rng)
    start = clock.now
    moments = sorted(start + timedelta(seconds=rng.uniform(1, EVENING.total_seconds())) for _ in range(100))
    shown: dict[datetime, dict[Subject, tuple]] = {}
    while moments:
        next_step = clock.now + timedelta(seconds=rng.uniform(30, 400))
        while moments and moments[0] < next_step:
            moment = moments.pop(0)
            clock.now = moment
            model.heartbeat(moment)  # a display hears its server every 15 s (docs/api.md)
            shown[moment] = {}
            for subject in subjects:
                view = model.view(subject)
                assert view is not None, model.problem(subject)
                shown[moment][subject] = (view, scene_form(view.scene))
        clock.now = next_step
        await evening.step()
    evening.sub.close()
    # the evening held what the issue names, each at least once
    for kind in ("limits", "notice", "change applied", "jackpot hit", "jackpot paid", "trichro draw", "twoup spin"):
        assert evening.done[kind] >= 1, (kind, evening.done, evening.refused)
    assert sum(evening.done.values()) > 150
    differ: list[str] = []
    changed_views = set()
    for moment, views in shown.items():
        past = await service.state_at(moment)
        settings = settings_then(past)
        assert settings.name == live_settings.name and settings.timezone == live_settings.timezone
        for subject, (live, form) in views.items():
            rebuilt = compose_then(subject, past, area=AREA, settings=settings)
            same_digest = frames_digest(rebuilt.frames, rebuilt.frame_seconds) == frames_digest(
                live.frames, live.frame_seconds
            )
            if rebuilt != live or scene_form(rebuilt.scene) != form or not same_digest:
                differ.append(f"{moment:%H:%M:%S} {subject.view} of {subject.name}")
            changed_views.add((subject, live.content))
    assert not differ, f"{len(differ)} pictures differ from the live display's, e.g. {differ[:5]}"
    assert len(shown) == 100 and len(changed_views) > 2 * len(subjects)  # the pictures did change over the evening
