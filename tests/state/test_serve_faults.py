"""Faults with real processes: SIGKILL mid-burst, a PostgreSQL restart mid-stream, two nodes.

Each test runs ``kiosk serve`` as a subprocess and talks to it with the real client.
"""

from __future__ import annotations

import asyncio
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.state.client import KioskClient, Snapshot
from kiosk.state.errors import StoreUnavailable
from kiosk.views import builders as b
from tests.fixtures.floors import lawful_name
from tests.fixtures.paths import DEMO_FLOOR, ROOT
from tests.fixtures.ports import free_port

KIOSK = [sys.executable, "-m", "kiosk.cli"]
TABLES = ["TC54-01", "TC63-01", "BJ-01", "BJ-02", "CSP-01", "TU-01"]

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]


class Serve:
    """One ``kiosk serve`` process on a fixed port (so clients reconnect to the same URL)."""

    def __init__(self, db_url: str, port: int | None = None, floor: Path | None = DEMO_FLOOR) -> None:
        self.db_url = db_url
        self.port = port or free_port()
        self.floor = floor
        self.proc: asyncio.subprocess.Process | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> Serve:
        args = ["serve", "--db", self.db_url, "--port", str(self.port)]
        if self.floor is not None:
            args += ["--floor", str(self.floor)]
        self.proc = await asyncio.create_subprocess_exec(
            *KIOSK, *args, cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
        )
        line = (await asyncio.wait_for(self.proc.stdout.readline(), 60)).decode()
        if not re.search(r"listening on http://127\.0\.0\.1:\d+/api/v1", line):
            err = (await self.proc.stderr.read()).decode()
            raise AssertionError(f"kiosk serve did not start: {line} {err}")
        return self

    async def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            await asyncio.wait_for(self.proc.wait(), 30)


