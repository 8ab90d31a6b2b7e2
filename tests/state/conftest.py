"""Fixtures for the backend tests on :data:`tests.fixtures.floors.TEST_FLOOR` (the databases, the
PostgreSQL server, services and live servers come from ``tests/fixtures/backend.py``)."""

from __future__ import annotations

import pathlib

import pytest

from tests.fixtures.clock import Clock
from tests.fixtures.floors import TEST_FLOOR
from tests.types import ServiceFactory


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
async def service(make_service: ServiceFactory, db_url: str, floor, clock: Clock):
    """A service on the directory's ``floor`` (:data:`TEST_FLOOR` unless a module overrides it),
    on SQLite and on PostgreSQL, with a hand-moved clock."""
    return await make_service(db_url, floor=floor, clock=clock, tick_seconds=None)
