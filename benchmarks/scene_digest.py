"""Time to digest a composed view (:func:`kiosk.scene.digest.frames_digest`), against composing it.

For every ``[[display]]`` of ``assets/demo_floor.toml`` and every table's layout, from the state a
fresh server holds, for a 527x296 mm screen: ``compose_ms`` (``compose_view`` from the same state:
the layout's cloth from its cache, what a display pays on most changes), ``digest_ms`` (the
digest of every frame of it, what a display adds to each report), the primitives and the bytes of
the canonical encoding (``digest_best_ms``: the fastest round, what the digest costs when the
machine is not shared).  And ``composer_ms``: computing :data:`COMPOSER` (hashing the composing
sources, once per process).

Medians of ``--repeat`` rounds go to ``benchmarks/results/scene_digest.json`` with the machine and
its load average.

    python benchmarks/scene_digest.py [--repeat 15] [--out benchmarks/results/scene_digest.json]
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
from kiosk.scene.digest import _composer, composer_sources, encode_scene, frames_digest  # noqa: E402
from kiosk.scene.primitives import Clipped, Scene  # noqa: E402
from kiosk.views.base import Area, CasinoSettings  # noqa: E402
from kiosk.views.screen import Subject, compose_view  # noqa: E402
from kiosk.views.signs.source import states_from_floor  # noqa: E402

AREA = Area(527.0, 296.0)


def machine() -> dict:
    """What the figures were measured on, and how busy it was."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "time": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "load_average_1_5_15m_at_end": [round(x, 2) for x in os.getloadavg()],
    }


def _count(items) -> int:
    return sum(1 + _count(i.items) if isinstance(i, Clipped) else 1 for i in items)


def _times(fn, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return times


def _ms(fn, repeat: int) -> float:
    return statistics.median(_times(fn, repeat))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "scene_digest.json")
    args = parser.parse_args(argv)
    floor = load_floor(ROOT / "assets" / "demo_floor.toml")
    tables, links = states_from_floor(floor)
    settings = CasinoSettings.from_floor(floor)
    now = datetime.now(UTC)
    subjects = {f"{tid}-layout": Subject("layout", table=tid) for tid in sorted(floor.tables)}
    subjects.update({did: Subject.of_display(d) for did, d in sorted(floor.displays.items())})
    rows = {}
    for name, subject in subjects.items():
        state = compose_view(subject, tables, links, settings, now, area=AREA)  # layouts and fonts loaded once
        frames: tuple[Scene, ...] = state.frames
        row = {
            "view": subject.view,
            "subject": subject.name,
            "frames": len(frames),
            "primitives": sum(_count(f.items) for f in frames),
            "encoded_bytes": sum(len(encode_scene(f)) for f in frames),
            "compose_ms": round(
                _ms(lambda s=subject: compose_view(s, tables, links, settings, now, area=AREA), args.repeat), 3
            ),
        }
        digests = _times(lambda f=frames, s=state: frames_digest(f, s.frame_seconds), args.repeat)
        row["digest_ms"] = round(statistics.median(digests), 3)
        row["digest_best_ms"] = round(min(digests), 3)
        row["digest_to_compose"] = round(row["digest_ms"] / row["compose_ms"], 2)
        rows[name] = row
        print(f"{name:28s} {row}", flush=True)
    sources = composer_sources()
    composer_ms = _ms(lambda: _composer(sources), args.repeat)
    digests = [r["digest_ms"] for r in rows.values()]
    result = {
        "machine": machine(),
        "repeat": args.repeat,
        "area_mm": [AREA.width_mm, AREA.height_mm],
        "views": rows,
        "summary": {
            "views": len(rows),
            "digest_ms_min": min(digests),
            "digest_ms_median": round(statistics.median(digests), 3),
            "digest_ms_max": max(digests),
            "digest_best_ms_max": max(r["digest_best_ms"] for r in rows.values()),
            "digest_to_compose_max": max(r["digest_to_compose"] for r in rows.values()),
            "composer_ms": round(composer_ms, 2),
            "composer_files": len(sources),
        },
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result["summary"]))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
