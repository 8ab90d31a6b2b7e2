"""Fixtures of the floor tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def write_floor(tmp_path: Path):
    """Write floor text to ``floor.toml`` in a fresh folder and return its path."""

    def write(text: str, name: str = "floor.toml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return write
