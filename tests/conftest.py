"""Session-wide test set-up: Qt runs offscreen, never on a real screen; the fixtures of
``tests/fixtures`` (PostgreSQL, databases, services and their HTTP API, ``kiosk serve``
processes, the hand-moved clock) serve every test directory."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

pytest_plugins = ["tests.fixtures.backend", "tests.fixtures.clock", "pytester"]

# Tests never assert wall-clock times: hypothesis's per-example deadline is one, and on a
# loaded two-core machine it fails examples that are merely slow. Off for every property test.
from hypothesis import settings as _hypothesis_settings  # noqa: E402

_hypothesis_settings.register_profile("kiosk", deadline=None)
_hypothesis_settings.load_profile("kiosk")
