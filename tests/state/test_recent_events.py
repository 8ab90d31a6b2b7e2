"""A node answers resuming stream clients from its memory of recent events: exactly what the
database holds for the same tables, or nothing (None) when memory does not reach back."""

from __future__ import annotations

import pytest

from state_helpers import DEALER, PIT
from kiosk.state.service import Service

TABLES = ["TC54-01", "CSP-01", "CSP-02", "BJ-01", "MP-01"]


async def _floor_changes(service: Service, rounds: int) -> list:
    written = []
    for i in range(rounds):
        written += await service.execute(PIT, {"type": "set_display_name", "table_id": TABLES[i % len(TABLES)],
                                               "display_name": f"Name {i}"})
        if i % 3 == 0:  # a jackpot contribution: a link event that concerns every linked table
            written += await service.execute(DEALER, {"type": "jackpot_wagers", "table_id": "CSP-01", "count": 2})
    return written


@pytest.mark.parametrize("remember", [5, 10_000])
async def test_memory_answers_exactly_as_the_database_or_not_at_all(db_url, floor, remember):
    service = await Service.open(db_url, floor=floor, tick_seconds=None, remember=remember)
    try:
        before = service.published_seq
        written = await _floor_changes(service, 12)
        head = written[-1].seq
        assert service.published_seq == head
        answered = 0
        for since in range(before - 1, head + 2):
            for tables in (None, *([t] for t in TABLES), ["CSP-02", "BJ-01"], ["NOPE-1"]):
                from_memory = service.recent_events(since, tables)
                if from_memory is None:
                    assert not service.remembers(since) and since < head - remember + 1
                    continue
                answered += 1
                from_db = await service.events_since(since, tables=tables)
                assert [e.to_json() for e in from_memory] == [e.to_json() for e in from_db], (since, tables)
        assert answered > 0
        if remember == 5:
            assert service.recent_events(head - 10) is None
            assert [e.seq for e in service.recent_events(head - 5)] == list(range(head - 4, head + 1))
        else:
            assert service.remembers(before)  # everything this node has published since it opened
    finally:
        await service.close()
