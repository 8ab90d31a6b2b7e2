"""Stream latency: from a write's acknowledgement to its arrival at every WebSocket subscriber.

For 100, 500 and 1000 subscribers (held by a load generator in a separate process), against
``kiosk serve`` on SQLite, on PostgreSQL, and against the bare broadcast baseline
(``broadcast_baseline.py``: the same payloads pushed with no validation or storage). For each it
records p50/p99 latency over every (write, subscriber) pair and of each write's slowest
subscriber, measured from the acknowledgement (the HTTP response) and from the request; the
server's resident memory with the subscribers connected; and our p50/p99 as a ratio to the
baseline's. Clocks: ``time.monotonic()``, which is system-wide on Linux, so the writer and the
load generator compare times directly.

    .venv/bin/python benchmarks/stream_latency.py [--sizes 100,500,1000] [--writes 100]
                                                 [--stores sqlite,postgresql] [--out FILE]

Writes JSON to ``benchmarks/results/stream_latency.json``. A full run takes a few minutes on
two cores. ``benchmarks/write_throughput.py`` reuses the server and PostgreSQL helpers here.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
PYTHON = sys.executable
KIOSK = [PYTHON, "-m", "kiosk.cli"]

__all__ = ["PostgresCluster", "KioskServer", "machine", "percentile", "write_command", "main"]


# ---------------------------------------------------------------------------------------------
# Helpers shared with write_throughput.py


def machine() -> dict[str, Any]:
    """The machine the figures came from."""
    cpu = platform.processor() or ""
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    mem = None
    with contextlib.suppress(OSError, ValueError, IndexError):
        mem = int(Path("/proc/meminfo").read_text().split()[1]) // 1024
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory_mib": mem,
        "os": platform.platform(),
        "python": platform.python_version(),
        "aiohttp": aiohttp.__version__,
        "when": datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z"),
    }


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pg_bin(name: str) -> str:
    found = shutil.which(name)
    if found:
        return found
    for candidate in sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"), reverse=True):
        return str(candidate)
    raise SystemExit(f"PostgreSQL's {name} not found (apt-get install postgresql)")


class PostgresCluster:
    """A throw-away PostgreSQL server in a temporary directory (run as ``postgres`` when root)."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="kiosk-bench-pg-"))
        self.port = _free_port()
        self._as_postgres = os.geteuid() == 0

    def _run(self, *cmd: str) -> None:
        full = list(cmd)
        if self._as_postgres:
            full = ["runuser", "-u", "postgres", "--", *full]
        subprocess.run(full, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def start(self) -> PostgresCluster:
        if self._as_postgres:
            shutil.chown(self.dir, "postgres", "postgres")
        data = self.dir / "data"
        self._run(_pg_bin("initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        opts = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=200"
        self._run(_pg_bin("pg_ctl"), "-D", str(data), "-o", opts, "-l", str(self.dir / "log"), "-w", "start")
        return self

    def create_database(self, name: str) -> str:
        self._run(_pg_bin("createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", name)
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run(_pg_bin("pg_ctl"), "-D", str(self.dir / "data"), "-m", "fast", "-w", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)


def demo_floor() -> Path:
    """The demo floor file the servers are seeded from."""
    return ROOT / "assets" / "demo_floor.toml"


class KioskServer:
    """A ``kiosk serve`` subprocess on ``db_url`` with an admin token."""

    def __init__(self, db_url: str, floor: Path | None = None) -> None:
        self.db_url = db_url
        self.floor = floor
        self.proc: subprocess.Popen | None = None
        self.url = ""
        self.token = ""

    def start(self) -> KioskServer:
        cmd = [*KIOSK, "serve", "--db", self.db_url, "--port", "0"]
        if self.floor is not None:
            cmd += ["--floor", str(self.floor)]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        match = re.search(r"(https?://\S+)/api/v1", line)
        if not match:
            err = self.proc.stderr.read() if self.proc.stderr else ""
            raise SystemExit(f"kiosk serve did not start: {line.strip()} {err.strip()}")
        self.url = match.group(1)
        out = subprocess.run(
            [*KIOSK, "token", "create", "--db", self.db_url, "--role", "admin", "--name", "bench"],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        )
        self.token = out.stdout.strip().splitlines()[-1].split()[-1]
        return self

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def rss_mib(pid: int) -> float | None:
    """Resident memory of a process in MiB."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return None


async def write_command(session: aiohttp.ClientSession, base: str, token: str, table_id: str, i: int) -> int:
    """One small pit write on ``table_id``: returns the committed event's seq."""
    body = {"type": "set_display_name", "table_id": table_id, "display_name": f"Bench {i}"}
    async with session.post(f"{base}/api/v1/commands", json=body, headers={"Authorization": f"Bearer {token}"}) as resp:
        data = await resp.json()
        if resp.status != 200:
            raise SystemExit(f"write refused: {resp.status} {data}")
        return int(data["seq"])


async def first_table(base: str, token: str) -> str:
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{base}/api/v1/tables", headers={"Authorization": f"Bearer {token}"}) as r:
            tables = (await r.json())["tables"]
    return sorted(tables)[0]


# ---------------------------------------------------------------------------------------------
# The load generator (a separate process)


async def _loadgen(url: str, token: str, n: int, writes: int, out: Path, timeout: float) -> None:
    recv: dict[int, list[float]] = {}
    conns: list[aiohttp.ClientWebSocketResponse] = []
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        sem = asyncio.Semaphore(50)

        async def connect() -> None:
            async with sem:
                ws = await session.ws_connect(
                    f"{url}/api/v1/stream", headers={"Authorization": f"Bearer {token}"}, max_msg_size=0
                )
                await ws.send_str(json.dumps({"type": "subscribe"}))
                while True:
                    msg = await ws.receive()
                    if msg.type != aiohttp.WSMsgType.TEXT:
                        raise SystemExit(f"stream closed while subscribing: {msg.data} {msg.extra}")
                    if json.loads(msg.data)["type"] == "ready":
                        break
                conns.append(ws)

        await asyncio.gather(*(connect() for _ in range(n)))
        print("ready", flush=True)
        done = asyncio.Event()
        remaining = [n * writes]

        async def reader(ws: aiohttp.ClientWebSocketResponse) -> None:
            got = 0
            async for msg in ws:
                now = time.monotonic()
                data = json.loads(msg.data)
                if data.get("type") != "event":
                    continue
                recv.setdefault(int(data["event"]["seq"]), []).append(now)
                got += 1
                remaining[0] -= 1
                if remaining[0] <= 0:
                    done.set()
                if got >= writes:
                    return

        tasks = [asyncio.create_task(reader(ws)) for ws in conns]
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                await done.wait()
        for t in tasks:
            t.cancel()
        for ws in conns:
            await ws.close()
    out.write_text(json.dumps({str(k): v for k, v in recv.items()}))


# ---------------------------------------------------------------------------------------------
# One measurement


async def _measure(
    target: str,
    base: str,
    token: str,
    pid: int,
    n: int,
    writes: int,
    interval: float,
    table_id: str | None,
    payload_template: str | None,
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "recv.json"
        gen = subprocess.Popen(
            [
                PYTHON,
                __file__,
                "loadgen",
                "--url",
                base,
                f"--token={token or '-'}",
                "--n",
                str(n),
                "--writes",
                str(writes),
                "--out",
                str(out),
            ],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        assert gen.stdout is not None
        line = await asyncio.to_thread(gen.stdout.readline)
        if line.strip() != "ready":
            raise SystemExit(f"load generator failed for {target} n={n}")
        await asyncio.sleep(0.5)
        rss = rss_mib(pid)
        sent: dict[int, tuple[float, float]] = {}
        async with aiohttp.ClientSession() as session:
            for i in range(writes):
                t0 = time.monotonic()
                if table_id is not None:
                    seq = await write_command(session, base, token, table_id, i)
                else:
                    seq = i + 1
                    assert payload_template is not None
                    body = payload_template.replace('"seq":0', f'"seq":{seq}', 1)
                    async with session.post(f"{base}/publish", data=body) as resp:
                        await resp.read()
                t1 = time.monotonic()
                sent[seq] = (t0, t1)
                await asyncio.sleep(interval)
        await asyncio.to_thread(gen.wait, 120)
        recv = {int(k): v for k, v in json.loads(out.read_text()).items()}

    from_ack: list[float] = []
    from_req: list[float] = []
    slowest_ack: list[float] = []
    missing = 0
    for seq, (t0, t1) in sent.items():
        times = recv.get(seq, [])
        missing += n - len(times)
        if times:
            from_ack += [(t - t1) * 1000 for t in times]
            from_req += [(t - t0) * 1000 for t in times]
            slowest_ack.append((max(times) - t1) * 1000)
    ack_ms = [(t1 - t0) * 1000 for t0, t1 in sent.values()]
    return {
        "subscribers": n,
        "writes": writes,
        "deliveries_missing": missing,
        "latency_from_ack_ms": {"p50": percentile(from_ack, 50), "p99": percentile(from_ack, 99)},
        "latency_from_request_ms": {"p50": percentile(from_req, 50), "p99": percentile(from_req, 99)},
        "every_subscriber_from_ack_ms": {"p50": percentile(slowest_ack, 50), "p99": percentile(slowest_ack, 99)},
        "write_ack_ms": {
            "p50": percentile(ack_ms, 50),
            "p99": percentile(ack_ms, 99),
            "mean": statistics.fmean(ack_ms),
        },
        "server_rss_mib": rss,
    }


@contextlib.contextmanager
def _baseline() -> Iterator[tuple[str, int]]:
    proc = subprocess.Popen(
        [PYTHON, str(ROOT / "benchmarks" / "broadcast_baseline.py"), "--port", "0"], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    match = re.search(r"(http://\S+)", line)
    if not match:
        raise SystemExit("baseline server did not start")
    try:
        yield match.group(1), proc.pid
    finally:
        proc.terminate()
        proc.wait(10)


def _ratio(ours: dict[str, Any], base: dict[str, Any]) -> dict[str, float]:
    out = {}
    for key in ("latency_from_ack_ms", "latency_from_request_ms", "every_subscriber_from_ack_ms"):
        for p in ("p50", "p99"):
            b = base[key][p]
            out[f"{key}.{p}"] = round(ours[key][p] / b, 2) if b and b > 0 else float("nan")
    return out


async def _run(sizes: list[int], writes: int, stores: list[str]) -> dict[str, Any]:
    results: dict[str, Any] = {"machine": machine(), "sizes": sizes, "writes_per_size": writes, "runs": {}}
    template: str | None = None
    pg: PostgresCluster | None = None
    try:
        for store in stores:
            if store == "sqlite":
                tmp = Path(tempfile.mkdtemp(prefix="kiosk-bench-"))
                db_url = f"sqlite:///{tmp / 'kiosk.sqlite3'}"
            else:
                pg = pg or PostgresCluster().start()
                db_url = pg.create_database("bench_latency")
            server = KioskServer(db_url, demo_floor()).start()
            try:
                table_id = await first_table(server.url, server.token)
                runs = []
                for n in sizes:
                    interval = 0.02 + n / 10000
                    print(f"{store}: {n} subscribers", flush=True)
                    runs.append(
                        await _measure(store, server.url, server.token, server.pid, n, writes, interval, table_id, None)
                    )
                results["runs"][store] = runs
                if template is None:
                    async with aiohttp.ClientSession() as session:
                        async with session.get(
                            f"{server.url}/api/v1/events?since=0&limit=1000",
                            headers={"Authorization": f"Bearer {server.token}"},
                        ) as r:
                            last = (await r.json())["events"][-1]
                    last["seq"] = 0
                    template = json.dumps({"type": "event", "event": last}, separators=(",", ":"))
            finally:
                server.stop()
        with _baseline() as (base, pid):
            runs = []
            for n in sizes:
                print(f"baseline: {n} subscribers", flush=True)
                runs.append(await _measure("baseline", base, "", pid, n, writes, 0.02 + n / 10000, None, template))
            results["runs"]["baseline"] = runs
    finally:
        if pg is not None:
            pg.stop()
    results["ratio_to_baseline"] = {
        store: [
            {"subscribers": ours["subscribers"], **_ratio(ours, base)}
            for ours, base in zip(results["runs"][store], results["runs"]["baseline"], strict=True)
        ]
        for store in stores
    }
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="stream latency benchmark")
    sub = parser.add_subparsers(dest="mode")
    gen = sub.add_parser("loadgen")
    gen.add_argument("--url", required=True)
    gen.add_argument("--token", required=True)
    gen.add_argument("--n", type=int, required=True)
    gen.add_argument("--writes", type=int, required=True)
    gen.add_argument("--out", type=Path, required=True)
    gen.add_argument("--timeout", type=float, default=90.0)
    parser.add_argument("--sizes", default="100,500,1000")
    parser.add_argument("--writes", type=int, default=100)
    parser.add_argument("--stores", default="sqlite,postgresql")
    parser.add_argument("--out", type=Path, default=RESULTS / "stream_latency.json")
    args = parser.parse_args(argv)
    if args.mode == "loadgen":
        token = "" if args.token == "-" else args.token
        asyncio.run(_loadgen(args.url, token, args.n, args.writes, args.out, args.timeout))
        return 0
    sizes = [int(x) for x in args.sizes.split(",")]
    stores = [s for s in args.stores.split(",") if s]
    started = time.monotonic()
    results = asyncio.run(_run(sizes, args.writes, stores))
    results["duration_s"] = round(time.monotonic() - started, 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
