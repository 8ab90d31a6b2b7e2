"""Writes from several nodes at once (issue 20 §3): on PostgreSQL a command's handler and the
floor law run without the writers' lock and only the check of the versions they read and the
append take it; several nodes' writes are appended in groups. Whatever the interleaving, every
acknowledged command is in the log exactly once, the log is one gap-free order, the audit chain
verifies, and no write is applied on a state another write had already changed."""

from __future__ import annotations

import asyncio
import itertools
import random
import threading

import pytest

from kiosk.state.errors import Conflict
from kiosk.state.handlers import make_apply, prepare
from kiosk.views import builders as b
from tests.fixtures.actors import DEALER, PIT

NODES = 3


async def _open_nodes(make_service, db_url, floor, count=NODES):
    """``count`` nodes on one database (closed when the test ends)."""
    return [
        await make_service(db_url, floor=floor, tick_seconds=None, node_id=f"n{i}", audit_key=None)
        for i in range(count)
    ]


def _commands(rng: random.Random, count: int):
    """A mix: one table from every node (a plain game command and a floor command), two tables
    of one jackpot link, and floor commands on two tables (each moves the floor's version)."""
    out = []
    for i in range(count):
        kind = rng.choice(["light", "light", "bj_name", "tc_name", "wagers", "limits"])
        if kind == "light":
            cmd = {"type": "twoup_light", "table_id": "TU-01", "light": "heads", "index": 1, "failed": bool(i % 2)}
            out.append((DEALER, cmd))
        elif kind == "bj_name":
            out.append((PIT, b.set_display_name("BJ-01", f"Blackjack {i}")))
        elif kind == "tc_name":
            out.append((PIT, b.set_display_name("TC54-01", f"Tri-Chro {i}")))
        elif kind == "wagers":
            out.append((DEALER, b.jackpot_wagers(rng.choice(["CSP-01", "CSP-02"]), count=1 + i % 3)))
        else:
            out.append((PIT, b.set_limits("MP-01", {"maximum_cents": rng.choice([2_000, 2_500, 3_000])})))
    return out


async def _log(node):
    events, seq = [], 0
    while True:
        page = await node.events_since(seq, limit=1000)
        events += page
        if len(page) < 1000:
            return events
        seq = page[-1].seq


def _assert_one_order(log, acknowledged):
    """Gap-free, each acknowledged event exactly once as acknowledged, and each table's and
    link's versions one after another (every write applied on the state the one before left)."""
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    by_seq = {e.seq: e for e in log}
    seqs = [e.seq for e in acknowledged]
    assert len(seqs) == len(set(seqs))
    for event in acknowledged:
        stored = by_seq[event.seq]
        assert (stored.type, stored.table_id, stored.data, stored.version) == (
            event.type,
            event.table_id,
            event.data,
            event.version,
        )
    versions: dict[tuple[str, str], list[int]] = {}
    for event in log:
        link = event.extra.get("link_id")
        subject = ("link", link) if link and event.table_id is None else ("table", event.table_id or "")
        if event.version is not None and subject[1]:
            versions.setdefault(subject, []).append(event.version)
    for subject, seen in versions.items():
        assert seen == list(range(seen[0], seen[0] + len(seen))), subject


async def test_concurrent_writers_on_nodes_each_command_once_in_one_chained_order(make_service, db_url, floor):
    nodes = await _open_nodes(make_service, db_url, floor)
    commands = _commands(random.Random(20), 90)
    results = await asyncio.gather(
        *(nodes[i % NODES].execute(actor, cmd) for i, (actor, cmd) in enumerate(commands)),
        return_exceptions=True,
    )
    failures = [r for r in results if isinstance(r, BaseException)]
    assert failures == []
    acknowledged = [e for events in results for e in events]
    assert len(acknowledged) >= len(commands)
    log = await _log(nodes[0])
    _assert_one_order(log, acknowledged)
    assert {e.seq for e in acknowledged} <= {e.seq for e in log}
    report = await nodes[1].verify_audit()
    assert report.ok, report
    tables = (await nodes[2].snapshot())["tables"]
    last_name = [cmd["display_name"] for _, cmd in commands if cmd.get("table_id") == "BJ-01"][-1:]
    names = {e.data["display_name"] for e in acknowledged if e.table_id == "BJ-01"}
    assert not last_name or tables["BJ-01"]["display_name"] in names


class _Gate:
    """Hold a command's handler after it has read its rows until told to go, so that two
    writers read the same version before either is appended (where the store lets them: on
    SQLite the handler runs inside the one writer's lock, and the gate opens at once)."""

    def __init__(self, wait: bool) -> None:
        self.wait = wait
        self.read: list[int] = []
        self.go = threading.Event()
        self.first_read = threading.Event()

    def wrap(self, apply):
        def gated(loaded):
            self.read.append(loaded.tables["BJ-01"]["version"])
            if len(self.read) == 1:
                self.first_read.set()
                if self.wait:
                    self.go.wait(30)
            return apply(loaded)

        return gated


async def _gated_write(node, command, gate: _Gate):
    spec, cmd = prepare(PIT, command)
    now = node.now()
    apply = gate.wrap(make_apply(spec, cmd, node._ctx(PIT, now)))
    events = await node._store.write(PIT, apply, now=now, tables="*", links="*")
    await node._deliver(events)
    return events


@pytest.mark.parametrize(
    ("first", "expected"), list(itertools.product(["a", "b"], [False, True])), ids=lambda v: str(v)
)
async def test_two_limits_changes_on_one_version_never_both_apply_on_it(make_service, db_url, floor, first, expected):
    """Two limits changes of BJ-01 read the same version; whichever is appended second is run
    again on the state the first left (both changes stand) or, when it named the version it
    was based on, refused as a conflict - never applied on the state it read."""
    a, bnode = await _open_nodes(make_service, db_url, floor, 2)
    version = (await a.snapshot(["BJ-01"]))["tables"]["BJ-01"]["version"]
    pinned = version if expected else None
    change = {
        "a": (a, b.set_limits("BJ-01", {"maximum_cents": 90_000}, expected_version=pinned)),
        "b": (bnode, b.set_limits("BJ-01", {"minimum_cents": 2_000}, expected_version=pinned)),
    }
    concurrent = a.kind == "postgresql"
    second = "b" if first == "a" else "a"
    gates = {first: _Gate(wait=False), second: _Gate(wait=concurrent)}
    if concurrent:  # the second has read the version and waits while the first is appended
        held = asyncio.create_task(_gated_write(*change[second], gates[second]))
        await asyncio.to_thread(gates[second].first_read.wait, 30)
        try:
            first_events = await _gated_write(*change[first], gates[first])
        finally:
            gates[second].go.set()
    else:  # SQLite: one writer at a time, the handler inside its lock
        first_events = await _gated_write(*change[first], gates[first])
        held = asyncio.create_task(_gated_write(*change[second], gates[second]))
    if expected:
        with pytest.raises(Conflict, match="someone changed it first"):
            await held
    else:
        second_events = await held
        assert second_events[0].version == first_events[0].version + 1
    if concurrent:
        assert gates[second].read[0] == version  # it did read the version the first changed
    state = (await bnode.snapshot(["BJ-01"]))["tables"]["BJ-01"]
    if expected:
        assert state["version"] == version + 1
    else:
        assert state["version"] == version + 2
        assert (state["limits"]["maximum_cents"], state["limits"]["minimum_cents"]) == (90_000, 2_000)
    _assert_one_order(await _log(a), first_events)
    assert (await a.verify_audit()).ok
