"""Repaint of a display after an update, against a full repaint and a naive QPainter frame, at
3840x2160 and 1920x1080.

A :class:`kiosk.ui.widgets.scene_widget.SceneWidget` the size of the screen shows views composed by
``kiosk.views`` from the demo floor's state (the display's own code path, no server): then the
state changes the way play changes it, and each change is timed from ``set_scene`` (the diff of
the old and new scene; each changed box from the widget's tiles or painted over the cached
static layer) to the end of the paint event the display's event loop runs for it (the update
request the widget posted, sent at once: the paint event covers the region the widget asked
for).  The full repaint of the same frames (``_invalidate``: what every update cost before the
static layer) is measured in the same run, and so is the baseline the issue names: a naive
QPainter frame of 60 labelled, antialiased rounded rectangles filling the screen.  Every update
figure is also given as a ratio to that frame's median, and split into the updates that painted
a box (an area lit for the first time, a static layer shrunk) and those shown wholly from tiles.
The precomposed frames are kept out of the garbage collector's passes (``gc.freeze``): they are
the benchmark's, not the display's.

* ``trichro_layout``: the 54-ball layout lighting the winning areas of a drawing, then unlit;
* ``jackpot_meter``: the progressive meter's amount going up by a few cents (a counting step);
* ``jackpot_roll``: the frames a display paints at 25 per second while the meter counts up by a
  few cents, its odometer wheels turning (:class:`kiosk.views.meter_count.MeterCount`);
* ``twoup_lights``: a result light coming on.

    python benchmarks/display_repaint.py [--repeat 60] [--kind jackpot_meter ...] [--out FILE.json]

The defaults answer issue 20: every kind at both sizes, 60 changes each way (about a minute).
"""

from __future__ import annotations

import argparse
import copy
import gc
import itertools
import json
import os
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from paint_layouts import machine  # noqa: E402
from PySide6.QtCore import QEvent, QRectF, Qt  # noqa: E402
from PySide6.QtGui import QColor, QFont, QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from kiosk.floor import load_floor  # noqa: E402
from kiosk.rules.trichro import winning_wagers  # noqa: E402
from kiosk.ui.widgets.scene_widget import SceneWidget  # noqa: E402
from kiosk.views.base import Area, CasinoSettings  # noqa: E402
from kiosk.views.meter_count import MeterCount  # noqa: E402
from kiosk.views.screen import Subject, compose_view  # noqa: E402
from kiosk.views.screens.jackpot import meter_scene  # noqa: E402
from kiosk.views.signs.source import states_from_floor  # noqa: E402

SIZES = {"3840x2160": (3840, 2160), "1920x1080": (1920, 1080)}
AREA = Area(1210.0, 680.0)  # a 55-inch panel
BALLS = ["red", "red*", "green", "green*", "gold", "gold*"]
KINDS = ("trichro_layout", "jackpot_meter", "jackpot_roll", "twoup_lights")


def _ms(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    ordered = sorted(values)
    return {
        "p50": round(statistics.median(ordered) * 1000, 2),
        "p99": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000, 2),
        "max": round(ordered[-1] * 1000, 2),
        "n": len(ordered),
    }


