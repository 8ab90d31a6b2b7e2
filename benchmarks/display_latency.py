"""From a command's acknowledgement to the display's repaint finished, p50/p99.

A real ``kiosk serve`` (SQLite, the demo floor) in its own process; a display process (this
one: the qasync loop, the views' DisplayModel, a full-screen SceneWidget at 1920x1080 offscreen)
shows the layout of TC54-01; a dealer in a third process calls "no more bets" and enters a
drawing, alternately, ``--commands`` times, ``--gap`` seconds apart, and prints the moment each
acknowledgement arrived (``time.monotonic()`` is system-wide on Linux, so the processes compare
directly).  For each command the display records when the paint event that showed its event
finished; the latency is the difference (it can be below zero: the server publishes right after
the commit, before the HTTP answer is on its way).

    python benchmarks/display_latency.py [--commands 200] [--gap 0.15] [--out benchmarks/results/display_latency.json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

os.environ.setdefault(
    "QT_QPA_PLATFORM", "offscreen:configfile=" + str(Path(tempfile.gettempdir()) / "kiosk-bench-1080.json")
)
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
Path(tempfile.gettempdir(), "kiosk-bench-1080.json").write_text(
    json.dumps(
        {
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
                }
            ]
        }
    )
)

import qasync  # noqa: E402
from paint_layouts import machine  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from kiosk.state.client import KioskClient  # noqa: E402
from kiosk.ui.display.app import DisplayProcess  # noqa: E402
from kiosk.ui.display.device_settings import DeviceSettings  # noqa: E402
from kiosk.ui.display.main import casino_from_summary  # noqa: E402
from kiosk.ui.display.spec import DisplaySpec  # noqa: E402

KIOSK = [sys.executable, "-m", "kiosk.cli"]
DEALER = r"""
import asyncio, json, sys, time
from kiosk.state.client import KioskClient
async def main(url, token, n, gap):
    balls = ["red", "gold*", "green", "red*", "gold", "green*"]
    async with KioskClient(url, token) as c:
        for i in range(n):
            cmd = ({"type": "trichro_no_more_bets", "table_id": "TC54-01"} if i % 2 == 0 else
                   {"type": "trichro_draw", "table_id": "TC54-01", "balls": [balls[i % 6], balls[(i + 2) % 6]]})
            sent = time.monotonic()
            events = await c.execute(cmd)
            print(json.dumps({"seq": events[-1].seq, "sent": sent, "ack": time.monotonic()}), flush=True)
            await asyncio.sleep(gap)
asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])))
"""


def _pct(values: list[float]) -> dict:
    ordered = sorted(values)
    return {
        "p50": round(statistics.median(ordered) * 1000, 2),
        "p99": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000, 2),
        "max": round(ordered[-1] * 1000, 2),
        "n": len(ordered),
    }


def _serve(folder: Path) -> tuple[subprocess.Popen, str, dict]:
    db = f"sqlite:///{folder / 'kiosk.sqlite3'}"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    tokens = {}
    for role in ("display", "dealer"):
        done = subprocess.run(
            [*KIOSK, "token", "create", "--role", role, "--name", role, "--db", db],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        tokens[role] = done.stdout.strip().splitlines()[-1]
    proc = subprocess.Popen(
        [*KIOSK, "serve", "--db", db, "--floor", str(ROOT / "assets" / "demo_floor.toml"), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    line = proc.stdout.readline()
    url = line.split("listening on ")[1].split("/api/v1")[0]
    return proc, url, tokens


async def run(url: str, tokens: dict, commands: int, gap: float) -> dict:
    client = KioskClient(url, tokens["display"])
    summary = await client.floor_summary()
    process = DisplayProcess(
        client,
        [DisplaySpec("L", "layout", table="TC54-01")],
        DeviceSettings(),
        casino=casino_from_summary(summary, DeviceSettings(), None),
    )
    process.open_windows()
    screen = process.screens[0]
    painted_at: dict[int, float] = {}
    pending: list[int] = []

    def changed(_display_id: str) -> None:
        pending.append(process.model.live.seq)  # the picture of this seq is on its way

    def painted(at: float) -> None:
        while pending:
            painted_at.setdefault(pending.pop(), at)

    process.view_changed.connect(changed)
    screen.widget.painted.connect(painted)
    process.start()
    while screen.state is None:
        await asyncio.sleep(0.05)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    dealer = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        DEALER,
        url,
        tokens["dealer"],
        str(commands),
        str(gap),
        stdout=asyncio.subprocess.PIPE,
        env=env,
    )
    acks = []
    assert dealer.stdout is not None
    async for line in dealer.stdout:
        acks.append(json.loads(line))
    await dealer.wait()
    await asyncio.sleep(0.5)
    partial, full = screen.widget.partial_repaints, screen.widget.full_repaints
    await process.stop()
    await client.close()
    from_ack = [painted_at[a["seq"]] - a["ack"] for a in acks if a["seq"] in painted_at]
    from_sent = [painted_at[a["seq"]] - a["sent"] for a in acks if a["seq"] in painted_at]
    return {
        "commands": len(acks),
        "repaints_matched": len(from_ack),
        "ack_to_repaint_ms": _pct(from_ack),
        "sent_to_repaint_ms": _pct(from_sent),
        "ack_ms": _pct([a["ack"] - a["sent"] for a in acks]),
        "partial_repaints": partial,
        "full_repaints": full,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=200)
    parser.add_argument("--gap", type=float, default=0.15)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "display_latency.json")
    args = parser.parse_args(argv)
    QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        server, url, tokens = _serve(Path(tmp))
        try:
            with asyncio.Runner(loop_factory=qasync.QEventLoop) as runner:
                result = runner.run(run(url, tokens, args.commands, args.gap))
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(json.dumps(result, indent=2))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps(
            {
                "machine": machine(),
                "measured_at": datetime.now(UTC).isoformat(),
                "load_average_1_5_15m_at_end": [round(x, 2) for x in os.getloadavg()],
                "screen": "1920x1080 offscreen, layout of TC54-01 (tri-chro 54)",
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
