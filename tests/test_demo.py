"""``kiosk demo --no-serve``: the demo floor checks clean and every table's layout renders."""

from __future__ import annotations

import subprocess
import sys

from PIL import Image

from kiosk.floor import load_floor
from kiosk.scene.resources import assets_dir


def test_demo_checks_the_floor_and_renders_every_table(tmp_path) -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "kiosk",
            "demo",
            "--no-serve",
            "--out",
            str(tmp_path),
            "--size",
            "480x270",
            "--screen-mm",
            "527x296",
        ],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Traceback" not in out.stderr
    tables = load_floor(assets_dir() / "demo_floor.toml").tables
    for table_id in tables:
        png = tmp_path / f"{table_id}-layout.png"
        assert png.is_file(), f"no layout rendered for {table_id}"
        with Image.open(png) as image:
            colours = image.convert("RGB").getcolors(maxcolors=1 << 16)
        assert colours is None or len(colours) > 50, f"{table_id}: the render is (nearly) blank"


def test_demo_with_a_missing_floor_is_one_line(tmp_path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "kiosk", "demo", "--no-serve", "--floor", str(tmp_path / "nope.toml")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode != 0
    assert "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
