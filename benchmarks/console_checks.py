"""What the pit console does on every keystroke, against the bare command build in the same run.

The console's editor checks each edit as the user types with the service's own code
(:func:`kiosk.views.builders.check` on the mirrored floor, with the floor frame) and recomposes
the preview (the ``limits`` view). This measures, on the demo floor:

* ``check_ms``: one ``set_limits`` check (valid and refused by 003 s23(3));
* ``preview_ms``: composing the edited table's limits view;
* the baseline ``build_ms``: :func:`kiosk.views.builders.set_limits` alone (no check).

A keystroke costs check + preview; a 60 Hz frame is 16.7 ms. Medians of ``--repeat`` rounds go
to ``benchmarks/results/console_checks.json`` with the machine.

    python benchmarks/console_checks.py [--repeat 200]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kiosk.floor import load_floor  # noqa: E402
from kiosk.state.floorlaw import FloorFrame  # noqa: E402
from kiosk.views import builders  # noqa: E402
from kiosk.views.base import CasinoSettings  # noqa: E402
from kiosk.views.screen import Subject, compose_view  # noqa: E402
from kiosk.views.signs.source import states_from_floor  # noqa: E402


def _median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return round(statistics.median(times), 3)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "console_checks.json")
    args = parser.parse_args()
    floor = load_floor(ROOT / "assets" / "demo_floor.toml")
    tables, links = states_from_floor(floor)
    frame = FloorFrame.of(floor)
    casino = CasinoSettings.from_floor(floor)
    now = datetime.now(UTC)
    table = tables["BJ-01"]
    good = builders.set_limits(
        "BJ-01", {"minimum_cents": 2500, "maximum_cents": 250000}, expected_version=table["version"]
    )
    bad = builders.set_limits("BJ-01", {"minimum_cents": 500, "maximum_cents": 5000}, expected_version=table["version"])
    assert builders.check(good, tables, links, frame=frame) is None
    refusal = builders.check(bad, tables, links, frame=frame)
    assert refusal is not None and refusal.rule == "003 s23(3)", refusal
    edited = {**tables, "BJ-01": {**table, "limits": {**table["limits"], "minimum_cents": 2500}}}
    figures = {
        "build_ms": _median_ms(
            lambda: builders.set_limits("BJ-01", {"minimum_cents": 2500}, expected_version=1), args.repeat
        ),
        "check_valid_ms": _median_ms(lambda: builders.check(good, tables, links, frame=frame), args.repeat),
        "check_refused_ms": _median_ms(lambda: builders.check(bad, tables, links, frame=frame), args.repeat),
        "preview_ms": _median_ms(
            lambda: compose_view(Subject("limits", "BJ-01"), edited, links, casino, now), max(20, args.repeat // 10)
        ),
    }
    figures["keystroke_ms"] = round(figures["check_valid_ms"] + figures["preview_ms"], 3)
    result = {
        "measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(), "platform": platform.platform()},
        "repeat": args.repeat,
        "figures": figures,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
