"""The backend fixtures, for the tests of every directory (registered by ``tests/conftest.py``):
a real PostgreSQL server started by the session, databases on it and on SQLite, and real
``kiosk serve`` processes with a token of each role.

``pg_server`` (session) runs ``initdb`` and ``pg_ctl`` from PATH or
``/usr/lib/postgresql/*/bin`` into a temporary directory, on a free port on 127.0.0.1
with its unix socket in that directory; as root (CI) it runs them as the ``postgres``
user.  PostgreSQL missing is a failure, never a skip: CI must run these tests.
``pg_url`` is a fresh, empty database on it for one test.  ``db_url`` is parametrised
over a SQLite file and a PostgreSQL database, for tests that must hold on both stores.
``demo_floor`` is the demo floor file loaded.  ``live_server`` is a ``kiosk serve``
process on the demo floor, on SQLite and on PostgreSQL, with a bearer token of each role
(:class:`LiveServer`); ``live_server_sqlite`` is the SQLite one alone.
"""

from __future__ import annotations

import asyncio
import glob
import os
import pathlib
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import psycopg
import pytest
from serve_nodes import ServeNode

ROOT = pathlib.Path(__file__).resolve().parents[1]
DEMO_FLOOR = ROOT / "assets" / "demo_floor.toml"
ROLES = ("display", "dealer", "pit", "admin")


def _find(tool: str) -> str:
    found = shutil.which(tool)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{tool}"), reverse=True)
    if candidates:
        return candidates[0]
    raise RuntimeError(
        f"PostgreSQL's {tool} was not found on PATH or in /usr/lib/postgresql/*/bin; install PostgreSQL "
        "(apt-get install postgresql): the backend tests must run against a real server"
    )


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresServer:
    """A throwaway PostgreSQL cluster: ``admin_url``, :meth:`new_database`, :meth:`restart`."""

    def __init__(self) -> None:
        self.initdb = _find("initdb")
        self.pg_ctl = _find("pg_ctl")
        self.root = pathlib.Path(tempfile.mkdtemp(prefix="kiosk-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = free_port()
        self.as_postgres = os.geteuid() == 0
        if self.as_postgres:
            entry = pwd.getpwnam("postgres")
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        os.chmod(self.root, 0o700)
        self.admin_url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str) -> None:
        cmd = list(args)
        if self.as_postgres:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if out.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(args[:2])} failed: {out.stderr.strip() or out.stdout.strip()} {log}")

    def init(self) -> None:
        self._run(
            self.initdb,
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-locale",
            "--no-sync",
        )
        self.start()

    def start(self) -> None:
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.root} -c fsync=off"
            " -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        self._run(self.pg_ctl, "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "-t", "60", "start")

    def stop(self, mode: str = "fast") -> None:
        self._run(self.pg_ctl, "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop")

    def restart(self) -> None:
        """Stop (fast: connections are cut) and start again on the same port."""
        self.stop()
        self.start()

    def new_database(self) -> str:
        name = "kiosk_" + secrets.token_hex(6)
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def cleanup(self) -> None:
        try:
            self.stop("immediate")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PostgresServer]:
    server = PostgresServer()
    try:
        server.init()
    except BaseException:
        shutil.rmtree(server.root, ignore_errors=True)
        raise
    # wait until connections are accepted (pg_ctl -w already waits; be sure over TCP)
    deadline = time.monotonic() + 30
    while True:
        try:
            with psycopg.connect(server.admin_url, connect_timeout=2):
                break
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
    yield server
    server.cleanup()


@pytest.fixture
def pg_url(pg_server: PostgresServer) -> str:
    """A fresh, empty PostgreSQL database URL for one test."""
    return pg_server.new_database()


@pytest.fixture
def sqlite_url(tmp_path: pathlib.Path) -> str:
    """A SQLite file URL in the test's temporary directory."""
    return f"sqlite:///{tmp_path / 'kiosk.sqlite3'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: pathlib.Path) -> str:
    """The same test on a real SQLite file and on a real PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'kiosk.sqlite3'}"
    return request.getfixturevalue("pg_server").new_database()


@pytest.fixture(scope="session")
def demo_floor():
    """The demo floor file, loaded."""
    from kiosk.floor import load_floor

    return load_floor(DEMO_FLOOR)


@dataclass(frozen=True)
class LiveServer:
    """A running ``kiosk serve`` process on the demo floor, and how to reach it.

    ``url`` is the server's root (``http://127.0.0.1:PORT``, what ``KioskClient`` takes),
    ``api`` the HTTP API under it; ``tokens`` maps each role (display, dealer, pit, admin)
    to a bearer token; ``store`` is ``"sqlite"`` or ``"postgresql"``; ``log`` holds the
    process's output.
    """

    url: str
    tokens: dict[str, str]
    db_url: str
    store: str
    node_id: str
    log: pathlib.Path
    process: ServeNode = field(repr=False, compare=False)

    @property
    def api(self) -> str:
        return f"{self.url}/api/v1"

    def headers(self, role: str) -> dict[str, str]:
        """The ``Authorization`` header of the token of ``role``."""
        return {"Authorization": f"Bearer {self.tokens[role]}"}


async def _seed(db_url: str) -> dict[str, str]:
    from kiosk.floor import load_floor
    from kiosk.state.service import Service

    floor = load_floor(DEMO_FLOOR)
    service = await Service.open(db_url, floor=floor, tick_seconds=None)
    try:
        return {  # the display token runs every screen of the floor (docs/readings.md A-28)
            role: await service.create_token(
                role, f"{role}-tester", displays=sorted(floor.displays) if role == "display" else None
            )
            for role in ROLES
        }
    finally:
        await service.close()


def start_live_server(db_url: str, store: str, workdir: pathlib.Path) -> LiveServer:
    """Seed ``db_url`` from the demo floor, issue a token per role, start ``kiosk serve`` on it.

    The seeding runs on its own thread's event loop, so this works whatever loop (asyncio's
    or qasync's) the calling test has set.  The caller stops ``.process``.
    """
    with ThreadPoolExecutor(1) as pool:
        tokens = pool.submit(asyncio.run, _seed(db_url)).result(timeout=120)
    name = f"live-{store}"
    node = ServeNode(db_url, free_port(), name, workdir, "--floor", str(DEMO_FLOOR)).start()
    try:
        node.wait_listening()
    except BaseException:
        node.stop()
        raise
    return LiveServer(url=node.url, tokens=tokens, db_url=db_url, store=store, node_id=name, log=node.log, process=node)


@pytest.fixture(params=["sqlite", "postgresql"])
def live_server(request: pytest.FixtureRequest, tmp_path: pathlib.Path) -> Iterator[LiveServer]:
    """A real ``kiosk serve`` on the demo floor, on a SQLite file and on PostgreSQL, with tokens."""
    if request.param == "sqlite":
        db_url = f"sqlite:///{tmp_path / 'kiosk.sqlite3'}"
    else:
        db_url = request.getfixturevalue("pg_server").new_database()
    server = start_live_server(db_url, request.param, tmp_path)
    try:
        yield server
    finally:
        server.process.stop()


@pytest.fixture
def live_server_sqlite(tmp_path: pathlib.Path) -> Iterator[LiveServer]:
    """A real ``kiosk serve`` on the demo floor on a SQLite file, with tokens (the quick one)."""
    server = start_live_server(f"sqlite:///{tmp_path / 'kiosk.sqlite3'}", "sqlite", tmp_path)
    try:
        yield server
    finally:
        server.process.stop()
