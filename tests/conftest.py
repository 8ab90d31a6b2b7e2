"""Session-wide test set-up: Qt runs offscreen, never on a real screen; the backend fixtures
(PostgreSQL, databases, live ``kiosk serve`` processes) serve every test directory."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

pytest_plugins = ["backend_fixtures", "pytester"]
