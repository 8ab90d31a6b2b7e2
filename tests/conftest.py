"""Session-wide test set-up: Qt runs offscreen, never on a real screen."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
