"""Paint time of every shipped layout: Qt at 1920x1080 and 3840x2160, and one PDF page each.

Each layout is built with its first few areas lit (the lit overlay is the costliest part of a
tri-chro frame), then painted ``--repeat`` times per target after one warm-up (caches of glyph
outlines and paths filled).  The Qt figure is one full frame into a QImage, fitted and centred;
the PDF figure is one page written to a file.  Median and best of the repeats, in milliseconds,
go to ``benchmarks/results/paint_layouts.json`` with the machine they were measured on.

    python benchmarks/paint_layouts.py [--repeat 7] [--out benchmarks/results/paint_layouts.json]
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
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import PySide6  # noqa: E402
import reportlab  # noqa: E402
from PySide6.QtCore import qVersion  # noqa: E402

from kiosk.render.pdf import render_pdf  # noqa: E402
from kiosk.render.qt import ensure_gui_application, render_png  # noqa: E402
from kiosk.scene.build import build_scene  # noqa: E402
from kiosk.scene.layout_file import load_layout  # noqa: E402

__all__ = ["machine", "measure", "main"]

TARGETS = {"qt_1920x1080": (1920, 1080), "qt_3840x2160": (3840, 2160)}


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
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "qt": qVersion(),
        "pyside6": PySide6.__version__,
        "reportlab": reportlab.Version,
        "platform": platform.platform(),
        "qt_platform": os.environ.get("QT_QPA_PLATFORM"),
    }


def _times(fn, repeat: int) -> dict:
    fn()  # warm-up
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    return {"median_ms": round(statistics.median(samples), 2), "best_ms": round(min(samples), 2), "runs": repeat}


def measure(layout_path: Path, repeat: int, tmp: Path) -> dict:
    """Timings of one layout on every target."""
    layout = load_layout(layout_path)
    scene = build_scene(layout, game_name="Game", casino_name="Coral Coast Casino", lit=set(layout.areas[:6]))
    result = {
        "layout": layout_path.name,
        "size_mm": [layout.width_mm, layout.height_mm],
        "primitives": len(scene.items),
    }
    for name, (w, h) in TARGETS.items():
        result[name] = _times(lambda w=w, h=h: render_png(scene, w, h), repeat)
    result["pdf_page"] = _times(lambda: render_pdf(scene, tmp / "page.pdf"), repeat)
    result["pdf_bytes"] = (tmp / "page.pdf").stat().st_size
    return result


def main(argv: list[str] | None = None) -> int:
    """Measure every layout in ``layouts/`` and write the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "paint_layouts.json")
    args = parser.parse_args(argv)
    ensure_gui_application()
    layouts = sorted((ROOT / "layouts").glob("*.toml"))
    with tempfile.TemporaryDirectory() as tmp:
        results = [measure(path, args.repeat, Path(tmp)) for path in layouts]
    report = {
        "what": "paint time per layout: Qt frame into a QImage (fitted, antialiased) and one PDF page",
        "measured_at_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": machine(),
        "note": "wall-clock medians; on a shared 2-core machine other load inflates them, so read them as upper bounds",
        "layouts": results,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    for r in results:
        print(
            f"{r['layout']:24s} qt 1080p {r['qt_1920x1080']['median_ms']:7.1f} ms  "
            f"qt 2160p {r['qt_3840x2160']['median_ms']:7.1f} ms  pdf {r['pdf_page']['median_ms']:7.1f} ms"
        )
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
