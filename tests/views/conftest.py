"""Fixtures for the views tests: the demo floor and its table states as a fresh server holds
them, and a real service on a SQLite file seeded from it with a hand-moved clock."""

from __future__ import annotations

import pathlib
from datetime import UTC, datetime, timedelta

import pytest

from kiosk.floor import load_floor
from kiosk.views.signs.source import states_from_floor

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEMO = ROOT / "assets" / "demo_floor.toml"
START = datetime(2026, 11, 30, 9, 0, 0, tzinfo=UTC)


class Clock:
    """An injectable UTC clock that tests move by hand."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now = self.now + timedelta(**delta)
        return self.now


@pytest.fixture(scope="session")
def demo_floor():
    """The demo floor file, loaded by the real floor loader."""
    return load_floor(DEMO)


@pytest.fixture(scope="session")
def demo_states(demo_floor):
    return states_from_floor(demo_floor)


@pytest.fixture
def clock() -> Clock:
    return Clock(START)


@pytest.fixture
async def service(tmp_path: pathlib.Path, demo_floor, clock: Clock):
    """A service on a SQLite file seeded from the demo floor."""
    from kiosk.state.service import Service

    svc = await Service.open(
        f"sqlite:///{tmp_path / 'views.sqlite3'}", floor=demo_floor, clock=clock, tick_seconds=None
    )
    try:
        yield svc
    finally:
        await svc.close()