def frames(kind: str, repeat: int):
    """The scenes a view goes through, as play changes its state."""
    floor = load_floor(ROOT / "assets" / "demo_floor.toml")
    tables, links = states_from_floor(floor)
    casino = CasinoSettings.from_floor(floor)
    now = datetime.now(UTC)
    if kind == "trichro_layout":
        draws = itertools.cycle(itertools.combinations_with_replacement(BALLS, 2))
        out = []
        for _ in range(repeat):
            draw = list(next(draws))
            for winning in (sorted(winning_wagers(54, draw)), []):
                t = copy.deepcopy(tables)
                t["TC54-01"]["game_state"].update(
                    phase="result" if winning else "no_more_bets", drawn=draw, winning=winning
                )
                out.append(compose_view(Subject("layout", "TC54-01"), t, links, casino, now, area=AREA).scene)
        return out
    if kind == "jackpot_meter":
        state = compose_view(Subject("jackpot", link="CSP-PROG"), tables, links, casino, now, area=AREA)
        start = state.facts["amount_cents"]
        return [meter_scene(state.content, start + 37 * i, casino, state.status) for i in range(2 * repeat)]
    if kind == "jackpot_roll":
        state = compose_view(Subject("jackpot", link="CSP-PROG"), tables, links, casino, now, area=AREA)
        amount = state.facts["amount_cents"]
        meter, out, t = MeterCount.at(amount), [], 0.0
        while len(out) < 2 * repeat:
            amount += 37  # a contribution of a few cents, then the frames of its count at 25 per second
            meter.retarget(amount, t)
            while meter.counting(t) and len(out) < 2 * repeat:
                out.append(meter_scene(state.content, meter.shown_at(t), casino, state.status, roll=meter.roll_at(t)))
                t += 0.04
        return out
    if kind == "twoup_lights":
        out = []
        for i in range(2 * repeat):
            t = copy.deepcopy(tables)
            t["TU-01"]["game_state"]["game"] = {
                "number": 1,
                "seat": 2,
                "call": "heads",
                "spinner": "seat 2",
                "actions": [],
                "outcome": None,
                "must_change_spinner": False,
                "lights": {"heads": i % 4, "tails": 0, "odds": 0},
            }
            out.append(compose_view(Subject("twoup_lights", "TU-01"), t, links, casino, now, area=AREA).scene)
        return out
    raise ValueError(kind)


