"""A node answers resuming stream clients from its memory of recent events: exactly what the
database holds for the same tables, or nothing (None) when memory does not reach back."""

from __future__ import annotations

import pytest

from kiosk.state.service import Service
from kiosk.views import builders as b
from tests.fixtures.actors import DEALER, PIT
from tests.fixtures.floors import lawful_name

TABLES = ["TC54-01", "CSP-01", "CSP-02", "BJ-01", "MP-01"]


async def _floor_changes(service: Service, rounds: int) -> list:
    written = []
    for i in range(rounds):
        written += await service.execute(
            PIT, b.set_display_name(TABLES[i % len(TABLES)], lawful_name(TABLES[i % len(TABLES)], f"Name {i}"))
        )
        if i % 3 == 0:  # a jackpot contribution: a link event that concerns every linked table
            written += await service.execute(DEALER, b.jackpot_wagers("CSP-01", count=2))
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


async def test_a_client_resuming_from_beyond_the_nodes_memory_is_replayed_from_the_database(
    sqlite_url, floor, make_service, serve_app
):
    """A node that remembers only 3 events replays a longer absence from the database, page by page."""
    import asyncio

    from kiosk.state.client import KioskClient, Snapshot
    from kiosk.state.http import StreamSettings

    service = await make_service(sqlite_url, floor=floor, tick_seconds=None, remember=3)
    server = await serve_app(service, stream=StreamSettings(replay_page=4))
    port = server.port
    token = await service.create_token("display", "screen")
    async with KioskClient(f"http://127.0.0.1:{port}", token) as client:
        stream = client.stream(tables=["CSP-02"], backoff_initial=0.05, reconnect_spread=0.05)
        first = await asyncio.wait_for(stream.__anext__(), 10)
        assert isinstance(first, Snapshot)
        await server.close()
        written = await _floor_changes(service, 15)  # more than the node remembers
        assert service.recent_events(first.seq) is None
        await serve_app(service, port=port, stream=StreamSettings(replay_page=4))
        expected = await service.events_since(first.seq, tables=["CSP-02"])
        got = [await asyncio.wait_for(stream.__anext__(), 20) for _ in expected]
        assert [e.to_json() for e in got] == [e.to_json() for e in expected] and len(got) > 4
        assert got[-1].seq <= written[-1].seq
        await stream.close()
