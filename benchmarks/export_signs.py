"""Export speed of every sign of the demo floor, against bare reportlab in the same run.

Two figures, each with its baseline measured alongside (same process, same fonts, same
pages, interleaved rounds so a busy machine slows both alike):

* **signs per second, one file per sign**: ``kiosk.render.export.export_signs`` writing every
  sign of ``assets/demo_floor.toml`` as its own print-ready PDF (composition at the 8 mm floor,
  bleed, crop marks, CMYK colours, PDF/X-4 structure with pikepdf, manifest, atomic renames)
  against bare reportlab drawing the same strings (each page's text runs in the faces and
  sizes the sign uses, and its slug line, taken from our pages before timing, at fixed places:
  no layout, no shapes, no boxes, no output intent) into one file per sign, on the same paper;
* **pages per second, one batch** (the issue's figure): the same signs as one multi-page PDF,
  against bare reportlab drawing the same strings on the same number of pages into one file.

The shares of the batch: the layout alone (every page of every sign composed, cold:
``kiosk.render.export.compose_pages``), the PDF/X-4 pass alone (``kiosk.render.pdfx.finish_pdf`` on the
batch reportlab wrote: subset names, boxes, output intent with its ICC profile, metadata),
and the same batch with the ``srgb`` press condition (no CMYK conversion of the artwork, the
small sRGB profile as its intent).

The ratio (ours / bare) is the figure to compare across machines.  Times are the process's CPU
time (steadier than the wall clock on a shared machine; the wall-clock figures are kept
alongside).  Medians of ``--repeat`` rounds go to ``benchmarks/results/export_signs.json``
with the machine and the load average.

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
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pikepdf  # noqa: E402
import reportlab  # noqa: E402
from reportlab.pdfgen import canvas as rl_canvas  # noqa: E402

from kiosk.floor import load_floor  # noqa: E402
from kiosk.render.export import compose_pages, export_signs, plan_signs, slug_line  # noqa: E402
from kiosk.render.paper import PageSpec, parse_paper  # noqa: E402
from kiosk.render.pdf import PT_PER_MM, register_face  # noqa: E402
from kiosk.render.pdfx import DocMeta, finish_pdf  # noqa: E402
from kiosk.render.press import PRESS_CONDITIONS  # noqa: E402
from kiosk.render.sheet import drawn_pdf, slug_scene  # noqa: E402
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


def sheet_pages(jobs, spec, generated, file_name=None):
    """Every page of ``jobs`` as the export prints it, with its slug line (``file_name``: the
    batch's; each sign's own file when ``None``)."""
    return [
        replace(page, slug=slug_line(file_name or job.file_name, job, spec, generated, i) if spec.crop_marks else None)
        for job in jobs
        for i, page in enumerate(compose_pages(job, spec), 1)
    ]


def bare_strings(jobs, spec, generated, file_name=None) -> list[list[list[tuple[str, str, float]]]]:
    """Per sign, per page: the strings the sign prints, each with its face and size
    (``(text, reportlab font name, em size in points)``), its slug line's too, taken from our
    composed pages before timing: the baseline draws exactly these, at fixed places, with no
    layout."""
    out = []
    for job in jobs:
        pages = []
        for page in sheet_pages([job], spec, generated, file_name):
            runs = [*text_runs_of(page.scene), *(text_runs_of(slug_scene(spec, page.slug)) if page.slug else ())]
            pages.append([(run.text, register_face(run.face), run.size_mm * PT_PER_MM) for run in runs])
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

    load_before = [round(v, 2) for v in os.getloadavg()]
    floor = load_floor(ROOT / "assets" / "demo_floor.toml")
    tables, links = states_from_floor(floor)
    jobs = plan_signs(tables, links, timezone_=floor.casino.timezone)
    spec = PageSpec(parse_paper(args.paper), crop_marks=True)
    pages = sum(len(j.contents) for j in jobs)
    size_pt = (spec.page_mm[0] * PT_PER_MM, spec.page_mm[1] * PT_PER_MM)
    generated = datetime(2026, 1, 1, tzinfo=UTC)
    strings_files = bare_strings(jobs, spec, generated)
    strings_batch = bare_strings(jobs, spec, generated, "batch.pdf")
    # the PDF/X-4 pass alone, on the batch reportlab wrote (as the export draws it)
    batch_pages = sheet_pages(jobs, spec, generated, "batch.pdf")
    meta = DocMeta("Signs", tuple(j.table_id for j in jobs), tuple(j.kind for j in jobs), ("1",), generated)
    drawn = drawn_pdf(batch_pages, meta.title)
    boxes = [p.boxes() for p in batch_pages]
    names = ("ours_files", "bare_files", "ours_batch", "bare_batch", "layout_batch", "pdfx_batch", "ours_batch_srgb")
    times: dict[str, list[float]] = {name: [] for name in names}
    cpu: dict[str, list[float]] = {k: [] for k in times}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        runs = {
            "ours_files": lambda: export_signs(jobs, spec, folder, batch=False, generated=generated),
            "bare_files": lambda: bare_files(jobs, strings_files, folder, size_pt),
            "ours_batch": lambda: export_signs(jobs, spec, folder / "batch.pdf", batch=True, generated=generated),
            "bare_batch": lambda: bare_batch(strings_batch, folder / "bare.pdf", size_pt),
            "layout_batch": lambda: [compose_pages(job, spec) for job in jobs],
            "pdfx_batch": lambda: finish_pdf(drawn, boxes, meta),
            "ours_batch_srgb": lambda: export_signs(
                jobs, spec, folder / "srgb.pdf", batch=True, generated=generated, press=PRESS_CONDITIONS["srgb"]
            ),
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
        "batch_shares": {
            "layout": round(med["layout_batch"] / med["ours_batch"], 3),
            "pdfx_pass": round(med["pdfx_batch"] / med["ours_batch"], 3),
            "srgb_batch_over_cmyk_batch": round(med["ours_batch_srgb"] / med["ours_batch"], 3),
        },
        "load_average_1_5_15m_at_start": load_before,
        "load_average_1_5_15m_at_end": [round(x, 2) for x in os.getloadavg()],
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
    files, batch, shares = result["one_file_per_sign"], result["batch"], result["batch_shares"]
    print(
        f"{len(jobs)} signs, {pages} pages, {spec.describe()}, load {load_before} -> "
        f"{result['load_average_1_5_15m_at_end']}\n"
        f"one file per sign: {files['ours_signs_per_s']} signs/s, bare {files['bare_reportlab_signs_per_s']}, "
        f"ratio {files['ratio']}\n"
        f"one batch: {batch['ours_pages_per_s']} pages/s, bare {batch['bare_reportlab_pages_per_s']}, "
        f"ratio {batch['ratio']} (aim 0.5)\n"
        f"batch shares: layout {shares['layout']}, PDF/X-4 pass {shares['pdfx_pass']}, sRGB batch / CMYK batch "
        f"{shares['srgb_batch_over_cmyk_batch']}\n"
        f"wrote {args.out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
