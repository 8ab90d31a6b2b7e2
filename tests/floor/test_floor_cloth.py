"""``kiosk check`` holds a custom layout to what the seeds require printed on its cloth, as the
shipped layouts are (audit L1, L2), and the floor's jackpot wording to the cloth it marks (000
s230(3)(c)); the service refuses to load such a floor, as it refuses any floor that breaks a rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from kiosk.floor import check_floor, load_floor
from tests.fixtures.floors import ROOT, TABLES, floor_text, run_kiosk

LAYOUTS = ROOT / "layouts"
TC54 = TABLES["tri_chro_54"]


def _after(text: str, marker: str, old: str, new: str) -> str:
    at = text.index(marker)
    cut = text.index(old, at)
    return text[:cut] + new + text[cut + len(old) :]


def _layout(tmp_path: Path, game: str, change=lambda text: text) -> Path:
    path = tmp_path / f"{game}_custom.toml"
    path.write_text(change((LAYOUTS / f"{game}.toml").read_text(encoding="utf-8")), encoding="utf-8")
    return path


def _with_layout(table: str, game: str, path: Path, extra: str = "") -> str:
    """The table with a layout next to the floor file (where the loader looks for it)."""
    return table.replace(f'game = "{game}"', f'game = "{game}"\nlayout = "{path.name}"{extra}', 1)


def _errors(text: str, folder: Path) -> list[tuple[str, str]]:
    path = folder / "floor.toml"
    path.write_text(text, encoding="utf-8")
    return [(v.rule, v.message) for v in check_floor(load_floor(path)) if v.severity == "error"]


def test_l1_kiosk_check_refuses_a_tri_chro_cloth_with_other_odds(tmp_path, write_floor):
    path = _layout(tmp_path, "tri_chro_54", lambda t: _after(t, 'area = "any_star"', "3 TO 4", "2 TO 1"))
    floor = tmp_path / "floor.toml"
    floor.write_text(floor_text(_with_layout(TC54, "tri_chro_54", path)), encoding="utf-8")
    out = run_kiosk("check", "--floor", str(floor))
    assert out.returncode == 1 and "Traceback" not in out.stdout + out.stderr
    [line] = [line for line in out.stdout.splitlines() if not line.startswith("warning:")]
    assert line.startswith(f"T-tri_chro_54: layout {path.name}: area 'any_star'")
    assert line.endswith("(001 s456(6), s467(1))")
    # the layout alone says the same
    alone = run_kiosk("check", "--layout", str(path))
    assert alone.returncode == 1 and "area 'any_star'" in alone.stdout and "001 s456(6), s467(1)" in alone.stdout


def test_l2_kiosk_check_refuses_a_caribbean_cloth_without_the_dealer_words(tmp_path, write_floor):
    path = _layout(
        tmp_path,
        "caribbean_stud",
        lambda t: t.replace('text = "dealer only plays with ace & king or higher"', 'text = "good luck"'),
    )
    table = _with_layout(TABLES["caribbean_stud"], "caribbean_stud", path, '\nlayout_approval = "CE L-9"')
    errors = _errors(floor_text(table), tmp_path)
    assert [rule for rule, _ in errors] == ["000 s230(2)(b)"]
    assert "'dealer only plays with ace & king or higher'" in errors[0][1]
    out = run_kiosk("check", "--floor", str(tmp_path / "floor.toml"))
    assert out.returncode == 1 and "(000 s230(2)(b))" in out.stdout


def test_the_floors_jackpot_wording_marks_the_cloth(tmp_path):
    table = TABLES["caribbean_stud"] + 'area_wording = "Progressive"\n'  # in [table.caribbean_stud.jackpot]
    assert _errors(floor_text(table), tmp_path) == []  # the shipped cloth prints it
    literal = _layout(tmp_path, "caribbean_stud", lambda t: t.replace("{jackpot_wording}", "jackpot"))
    errors = _errors(
        floor_text(_with_layout(table, "caribbean_stud", literal, '\nlayout_approval = "CE L-9"')), tmp_path
    )
    assert [rule for rule, _ in errors] == ["000 s230(3)(c)"] and "'Progressive'" in errors[0][1]
    too_long = table.replace('"Progressive"', '"progressive jackpot bets"')
    [(rule, message)] = _errors(floor_text(too_long), tmp_path)
    assert rule == "000 s230(3)(c)" and "does not fit" in message


def test_a_layout_that_does_not_load_is_reported_once(tmp_path, write_floor):
    path = tmp_path / "broken.toml"
    path.write_text('format = "kiosk-layout/1"\ngame = "tri_chro_54"\n', encoding="utf-8")
    floor = tmp_path / "floor.toml"
    floor.write_text(floor_text(_with_layout(TC54, "tri_chro_54", path)), encoding="utf-8")
    out = run_kiosk("check", "--floor", str(floor))
    assert out.returncode == 1 and "Traceback" not in out.stdout + out.stderr
    assert all("001 s456(6), s467(1))" not in line or "missing" in line for line in out.stdout.splitlines())


@pytest.mark.parametrize("game", ["tri_chro_54", "caribbean_stud", "manila_poker", "pai_gow"])
def test_the_shipped_cloths_pass_as_custom_layouts(tmp_path, game):
    path = _layout(tmp_path, game)
    extra = '\nlayout_approval = "CE L-9"' if game in ("caribbean_stud", "pai_gow") else ""
    assert _errors(floor_text(_with_layout(TABLES[game], game, path, extra)), tmp_path) == []
