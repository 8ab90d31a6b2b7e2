"""Session-wide test set-up: Qt runs offscreen, never on a real screen; the fixtures of
``tests/fixtures`` (PostgreSQL, databases, services and their HTTP API, ``kiosk serve``
processes, the hand-moved clock) serve every test directory.

Each test process (one per pytest-xdist worker) has its own user config, data and cache
folders (``XDG_*_HOME``), inherited by the processes the tests start: a test never reads or
writes the machine's ``~/.config/kiosk`` and two workers never share one.  Nor is an audit key
taken from the environment (``KIOSK_AUDIT_KEY``, ``KIOSK_AUDIT_KEY_FILE``): tests choose theirs.
"""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

pytest_plugins = ["tests.fixtures.backend", "tests.fixtures.clock", "pytester"]

# Tests never assert wall-clock times: hypothesis's per-example deadline is one, and on a
# loaded two-core machine it fails examples that are merely slow. Off for every property test.
from hypothesis import settings as _hypothesis_settings  # noqa: E402

_hypothesis_settings.register_profile("kiosk", deadline=None)
_hypothesis_settings.load_profile("kiosk")

_USER_DIRS = ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME")
_HOME_KEY = pytest.StashKey[str]()


def pytest_configure(config: pytest.Config) -> None:
    home = tempfile.mkdtemp(prefix="kiosk-tests-home-")
    config.stash[_HOME_KEY] = home
    for name in _USER_DIRS:
        os.environ[name] = os.path.join(home, name.removeprefix("XDG_").removesuffix("_HOME").lower())
    for name in ("KIOSK_AUDIT_KEY", "KIOSK_AUDIT_KEY_FILE"):
        os.environ.pop(name, None)


def pytest_unconfigure(config: pytest.Config) -> None:
    home = config.stash.get(_HOME_KEY, None)
    if home is not None:
        shutil.rmtree(home, ignore_errors=True)
