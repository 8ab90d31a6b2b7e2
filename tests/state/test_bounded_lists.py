"""Every list in the state is bounded (issue 12, "Resources"): a dealer, pit or admin repeating
a command that appends to a table's or link's state is refused once the list is full, in one
line, writing nothing, so no event (each carries the new state) grows without end.
Real Service on SQLite and PostgreSQL."""

from __future__ import annotations

import json

import pytest

from kiosk.state.errors import BadRequest, StateError
from kiosk.state.handlers._base import LIST_LIMITS
from kiosk.state.service import Service
from kiosk.views import builders as b
from tests.fixtures.actors import ADMIN, DEALER, PIT

EVENT_BOUND = 64 * 1024  # no event of these commands may exceed it, however often they are sent


def _appenders():
    """(list name, where it lives, setup commands, the n-th appending command)."""
    yield (
        "pending",
        ("tables", "PK-01", None),
        [],
        lambda i: (PIT, b.set_limits("PK-01", {"maximum_cents": 1000 + i % 2})),
    )
    yield (
        "scheduled",
        ("tables", "MP-01", None),
        [],
        lambda i: (
            PIT,
            b.schedule_change("MP-01", {"maximum_cents": 2000 + i}, f"2027-01-01T00:00:{i % 60:02d}Z"),
        ),
    )
    yield (
        "proposals",
        ("links", "PROG", None),
        [],
        lambda i: (ADMIN, b.jackpot_propose("PROG", seed_cents=1_000_000 + i)),
    )
    yield (
        "illumination_faults",
        ("tables", "TC63-01", "game_state"),
        [
            (DEALER, b.trichro_no_more_bets("TC63-01")),
            (DEALER, b.trichro_generate("TC63-01")),
        ],
        lambda i: (DEALER, b.trichro_illumination_fault("TC63-01", note="n" * 500)),
    )
    yield (
        "actions",
        ("tables", "TU-01", "game_state.game"),
        [(DEALER, b.twoup_new_game("TU-01", seat=1, call="heads"))],
        lambda i: (
            DEALER,
            {
                "type": "twoup_no_more_bets" if i % 2 == 0 else "twoup_spin",
                "table_id": "TU-01",
                **({"result": "X"} if i % 2 else {}),
            },
        ),
    )


@pytest.mark.parametrize("case", list(_appenders()), ids=lambda c: c[0])
async def test_repeating_an_appending_command_stops_at_the_bound(db_url, floor, clock, case):
    which, (kind, ident, path), setup, nth = case
    service = await Service.open(db_url, floor=floor, clock=clock, tick_seconds=None)
    try:
        for actor, command in setup:
            await service.execute(actor, command)
        biggest = 0
        refusals = 0
        for i in range(2 * LIST_LIMITS[which] + 6):
            actor, command = nth(i)
            before = await service.snapshot()
            try:
                events = await service.execute(actor, command)
            except StateError as exc:
                assert 400 <= exc.status < 500 and "\n" not in exc.message
                refusals += isinstance(exc, BadRequest) and which in exc.message
                assert await service.snapshot() == before
                continue
            biggest = max(biggest, *(len(json.dumps(e.to_json())) for e in events))
        state = (await service.snapshot())[kind][ident]
        for key in path.split(".") if path else []:
            state = state[key]
        assert len(state[which]) <= LIST_LIMITS[which]
        assert refusals > 0
        assert biggest < EVENT_BOUND
    finally:
        await service.close()
