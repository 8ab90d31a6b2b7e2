"""`kiosk serve` as a real process: URL, loopback by default, TLS, clean shutdown, one-line errors."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import ssl
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from kiosk.floor import load_floor
from kiosk.state.client import KioskClient, Snapshot
from kiosk.state.service import Service
from tests.fixtures.floor_edits import NO_BLINDS, PK01_NO_BLINDS_SIGN, RAKE_10, SEED_2000, STAKE_200, edited_demo_floor
from tests.fixtures.paths import DEMO_FLOOR, ROOT

KIOSK = [sys.executable, "-m", "kiosk.cli"]
URL_LINE = re.compile(r"^kiosk serve: listening on (https?)://127\.0\.0\.1:(\d+)/api/v1 \(store (\w+), node (\S+)\)$")


async def start_serve(*args: str) -> tuple[asyncio.subprocess.Process, str]:
    proc = await asyncio.create_subprocess_exec(
        *KIOSK, "serve", "--port", "0", *args, cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    line = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode().strip()
    if not line:
        err = (await proc.stderr.read()).decode()
        raise AssertionError(f"kiosk serve did not start: {err}")
    return proc, line


def run_serve(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([*KIOSK, "serve", *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT)


def assert_one_line_error(out: subprocess.CompletedProcess, needle: str) -> None:
    assert out.returncode != 0
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert "Traceback" not in out.stderr
    assert needle in lines[0], lines[0]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_serve_prints_its_url_binds_loopback_and_stops_cleanly(tmp_path, sig):
    proc, line = await start_serve("--db", f"sqlite:///{tmp_path / 'k.sqlite3'}", "--floor", str(DEMO_FLOOR))
    try:
        match = URL_LINE.match(line)
        assert match, line
        scheme, port, store, node = match.groups()
        assert scheme == "http" and store == "sqlite"
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{port}/api/v1/health") as r:
                body = await r.json()
        assert body["status"] == "ok" and body["node_id"] == node and body["seq"] > 0
        # loopback only: the port is not open on another local address
        other = _non_loopback_address()
        if other is not None:
            with pytest.raises(OSError):
                socket.create_connection((other, int(port)), timeout=2).close()
    finally:
        proc.send_signal(sig)
        rc = await asyncio.wait_for(proc.wait(), 30)
    assert rc == 0
    rest = (await proc.stdout.read()).decode()
    assert "shutting down" in rest
    assert "Traceback" not in (await proc.stderr.read()).decode()


def _non_loopback_address() -> str | None:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # no packet is sent; picks the outgoing interface
            addr = s.getsockname()[0]
    except OSError:
        return None
    return None if addr.startswith("127.") else addr


@pytest.mark.slow
async def test_serve_over_tls_with_a_given_certificate(tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    proc, line = await start_serve(
        "--db", f"sqlite:///{tmp_path / 'k.sqlite3'}", "--tls-cert", str(cert), "--tls-key", str(key)
    )
    try:
        match = URL_LINE.match(line)
        assert match and match.group(1) == "https", line
        port = match.group(2)
        trust = ssl.create_default_context(cafile=str(cert))
        async with aiohttp.ClientSession() as session:
            async with session.get(f"https://127.0.0.1:{port}/api/v1/health", ssl=trust) as r:
                assert r.status == 200
            with pytest.raises(aiohttp.ClientError):
                async with session.get(f"https://127.0.0.1:{port}/api/v1/health") as r:
                    pass  # the system trust store does not know our certificate
        db = f"sqlite:///{tmp_path / 'k.sqlite3'}"
        token = subprocess.run(
            [*KIOSK, "token", "create", "--db", db, "--role", "display", "--name", "t"],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        ).stdout.strip()
        async with KioskClient(f"https://127.0.0.1:{port}", token, ssl=trust) as client:
            stream = client.stream()
            first = await asyncio.wait_for(stream.__anext__(), 20)  # the stream runs over WSS
            assert isinstance(first, Snapshot)
            await stream.close()
    finally:
        proc.terminate()
        assert await asyncio.wait_for(proc.wait(), 30) == 0


@pytest.mark.parametrize(
    "args,needle",
    [
        (["--port", "99999"], "port"),
        (["--port", "x"], "port"),
        (["--tls-cert", "cert.pem"], "--tls-key"),
        (["--tls-cert", "/no/such.pem", "--tls-key", "/no/such.key"], "no such file"),
        (["--floor", "/no/such/floor.toml"], "no such floor file"),
        (["--apply-floor"], "--floor"),
        (["--floor", str(DEMO_FLOOR), "--apply-floor"], "--operator"),
        (["--floor", str(DEMO_FLOOR), "--dry-run"], "--apply-floor"),
        (["--db", "mysql://x"], "mysql"),
        (["--db", "postgresql://postgres@127.0.0.1:1/none"], "PostgreSQL"),
        (["--host", "256.0.0.1", "--port", "0"], "256.0.0.1"),
        (["--bogus"], "--bogus"),
    ],
)
def test_bad_flags_give_one_line_and_a_nonzero_exit(tmp_path, args, needle):
    out = run_serve("--db", f"sqlite:///{tmp_path / 'k.sqlite3'}", *args)
    assert_one_line_error(out, needle)


def test_bad_tls_files_and_floor_files(tmp_path):
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate\n")
    out = run_serve("--db", f"sqlite:///{tmp_path / 'k.sqlite3'}", "--tls-cert", str(junk), "--tls-key", str(junk))
    assert_one_line_error(out, "TLS")
    floor = tmp_path / "floor.toml"
    floor.write_text('format = "kiosk-floor/1"\n[[table]]\nid = 5\n')
    out = run_serve("--db", f"sqlite:///{tmp_path / 'k.sqlite3'}", "--floor", str(floor))
    assert_one_line_error(out, str(floor))


def test_corrupt_database_file_is_one_line_and_left_alone(tmp_path):
    db = tmp_path / "k.sqlite3"
    db.write_bytes(b"this is not a database" * 100)
    out = run_serve("--db", f"sqlite:///{db}", "--port", "0")
    assert out.returncode != 0 and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    assert db.read_bytes() == b"this is not a database" * 100


async def test_port_in_use_is_one_line(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        out = await asyncio.to_thread(run_serve, "--db", f"sqlite:///{tmp_path / 'k.sqlite3'}", "--port", str(port))
    assert_one_line_error(out, f"127.0.0.1:{port}")


async def test_a_differing_floor_is_reported_and_not_applied_without_apply_floor(tmp_path):
    db = f"sqlite:///{tmp_path / 'k.sqlite3'}"
    proc, _ = await start_serve("--db", db, "--floor", str(DEMO_FLOOR))
    proc.terminate()
    assert await asyncio.wait_for(proc.wait(), 30) == 0
    changed = tmp_path / "floor.toml"
    logo = DEMO_FLOOR.parent / "logo" / "coral_coast_casino.png"
    changed.write_text(
        DEMO_FLOOR.read_text()
        .replace('"Tri-Chro Sixty-Three"', '"Sixty-Three Deluxe"', 1)
        .replace('logo = "logo/coral_coast_casino.png"', f'logo = "{logo}"')
    )
    out = await asyncio.to_thread(run_serve, "--db", db, "--floor", str(changed), "--port", "0")
    assert out.returncode != 0 and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Sixty-Three Deluxe" in out.stderr
    proc, line = await start_serve("--db", db, "--floor", str(changed), "--apply-floor", "--operator", "Olive Operator")
    try:  # first what the file did to each table, one line each; then the URL
        applied = []
        while not URL_LINE.match(line):
            applied.append(line)
            line = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode().strip()
        assert "kiosk serve: TC63-01: name 'Tri-Chro Sixty-Three' -> 'Sixty-Three Deluxe' at once" in applied
        port = URL_LINE.match(line).group(2)
        token = subprocess.run(
            [*KIOSK, "token", "create", "--db", db, "--role", "display", "--name", "t"],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        ).stdout.strip()
        async with aiohttp.ClientSession() as session:
            async with session.get(
                f"http://127.0.0.1:{port}/api/v1/tables", headers={"Authorization": f"Bearer {token}"}
            ) as r:
                tables = (await r.json())["tables"]
        assert tables["TC63-01"]["display_name"] == "Sixty-Three Deluxe"
    finally:
        proc.terminate()
        assert await asyncio.wait_for(proc.wait(), 30) == 0


def test_serve_help_lists_the_contract_flags():
    out = subprocess.run([*KIOSK, "serve", "--help"], capture_output=True, text=True, cwd=ROOT, env=dict(os.environ))
    assert out.returncode == 0
    for flag in ("--db", "--floor", "--apply-floor", "--host", "--port", "--tls-cert", "--tls-key"):
        assert flag in out.stdout


async def test_a_non_loopback_address_without_tls_is_warned_about(tmp_path):
    proc = await asyncio.create_subprocess_exec(
        *KIOSK,
        "serve",
        "--db",
        f"sqlite:///{tmp_path / 'k.sqlite3'}",
        "--host",
        "0.0.0.0",
        "--port",
        "0",
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        line = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode()
        assert "listening on http://0.0.0.0:" in line
        warning = (await asyncio.wait_for(proc.stderr.readline(), 10)).decode()
        assert "warning" in warning and "--tls-cert" in warning
    finally:
        proc.terminate()
        assert await asyncio.wait_for(proc.wait(), 30) == 0


async def _seeded(sqlite_url: str, demo_floor) -> str:
    service = await Service.open(sqlite_url, floor=demo_floor, tick_seconds=None)
    await service.close()
    return sqlite_url


def _dry_run(db: str, floor: Path) -> subprocess.CompletedProcess:
    return run_serve("--db", db, "--floor", str(floor), "--apply-floor", "--dry-run", "--operator", "Olive Operator")


async def test_the_dry_run_prints_a_line_per_table_and_changes_nothing(sqlite_url, demo_floor, tmp_path):
    db = await _seeded(sqlite_url, demo_floor)
    path = edited_demo_floor(tmp_path, STAKE_200, SEED_2000, RAKE_10)
    dry = await asyncio.to_thread(_dry_run, db, path)
    assert dry.returncode == 0 and "Traceback" not in dry.stderr, dry.stderr
    lines = dry.stdout.splitlines()
    tables = [line.split(":", 1)[0] for line in lines if not line.startswith(("jackpot ", "kiosk serve"))]
    assert sorted(tables) == sorted(load_floor(DEMO_FLOOR).tables)  # one line for each table
    by_table = {line.split(":", 1)[0]: line for line in lines}
    assert "scheduled" in by_table["MP-01"] and "003 s259(3)" in by_table["MP-01"]
    assert "pending" in by_table["PK-01"] and "002 r7.3" in by_table["PK-01"]
    assert "no change" in by_table["BJ-01"]
    assert any(line.startswith("jackpot CSP-PROG: ") and "proposed" in line for line in lines)
    assert "dry run: nothing was changed" in lines[-1]
    # nothing changed: the real start still sees the differences
    check = await asyncio.to_thread(run_serve, "--db", db, "--floor", str(path), "--port", "0")
    assert check.returncode == 2 and "differs from the database" in check.stderr


async def test_the_dry_run_exits_1_when_something_would_be_refused(sqlite_url, demo_floor, tmp_path):
    db = await _seeded(sqlite_url, demo_floor)
    no_blinds = ('blinds = ["$2", "$5"]', "blinds = []")
    path = edited_demo_floor(tmp_path, STAKE_200, NO_BLINDS, no_blinds, PK01_NO_BLINDS_SIGN)
    dry = await asyncio.to_thread(_dry_run, db, path)
    assert dry.returncode == 1 and "Traceback" not in dry.stderr, dry.stderr
    by_table = {line.split(":", 1)[0]: line for line in dry.stdout.splitlines()}
    assert "refused" in by_table["PK-01"] and "002 r8.2.1" in by_table["PK-01"]
    assert "scheduled" in by_table["MP-01"]
