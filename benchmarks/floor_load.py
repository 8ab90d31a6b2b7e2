"""A floor at load: three ``kiosk serve`` nodes on one PostgreSQL, N displays, a node lost mid-shift.

::

    .venv/bin/python benchmarks/floor_load.py                       # issue 20: 1500 displays, then none
    .venv/bin/python benchmarks/floor_load.py --curve 300,1000,3000 --rate 10 --paced-rate 0

It starts a throw-away PostgreSQL cluster (``initdb``/``pg_ctl``, as the ``postgres`` user when
root, ``fsync=on``), seeds it with a generated floor of ``--tables`` tables (tri-chro with ball
devices and random result generators, two-up dice, Caribbean stud tables on one progressive
jackpot link, blackjack), starts three ``kiosk serve`` nodes on loopback ports, and spreads
``--displays`` simulated displays over ``--procs`` subscriber processes. Each display is a real
:class:`kiosk.state.client.KioskClient` stream of one table, preferring node ``i % 3`` and
knowing the other two. A writer plays the floor through the HTTP API - tri-chro drawings, two-up
spins, Caribbean jackpot contributions, limit changes - each table's dealer preferring the node
of its own index and sending its next command when the last is acknowledged. First a paced
phase (``--paced-rate``, default 100 commands per second, every node up): the acknowledgement
time at that rate. Then the saturation phase (``--rate``, default 400 asked: more than the floor
sustains): at ``--kill-at`` of it one node is SIGKILLed, at ``--restart-at`` started again. With
``--ceiling`` (the default) a second run with no displays, saturation only: the writes' ceiling.

Reported (JSON in ``benchmarks/results/floor_load*.json`` and a table on stdout):

- commands per second sustained at saturation and their acknowledgement time, and the paced
  phase's (``paced``); commands refused (by the rules, with the reasons) or lost with the node;
- write-to-subscriber latency p50/p99, per node and overall: from when the writer sent the
  command to when a display received the event live (``time.monotonic()`` is system-wide on
  Linux); events a display received in the replay after a failover are counted apart;
- events missed and duplicated: every display's events compared with the database's
  (``events_since`` of its table after its snapshot); both must be 0;
- failover: from the SIGKILL until each display of the killed node is caught up on another node
  (its ``Connected`` event after the replay), p50 / p99 / max;
- each node's resident memory (max) and CPU (mean, % of one core), the subscriber processes' too,
  and the load average at the end.

Everything runs on loopback addresses, the run is bounded (``--duration`` plus set-up), and
every process it started is stopped at the end (also on Ctrl-C or an error).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from stream_latency import KIOSK, RESULTS, ROOT, PostgresCluster, _free_port, machine, percentile, rss_mib

sys.path.insert(0, str(ROOT))  # this checkout's kiosk, in this process as in the nodes it starts

PYTHON = sys.executable
NODES = 3

# ---------------------------------------------------------------------------------------------
# The floor


def floor_toml(tables: int) -> tuple[str, dict[str, list[str]]]:
    """A legal floor of ``tables`` tables and the table ids by kind.

    Per 10 tables: 2 tri-chro 54 (ball device), 1 tri-chro 63 (random result generator),
    1 two-up dice, 4 Caribbean stud (all on one progressive link), 2 blackjack.
    """
    kinds = ["tc54", "tc54", "tc63", "twoup", "csp", "csp", "csp", "csp", "bj", "bj"]
    by_kind: dict[str, list[str]] = {k: [] for k in set(kinds)}
    parts = ['format = "kiosk-floor/1"\n\n[casino]\nname = "Load Test Casino"\ntimezone = "Australia/Brisbane"\n']
    for i in range(tables):
        kind = kinds[i % len(kinds)]
        tid = f"{kind.upper()}-{i + 1:03d}"
        by_kind[kind].append(tid)
        if kind == "tc54":
            parts.append(f'''
[[table]]
id = "{tid}"
game = "tri_chro_54"
signs = ["limits"]
[table.limits]
minimum = "$5"
maximum = "$1,200"
[table.limits.maximum_by]
"3:4" = "$1,200"
"6:5" = "$800"
"33:10" = "$300"
"8:1" = "$125"
"27:1" = "$35"
"65:1" = "$15"
[table.tri_chro]
drawing_device = "ball_device"
''')
        elif kind == "tc63":
            parts.append(f'''
[[table]]
id = "{tid}"
game = "tri_chro_63"
[table.limits]
minimum = "$5"
maximum = "$1,500"
[table.limits.maximum_by]
"3:4" = "$1,500"
"6:5" = "$1,000"
"33:10" = "$400"
"8:1" = "$150"
"38:1" = "$25"
"90:1" = "$10"
[table.tri_chro]
drawing_device = "random_result_generator"
''')
        elif kind == "twoup":
            parts.append(f'''
[[table]]
id = "{tid}"
game = "two_up_dice"
signs = ["limits", "result_cards"]
[table.limits]
minimum = "$5"
maximum = "$500"
''')
        elif kind == "csp":
            parts.append(f'''
[[table]]
id = "{tid}"
game = "caribbean_stud"
signs = ["limits", "maximum_payment", "jackpot_meter", "jackpot_paytable"]
[table.limits]
minimum = "$10"
maximum = "$200"
[table.caribbean_stud]
maximum_payment = "$50,000"
[table.caribbean_stud.jackpot]
slots = true
wager = "$1"
dead_mans_hand = true
''')
        else:
            parts.append(f'''
[[table]]
id = "{tid}"
game = "blackjack"
display_name = "Blackjack"
[table.limits]
minimum = "$25"
maximum = "$2,500"
[table.blackjack]
decks = 8
card_machine = true
''')
    linked = ", ".join(f'"{t}"' for t in by_kind["csp"])
    parts.append(f"""
