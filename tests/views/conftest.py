"""Fixtures of the sign tests: the demo floor's table states, as a fresh server holds them."""

from __future__ import annotations

from pathlib import Path

import pytest

from kiosk.floor import load_floor
from kiosk.views.signs.source import states_from_floor

DEMO = Path(__file__).resolve().parents[2] / "assets" / "demo_floor.toml"


@pytest.fixture(scope="session")
def demo_floor():
    return load_floor(DEMO)


@pytest.fixture(scope="session")
def demo_states(demo_floor):
    return states_from_floor(demo_floor)
