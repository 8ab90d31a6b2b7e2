"""Fixtures for the views tests: the demo floor's table states as a fresh server holds them, and
a real service on a SQLite file seeded from the demo floor with a hand-moved clock (the demo
floor and the clock come from ``tests/fixtures``)."""

from __future__ import annotations

import pytest

from kiosk.views.signs.source import states_from_floor
from tests.fixtures.clock import Clock
from tests.types import ServiceFactory


@pytest.fixture(scope="session")
def demo_states(demo_floor):
    return states_from_floor(demo_floor)


@pytest.fixture
async def service(make_service: ServiceFactory, demo_floor, clock: Clock):
    """A service on a SQLite file seeded from the demo floor."""
    return await make_service(floor=demo_floor, clock=clock, tick_seconds=None)
