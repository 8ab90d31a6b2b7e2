"""What a floor file may point at, and files that are not floor files at all (issue 12, "Files"):
a logo or layout stays inside the floor's folder or the bundled assets, a foreign file's values
are never echoed, and `kiosk check --floor` / `kiosk serve --floor` answer one line (never a
traceback) for a deeply nested file, an endless file and a very long path."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kiosk.floor import FloorError, load_floor
from tests.fixtures.floors import TABLES, floor_text, run_kiosk
from tests.fixtures.paths import DEMO_FLOOR

BJ = TABLES["blackjack"]
SECRET = "S3CRET-VALUE-FROM-ELSEWHERE"


def _one_line(out, *, rc_not=0) -> str:
    assert out.returncode != rc_not, out
    text = (out.stdout + out.stderr).strip()
    assert "Traceback" not in text, text
    lines = text.splitlines()
    assert len(lines) == 1, text[:2000]
    assert len(lines[0]) < 400, lines[0][:500]
    return lines[0]


@pytest.fixture
def nested(tmp_path: Path) -> Path:
    path = tmp_path / "nested.toml"
    path.write_text('format = "kiosk-floor/1"\nx = ' + "[" * 50_000 + "]" * 50_000 + "\n")
    return path


@pytest.fixture
def long_path(tmp_path: Path) -> str:
    return str(tmp_path / ("a" * 250) / ("b" * 5000) / "floor.toml")


@pytest.mark.parametrize("which", ["nested", "endless", "long"])
@pytest.mark.parametrize("command", ["check", "serve"])
def test_check_and_serve_answer_one_line_for_files_that_are_not_floors(command, which, nested, long_path, tmp_path):
    target = {"nested": str(nested), "endless": "/dev/zero", "long": long_path}[which]
    args = (
        ["check", "--floor", target]
        if command == "check"
        else ["serve", "--port", "0", "--db", f"sqlite:///{tmp_path / 'k.sqlite3'}", "--floor", target]
    )
    line = _one_line(run_kiosk(*args))
    assert {"nested": "nested", "endless": "not a regular file", "long": "too long"}[which] in line, line


def _floor_with(tmp_path: Path, casino_extra: str = "", table_extra: str = "") -> Path:
    folder = tmp_path / "floor"
    folder.mkdir(exist_ok=True)
    text = floor_text(BJ.replace('game = "blackjack"', f'game = "blackjack"\n{table_extra}')).replace(
        'name = "Test Casino"', f'name = "Test Casino"\n{casino_extra}'
    )
    path = folder / "floor.toml"
    path.write_text(text)
    return path


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (folder / "layout.toml").write_text(f'format = "kiosk-layout/1"\ngame = "{SECRET}"\n[[[broken\n')
    return folder


@pytest.mark.parametrize(
    "ref",
    [
        "{outside}/logo.png",
        "../elsewhere/logo.png",
        "bundled:../../../elsewhere/logo.png",
        "bundled:/{outside}/logo.png",
    ],
)
def test_a_logo_outside_the_floors_folder_and_the_bundled_assets_is_refused(tmp_path, outside, ref):
    path = _floor_with(tmp_path, casino_extra=f'logo = "{ref.format(outside=outside)}"')
    with pytest.raises(FloorError) as info:
        load_floor(path)
    assert len(info.value.problems) == 1
    assert "outside" in info.value.problems[0]


@pytest.mark.parametrize("ref", ["{outside}/layout.toml", "../elsewhere/layout.toml"])
def test_a_layout_outside_is_refused_and_its_values_never_echoed(tmp_path, outside, ref):
    path = _floor_with(tmp_path, table_extra=f'layout = "{ref.format(outside=outside)}"')
    with pytest.raises(FloorError) as info:
        load_floor(path)
    assert "outside" in info.value.problems[0]
    out = run_kiosk("check", "--floor", str(path))
    assert out.returncode != 0 and SECRET not in out.stdout + out.stderr


def test_a_symlink_in_the_floors_folder_pointing_outside_is_refused(tmp_path, outside):
    path = _floor_with(tmp_path, casino_extra='logo = "logo.png"')
    os.symlink(outside / "logo.png", path.parent / "logo.png")
    with pytest.raises(FloorError) as info:
        load_floor(path)
    assert "outside" in info.value.problems[0]


def test_files_inside_the_folder_and_bundled_ones_are_accepted(tmp_path):
    path = _floor_with(tmp_path, casino_extra='logo = "bundled:coral_coast_casino.svg"')
    (path.parent / "layouts").mkdir()
    assert load_floor(path).casino.logo.name == "coral_coast_casino.svg"
    assert load_floor(DEMO_FLOOR).casino.logo.is_file()