def token(db_url: str, role: str, name: str) -> str:
    out = subprocess.run(
        [*KIOSK, "token", "create", "--db", db_url, "--role", role, "--name", name],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


async def collect(stream, into: list) -> None:
    async for item in stream:
        into.append(item)


async def wait_for_seq(items: list, seq: int, timeout: float = 60) -> None:
    async with asyncio.timeout(timeout):
        while not items or items[-1].seq < seq:
            await asyncio.sleep(0.02)


def assert_contiguous(items: list) -> None:
    """A snapshot followed by events with every seq after it exactly once, in order."""
    assert isinstance(items[0], Snapshot)
    seqs = [i.seq for i in items[1:]]
    assert seqs == list(range(items[0].seq + 1, items[0].seq + 1 + len(seqs)))


async def retry_write(client: KioskClient, command: dict, attempts: int = 200):
    """Send a command, retrying while the server or its database is unreachable."""
    for _ in range(attempts):
        try:
            return await client.execute(command)
        except StoreUnavailable:
            await asyncio.sleep(0.1)
    raise AssertionError("the server never came back")


async def test_sigkill_during_a_burst_loses_no_acknowledged_write(tmp_path):
    db = f"sqlite:///{tmp_path / 'kiosk.sqlite3'}"
    server = await Serve(db).start()
    pit, display, admin = token(db, "pit", "pit"), token(db, "display", "screen"), token(db, "admin", "ada")
    acked: list = []
    seen: list = []
    try:
        async with KioskClient(server.url, display) as watcher, KioskClient(server.url, pit, timeout=5) as writer:
            stream = watcher.stream(backoff_initial=0.05, backoff_max=0.5)
            reader = asyncio.create_task(collect(stream, seen))
            await wait_for_seq(seen, 0)

            async def burst(table_id: str) -> None:
                i = 0
                while True:
                    try:
                        acked.extend(await writer.execute(b.set_display_name(table_id, lawful_name(table_id, f"#{i}"))))
                    except StoreUnavailable:
                        return  # the server died under us: this write was never acknowledged
                    i += 1

            writers = [asyncio.create_task(burst(t)) for t in TABLES]
            async with asyncio.timeout(60):
                while len(acked) < 150:
                    await asyncio.sleep(0.01)
            await server.kill()  # mid-burst: writes are in flight
            await asyncio.gather(*writers)
            assert len(acked) >= 150

            server = await Serve(db, port=server.port).start()
            audit = subprocess.run([*KIOSK, "audit", "verify", "--db", db], capture_output=True, text=True, cwd=ROOT)
            assert audit.returncode == 0, audit.stdout + audit.stderr
            assert audit.stdout.startswith("ok")

            async with KioskClient(server.url, admin) as check:
                stored = {}
                since = 0
                while True:
                    page = await check.events_since(since, limit=1000)
                    stored.update({e.seq: e.to_json() for e in page})
                    if len(page) < 1000:
                        break
                    since = page[-1].seq
                for event in acked:
                    assert stored.get(event.seq) == event.to_json()
                assert (await check.verify_audit())["ok"] is True
                last = await retry_write(check, b.set_display_name("BJ-01", "Blackjack after the restart"))
            await wait_for_seq(seen, last[-1].seq)
            reader.cancel()
            assert_contiguous(seen)
            assert stream.reconnects >= 1
            by_seq = {i.seq: i.to_json() for i in seen[1:]}
            for seq, event in stored.items():
                if seq > seen[0].seq:
                    assert by_seq[seq] == event
    finally:
        await server.stop()


@pytest.mark.postgres
async def test_postgresql_restart_mid_stream_is_survived(pg_server, pg_url):
    server = await Serve(pg_url).start()
    pit, display = token(pg_url, "pit", "pit"), token(pg_url, "display", "screen")
    seen: list = []
    try:
        async with KioskClient(server.url, display) as watcher, KioskClient(server.url, pit, timeout=5) as writer:
            stream = watcher.stream(backoff_initial=0.05, backoff_max=0.5)
            reader = asyncio.create_task(collect(stream, seen))
            await wait_for_seq(seen, 0)
            for i in range(5):
                await writer.execute(b.set_display_name("BJ-01", f"Blackjack before {i}"))
            await asyncio.to_thread(pg_server.restart)
            last = None
            for i in range(10):
                last = await retry_write(
                    writer,
                    b.set_display_name(TABLES[i % len(TABLES)], lawful_name(TABLES[i % len(TABLES)], f"after {i}")),
                )
            await wait_for_seq(seen, last[-1].seq)
            reader.cancel()
            assert_contiguous(seen)
            # health answers 503 until the node's LISTEN connection is back (a load balancer then
            # keeps clients away); it comes back by itself
            health = None
            for _ in range(300):
                try:
                    health = await writer.health()
                    break
                except StoreUnavailable:
                    await asyncio.sleep(0.1)
            assert health is not None, "the node never reported healthy again after the restart"
            assert health["status"] == "ok" and health["seq"] == last[-1].seq
    finally:
        await server.stop()


@pytest.mark.postgres
async def test_two_nodes_on_one_postgresql_see_each_others_changes(pg_url):
    node_a = await Serve(pg_url).start()
    node_b = await Serve(pg_url).start()
    pit, display = token(pg_url, "pit", "pit"), token(pg_url, "display", "screen")
    seen_b: list = []
    seen_a: list = []
    try:
        async with (
            KioskClient(node_a.url, pit) as via_a,
            KioskClient(node_b.url, pit) as via_b,
            KioskClient(node_b.url, display) as screen_b,
            KioskClient(node_a.url, display) as screen_a,
        ):
            assert (await via_a.health())["node_id"] != (await via_b.health())["node_id"]
            reader_b = asyncio.create_task(collect(screen_b.stream(), seen_b))
            reader_a = asyncio.create_task(collect(screen_a.stream(), seen_a))
            await wait_for_seq(seen_b, 0)
            await wait_for_seq(seen_a, 0)
            from_a = await via_a.execute(b.set_display_name("BJ-01", "Blackjack via A"))
            await wait_for_seq(seen_b, from_a[-1].seq, timeout=20)
            from_b = await via_b.execute(b.set_display_name("BJ-02", "Blackjack via B"))
            await wait_for_seq(seen_a, from_b[-1].seq, timeout=20)
            await wait_for_seq(seen_b, from_b[-1].seq, timeout=20)
            reader_a.cancel()
            reader_b.cancel()
            for seen in (seen_a, seen_b):
                assert_contiguous(seen)
                events = {i.seq: i.to_json() for i in seen[1:]}
                assert events[from_a[-1].seq] == from_a[-1].to_json()
                assert events[from_b[-1].seq] == from_b[-1].to_json()
            assert (await via_b.table("BJ-01"))["display_name"] == "Blackjack via A"
            assert (await via_a.table("BJ-02"))["display_name"] == "Blackjack via B"
    finally:
        await node_a.stop()
        await node_b.stop()
