"""Repaint of a display after an update, against a full repaint, at 3840x2160 and 1920x1080.

A :class:`kiosk.ui.widgets.scene_widget.SceneWidget` the size of the screen shows views composed by
``kiosk.views`` from the demo floor's state (the display's own code path, no server): then the
state changes the way play changes it, and each change is timed from ``set_scene`` (the diff of
the old and new scene, the repaint of the changed boxes over the cached static layer) to the
end of the paint event that puts it on the widget (``repaint()``, synchronous).  The full
repaint of the same frames (``_invalidate`` + ``repaint``: what every update cost before the
static layer) is measured in the same run.

* ``trichro_layout``: the 54-ball layout lighting the winning areas of a drawing, then unlit;
* ``jackpot_meter``: the progressive meter's amount going up by a few cents (a counting step);
* ``jackpot_roll``: the frames a display paints at 25 per second while the meter counts up by a
  few cents, its odometer wheels turning (:class:`kiosk.views.meter_count.MeterCount`);
* ``twoup_lights``: a result light coming on.

    python benchmarks/display_repaint.py [--repeat 60] [--kind jackpot_meter ...] [--out FILE.json]
"""

from __future__ import annotations

import argparse
import copy
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


def measure(widget: SceneWidget, scenes, full: bool) -> tuple[list[float], list[float]]:
    """CPU seconds of this process (robust to other load on the machine) and wall seconds per update."""
    times, walls = [], []
    widget.set_scene(scenes[0])
    widget.repaint()
    widget.set_scene(scenes[1])  # warm-up: the static layer is learned on the first change
    widget.repaint()
    for scene in scenes[2:]:
        c0, t0 = time.process_time(), time.perf_counter()
        widget.set_scene(scene)
        if full:
            widget._invalidate()
        widget.repaint()
        times.append(time.process_time() - c0)
        walls.append(time.perf_counter() - t0)
    return times, walls


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
    for kind in args.kind or KINDS:
        scenes = frames(kind, args.repeat)
        for size_name, (w, h) in SIZES.items():
            widget = SceneWidget()
            widget.resize(w, h)
            widget.show()
            app.processEvents()
            partial, partial_wall = measure(widget, scenes, full=False)
            static_layers = widget.static_repaints
            full, full_wall = measure(widget, scenes, full=True)
            results.setdefault(kind, {})[size_name] = {
                "update_cpu_ms": _ms(partial),
                "full_repaint_cpu_ms": _ms(full),
                "update_wall_ms": _ms(partial_wall),
                "full_repaint_wall_ms": _ms(full_wall),
                "speed_up_p50": round(statistics.median(full) / statistics.median(partial), 1),
                "static_layer_paints_during_updates": static_layers,
            }
            widget.close()
            print(kind, size_name, results[kind][size_name], flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps(
            {
                "machine": machine(),
                "measured_at": datetime.now(UTC).isoformat(),
                "load_average_1_5_15m_at_end": [round(x, 2) for x in os.getloadavg()],
                "area_mm": [AREA.width_mm, AREA.height_mm],
                "results": results,
            },
            indent=2,
        )
        + "\n"
    )
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