[[link]]
id = "FLOOR-PROG"
name = "Floor Progressive"
tables = [{linked}]
approval = "CE approval PJL-LOAD-001"
seed = "$10,000"
prize = "$10,000"
contribution = "70%"
""")
    return "".join(parts), by_kind


# ---------------------------------------------------------------------------------------------
# Processes


class Node:
    """A ``kiosk serve`` process on a fixed loopback port (so it can come back on it)."""

    def __init__(self, index: int, db_url: str, workdir: Path) -> None:
        self.index = index
        self.name = f"node-{index}"
        self.db_url = db_url
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = workdir / f"{self.name}.log"
        self.proc: subprocess.Popen | None = None
        self.cpu_before_restart = 0.0  # CPU seconds of the life that was killed
        self.rss_max = 0.0
        self.starts = 0

    def start(self) -> None:
        self.starts += 1
        with open(self.log, "a") as out:
            self.proc = subprocess.Popen(
                [
                    *KIOSK,
                    "serve",
                    "--db",
                    self.db_url,
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.port),
                    "--node-id",
                    self.name,
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
                cwd=ROOT,
                env=_env(),
            )

    def wait_listening(self, timeout: float = 60) -> None:
        """Wait for this start's "listening on" line (the log keeps every life of the node)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.log.read_text(errors="replace").count(f"listening on {self.url}/") >= self.starts:
                return
            if self.proc is not None and self.proc.poll() is not None:
                raise SystemExit(f"{self.name} exited: {self.log.read_text()[-1500:]}")
            time.sleep(0.05)
        raise SystemExit(f"{self.name} did not start within {timeout:g} s")

    def cpu_seconds(self) -> float:
        return _cpu_seconds(self.proc.pid) if self.alive() else 0.0

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        if self.alive():
            self.cpu_before_restart += self.cpu_seconds()
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.alive():
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT))


