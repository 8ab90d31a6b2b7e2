"""Writes per second through the HTTP API, on SQLite and on PostgreSQL.

Each write is a real command (validated, one transaction with its event and audit record,
published to subscribers) sent by ``KioskClient``-equivalent HTTP calls to a ``kiosk serve``
subprocess. Measured for 1 writer and for 8 concurrent writers (each on its own table, so they
do not conflict), for ``--seconds`` each.

    .venv/bin/python benchmarks/write_throughput.py [--seconds 5] [--stores sqlite,postgresql]

Writes JSON to ``benchmarks/results/write_throughput.json``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent))

from stream_latency import (
    RESULTS,
    KioskServer,
    PostgresCluster,
    demo_floor,
    machine,
    percentile,
    write_command,
)

__all__ = ["main"]


async def _tables(base: str, token: str) -> list[str]:
    """The tables whose name the write may change: the law keeps some games' names (a blackjack
    table is offered under another name only with bonus blackjack, 003 s50A(3))."""
    headers = {"Authorization": f"Bearer {token}"}
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{base}/api/v1/tables", headers=headers) as r:
            tables = sorted((await r.json())["tables"])
        writable = []
        for table_id in tables:
            body = {"type": "set_display_name", "table_id": table_id, "display_name": "Bench"}
            async with session.post(f"{base}/api/v1/commands", json=body, headers=headers) as r:
                if r.status == 200:
                    writable.append(table_id)
        return writable


async def _burst(base: str, token: str, tables: list[str], writers: int, seconds: float) -> dict[str, Any]:
    latencies: list[float] = []
    count = [0]
    deadline = time.monotonic() + seconds

    async def writer(session: aiohttp.ClientSession, table_id: str) -> None:
        i = 0
        while time.monotonic() < deadline:
            t0 = time.monotonic()
            await write_command(session, base, token, table_id, i)
            latencies.append((time.monotonic() - t0) * 1000)
            count[0] += 1
            i += 1

    started = time.monotonic()
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        await asyncio.gather(*(writer(session, tables[k % len(tables)]) for k in range(writers)))
    elapsed = time.monotonic() - started
    return {
        "writers": writers,
        "writes": count[0],
        "seconds": round(elapsed, 2),
        "writes_per_second": round(count[0] / elapsed, 1),
        "ack_ms": {"p50": percentile(latencies, 50), "p99": percentile(latencies, 99)},
    }


async def _run(stores: list[str], seconds: float) -> dict[str, Any]:
    results: dict[str, Any] = {
        "machine": machine(),
        "load_average_1_5_15m_before": [round(x, 2) for x in os.getloadavg()],
        "seconds_per_run": seconds,
        "runs": {},
    }
    pg: PostgresCluster | None = None
    try:
        for store in stores:
            if store == "sqlite":
                db_url = f"sqlite:///{Path(tempfile.mkdtemp(prefix='kiosk-bench-')) / 'kiosk.sqlite3'}"
            else:
                pg = pg or PostgresCluster().start()
                db_url = pg.create_database("bench_writes")
            server = KioskServer(db_url, demo_floor()).start()
            try:
                tables = await _tables(server.url, server.token)
                results["runs"][store] = [await _burst(server.url, server.token, tables, w, seconds) for w in (1, 8)]
            finally:
                server.stop()
    finally:
        if pg is not None:
            pg.stop()
    results["load_average_1_5_15m_after"] = [round(x, 2) for x in os.getloadavg()]
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="write throughput benchmark")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--stores", default="sqlite,postgresql")
    parser.add_argument("--out", type=Path, default=RESULTS / "write_throughput.json")
    args = parser.parse_args(argv)
    results = asyncio.run(_run([s for s in args.stores.split(",") if s], args.seconds))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    for store, runs in results["runs"].items():
        for run in runs:
            ack = run["ack_ms"]
            print(
                f"{store:>10} {run['writers']} writer(s): {run['writes_per_second']:7.1f} writes/s,"
                f" acknowledged p50 {ack['p50']:.1f} ms, p99 {ack['p99']:.1f} ms"
            )
    print(f"load average {results['load_average_1_5_15m_before']} -> {results['load_average_1_5_15m_after']}")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
