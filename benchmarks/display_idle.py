"""Cold start to first picture, and the idle cost of a display process driving two screens.

A real ``kiosk serve`` (SQLite, the demo floor) in its own process; ``kiosk display`` is started
as a separate process on the offscreen platform with two 1920x1080 screens (a multi-screen
configuration file), showing the tri-chro layout of TC54-01 on one and the progressive jackpot
meter on the other:

* cold start: from spawning ``kiosk display`` to its line "every screen shows its view live" (the
  first live picture of every screen, from the server's snapshot), ``--starts`` times, each with
  nothing saved;
* cold start with the last state saved (a restart): to its line "every screen shows its view"
  (the saved picture, marked offline since it was last heard, shown before any network call) and
  to the live picture, ``--starts`` times;
* the baseline, in the same run: a bare PySide6 process opening one window on the same
  screens and painting it (what any Qt display costs to start), ``--starts`` times; each cold
  start's median is also given as a ratio to it;
* idle: after the first picture, ``--idle`` seconds with no commands; CPU time of the process
  (``/proc/PID/stat`` user + system) over wall time, as a share of one core, and its resident
  memory (``VmRSS``, and the peak ``VmHWM``).

    python benchmarks/display_idle.py [--starts 5] [--idle 30] [--out benchmarks/results/display_idle.json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from display_latency import KIOSK, _serve  # noqa: E402
from paint_layouts import machine  # noqa: E402

SCREENS = {
    "screens": [
        {
            "name": "HDMI-1",
            "x": 0,
            "y": 0,
            "width": 1920,
            "height": 1080,
            "logicalDpi": 96,
            "logicalBaseDpi": 96,
            "dpr": 1,
        },
        {
            "name": "HDMI-2",
            "x": 1920,
            "y": 0,
            "width": 1920,
            "height": 1080,
            "logicalDpi": 96,
            "logicalBaseDpi": 96,
            "dpr": 1,
        },
    ]
}
TICK = os.sysconf("SC_CLK_TCK")
BARE_QT = (
    "from PySide6.QtWidgets import QApplication, QWidget\n"
    "app = QApplication([])\n"
    "w = QWidget()\n"
    "w.showFullScreen()\n"
    "w.repaint()\n"
    "print('painted', flush=True)\n"
)


def _bare_qt(folder: Path) -> float:
    """Seconds from spawning a bare PySide6 window on the same screens to its first paint."""
    config = folder / "screens.json"
    config.write_text(json.dumps(SCREENS))
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={config}")
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", BARE_QT], capture_output=True, text=True, env=env, check=True)
    assert "painted" in done.stdout
    return time.monotonic() - started


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime


def _memory_mb(pid: int) -> dict:
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(("VmRSS", "VmHWM")):
            key, value = line.split(":")
            out[key] = round(int(value.split()[0]) / 1024, 1)
    return out


def _display(url: str, token: str, folder: Path) -> subprocess.Popen:
    folder.mkdir(parents=True, exist_ok=True)
    config = folder / "screens.json"
    config.write_text(json.dumps(SCREENS))
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        KIOSK_TOKEN=token,
        QT_QPA_PLATFORM=f"offscreen:configfile={config}",
        XDG_CACHE_HOME=str(folder / "cache"),
        XDG_CONFIG_HOME=str(folder / "config"),
    )
    return subprocess.Popen(
        [*KIOSK, "display", "--server", url, "--display", "D-TC54-01-layout", "--display", "D-CSP-PROG-meter"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _pictures(proc: subprocess.Popen, started: float) -> tuple[float, float]:
    """Seconds from ``started`` to the first picture of every screen and to the first live one."""
    assert proc.stdout is not None
    first = None
    for line in proc.stdout:
        if "every screen shows its view" in line and first is None:
            first = time.monotonic() - started
        if "every screen shows its view live" in line:
            assert first is not None
            return first, time.monotonic() - started
    raise RuntimeError(f"kiosk display ended without a picture: {proc.stderr.read() if proc.stderr else ''}")


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    proc.wait(timeout=30)


def _summary(values: list[float]) -> dict:
    return {
        "median": round(statistics.median(values), 2),
        "min": round(min(values), 2),
        "max": round(max(values), 2),
        "runs": [round(v, 2) for v in values],
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--idle", type=float, default=30.0)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "display_idle.json")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        server, url, tokens = _serve(folder)
        try:
            starts = []
            for i in range(args.starts):
                started = time.monotonic()
                proc = _display(url, tokens["display"], folder / f"run{i}")
                try:
                    starts.append(_pictures(proc, started)[1])
                    if i == args.starts - 1:  # the last one stays up for the idle measurement
                        time.sleep(3.0)
                        cpu0, t0 = _cpu_seconds(proc.pid), time.monotonic()
                        time.sleep(args.idle)
                        cpu1, t1 = _cpu_seconds(proc.pid), time.monotonic()
                        idle = {
                            "seconds": round(t1 - t0, 1),
                            "cpu_share_of_a_core_percent": round(100 * (cpu1 - cpu0) / (t1 - t0), 2),
                            **_memory_mb(proc.pid),
                        }
                finally:
                    _stop(proc)
            bare = [_bare_qt(folder) for _ in range(args.starts)]
            saved, saved_live = [], []
            for _ in range(args.starts):  # the last run saved its state (on stopping): a restart
                started = time.monotonic()
                proc = _display(url, tokens["display"], folder / f"run{args.starts - 1}")
                try:
                    first, live = _pictures(proc, started)
                    saved.append(first)
                    saved_live.append(live)
                finally:
                    _stop(proc)
        finally:
            server.terminate()
            server.wait(timeout=30)
    result = {
        "cold_start_to_first_picture_s": _summary(starts),
        "restart_to_saved_picture_s": _summary(saved),
        "restart_to_live_picture_s": _summary(saved_live),
        "baseline_bare_qt_window_s": _summary(bare),
        "ratio_to_bare_qt": {
            "cold_start": round(statistics.median(starts) / statistics.median(bare), 2),
            "restart_to_saved_picture": round(statistics.median(saved) / statistics.median(bare), 2),
        },
        "idle_two_screens": idle,
        "screens": "two 1920x1080 offscreen screens: TC54-01 layout, CSP-PROG meter",
    }
    print(json.dumps(result, indent=2))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps(
            {
                "machine": machine(),
                "measured_at": datetime.now(UTC).isoformat(),
                "load_average_1_5_15m_at_end": [round(x, 2) for x in os.getloadavg()],
                "result": result,
            },
            indent=2,
        )
        + "\n"
    )
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
