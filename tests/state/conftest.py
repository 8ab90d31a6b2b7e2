"""Fixtures for the backend tests: a real PostgreSQL server started by the session, and
databases on it and on SQLite.

``pg_server`` (session) runs ``initdb`` and ``pg_ctl`` from PATH or
``/usr/lib/postgresql/*/bin`` into a temporary directory, on a free port on 127.0.0.1
with its unix socket in that directory; as root (CI) it runs them as the ``postgres``
user.  PostgreSQL missing is a failure, never a skip: CI must run these tests.
``pg_url`` is a fresh, empty database on it for one test.  ``db_url`` is parametrised
over a SQLite file and a PostgreSQL database, for tests that must hold on both stores.
``demo_floor`` is the demo floor file loaded.
"""

from __future__ import annotations

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
from typing import Iterator

import psycopg
import pytest

from state_helpers import TEST_FLOOR, FakeClock, START

ROOT = pathlib.Path(__file__).resolve().parents[2]


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


def _free_port() -> int:
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
        self.port = _free_port()
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
        self._run(self.initdb, "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                  "--no-locale", "--no-sync")
        self.start()

    def start(self) -> None:
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.root} -c fsync=off"
                   " -c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
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

    return load_floor(ROOT / "assets" / "demo_floor.toml")


@pytest.fixture(scope="session")
def floor_path(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """A small floor file with one table of each kind the backend tests drive."""
    path = tmp_path_factory.mktemp("floor") / "test_floor.toml"
    path.write_text(TEST_FLOOR, encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def floor(floor_path: pathlib.Path):
    """:data:`TEST_FLOOR`, loaded by the real floor loader."""
    from kiosk.floor import load_floor

    return load_floor(floor_path)


@pytest.fixture(autouse=True)
def _no_audit_key_from_the_machine(monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path) -> None:
    """Tests choose their audit key: none from the environment or the user's config dir."""
    monkeypatch.delenv("KIOSK_AUDIT_KEY", raising=False)
    monkeypatch.delenv("KIOSK_AUDIT_KEY_FILE", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(START)


@pytest.fixture
async def service(db_url: str, floor, clock: FakeClock):
    """A service on :data:`TEST_FLOOR`, on SQLite and on PostgreSQL, with a hand-moved clock."""
    from kiosk.state.service import Service

    svc = await Service.open(db_url, floor=floor, clock=clock, tick_seconds=None)
    try:
        yield svc
    finally:
        await svc.close()
