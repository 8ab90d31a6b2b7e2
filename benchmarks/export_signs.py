"""Export speed of every sign of the demo floor, against bare reportlab in the same run.

Two figures, each with its baseline measured alongside (same process, same fonts, same
pages, interleaved rounds so a busy machine slows both alike):

* **signs per second, one file per sign**: ``kiosk.render.export.export_signs`` writing every
  sign of ``assets/demo_floor.toml`` as its own print-ready PDF (composition at the 8 mm floor,
  bleed, crop marks, PDF/X-4 structure with pikepdf, manifest, atomic renames) against bare
  reportlab drawing the same strings (each page's text runs in the faces and sizes the sign
  uses, taken from our pages before timing, at fixed places: no layout, no shapes, no boxes,
  no output intent) into one file per sign;
* **pages per second, one batch**: the same signs as one multi-page PDF, against bare
  reportlab drawing the same strings on the same number of pages into one file.

The ratio (ours / bare) is the figure to compare across machines.  Times are the process's CPU
time (steadier than the wall clock on a shared machine; the wall-clock figures are kept
alongside).  Medians of ``--repeat`` rounds go to ``benchmarks/results/export_signs.json``
with the machine.

    python benchmarks/export_signs.py [--repeat 7] [--paper A3] [--out benchmarks/results/export_signs.json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pikepdf  # noqa: E402
import reportlab  # noqa: E402
from reportlab.pdfgen import canvas as rl_canvas  # noqa: E402

from kiosk.floor import load_floor  # noqa: E402
from kiosk.render.export import compose_pages, export_signs, plan_signs  # noqa: E402
from kiosk.render.paper import PageSpec, parse_paper  # noqa: E402
from kiosk.render.pdf import PT_PER_MM, register_face  # noqa: E402
from kiosk.scene.fonts import font_face  # noqa: E402
from kiosk.scene.legibility import text_runs_of  # noqa: E402
from kiosk.views.signs.source import states_from_floor  # noqa: E402
from kiosk.views.signs.typeset import clear_caches  # noqa: E402

__all__ = ["machine", "main"]


def machine() -> dict:
    """What the figures were measured on."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        import _rl_accel  # noqa: F401

        accel = True
    except ImportError:
        accel = False
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "reportlab": reportlab.Version,
        "rl_accel": accel,
        "pikepdf": pikepdf.__version__,
        "platform": platform.platform(),
        "time": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }


def bare_strings(jobs, spec) -> list[list[list[tuple[str, str, float]]]]:
    """Per sign, per page: the strings the sign prints, each with its face and size
    (``(text, reportlab font name, em size in points)``), taken from our composed pages
    before timing: the baseline draws exactly these, at fixed places, with no layout."""
    out = []
    for job in jobs:
        pages = []
        for page in compose_pages(job, spec):
            pages.append(
                [(run.text, register_face(run.face), run.size_mm * PT_PER_MM) for run in text_runs_of(page.scene)]
            )
        out.append(pages)
    return out


def _bare_page(c, runs, size_pt: tuple[float, float]) -> None:
    c.setPageSize(size_pt)
    y = size_pt[1] - 20 * PT_PER_MM
    for text, font, size in runs:
        c.setFont(font, size)
        c.drawString(15 * PT_PER_MM, y, text)
        y -= 12 * PT_PER_MM
    c.showPage()


def bare_files(jobs, strings, folder: Path, size_pt) -> None:
    initial = register_face(font_face("sans", "regular"))
    for job, pages in zip(jobs, strings, strict=True):
        c = rl_canvas.Canvas(
            str(folder / f"bare_{job.table_id}_{job.kind}.pdf"), pagesize=size_pt, invariant=1, initialFontName=initial
        )
        for runs in pages:
            _bare_page(c, runs, size_pt)
        c.save()


def bare_batch(strings, path: Path, size_pt) -> None:
    initial = register_face(font_face("sans", "regular"))
    c = rl_canvas.Canvas(str(path), pagesize=size_pt, invariant=1, initialFontName=initial)
    for pages in strings:
        for runs in pages:
            _bare_page(c, runs, size_pt)
    c.save()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--paper", default="A3")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "export_signs.json"))
    args = parser.parse_args(argv)

    floor = load_floor(ROOT / "assets" / "demo_floor.toml")
    tables, links = states_from_floor(floor)
    jobs = plan_signs(tables, links, timezone_=floor.casino.timezone)
    spec = PageSpec(parse_paper(args.paper), crop_marks=True)
    pages = sum(len(j.contents) for j in jobs)
    size_pt = (spec.page_mm[0] * PT_PER_MM, spec.page_mm[1] * PT_PER_MM)
    generated = datetime(2026, 1, 1, tzinfo=UTC)
    strings = bare_strings(jobs, spec)
    times: dict[str, list[float]] = {"ours_files": [], "bare_files": [], "ours_batch": [], "bare_batch": []}
    cpu: dict[str, list[float]] = {k: [] for k in times}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        runs = {
            "ours_files": lambda: export_signs(jobs, spec, folder, batch=False, generated=generated),
            "bare_files": lambda: bare_files(jobs, strings, folder, size_pt),
            "ours_batch": lambda: export_signs(jobs, spec, folder / "batch.pdf", batch=True, generated=generated),
            "bare_batch": lambda: bare_batch(strings, folder / "bare.pdf", size_pt),
        }
        for run in runs.values():  # warm-up: fonts read, caches filled
            run()
        for _ in range(args.repeat):
            for name, run in runs.items():
                clear_caches()  # ours starts cold every round: no widths or line breaks remembered
                c0, t0 = time.process_time(), time.perf_counter()
                run()
                times[name].append(time.perf_counter() - t0)
                cpu[name].append(time.process_time() - c0)
    # CPU time of this process: on a shared machine it is steadier than the wall clock, and
    # every part of an export (reportlab, pikepdf, composition) runs in this one thread
    med = {k: statistics.median(v) for k, v in cpu.items()}
    wall = {k: statistics.median(v) for k, v in times.items()}
    result = {
        "machine": machine(),
        "floor": "assets/demo_floor.toml",
        "paper": spec.describe(),
        "bleed_mm": spec.bleed_mm,
        "crop_marks": spec.crop_marks,
        "signs": len(jobs),
        "pages": pages,
        "repeat": args.repeat,
        "one_file_per_sign": {
            "ours_signs_per_s": round(len(jobs) / med["ours_files"], 1),
            "bare_reportlab_signs_per_s": round(len(jobs) / med["bare_files"], 1),
            "ratio": round(med["bare_files"] / med["ours_files"], 3),
        },
        "batch": {
            "ours_pages_per_s": round(pages / med["ours_batch"], 1),
            "bare_reportlab_pages_per_s": round(pages / med["bare_batch"], 1),
            "ratio": round(med["bare_batch"] / med["ours_batch"], 3),
        },
        "clock": "process CPU time (median); wall-clock medians and ratios alongside",
        "median_cpu_s": {k: round(v, 4) for k, v in med.items()},
        "median_wall_s": {k: round(v, 4) for k, v in wall.items()},
        "wall_ratio": {
            "one_file_per_sign": round(wall["bare_files"] / wall["ours_files"], 3),
            "batch": round(wall["bare_batch"] / wall["ours_batch"], 3),
        },
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
