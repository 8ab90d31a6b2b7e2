"""What checking a write against the floor rules costs (kiosk.state.floorlaw).

A configuration write (``set_display_name``, ``set_signs``, ``set_limits``, ...) loads every
table and link and runs ``kiosk check``'s floor rules on the floor before and after it; a
dealer's game command (``roulette_result``) loads only its table and is not floor-checked.
Measured in-process on a ``Service`` over a SQLite file seeded with the demo floor (16
tables), in the same run:

* ``config_write_ms``: ``set_display_name`` through ``Service.execute`` (floor-checked);
* ``game_write_ms``: ``roulette_result`` through ``Service.execute`` (the baseline: same
  store, transaction, audit and publication, no floor check);
* ``floor_check_ms``: ``FloorLaw.refuse_new_violations`` alone on the demo floor's state.

    .venv/bin/python benchmarks/floor_law.py [--writes 200]

Writes JSON to ``benchmarks/results/floor_law.json``.
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

from stream_latency import RESULTS, demo_floor, machine, percentile

__all__ = ["main"]


def _summary(values: list[float]) -> dict[str, float]:
    return {"p50": round(percentile(values, 50), 3), "p99": round(percentile(values, 99), 3), "n": len(values)}


async def _measure(writes: int) -> dict[str, Any]:
    from kiosk.floor import load_floor
    from kiosk.state.events import Actor
    from kiosk.state.floorlaw import FloorFrame, FloorLaw
    from kiosk.state.service import Service

    floor = load_floor(demo_floor())
    pit = Actor(name="bench pit", role="pit", token_id="tok_bench_pit")
    dealer = Actor(name="bench dealer", role="dealer", token_id="tok_bench_dealer")
    with tempfile.TemporaryDirectory() as tmp:
        service = await Service.open(f"sqlite:///{tmp}/bench.sqlite3", floor=floor, tick_seconds=None)
        try:
            roulette = next(t.id for t in floor.tables.values() if t.game == "roulette")
            blackjack = next(t.id for t in floor.tables.values() if t.game == "blackjack")
            config, game = [], []
            for i in range(writes):  # interleaved, so both see the same machine load
                t0 = time.perf_counter()
                await service.execute(
                    pit, {"type": "set_display_name", "table_id": blackjack, "display_name": f"Blackjack {i}"}
                )
                config.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                await service.execute(dealer, {"type": "roulette_result", "table_id": roulette, "number": i % 37})
                game.append((time.perf_counter() - t0) * 1000)
            snap = await service.snapshot()
        finally:
            await service.close()
    law = FloorLaw(FloorFrame.of(floor))
    changed = {blackjack: {**snap["tables"][blackjack], "display_name": "Blackjack"}}
    check = []
    for _ in range(writes):
        t0 = time.perf_counter()
        law.refuse_new_violations(snap["tables"], snap["links"], changed)
        check.append((time.perf_counter() - t0) * 1000)
    config_s, game_s = _summary(config), _summary(game)
    return {
        "tables": len(floor.tables),
        "config_write_ms": config_s,
        "game_write_ms": game_s,
        "floor_check_ms": _summary(check),
        "ratio_config_to_game": {
            "p50": round(config_s["p50"] / game_s["p50"], 2),
            "p99": round(config_s["p99"] / game_s["p99"], 2),
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writes", type=int, default=200)
    args = parser.parse_args(argv)
    result = {"machine": machine(), "store": "sqlite", **asyncio.run(_measure(args.writes))}
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / "floor_law.json"
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in result.items() if k != "machine"}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