def _cpu_seconds(pid: int) -> float:
    with contextlib.suppress(OSError, IndexError, ValueError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return 0.0


# ---------------------------------------------------------------------------------------------
# Subscriber processes (this script with --subscriber SPEC)


async def _subscriber(spec_path: Path) -> None:
    from kiosk.state.client import KioskClient
    from kiosk.state.client.status import Connected, Offline

    spec = json.loads(spec_path.read_text())
    urls: list[str] = spec["urls"]
    displays = []

    class Display:
        def __init__(self, i: int, table: str, prefer: int) -> None:
            self.table = table
            self.prefer = prefer
            order = urls[prefer:] + urls[:prefer]
            self.client = KioskClient(order, spec["token"], connect_timeout=3)
            self.stream = self.client.stream(tables=[table], reconnect_spread=spec["spread"])
            self.snapshot_seq: int | None = None
            self.got: list[tuple[int, float, int]] = []  # seq, monotonic time, node index
            self.changes: list[tuple[str, int, float]] = []  # kind, node index, monotonic time
            self.client.on_connection(self._changed)
            self.task = asyncio.create_task(self._read())

        def _changed(self, change: Any) -> None:
            url = getattr(change, "url", "")
            self.changes.append((type(change).__name__, urls.index(url) if url in urls else -1, time.monotonic()))

        async def _read(self) -> None:
            from kiosk.state.client import Snapshot

            async for item in self.stream:
                node = urls.index(self.stream.url)
                if isinstance(item, Snapshot):
                    if self.snapshot_seq is None:
                        self.snapshot_seq = item.seq
                    else:  # a resync would be a fresh start: count it as such
                        self.got.append((-item.seq, time.monotonic(), node))
                else:
                    self.got.append((item.seq, time.monotonic(), node))

        @property
        def connected(self) -> bool:
            return bool(self.changes) and self.changes[-1][0] == Connected.__name__

    for i, (table, prefer) in enumerate(spec["displays"]):
        displays.append(Display(i, table, prefer))
        if i % 50 == 49:
            await asyncio.sleep(0.05)  # a floor's screens do not all boot in the same millisecond
    while not all(d.connected for d in displays):
        await asyncio.sleep(0.1)
    print("ready", flush=True)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    line = (await reader.readline()).decode().split()
    settle_until = time.monotonic() + float(line[1] if len(line) > 1 else 5)
    # wait until quiet (nothing received for 2 s) or the settle deadline
    last = -1
    while time.monotonic() < settle_until:
        total = sum(len(d.got) for d in displays)
        if total == last and all(d.connected for d in displays):
            break
        last = total
        await asyncio.sleep(2)
    out = [
        {
            "table": d.table,
            "prefer": d.prefer,
            "snapshot_seq": d.snapshot_seq,
            "got": d.got,
            "changes": d.changes,
            "offline": sum(1 for c in d.changes if c[0] == Offline.__name__),
        }
        for d in displays
    ]
    for d in displays:
        await d.stream.close()
        await d.client.close()
    Path(spec["out"]).write_text(json.dumps(out))
    print("done", flush=True)


# ---------------------------------------------------------------------------------------------
# The writer: dealers and pit bosses at the tables


class Dealers:
    """Plays the floor: each table's next command, in a legal order for its game."""

    def __init__(self, by_kind: dict[str, list[str]], urls: list[str], token: str) -> None:
        from kiosk.rules.trichro import physical_balls

        self.balls = [f"{b.colour}{'*' if b.star else ''}" for b in physical_balls(54)]
        self.tables = [t for kind in sorted(by_kind) for t in by_kind[kind]]
        self.kind = {t: k for k, ts in by_kind.items() for t in ts}
        self.phase: dict[str, str] = {t: "start" for t in self.tables}
        self.urls = urls
        self.token = token
        self.sent: dict[int, float] = {}  # seq -> monotonic time the command was sent
        self.ack_ms: list[float] = []
        self.commands = 0
        self.events = 0
        self.refused = 0
        self.refusals: collections.Counter[str] = collections.Counter()  # why, by error code
        self.lost = 0
        self.clients: dict[int, Any] = {}

    def client(self, table: str) -> Any:
        from kiosk.state.client import KioskClient

        prefer = self.tables.index(table) % len(self.urls)
        if prefer not in self.clients:
            order = self.urls[prefer:] + self.urls[:prefer]
            self.clients[prefer] = KioskClient(order, self.token, connect_timeout=2)
        return self.clients[prefer]

    def next_command(self, table: str) -> dict[str, Any]:
        kind, phase = self.kind[table], self.phase[table]
        if kind in ("tc54", "tc63"):
            if phase != "no_more_bets":
                return {"type": "trichro_no_more_bets", "table_id": table}
            if kind == "tc54":
                return {"type": "trichro_draw", "table_id": table, "balls": random.sample(self.balls, 2)}
            return {"type": "trichro_generate", "table_id": table}
        if kind == "twoup":
            if phase in ("start", "over"):
                return {"type": "twoup_new_game", "table_id": table}
            if phase != "no_more_bets":
                return {"type": "twoup_no_more_bets", "table_id": table}
            return {"type": "twoup_spin", "table_id": table, "result": random.choice("HHTTOOX")}
        if kind == "csp":
            return {"type": "jackpot_wagers", "table_id": table, "count": random.randint(1, 7)}
        maximum = random.choice([250_000, 300_000, 500_000])
        return {"type": "set_limits", "table_id": table, "limits": {"maximum_cents": maximum}}

    def advance(self, table: str, command: dict[str, Any], events: list[Any]) -> None:
        ctype = command["type"]
        if ctype.endswith("no_more_bets"):
            self.phase[table] = "no_more_bets"
        elif ctype in ("trichro_draw", "trichro_generate"):
            self.phase[table] = "result"
        elif ctype == "twoup_new_game":
            self.phase[table] = "betting"
        elif ctype == "twoup_spin":
            outcome = events[0].data.get("outcome") if events else None
            self.phase[table] = "over" if outcome not in (None, "continue") else "betting"

    @staticmethod
    def after_refusal(ctype: str, phase: str) -> str:
        """Where a dealer whose command was refused stands: the table is a step further than the
        dealer thought when the command before was committed but its answer lost with a node
        ('no more bets' already called, a two-up game still on), so the dealer takes the next
        step instead of repeating the refused one for the rest of the run."""
        if ctype in ("trichro_no_more_bets", "twoup_no_more_bets"):
            return "no_more_bets"  # it was called: draw or spin next
        if ctype == "twoup_new_game":
            return "betting"  # a game is on: call no more bets next
        if ctype == "twoup_spin":
            return "over"  # the game had ended: a new one starts
        if ctype in ("trichro_draw", "trichro_generate"):
            return "start"  # call no more bets first
        return phase

    async def play(self, table: str) -> None:
        from kiosk.state.client import ServerUnreachable
        from kiosk.state.errors import StateError

        command = self.next_command(table)
        sent = time.monotonic()
        try:
            events = await self.client(table).execute(command)
        except ServerUnreachable:
            self.lost += 1  # the node died with the command in flight: the dealer starts over
            self.phase[table] = "start" if self.kind[table] != "twoup" else "over"
            return
        except StateError as exc:
            self.refused += 1  # e.g. two-up: the game had ended; a new one starts
            self.refusals[f"{command['type']}: {exc.code}: {exc.message[:90]}"] += 1
            self.phase[table] = self.after_refusal(command["type"], self.phase[table])
            return
        self.commands += 1
        self.ack_ms.append((time.monotonic() - sent) * 1000)
        self.events += len(events)
        for event in events:
            self.sent[event.seq] = sent
        self.advance(table, command, events)

    async def run(self, rate: float, seconds: float) -> float:
        """Issue ``rate`` commands per second for ``seconds`` (each table's commands in order)."""
        busy: dict[str, asyncio.Task] = {}
        start = time.monotonic()
        i = 0
        while (now := time.monotonic()) < start + seconds:
            due = start + i / rate
            if due > now:
                await asyncio.sleep(due - now)
            table = self.tables[i % len(self.tables)]
            i += 1
            if table in busy and not busy[table].done():
                continue  # this table's last command is still in flight
            busy[table] = asyncio.create_task(self.play(table))
        await asyncio.gather(*busy.values())
        return time.monotonic() - start

    async def close(self) -> None:
        for client in self.clients.values():
            await client.close()


# ---------------------------------------------------------------------------------------------
# One run


async def _seed(db_url: str, floor_path: Path) -> tuple[str, str]:
    from kiosk.floor import load_floor
    from kiosk.state.service import Service

    async with await Service.open(db_url, floor=load_floor(floor_path), tick_seconds=None) as service:
        return (
            await service.create_token("display", "floor screens"),
            await service.create_token("admin", "load writer"),
        )


async def _expected(urls: list[str], token: str, tables: set[str], since: dict[str, int]) -> dict[str, list[int]]:
    from kiosk.state.client import KioskClient

    out: dict[str, list[int]] = {}
    async with KioskClient(urls, token) as client:
        for table in sorted(tables):
            seqs: list[int] = []
            seq = since[table]
            while True:
                page = await client.events_since(seq, tables=[table], limit=1000)
                seqs += [e.seq for e in page]
                if len(page) < 1000:
                    break
                seq = page[-1].seq
            out[table] = seqs
    return out


def _sample(nodes: list[Node], subs: list[subprocess.Popen]) -> None:
    for node in nodes:
        if node.alive():
            node.rss_max = max(node.rss_max, rss_mib(node.proc.pid) or 0.0)


def _pct(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50": None, "p99": None, "max": None, "n": 0}
    return {
        "p50": round(percentile(values, 50), 1),
        "p99": round(percentile(values, 99), 1),
        "max": round(max(values), 1),
        "n": len(values),
    }


def run_once(args: argparse.Namespace, displays: int, pace: bool = True) -> dict[str, Any]:
    workdir = Path(tempfile.mkdtemp(prefix="kiosk-floor-load-"))
    cluster = PostgresCluster().start()
    nodes: list[Node] = []
    subs: list[subprocess.Popen] = []
    try:
        db_url = cluster.create_database("kiosk_floor")
        text, by_kind = floor_toml(args.tables)
        floor_path = workdir / "floor.toml"
        floor_path.write_text(text)
        display_token, admin_token = asyncio.run(_seed(db_url, floor_path))
        nodes = [Node(i, db_url, workdir) for i in range(NODES)]
        for node in nodes:
            node.start()
        for node in nodes:
            node.wait_listening()
        urls = [n.url for n in nodes]
        tables = [t for kind in sorted(by_kind) for t in by_kind[kind]]
        specs: list[list[tuple[str, int]]] = [[] for _ in range(args.procs)]
        for i in range(displays):
            specs[i % args.procs].append((tables[i % len(tables)], i % NODES))
        t0 = time.monotonic()
        for p, part in enumerate(specs):
            spec = workdir / f"subscriber-{p}.json"
            spec.write_text(
                json.dumps(
                    {
                        "urls": urls,
                        "token": display_token,
                        "displays": part,
                        "spread": args.spread,
                        "out": str(workdir / f"got-{p}.json"),
                    }
                )
            )
            subs.append(
                subprocess.Popen(
                    [PYTHON, __file__, "--subscriber", str(spec)],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    text=True,
                    cwd=ROOT,
                    env=_env(),
                )
            )
        for sub in subs:
            if sub.stdout.readline().strip() != "ready":
                raise SystemExit("a subscriber process failed to connect its displays")
        connect_seconds = time.monotonic() - t0
        print(f"  {displays} displays connected in {connect_seconds:.1f} s", flush=True)
        cpu0 = {n.index: n.cpu_seconds() for n in nodes}
        sub_cpu0 = [_cpu_seconds(s.pid) for s in subs]
        result = asyncio.run(_drive(args, nodes, subs, by_kind, urls, admin_token, pace))
        cpu = {n.index: n.cpu_before_restart + n.cpu_seconds() - cpu0[n.index] for n in nodes}
        sub_cpu = [_cpu_seconds(s.pid) - c for s, c in zip(subs, sub_cpu0, strict=True)]
        settle = max(10.0, displays / 100)
        for sub in subs:
            sub.stdin.write(f"stop {settle}\n")
            sub.stdin.flush()
        for sub in subs:
            if sub.stdout.readline().strip() != "done":
                raise SystemExit("a subscriber process did not report")
            sub.wait(30)
        got = [d for p in range(args.procs) for d in json.loads((workdir / f"got-{p}.json").read_text())]
        since = {}
        for d in got:
            since[d["table"]] = min(since.get(d["table"], d["snapshot_seq"]), d["snapshot_seq"])
        expected = asyncio.run(_expected(urls, admin_token, set(since), since))
        return _report(args, displays, connect_seconds, result, got, expected, nodes, cpu, sub_cpu)
    finally:
        for sub in subs:
            if sub.poll() is None:
                sub.kill()
                sub.wait(10)
        for node in nodes:
            node.stop()
        cluster.stop()
        import shutil

        shutil.rmtree(workdir, ignore_errors=True)


async def _drive(
    args: argparse.Namespace,
    nodes: list[Node],
    subs: list[subprocess.Popen],
    by_kind: dict[str, list[str]],
    urls: list[str],
    token: str,
    pace: bool,
) -> dict[str, Any]:
    """The paced phase (``pace``), then the saturation phase with a node killed and restarted."""
    dealers = Dealers(by_kind, urls, token)
    paced = None
    if pace:  # first at a steady rate with every node up: the acknowledgement time at that rate
        seconds = await dealers.run(args.paced_rate, args.paced_duration)
        paced = {
            "rate_asked": args.paced_rate,
            "duration_s": round(seconds, 1),
            "commands_per_s": round(dealers.commands / seconds, 1),
            "write_ack_ms": _pct(dealers.ack_ms),
        }
        print(
            f"  paced {args.paced_rate:g}/s: acknowledged p50 {paced['write_ack_ms']['p50']} ms,"
            f" p99 {paced['write_ack_ms']['p99']} ms",
            flush=True,
        )
    commands, events, acks = dealers.commands, dealers.events, len(dealers.ack_ms)  # saturation from here
    kill_at, restart_at = args.duration * args.kill_at, args.duration * args.restart_at
    marks: dict[str, float] = {}

    async def chaos() -> None:
        start = time.monotonic()
        while time.monotonic() - start < args.duration:
            elapsed = time.monotonic() - start
            if "kill" not in marks and elapsed >= kill_at:
                marks["kill"] = time.monotonic()
                nodes[0].kill()
                print(f"  SIGKILL {nodes[0].name} at {elapsed:.1f} s", flush=True)
            if "restart" not in marks and elapsed >= restart_at:
                marks["restart"] = time.monotonic()
                nodes[0].start()
                await asyncio.to_thread(nodes[0].wait_listening)
                marks["rejoined"] = time.monotonic()
                print(f"  {nodes[0].name} back at {elapsed:.1f} s", flush=True)
            _sample(nodes, subs)
            await asyncio.sleep(0.25)

    chaos_task = asyncio.create_task(chaos())
    seconds = await dealers.run(args.rate, args.duration)
    await chaos_task
    await dealers.close()
    return {
        "seconds": seconds,
        "paced": paced,
        "sent": dealers.sent,
        "ack_ms": dealers.ack_ms[acks:],
        "commands": dealers.commands - commands,
        "events": dealers.events - events,
        "refused": dealers.refused,
        "refusals": dict(dealers.refusals.most_common()),
        "lost": dealers.lost,
        "marks": marks,
    }


def _report(
    args: argparse.Namespace,
    displays: int,
    connect_seconds: float,
    result: dict[str, Any],
    got: list[dict[str, Any]],
    expected: dict[str, list[int]],
    nodes: list[Node],
    cpu: dict[int, float],
    sub_cpu: list[float],
) -> dict[str, Any]:
    sent: dict[int, float] = result["sent"]
    kill = result["marks"].get("kill")
    missed = duplicated = resyncs = 0
    latency: dict[int, list[float]] = {n.index: [] for n in nodes}
    replayed: list[float] = []
    recovery: list[float] = []
    not_recovered = 0
    for d in got:
        seqs = [s for s, _, _ in d["got"]]
        resyncs += sum(1 for s in seqs if s < 0)
        want = [s for s in expected[d["table"]] if s > d["snapshot_seq"]]
        have = [s for s in seqs if s > 0]
        duplicated += len(have) - len(set(have))
        missed += len(set(want) - set(have))
        replaying = [
            (r[2], c[2])
            for r, c in zip(d["changes"], d["changes"][1:], strict=False)
            if r[0] == "Resuming" and c[0] == "Connected"
        ]
        for seq, when, node in d["got"]:
            if seq in sent:
                if any(start <= when <= end for start, end in replaying):
                    replayed.append((when - sent[seq]) * 1000)
                else:
                    latency[node].append((when - sent[seq]) * 1000)
        if kill is not None:
            before = [c for c in d["changes"] if c[2] < kill]
            if before and before[-1][0] == "Connected" and before[-1][1] == 0:
                after = [c for c in d["changes"] if c[2] >= kill and c[0] == "Connected" and c[1] != 0]
                if after:
                    recovery.append(after[0][2] - kill)
                else:
                    not_recovered += 1
    everything = [v for values in latency.values() for v in values]
    seconds = result["seconds"]
    report = {
        "displays": displays,
        "tables": args.tables,
        "nodes": NODES,
        "subscriber_processes": args.procs,
        "paced": result["paced"],
        "rate_asked": args.rate,
        "duration_s": round(seconds, 1),
        "reconnect_spread_s": args.spread,
        "connect_all_s": round(connect_seconds, 1),
        "commands_per_s": round(result["commands"] / seconds, 1),
        "events_per_s": round(result["events"] / seconds, 1),
        "deliveries": len(everything) + len(replayed),
        "write_ack_ms": _pct(result["ack_ms"]),
        "commands_refused": result["refused"],
        "commands_refused_why": result["refusals"],
        "commands_lost_with_the_node": result["lost"],
        "latency_ms": {"overall": _pct(everything), **{nodes[i].name: _pct(v) for i, v in latency.items()}},
        "replayed_after_failover_latency_ms": _pct(replayed),
        "events_missed": missed,
        "events_duplicated": duplicated,
        "fresh_snapshots_after_start": resyncs,
        "failover": {
            "clients_of_killed_node": len(recovery) + not_recovered,
            "not_caught_up": not_recovered,
            "caught_up_s": {
                k: (round(v / 1000, 2) if v is not None else None) if k != "n" else v
                for k, v in _pct([r * 1000 for r in recovery]).items()
            },
            "killed_for_s": round(result["marks"]["restart"] - kill, 1) if "restart" in result["marks"] else None,
            "node_start_s": (
                round(result["marks"]["rejoined"] - result["marks"]["restart"], 1)
                if "rejoined" in result["marks"]
                else None
            ),
        },
        "node_rss_max_mib": {n.name: round(n.rss_max, 1) for n in nodes},
        "node_cpu_percent_of_one_core": {n.name: round(100 * cpu[n.index] / seconds, 1) for n in nodes},
        "subscriber_cpu_percent_of_one_core": [round(100 * c / seconds, 1) for c in sub_cpu],
        "load_average_1m_at_end": round(os.getloadavg()[0], 2),
    }
    return report


def _table(reports: list[dict[str, Any]]) -> str:
    head = (
        f"{'displays':>8} {'cmd/s':>6} {'ev/s':>6} {'p50 ms':>7} {'p99 ms':>7} {'missed':>6} {'dup':>4} "
        f"{'failover max s':>14} {'node RSS MiB':>16} {'node CPU %':>16}"
    )
    lines = [head]
    for r in reports:
        lat = r["latency_ms"]["overall"]
        fo = r["failover"]["caught_up_s"]
        rss = "/".join(f"{v:.0f}" for v in r["node_rss_max_mib"].values())
        cpu = "/".join(f"{v:.0f}" for v in r["node_cpu_percent_of_one_core"].values())
        lines.append(
            f"{r['displays']:>8} {r['commands_per_s']:>6} {r['events_per_s']:>6} {lat['p50']!s:>7} "
            f"{lat['p99']!s:>7} {r['events_missed']:>6} {r['events_duplicated']:>4} "
            f"{fo['max']!s:>14} {rss:>16} {cpu:>16}"
        )
        per_node = ", ".join(f"{k} p50 {v['p50']} p99 {v['p99']}" for k, v in r["latency_ms"].items() if k != "overall")
        lines.append(f"{'':>8} per node: {per_node}")
        ack = r["write_ack_ms"]
        lines.append(f"{'':>8} saturation: acknowledged p50 {ack['p50']} ms, p99 {ack['p99']} ms")
        if r["paced"]:
            ack = r["paced"]["write_ack_ms"]
            lines.append(
                f"{'':>8} paced {r['paced']['rate_asked']:g}/s ({r['paced']['commands_per_s']}/s done): "
                f"acknowledged p50 {ack['p50']} ms, p99 {ack['p99']} ms"
            )
        lines.append(f"{'':>8} load average at the end {r['load_average_1m_at_end']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--displays", type=int, default=1500, help="simulated displays (default 1500)")
    parser.add_argument("--curve", default=None, help="comma-separated display counts, e.g. 300,1000,3000")
    parser.add_argument("--tables", type=int, default=100, help="tables on the floor (default 100)")
    parser.add_argument(
        "--rate",
        type=float,
        default=400.0,
        help="commands per second asked in the saturation phase (default 400: more than the floor sustains,"
        " each table's next command waiting for its last)",
    )
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of the saturation phase (default 20)")
    parser.add_argument(
        "--paced-rate",
        type=float,
        default=100.0,
        help="commands per second of the paced phase before it, every node up (default 100; 0: none)",
    )
    parser.add_argument("--paced-duration", type=float, default=20.0, help="seconds of the paced phase (default 20)")
    parser.add_argument(
        "--ceiling",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="also a run with no displays, saturation only: the writes' ceiling (default on)",
    )
    parser.add_argument("--kill-at", type=float, default=0.35, help="SIGKILL node-0 at this fraction of the run")
    parser.add_argument("--restart-at", type=float, default=0.7, help="start node-0 again at this fraction")
    parser.add_argument("--procs", type=int, default=3, help="subscriber processes (default 3)")
    parser.add_argument(
        "--spread",
        type=float,
        default=1.0,
        help="seconds over which a lost node's clients spread their reconnects (default 1)",
    )
    parser.add_argument("--out", type=Path, default=None, help="JSON output (default results/floor_load*.json)")
    parser.add_argument("--subscriber", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.subscriber is not None:
        asyncio.run(_subscriber(args.subscriber))
        return 0
    if not 0 < args.kill_at < args.restart_at < 1:
        parser.error("need 0 < --kill-at < --restart-at < 1")
    load_before = [round(x, 2) for x in os.getloadavg()]
    sizes = [int(s) for s in args.curve.split(",")] if args.curve else [args.displays]
    runs = [(size, args.paced_rate > 0) for size in sizes]
    if args.ceiling and not args.curve:
        runs.append((0, False))
    reports = []
    for size, pace in runs:
        print(
            f"floor load: {size} displays, {args.tables} tables, "
            + (f"{args.paced_rate:g} commands/s for {args.paced_duration:g} s, then " if pace else "")
            + f"{args.rate:g} commands/s asked for {args.duration:g} s",
            flush=True,
        )
        reports.append(run_once(args, size, pace))
        print(_table(reports[-1:]), flush=True)
    out = args.out or RESULTS / ("floor_load_curve.json" if args.curve else "floor_load.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps(
            {
                "machine": machine(),
                "time": datetime.now(UTC).isoformat(),
                "load_average_1_5_15m_before": load_before,
                "load_average_1_5_15m_after": [round(x, 2) for x in os.getloadavg()],
                "runs": reports,
            },
            indent=2,
        )
        + "\n"
    )
    print(_table(reports))
    print(f"written: {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
