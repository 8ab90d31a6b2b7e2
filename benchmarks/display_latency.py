"""From the dealer's command leaving the panel to the frame on the display, p50/p99, idle and
with 1 000 other subscribers.

A real ``kiosk serve`` (SQLite, the demo floor) in its own process; a display process (this
one: the qasync loop, the views' DisplayModel, a full-screen SceneWidget at 1920x1080 offscreen)
shows the layout of TC54-01; a dealer in a third process calls "no more bets" and enters a
drawing (the 15 pairs of different balls in a shuffled order, over and over), alternately,
``--commands`` times, ``--gap`` seconds apart, each built by the builder
the dealer panel's section sends (:mod:`kiosk.views.builders`) and sent with the same
``KioskClient.execute``; it prints the moment each command was sent (just before the HTTP
request) and when its acknowledgement arrived (``time.monotonic()`` is system-wide on Linux, so
the processes compare directly).  For each command the display records when its event arrived
from the stream, when the model had composed the view, and when the paint event that showed it
finished: ``sent_to_frame_ms`` (the aim), ``ack_to_frame_ms`` (the old measure: it can be below
zero, the server publishes right after the commit, before the HTTP answer is on its way) and
the stages in between.

Each run is done twice: ``idle`` (nothing else connected) and with ``--others`` other
subscribers (default 1 000) held by a fourth process, each a WebSocket stream of the whole floor
(tables null, as ``stream_latency.py``'s load generator: every event goes to every one of them,
the fan-out's worst case), reading every message.

    python benchmarks/display_latency.py [--commands 200] [--gap 0.15] [--others 1000]
                                         [--out benchmarks/results/display_latency.json]
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
import time
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
from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from kiosk.state.client import KioskClient  # noqa: E402
from kiosk.ui.display.app import SETTLE_MS, DisplayProcess, settle_memory  # noqa: E402
from kiosk.ui.display.device_settings import DeviceSettings  # noqa: E402
from kiosk.ui.display.main import casino_from_summary  # noqa: E402
from kiosk.ui.display.spec import DisplaySpec  # noqa: E402

KIOSK = [sys.executable, "-m", "kiosk.cli"]
DISPLAY_ID = "D-TC54-01-layout"  # the demo floor's display of TC54-01's layout
DEALER = r"""
import asyncio, itertools, json, random, sys, time
from kiosk.state.client import KioskClient
from kiosk.views import builders
async def main(url, token, n, gap):
    # every pair of different balls, in a shuffled order: each drawing's first showing is one the
    # display has never composed, as on a floor, and later ones are seen again
    pairs = list(itertools.combinations(["red", "gold*", "green", "red*", "gold", "green*"], 2))
    random.Random(20).shuffle(pairs)
    async with KioskClient(url, token) as c:
        await c.floor_summary()  # the panel's connection is open before the dealer's first touch
        for i in range(n):
            cmd = (builders.trichro_no_more_bets("TC54-01") if i % 2 == 0 else
                   builders.trichro_draw("TC54-01", list(pairs[(i // 2) % len(pairs)])))
            sent = time.monotonic()
            events = await c.execute(cmd)
            print(json.dumps({"seq": events[-1].seq, "sent": sent, "ack": time.monotonic()}), flush=True)
            await asyncio.sleep(gap)
asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])))
"""
OTHERS = r"""
import asyncio, json, sys
import aiohttp
async def main(url, token, n):
    conns = []
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        sem = asyncio.Semaphore(50)
        async def connect():
            async with sem:
                ws = await session.ws_connect(url + "/api/v1/stream", headers={"Authorization": "Bearer " + token})
                await ws.send_str(json.dumps({"type": "subscribe", "tables": None}))
                async for msg in ws:
                    if json.loads(msg.data)["type"] == "ready":
                        break
                conns.append(ws)
        await asyncio.gather(*(connect() for _ in range(n)))
        print("ready", flush=True)
        async def read(ws):
            async for msg in ws:
                json.loads(msg.data)
        await asyncio.gather(*(read(ws) for ws in conns))
asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
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
    # the display measured speaks for its floor display, so its reports are taken as on a floor;
    # the crowd of other subscribers only reads
    for name, role, extra in (
        ("screen", "display", ["--display", DISPLAY_ID]),
        ("display", "display", []),
        ("dealer", "dealer", []),
    ):
        done = subprocess.run(
            [*KIOSK, "token", "create", "--role", role, "--name", name, *extra, "--db", db],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        tokens[name] = done.stdout.strip().splitlines()[-1]
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


async def _dealer(url: str, token: str, commands: int, gap: float) -> list[dict]:
    """The dealer's commands (a third process): per command its seq, when sent, when acknowledged."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    dealer = await asyncio.create_subprocess_exec(
        sys.executable, "-c", DEALER, url, token, str(commands), str(gap), stdout=asyncio.subprocess.PIPE, env=env
    )
    acks = []
    assert dealer.stdout is not None
    async for line in dealer.stdout:
        acks.append(json.loads(line))
    await dealer.wait()
    return acks


async def _others(url: str, token: str, n: int) -> asyncio.subprocess.Process:
    """``n`` other subscribers of the whole floor in a process of their own, once all are ready."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", OTHERS, url, token, str(n), stdout=asyncio.subprocess.PIPE, env=env
    )
    assert proc.stdout is not None
    line = await proc.stdout.readline()
    if line.strip() != b"ready":
        raise SystemExit(f"the {n} other subscribers did not connect")
    return proc


class _Watch:
    """When each seq reached the display: read from the stream, composed, painted."""

    def __init__(self, process: DisplayProcess) -> None:
        self.received: dict[int, float] = {}
        self.composed: dict[int, float] = {}
        self.painted: dict[int, float] = {}
        self._pending: list[int] = []
        apply = process.model.apply

        def timed_apply(item) -> None:  # the display process applies each item of its stream here
            seq = getattr(item, "seq", None)
            if seq is not None:
                self.received.setdefault(seq, time.monotonic())
            apply(item)
            if seq is not None:
                self.composed.setdefault(seq, time.monotonic())

        process.model.apply = timed_apply  # type: ignore[method-assign]
        process.view_changed.connect(lambda _id: self._pending.append(process.model.live.seq))
        process.screens[0].widget.painted.connect(self._painted)

    def _painted(self, at: float) -> None:
        while self._pending:
            self.painted.setdefault(self._pending.pop(), at)


def _stages(acks: list[dict], watch: _Watch) -> dict:
    shown = [a for a in acks if a["seq"] in watch.painted and a["seq"] in watch.received]
    p, r, c = watch.painted, watch.received, watch.composed
    return {
        "commands": len(acks),
        "frames_matched": len(shown),
        "sent_to_frame_ms": _pct([p[a["seq"]] - a["sent"] for a in shown]),
        "ack_to_frame_ms": _pct([p[a["seq"]] - a["ack"] for a in shown]),
        "stages_ms": {
            "sent_to_ack": _pct([a["ack"] - a["sent"] for a in shown]),
            "sent_to_received": _pct([r[a["seq"]] - a["sent"] for a in shown]),
            "received_to_composed": _pct([c[a["seq"]] - r[a["seq"]] for a in shown]),
            "composed_to_frame": _pct([p[a["seq"]] - c[a["seq"]] for a in shown]),
        },
    }


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (``/proc/PID/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(url: str, tokens: dict, commands: int, gap: float, others: int, server_pid: int) -> dict:
    client = KioskClient(url, tokens["screen"])
    summary = await client.floor_summary()
    process = DisplayProcess(
        client,
        [DisplaySpec(DISPLAY_ID, "layout", table="TC54-01")],
        DeviceSettings(),
        casino=casino_from_summary(summary, DeviceSettings(), None),
    )
    process.all_live.connect(lambda: QTimer.singleShot(SETTLE_MS, settle_memory))  # as `kiosk display` does
    process.open_windows()
    screen = process.screens[0]
    process.start()
    while screen.state is None:
        await asyncio.sleep(0.05)
    result = {}
    phases = [("idle", 0)] + ([(f"with_{others}_other_subscribers", others)] if others else [])
    for name, n in phases:
        crowd = await _others(url, tokens["display"], n) if n else None
        try:
            await asyncio.sleep(1.0)
            watch = _Watch(process)
            partial, full = screen.widget.partial_repaints, screen.widget.full_repaints
            cpu = _cpu_seconds(server_pid)
            acks = await _dealer(url, tokens["dealer"], commands, gap)
            await asyncio.sleep(0.5)
            result[name] = {
                **_stages(acks, watch),
                # the server's CPU per command (handler, store, fan-out): steadier than the wall
                # clock on a shared machine
                "server_cpu_ms_per_command": round(1000 * (_cpu_seconds(server_pid) - cpu) / max(1, len(acks)), 2),
                "partial_repaints": screen.widget.partial_repaints - partial,
                "full_repaints": screen.widget.full_repaints - full,
                "load_average_1m_after": round(os.getloadavg()[0], 2),
            }
        finally:
            if crowd is not None:
                crowd.terminate()
                await crowd.wait()
        print(
            f"{name}: sent to frame p50 {result[name]['sent_to_frame_ms']['p50']} ms, "
            f"p99 {result[name]['sent_to_frame_ms']['p99']} ms; ack to frame p50 "
            f"{result[name]['ack_to_frame_ms']['p50']} ms, p99 {result[name]['ack_to_frame_ms']['p99']} ms; "
            f"server CPU {result[name]['server_cpu_ms_per_command']} ms a command",
            flush=True,
        )
    await process.stop()
    await client.close()
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=200)
    parser.add_argument("--gap", type=float, default=0.15)
    parser.add_argument("--others", type=int, default=1000, help="other subscribers in the second run (0: idle only)")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "display_latency.json")
    args = parser.parse_args(argv)
    QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        server, url, tokens = _serve(Path(tmp))
        try:
            with asyncio.Runner(loop_factory=qasync.QEventLoop) as runner:
                result = runner.run(run(url, tokens, args.commands, args.gap, args.others, server.pid))
        finally:
            server.terminate()
            server.wait(timeout=30)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps(
            {
                "machine": machine(),
                "measured_at": datetime.now(UTC).isoformat(),
                "load_average_1_5_15m_at_end": [round(x, 2) for x in os.getloadavg()],
                "screen": "1920x1080 offscreen, layout of TC54-01 (tri-chro 54)",
                "commands": args.commands,
                "gap_s": args.gap,
                "others": "each a stream of the whole floor (tables null), in a process of its own",
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
