"""Export time of every shipped cloth at 1:1, one page and tiled, against the bare painter.

For one table of the demo floor per shipped layout (the Caribbean stud table without jackpot
slots too), each round starts cold (layout files, scenes and checks not cached) and times:

* **check**: the cloth check the export runs first (:func:`kiosk.views.cloth.cloth_problems`);
* **one page**: :func:`kiosk.render.cloth_export.plan_cloths` (check and drawing) and
  :func:`kiosk.render.cloth_export.export_cloths` writing one page of the cloth's size (bleed,
  crop marks, PDF/X-4 structure with pikepdf, manifest, atomic rename);
* **tiles**: the same on ``--paper`` (default A3, the orientation that needs fewer tiles);
* **bare**: :func:`kiosk.render.pdf.render_pdf` painting the same scene on one page, no check,
  no boxes, no output intent, no manifest: the baseline measured alongside.

Times are the process's CPU time (steadier than the wall clock on a shared machine; wall-clock
medians alongside), medians of ``--repeat`` rounds, to ``benchmarks/results/export_cloths.json``
with the machine.

    python benchmarks/export_cloths.py [--repeat 5] [--paper A3] [--out benchmarks/results/export_cloths.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.export_signs import machine  # noqa: E402
from kiosk.floor import load_floor  # noqa: E402
from kiosk.render.cloth import ClothSpec  # noqa: E402
from kiosk.render.cloth_export import export_cloths, plan_cloths  # noqa: E402
from kiosk.render.paper import parse_paper  # noqa: E402
from kiosk.render.pdf import render_pdf  # noqa: E402
from kiosk.scene import cloth_content  # noqa: E402
from kiosk.views import cloth  # noqa: E402
from kiosk.views.base import CasinoSettings  # noqa: E402
from kiosk.views.signs.source import states_from_floor  # noqa: E402

__all__ = ["main"]

TABLES = ["BJ-01", "CSP-01", "CSP-04", "DP-01", "MP-01", "PG-01", "PK-01", "RO-01", "TC54-01", "TC63-01", "TU-01"]


def cold() -> None:
    """Forget every layout file, scene and check read so far."""
    for cached in (cloth._load, cloth._scene, cloth_content._load, cloth_content._cached):
        cached.cache_clear()


def timed(run: Callable[[], object]) -> tuple[float, float]:
    cold()
    c0, t0 = time.process_time(), time.perf_counter()
    run()
    return time.process_time() - c0, time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--paper", default="A3")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "export_cloths.json"))
    args = parser.parse_args(argv)

    floor = load_floor(ROOT / "assets" / "demo_floor.toml")
    tables, _links = states_from_floor(floor)
    settings = CasinoSettings.from_floor(floor)
    generated = datetime(2026, 1, 1, tzinfo=UTC)
    one_page = ClothSpec(crop_marks=True)
    tiled = ClothSpec(parse_paper(args.paper))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for table_id in TABLES:
            table = tables[table_id]
            [job] = plan_cloths(tables, settings, table_ids=[table_id])
            warm = export_cloths([job], tiled, folder / "warm", batch=False, generated=generated)
            tiles = warm.manifest["signs"][0]["pages"]
            runs = {
                "check": lambda table=table: cloth.cloth_problems(table, settings),
                "one_page": lambda table_id=table_id: export_cloths(
                    plan_cloths(tables, settings, table_ids=[table_id]), one_page, folder / "one", batch=False,
                    generated=generated,
                ),
                "tiles": lambda table_id=table_id: export_cloths(
                    plan_cloths(tables, settings, table_ids=[table_id]), tiled, folder / "tiles", batch=False,
                    generated=generated,
                ),
                "bare": lambda table=table: render_pdf(cloth.cloth_scene(table, settings), folder / "bare.pdf"),
            }  # fmt: skip
            for run in runs.values():  # warm-up: fonts registered, modules loaded
                run()
            cpu: dict[str, list[float]] = {k: [] for k in runs}
            wall: dict[str, list[float]] = {k: [] for k in runs}
            for _ in range(args.repeat):
                for name, run in runs.items():
                    c, w = timed(run)
                    cpu[name].append(c)
                    wall[name].append(w)
            med = {k: statistics.median(v) for k, v in cpu.items()}
            rows.append(
                {
                    "table": table_id,
                    "layout": job.layout.name,
                    "cloth_mm": [job.scene.width_mm, job.scene.height_mm],
                    "primitives": len(job.scene.items),
                    "tiles": tiles,
                    "median_cpu_ms": {k: round(v * 1000, 1) for k, v in med.items()},
                    "median_wall_ms": {k: round(statistics.median(v) * 1000, 1) for k, v in wall.items()},
                    "one_page_over_bare": round(med["one_page"] / med["bare"], 2),
                    "tiles_ms_per_page": round(med["tiles"] * 1000 / tiles, 1),
                }
            )
    result = {
        "machine": machine(),
        "floor": "assets/demo_floor.toml",
        "one_page": one_page.describe(),
        "tiles": tiled.describe(),
        "overlap_mm": tiled.overlap_mm,
        "repeat": args.repeat,
        "clock": "process CPU time (median), each round cold; wall-clock medians alongside",
        "cloths": rows,
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
