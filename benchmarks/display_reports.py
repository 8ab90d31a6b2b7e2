"""What the displays' reports cost (kiosk.state.showing): recording one, and reading them in
the commands whose rules count from them.

Measured in-process on a ``Service`` over a SQLite file seeded with the demo floor, in the
same run, interleaved so both sides see the same machine load:

* ``report_ms``: ``Service.record_showing`` (one audit record, no event) against
  ``game_write_ms``, a dealer's ``roulette_result`` (an event, a state row, an audit record);
* ``hand_complete_ms``: the poker ``hand_complete`` with a commission change pending, which
  reads the table's reports made since the change was given (002 r7.3), once the table has
  ``--reports`` of them (by default ``kiosk.state.showing.RECENT``, the most the rules read),
  none showing the change (so it stays pending and every hand reads them all), against
  ``hand_complete_bare_ms``, the same command and pending change on a table with no report.

    .venv/bin/python benchmarks/display_reports.py [--writes 200] [--reports 500]

Writes JSON to ``benchmarks/results/display_reports.json``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from floor_law import _summary
from stream_latency import RESULTS, demo_floor, machine

__all__ = ["main"]


async def _measure(writes: int, reports: int) -> dict[str, Any]:
    from kiosk.floor import load_floor
    from kiosk.state.events import Actor
    from kiosk.state.service import Service
    from kiosk.state.showing import parse_report

    floor = load_floor(demo_floor())
    dealer = Actor(name="bench dealer", role="dealer", token_id="tok_bench_dealer")
    pit = Actor(name="bench pit", role="pit", token_id="tok_bench_pit")
    rake = {"type": "percentage", "percent_bp": 800, "cap_cents": 600, "minimum_cents": 100}
    pokers = sorted(t.id for t in floor.tables.values() if t.game == "poker")
    busy, bare = pokers[0], pokers[1]
    roulette = next(t.id for t in floor.tables.values() if t.game == "roulette")
    display_of = {t: next(d.id for d in floor.displays.values() if d.table == t) for t in (busy, roulette)}
    # a display token issued for the two tables' displays: its reports count (docs/readings.md A-28)
    screen = Actor(
        name="bench display", role="display", token_id="tok_bench_display", displays=frozenset(display_of.values())
    )

    def report(table_id: str, i: int):
        return parse_report(
            {
                "type": "showing",
                "table_id": table_id,
                "display_id": display_of[table_id],
                "signs": ["limits"],
                "notices": [f"elsewhere{i}"],
            }
        )

    with tempfile.TemporaryDirectory() as tmp:
        service = await Service.open(f"sqlite:///{tmp}/bench.sqlite3", floor=floor, tick_seconds=None)
        try:
            for table_id in (busy, bare):  # a commission change waits on both tables
                await service.execute(pit, {"type": "set_limits", "table_id": table_id, "limits": {"rake": rake}})
            for i in range(reports):  # the busy table's reports since, none showing the change
                await service.record_showing(screen, report(busy, i))
            recorded, game, busy_hand, bare_hand = [], [], [], []
            for i in range(writes):
                t0 = time.perf_counter()
                await service.record_showing(screen, report(roulette, i))
                recorded.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                await service.execute(dealer, {"type": "roulette_result", "table_id": roulette, "number": i % 37})
                game.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                await service.execute(dealer, {"type": "hand_complete", "table_id": busy})
                busy_hand.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                await service.execute(dealer, {"type": "hand_complete", "table_id": bare})
                bare_hand.append((time.perf_counter() - t0) * 1000)
        finally:
            await service.close()
    report_s, game_s = _summary(recorded), _summary(game)
    busy_s, bare_s = _summary(busy_hand), _summary(bare_hand)
    return {
        "reports_on_the_table": reports,
        "report_ms": report_s,
        "game_write_ms": game_s,
        "hand_complete_ms": busy_s,
        "hand_complete_bare_ms": bare_s,
        "ratio_report_to_game": {
            "p50": round(report_s["p50"] / game_s["p50"], 2),
            "p99": round(report_s["p99"] / game_s["p99"], 2),
        },
        "ratio_hand_complete_with_reports_to_bare": {
            "p50": round(busy_s["p50"] / bare_s["p50"], 2),
            "p99": round(busy_s["p99"] / bare_s["p99"], 2),
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writes", type=int, default=200)
    parser.add_argument("--reports", type=int, default=None, help="reports on the table first (default: RECENT)")
    args = parser.parse_args(argv)
    from kiosk.state.showing import RECENT

    result = {
        "machine": machine(),
        "store": "sqlite",
        **asyncio.run(_measure(args.writes, RECENT if args.reports is None else args.reports)),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / "display_reports.json"
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in result.items() if k != "machine"}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
