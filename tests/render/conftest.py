"""Fixtures of the painter tests: a QApplication first (pytest-qt), so no test makes a bare
QGuiApplication that later widget tests could not use."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _qt_application(qapp):
    return qapp
