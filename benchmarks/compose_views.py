"""Time to compose each display view, against the bare layout scene in the same run.

For every ``[[display]]`` of ``assets/demo_floor.toml`` (and every table's layout), from the
state a fresh server holds:

* ``changed_ms``: :func:`kiosk.views.screen.compose_view` after the state changed (tri-chro: a
  new drawing; two-up: a spin; jackpot: a contribution; others: a new version), with the cloth
  cache emptied first, so the layout is drawn again as if its lit areas had changed (the worst
  case; a new version with the same lit areas reuses the cached cloth: ``same_ms``);
* ``same_ms``: composing again from the same state (the layout's cloth comes from its cache);
* the baseline, ``bare_build_scene_ms``: :func:`kiosk.scene.layout_file.build_scene` of the table's
  layout with the same lit areas, uncached (what ``kiosk snapshot`` did before the views layer);
  ``ratio_to_bare`` = changed / bare for the views that draw a layout.

And :class:`kiosk.views.display_model.DisplayModel`: the time to apply one event to a display of all
the demo floor's views, for an event only a few views show (``limits_changed``: the model skips
the others) and for a stream snapshot (every view recomposed).

Medians of ``--repeat`` rounds go to ``benchmarks/results/compose_views.json`` with the machine.

    python benchmarks/compose_views.py [--repeat 15] [--out benchmarks/results/compose_views.json]
"""

from __future__ import annotations

import argparse
import copy
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
from kiosk.rules.trichro import winning_wagers  # noqa: E402
from kiosk.scene.build import build_scene  # noqa: E402
from kiosk.scene.layout_file import load_layout  # noqa: E402
from kiosk.state.client import Snapshot  # noqa: E402
from kiosk.state.events import Event  # noqa: E402
from kiosk.views import cloth  # noqa: E402
from kiosk.views.base import Area, CasinoSettings  # noqa: E402
from kiosk.views.cloth import layout_file  # noqa: E402
from kiosk.views.display_model import DisplayModel  # noqa: E402
from kiosk.views.facts import layout_features  # noqa: E402
from kiosk.views.screen import Subject, compose_view  # noqa: E402
from kiosk.views.screens.layout import lit_areas  # noqa: E402
from kiosk.views.signs.source import states_from_floor  # noqa: E402

AREA = Area(527.0, 296.0)
DRAWS = [["red*", "gold"], ["green", "green*"], ["gold", "red"], ["red*", "red*"], ["green*", "gold*"]]


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
        "platform": platform.platform(),
        "time": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }


def _changed(subject: Subject, tables: dict, links: dict, round_: int) -> tuple[dict, dict]:
    """States after a change the subject's view shows (different each round)."""
    tables, links = dict(tables), dict(links)
    table = copy.deepcopy(tables[subject.table]) if subject.table else None
    if table is not None:
        gs = table["game_state"]
        if gs.get("kind") == "tri_chro":
            drawn = DRAWS[round_ % len(DRAWS)]
            gs.update(
                phase="result", drawn=drawn, winning=sorted(winning_wagers(gs["balls"], drawn)), drawing=round_ + 1
            )
        elif gs.get("kind") == "two_up":
            gs["game"] = {
                "number": round_ + 1,
                "seat": 1,
                "call": "heads",
                "new_spinner": True,
                "actions": [["spin", "H"]] * (round_ % 3),
                "lights": {"heads": round_ % 3, "tails": 0, "odds": 0},
                "outcome": None,
                "decided_by": None,
                "must_change_spinner": False,
                "spinner": "player",
                "spinner_may_continue": None,
                "spins": round_ % 3,
            }
        table["version"] += 1
        tables[subject.table] = table
    link_id = subject.link or (table or {}).get("link_id")
    if link_id and subject.view == "jackpot":
        link = copy.deepcopy(links[link_id])
        link["meter"]["amount_cents"] += 137 * (round_ + 1)
        link["version"] += 1
        links[link_id] = link
    return tables, links


def _ms(fn, repeat: int) -> float:
    times = []
    for i in range(repeat):
        t0 = time.perf_counter()
        fn(i)
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "compose_views.json")
    args = parser.parse_args(argv)
    floor = load_floor(ROOT / "assets" / "demo_floor.toml")
    tables, links = states_from_floor(floor)
    settings = CasinoSettings.from_floor(floor)
    now = datetime.now(UTC)
    subjects = {f"{tid}-layout": Subject("layout", table=tid) for tid in sorted(floor.tables)}
    subjects.update({did: Subject.of_display(d) for did, d in sorted(floor.displays.items())})
    rows = {}
    for name, subject in subjects.items():
        compose_view(subject, tables, links, settings, now, area=AREA)  # load layouts, fonts once

        def changed(i: int, subject=subject) -> None:
            t, lk = _changed(subject, tables, links, i + 1000 * len(rows))
            cloth._scene.cache_clear()  # a changed cloth is rebuilt
            compose_view(subject, t, lk, settings, now, area=AREA)

        def same(i: int, subject=subject) -> None:
            compose_view(subject, tables, links, settings, now, area=AREA)

        row = {
            "view": subject.view,
            "subject": subject.name,
            "changed_ms": round(_ms(changed, args.repeat), 3),
            "same_ms": round(_ms(same, args.repeat), 3),
        }
        if subject.table is not None and subject.view in ("layout", "trichro"):
            layout = load_layout(layout_file(tables[subject.table], settings))

            def bare(i: int, subject=subject, layout=layout) -> None:
                t, _ = _changed(subject, tables, links, i + 1000 * len(rows))
                table = t[subject.table]
                build_scene(
                    layout,
                    game_name=table["display_name"],
                    casino_name=settings.name,
                    logo=settings.logo,
                    lit=lit_areas(table),
                    features=layout_features(table),
                )

            row["bare_build_scene_ms"] = round(_ms(bare, args.repeat), 3)
            row["ratio_to_bare"] = round(row["changed_ms"] / row["bare_build_scene_ms"], 2)
        rows[name] = row
        print(f"{name:28s} {row}", flush=True)

    model = DisplayModel(list(subjects.values()), settings, area=AREA)
    snap = Snapshot(1, tables, links)
    model.apply(snap)
    bj = copy.deepcopy(tables["BJ-01"])

    def limits_event(i: int) -> None:
        bj["version"] += 1
        bj["limits"] = {**bj["limits"], "maximum_cents": 100000 + 100 * (i + 1)}
        model.apply(
            Event(
                seq=10 + i,
                type="limits_changed",
                table_id="BJ-01",
                data={"state": copy.deepcopy(bj)},
                at=now,
                actor="bench",
                version=bj["version"],
            )
        )

    def snapshot(i: int) -> None:
        model.apply(Snapshot(1000 + i, {k: {**v, "version": v["version"] + i + 1} for k, v in tables.items()}, links))

    model_rows = {
        "subjects": len(subjects),
        "limits_event_ms": round(_ms(limits_event, args.repeat), 3),
        "snapshot_ms": round(_ms(snapshot, max(3, args.repeat // 3)), 3),
    }
    print("DisplayModel", model_rows)
    result = {
        "machine": machine(),
        "repeat": args.repeat,
        "area_mm": [AREA.width_mm, AREA.height_mm],
        "views": rows,
        "display_model": model_rows,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
