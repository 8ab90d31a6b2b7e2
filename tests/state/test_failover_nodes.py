"""Three real ``kiosk serve`` nodes on one PostgreSQL database and tens of stream clients: SIGKILL
a node while the floor keeps changing and every client of it catches up on another node with
nothing missed and nothing twice; start the node again and it rejoins; a client given only dead
URLs keeps retrying with backoff and says it is offline."""

from __future__ import annotations

import asyncio
import itertools

import pytest

from kiosk.state.client import KioskClient, Snapshot
from kiosk.state.client.status import Connected, Offline
from kiosk.state.service import Service
from kiosk.views import builders as b
from tests.fixtures.floors import lawful_name
from tests.fixtures.ports import free_port
from tests.fixtures.serve_nodes import ServeNode

TABLES = ["TC54-01", "TU-01", "CSP-01", "CSP-02", "BJ-01", "MP-01"]
CLIENTS = 30


async def until(predicate, timeout: float, what: str) -> None:
    try:
        async with asyncio.timeout(timeout):
            while not predicate():
                await asyncio.sleep(0.05)
    except TimeoutError:
        pytest.fail(f"timed out after {timeout:g} s waiting until {what}")


class Display:
    """One stream client of one table, preferring ``urls[0]``; keeps what it was given."""

    def __init__(self, urls: list[str], token: str, table: str) -> None:
        self.table = table
        self.client = KioskClient(urls, token, connect_timeout=2)
        self.changes: list = []
        self.items: list = []
        self.client.on_connection(self.changes.append)
        self.stream = self.client.stream(tables=[table], backoff_initial=0.05, backoff_max=1.0, reconnect_spread=0.5)
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for item in self.stream:
            self.items.append(item)

    @property
    def connected_to(self) -> str | None:
        last = self.changes[-1] if self.changes else None
        return last.url if isinstance(last, Connected) else None

    async def close(self) -> None:
        await self.stream.close()
        await self.client.close()
        await asyncio.wait_for(self.task, 10)


async def _play(writer: KioskClient, stop: asyncio.Event) -> int:
    """Renames and Caribbean jackpot contributions across the tables until ``stop``."""
    count = 0
    for i in itertools.count():
        if stop.is_set():
            return count
        table = TABLES[i % len(TABLES)]
        if table.startswith("CSP"):
            command = b.jackpot_wagers(table, count=1 + i % 3)
        else:
            command = b.set_display_name(table, lawful_name(table, f"shift {i}"))
        count += len(await writer.execute(command))
        await asyncio.sleep(0.02)
    return count


@pytest.mark.slow
async def test_clients_of_a_killed_node_catch_up_on_another_and_the_node_rejoins(pg_url, floor, tmp_path):
    async with await Service.open(pg_url, floor=floor, tick_seconds=None) as seed:
        display_token = await seed.create_token("display", "floor screens")
        admin_token = await seed.create_token("admin", "floor manager")
    nodes = [ServeNode(pg_url, free_port(), f"node-{i}", tmp_path) for i in range(3)]
    urls = [n.url for n in nodes]
    displays: list[Display] = []
    try:
        for node in nodes:
            node.start()
        for node in nodes:
            node.wait_listening()
        for i in range(CLIENTS):  # each prefers one node, and knows the others
            order = urls[i % 3 :] + urls[: i % 3]
            displays.append(Display(order, display_token, TABLES[i % len(TABLES)]))
        await until(lambda: all(d.connected_to for d in displays), 30, "every display is connected")
        assert [d.connected_to for d in displays] == [urls[i % 3] for i in range(CLIENTS)]
        on_killed = [d for d in displays if d.connected_to == urls[0]]

        async with KioskClient([urls[1], urls[2]], admin_token) as writer:
            stop = asyncio.Event()
            play = asyncio.create_task(_play(writer, stop))
            await asyncio.sleep(0.5)
            nodes[0].kill()  # mid-shift, writes still coming
            await asyncio.sleep(1.5)
            stop.set()
            assert await play > 0

            head = (await writer.health())["seq"]
            expected = {}
            for display in displays:
                since = display.items[0].seq
                expected[display] = [e.seq for e in await writer.events_since(since, tables=[display.table])]
            await until(
                lambda: all(len(d.items) - 1 >= len(expected[d]) for d in displays), 30, "every display has caught up"
            )
            for display in displays:
                assert isinstance(display.items[0], Snapshot)
                got = [e.seq for e in display.items[1:]]
                assert got == expected[display], f"{display.table}: missed or doubled events"
            assert all(d.connected_to in (urls[1], urls[2]) for d in on_killed)
            assert all(d.stream.reconnects == 1 for d in on_killed)
            assert all(any(isinstance(c, Offline) for c in d.changes) for d in on_killed)
            # the survivors' clients never noticed
            assert all(d.stream.reconnects == 0 for d in displays if d not in on_killed)
            assert max(d.items[-1].seq for d in displays if len(d.items) > 1) <= head

            nodes[0].start()  # the node comes back on its address and rejoins
            nodes[0].wait_listening()
            async with KioskClient(urls[0], display_token) as back:
                health = await back.health()
                assert health["status"] == "ok" and health["node_id"] == "node-0"
                newcomer = Display([urls[0]], display_token, "BJ-01")
                displays.append(newcomer)
                await until(lambda: newcomer.connected_to == urls[0], 20, "the rejoined node serves")
                written = await writer.execute(b.set_display_name("BJ-01", "Blackjack after the rejoin"))
                await until(
                    lambda: newcomer.items[-1].seq == written[-1].seq,
                    20,
                    "a change made on another node reaches the rejoined node's client",
                )
    finally:
        for display in displays:
            await display.close()
        for node in nodes:
            node.stop()


async def test_a_client_given_only_dead_urls_keeps_retrying_and_says_offline():
    dead = [f"http://127.0.0.1:{free_port()}", f"http://127.0.0.1:{free_port()}"]
    async with KioskClient(dead, "any-token", connect_timeout=1) as client:
        changes: list = []
        client.on_connection(changes.append)
        stream = client.stream(backoff_initial=0.05, backoff_max=0.4)
        reader = asyncio.create_task(stream.__anext__())
        await until(lambda: len(changes) >= 6, 20, "six rounds of retries")
        assert not reader.done()  # still trying, never gave up
        await stream.close()
        with pytest.raises(StopAsyncIteration):
            await reader
    assert all(isinstance(c, Offline) for c in changes)
    assert len({c.since for c in changes}) == 1
    assert [c.attempts for c in changes[:6]] == [2, 4, 6, 8, 10, 12]  # both URLs each round
    assert all(any(url in c.reason for url in dead) for c in changes)
    steps = [0.05, 0.1, 0.2, 0.4, 0.4, 0.4]
    assert all(step / 2 <= c.retry_in <= step for c, step in zip(changes, steps, strict=False))