def naive_frame(width: int, height: int, repeat: int) -> tuple[list[float], list[float]]:
    """The baseline: a naive QPainter frame of 60 labelled, antialiased rounded rectangles (10 x 6)
    filling a ``width`` x ``height`` image, two lines of text each; CPU and wall seconds per frame."""
    image = QImage(width, height, QImage.Format.Format_RGB32)
    cw, ch = width / 10, height / 6
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(8, round(ch / 7)))
    fills = [QColor(181, 21, 43), QColor(19, 133, 67), QColor(217, 165, 32), QColor(12, 53, 99)]
    times, walls = [], []
    for _ in range(repeat):
        c0, t0 = time.process_time(), time.perf_counter()
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.fillRect(0, 0, width, height, QColor(21, 16, 12))
        painter.setFont(font)
        for i in range(60):
            box = QRectF((i % 10) * cw + cw * 0.04, (i // 10) * ch + ch * 0.06, cw * 0.92, ch * 0.88)
            painter.setPen(QColor(241, 226, 176))
            painter.setBrush(fills[i % len(fills)])
            painter.drawRoundedRect(box, ch * 0.08, ch * 0.08)
            painter.setPen(QColor(255, 255, 255))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, f"AREA {i + 1}\n{i % 9 + 2} TO 1")
        painter.end()
        times.append(time.process_time() - c0)
        walls.append(time.perf_counter() - t0)
    return times, walls


def measure(app: QApplication, widget: SceneWidget, scenes, full: bool) -> tuple[list[float], list[float], list[bool]]:
    """CPU seconds of this process (robust to other load on the machine) and wall seconds per
    update, and whether the update painted a box (rather than showing every box from a tile).

    An update is ``set_scene`` and then the paint event the display's event loop would run for
    it: the update request the widget posted, sent at once (``sendPostedEvents``), so the paint
    event covers the region the widget asked for, not the whole widget.
    """
    times, walls, painted = [], [], []
    gc.collect()
    gc.freeze()  # the precomposed frames are the benchmark's, not the display's: out of the collector's passes

    def show(scene, invalidate: bool = False) -> None:
        widget.set_scene(scene)
        if invalidate:
            widget._invalidate()
        app.sendPostedEvents(None, QEvent.Type.UpdateRequest)

    show(scenes[0])
    show(scenes[1])  # warm-up: the static layer is learned on the first change
    for scene in scenes[2:]:
        boxes = widget.tiles_painted + widget.static_repaints
        c0, t0 = time.process_time(), time.perf_counter()
        show(scene, invalidate=full)
        times.append(time.process_time() - c0)
        walls.append(time.perf_counter() - t0)
        painted.append(widget.tiles_painted + widget.static_repaints > boxes)
    gc.unfreeze()
    return times, walls, painted


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=60)
    parser.add_argument("--kind", action="append", choices=KINDS, help="measure only these (repeatable)")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "display_repaint.json")
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication([])
    results: dict = {}
    if args.kind and args.out.exists():  # a subset measured again: the other kinds' figures are kept
        results = json.loads(args.out.read_text()).get("results", {})
    baseline: dict = {}
    for size_name, (w, h) in SIZES.items():
        naive_frame(w, h, 3)  # warm-up: fonts loaded, glyphs cached
        cpu, wall = naive_frame(w, h, args.repeat)
        baseline[size_name] = {"naive_frame_cpu_ms": _ms(cpu), "naive_frame_wall_ms": _ms(wall)}
        naive_ms = baseline[size_name]["naive_frame_cpu_ms"]
        print(f"naive frame {size_name}: CPU p50 {naive_ms['p50']} / p99 {naive_ms['p99']} ms", flush=True)
    for kind in args.kind or KINDS:
        scenes = frames(kind, args.repeat)
        for size_name, (w, h) in SIZES.items():
            widget = SceneWidget()
            widget.resize(w, h)
            widget.show()
            app.processEvents()
            paints = widget.paints
            partial, partial_wall, painted = measure(app, widget, scenes, full=False)
            paints, static_layers = widget.paints - paints, widget.static_repaints
            tiles = {"boxes_painted": widget.tiles_painted, "boxes_from_tiles": widget.tiles_reused}
            full, full_wall, _ = measure(app, widget, scenes, full=True)
            naive_p50 = baseline[size_name]["naive_frame_cpu_ms"]["p50"]
            update, whole = _ms(partial), _ms(full)
            results.setdefault(kind, {})[size_name] = {
                "update_cpu_ms": update,
                "update_that_painted_cpu_ms": _ms([t for t, p in zip(partial, painted, strict=True) if p]),
                "update_from_tiles_cpu_ms": _ms([t for t, p in zip(partial, painted, strict=True) if not p]),
                "full_repaint_cpu_ms": whole,
                "update_wall_ms": _ms(partial_wall),
                "full_repaint_wall_ms": _ms(full_wall),
                "naive_frame_cpu_ms_p50": naive_p50,
                "update_to_naive_frame": {q: round(update[q] / naive_p50, 3) for q in ("p50", "p99")},
                "full_repaint_to_naive_frame_p50": round(whole["p50"] / naive_p50, 2),
                "speed_up_p50": round(statistics.median(full) / statistics.median(partial), 1),
                "paint_events_during_updates": paints,
                "static_layer_paints_during_updates": static_layers,
                **tiles,
            }
            widget.close()
            r = results[kind][size_name]
            print(
                f"{kind} {size_name}: update CPU p50 {update['p50']} / p99 {update['p99']} ms"
                f" ({r['update_to_naive_frame']['p50']} / {r['update_to_naive_frame']['p99']} of the naive frame),"
                f" painted p99 {r['update_that_painted_cpu_ms'].get('p99')} (n {r['update_that_painted_cpu_ms']['n']}),"
                f" from tiles p99 {r['update_from_tiles_cpu_ms'].get('p99')} (n {r['update_from_tiles_cpu_ms']['n']});"
                f" full repaint p50 {whole['p50']} ms",
                flush=True,
            )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps(
            {
                "machine": machine(),
                "measured_at": datetime.now(UTC).isoformat(),
                "load_average_1_5_15m_at_end": [round(x, 2) for x in os.getloadavg()],
                "area_mm": [AREA.width_mm, AREA.height_mm],
                "baseline": baseline,
                "results": results,
            },
            indent=2,
        )
        + "\n"
    )
    print(f"wrote {args.out} (load average {os.getloadavg()[0]:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
