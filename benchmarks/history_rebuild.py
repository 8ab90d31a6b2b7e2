"""How long rebuilding the floor at a past moment takes (kiosk.state.history.state_at), against the
number of events before it.

A day of a busy table: in-process on a ``Service`` seeded with the demo floor (SQLite file, and a
throw-away PostgreSQL cluster with ``fsync=on``), a hand-moved clock, the roulette table RO-01
given a result every 4.32 s (20 000 a day), and among them what else an evening holds: every
50th step a display's report of what it shows (an audit record, no event), every 500th a limits
change at BJ-01, every 1 000th a tri-chro drawing at TC54-01.  When the log holds each of
``--counts`` events, the moment is noted; at the end the floor is rebuilt at each noted moment:

* ``indexed_ms``: ``Service.state_at(moment, table="RO-01")``, what ``kiosk snapshot --at`` and
  ``GET /api/v1/state`` run (the last event about each table and link, read by index, folded);
* ``full_ms``: the same with ``full=True``: every event up to the moment read and folded by
  ``kiosk.state.replay.rebuild`` (the fold ``kiosk audit verify`` runs), for comparison;
* ``compose_ms``: composing RO-01's layout view from the rebuilt state (``compose_view``).

``indexed_cpu_ms`` is the CPU time of this process (its store threads included; PostgreSQL's own
is not) for the indexed rebuild: on a shared, loaded machine the wall times wander, this less.

Medians of ``--runs`` (full fold: of 3), after a warm-up that opens the store's reader
connections. Writes ``benchmarks/results/history_rebuild.json``.

    .venv/bin/python benchmarks/history_rebuild.py [--counts 1000,5000,20000,50000] [--stores sqlite,postgresql]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from stream_latency import RESULTS, PostgresCluster, demo_floor, machine

__all__ = ["main"]

STEP = timedelta(seconds=86400 / 20000)  # 20 000 events in a day
START = datetime(2026, 11, 28, 8, 0, tzinfo=UTC)  # Saturday 18:00 in Brisbane


class _Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


async def _fill(service: Any, clock: _Clock, counts: list[int]) -> dict[int, datetime]:
    """Play the day until the log holds max(counts) events; the moment each count was reached."""
    from kiosk.state.events import Actor
    from kiosk.state.showing import parse_report
    from kiosk.views import builders

    dealer = Actor(name="bench dealer", role="dealer", token_id="tok_bench_dealer")
    pit = Actor(name="bench pit", role="pit", token_id="tok_bench_pit")
    screen = Actor(
        name="bench display", role="display", token_id="tok_bench_display", displays=frozenset({"D-RO-01-limits"})
    )
    moments: dict[int, datetime] = {}
    head = await service.audit_head()
    seq, step = head["seq"], 0
    wanted = sorted(counts)
    t0 = time.perf_counter()
    while wanted:
        step += 1
        clock.now += STEP
        if step % 50 == 0:
            report = {
                "type": "showing",
                "table_id": "RO-01",
                "display_id": "D-RO-01-limits",
                "signs": ["limits"],
                "notices": [],
            }
            await service.record_showing(screen, parse_report(report))
        if step % 500 == 0:
            minimum = 1000 if (step // 500) % 2 else 500
            command = builders.set_limits("BJ-01", {"minimum_cents": minimum, "maximum_cents": 100_000})
            events = await service.execute(pit, command)
        elif step % 1000 == 1:
            await service.execute(dealer, builders.trichro_no_more_bets("TC54-01"))
            events = await service.execute(dealer, builders.trichro_draw("TC54-01", ["red", "gold*"]))
        else:
            events = await service.execute(dealer, builders.roulette_result("RO-01", step % 37))
        seq = events[-1].seq
        while wanted and seq >= wanted[0]:
            moments[wanted.pop(0)] = clock.now
            print(f"  {seq} events by {clock.now:%H:%M:%S} UTC ({time.perf_counter() - t0:.0f} s)", flush=True)
    return moments


async def _measure_store(db_url: str, counts: list[int], runs: int) -> dict[str, Any]:
    from kiosk.floor import load_floor
    from kiosk.state.service import Service
    from kiosk.views.base import Area, CasinoSettings
    from kiosk.views.screen import Subject, compose_view

    clock = _Clock()
    service = await Service.open(db_url, floor=load_floor(demo_floor()), tick_seconds=None, clock=clock)
    try:
        t0 = time.perf_counter()
        moments = await _fill(service, clock, counts)
        fill_s = time.perf_counter() - t0
        clock.now += timedelta(minutes=1)
        for _ in range(8):  # every reader connection opened (the store opens them on first use)
            await service.state_at(clock.now, table="RO-01")
        rows = []
        for count in sorted(moments):
            at = moments[count]
            indexed, indexed_cpu, full, compose = [], [], [], []
            past = None
            for i in range(runs):
                t0, c0 = time.perf_counter(), time.process_time()
                past = await service.state_at(at, table="RO-01")
                indexed.append((time.perf_counter() - t0) * 1000)
                indexed_cpu.append((time.process_time() - c0) * 1000)
                if i < 3:
                    t0 = time.perf_counter()
                    whole = await service.state_at(at, table="RO-01", full=True)
                    full.append((time.perf_counter() - t0) * 1000)
                    assert whole.tables == past.tables and whole.links == past.links, "the two folds differ"
                settings = CasinoSettings(name=past.casino["name"])
                t0 = time.perf_counter()
                compose_view(
                    Subject("layout", table="RO-01"), past.tables, past.links, settings, at, area=Area(527, 296)
                )
                compose.append((time.perf_counter() - t0) * 1000)
            assert past is not None
            rows.append(
                {
                    "events": past.seq,
                    "audit_records": past.n,
                    "moment": at.isoformat().replace("+00:00", "Z"),
                    "events_read_indexed": past.events_read,
                    "indexed_ms": round(statistics.median(indexed), 2),
                    "indexed_max_ms": round(max(indexed), 2),
                    "indexed_cpu_ms": round(statistics.median(indexed_cpu), 2),
                    "full_ms": round(statistics.median(full), 1),
                    "compose_ms": round(statistics.median(compose), 2),
                }
            )
            print(f"  {rows[-1]}", flush=True)
        return {"fill_seconds": round(fill_s, 1), "rows": rows}
    finally:
        await service.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", default="1000,5000,20000,50000")
    parser.add_argument("--stores", default="sqlite,postgresql")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--out", type=Path, default=RESULTS / "history_rebuild.json")
    args = parser.parse_args(argv)
    counts = [int(c) for c in args.counts.split(",") if c]
    result: dict[str, Any] = {"machine": machine(), "load_average_before": list(os.getloadavg()), "stores": {}}
    for store in [s for s in args.stores.split(",") if s]:
        print(f"{store}:", flush=True)
        if store == "sqlite":
            with tempfile.TemporaryDirectory() as tmp:
                result["stores"][store] = asyncio.run(
                    _measure_store(f"sqlite:///{tmp}/bench.sqlite3", counts, args.runs)
                )
        else:
            cluster = PostgresCluster().start()
            try:
                url = cluster.create_database("bench_history")
                result["stores"][store] = asyncio.run(_measure_store(url, counts, args.runs))
            finally:
                cluster.stop()
    result["load_average_after"] = list(os.getloadavg())
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in result.items() if k != "machine"}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
