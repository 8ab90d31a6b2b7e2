"""How long ``kiosk serve`` takes to stop (SIGTERM to exit), with no client and after clients
whose streams were open and closed.

A server that is slow to stop holds a restart (a deployment, a failover drill) and every test
with a live server. For each case, ``--repeats`` times: start ``kiosk serve`` on a fresh SQLite
file with the demo floor, let ``--clients`` clients subscribe to the stream, read their snapshot
and close (the case "streams_left"), then time SIGTERM until the process exits.

    .venv/bin/python benchmarks/serve_stop.py [--repeats 5] [--clients 3] [--out FILE]

Writes JSON to ``benchmarks/results/serve_stop.json``: each case's times and median.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent))

from stream_latency import RESULTS, ROOT, KioskServer, machine

DEMO_FLOOR = ROOT / "assets" / "demo_floor.toml"


async def _open_and_leave(url: str, token: str, clients: int) -> None:
    """``clients`` streams: subscribe, read the snapshot and ready, close."""
    async with aiohttp.ClientSession(headers={"Authorization": f"Bearer {token}"}) as session:
        for _ in range(clients):
            async with session.ws_connect(f"{url}/api/v1/stream") as ws:
                await ws.send_str(json.dumps({"type": "subscribe"}))
                seen = set()
                while not {"snapshot", "ready"} <= seen:
                    msg = await ws.receive(timeout=30)
                    seen.add(json.loads(msg.data)["type"])


def _stop_time(clients: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        server = KioskServer(f"sqlite:///{Path(tmp) / 'kiosk.sqlite3'}", DEMO_FLOOR).start()
        try:
            if clients:
                asyncio.run(_open_and_leave(server.url, server.token, clients))
            time.sleep(0.5)  # the server is idle, as before a restart
            assert server.proc is not None
            started = time.monotonic()
            server.proc.terminate()
            server.proc.wait(60)
            return time.monotonic() - started
        finally:
            server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--clients", type=int, default=3)
    parser.add_argument("--out", type=Path, default=RESULTS / "serve_stop.json")
    args = parser.parse_args()
    cases = {"no_client": 0, "streams_left": args.clients}
    results: dict[str, object] = {"machine": machine(), "repeats": args.repeats, "clients": args.clients}
    for name, clients in cases.items():
        times = [round(_stop_time(clients), 3) for _ in range(args.repeats)]
        results[name] = {"seconds": times, "median_s": round(statistics.median(times), 3)}
        print(f"{name}: median {statistics.median(times):.2f} s of {times}", flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
