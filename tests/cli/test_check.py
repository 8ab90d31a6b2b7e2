"""``kiosk check`` as a user runs it: exit codes and the lines it prints, in a real child process;
and ``kiosk check --layout FILE``: every shipped layout passes, a broken copy fails with one line
per fault that names the file, the item (its number, line and area) and the key."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.cli import main
from kiosk.rules.games import GAMES
from tests.fixtures.floor_edits import edited_demo_floor
from tests.fixtures.floors import DATA, DEMO, TABLES, floor_text, run_kiosk
from tests.fixtures.paths import ROOT


def _no_traceback(out) -> None:
    assert "Traceback" not in out.stdout + out.stderr


def test_the_demo_floor_passes() -> None:
    out = run_kiosk("check", "--floor", str(DEMO))
    _no_traceback(out)
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert lines[-1] == "ok: 16 tables, 1 link", out.stdout
    assert all(line.startswith("warning: ") for line in lines[:-1])
    assert any("001 s467(1)" in line for line in lines[:-1])  # docs/readings.md A-07, shown to pit staff
    assert out.stderr == ""


def test_a_floor_breaking_rules_exits_1_with_one_line_each(tmp_path: Path) -> None:
    bad = floor_text(
        TABLES["blackjack"].replace('minimum = "$10"', 'minimum = "$5"').replace('"$1,000"', '"$50"'),
        TABLES["manila_poker"].replace('layout_approval = "CE-1"\n', ""),
    )
    path = tmp_path / "pit.toml"
    path.write_text(bad)
    out = run_kiosk("check", "--floor", str(path))
    _no_traceback(out)
    assert out.returncode == 1
    lines = out.stdout.splitlines()
    assert lines, "no violation printed"
    assert not any(line.startswith("ok:") for line in lines)
    assert any(line.startswith("T-blackjack: ") and "003 s23" in line for line in lines)
    assert (
        'T-manila_poker: the layout is the one the chief executive approved; set layout_approval = "<reference>" '
        "(003 s258(2))"
    ) in lines


def test_a_file_that_does_not_load_exits_1_with_its_problems(tmp_path: Path) -> None:
    path = tmp_path / "demo.toml"
    path.write_text(floor_text(TABLES["blackjack"].replace("T-blackjack", "BJ-03").replace('"$1,000"', '"abc"')))
    out = run_kiosk("check", "--floor", str(path))
    _no_traceback(out)
    assert out.returncode == 1
    assert out.stdout.splitlines() == [
        "demo.toml: table BJ-03: limits.maximum: not an amount of money: 'abc' (write it like $1,200.50)"
    ]


def test_syntax_error_and_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('format = "kiosk-floor/1"\n[casino\nname = "x"\n')
    out = run_kiosk("check", "--floor", str(path))
    _no_traceback(out)
    assert out.returncode == 1
    (line,) = out.stdout.splitlines()
    assert line.startswith("broken.toml: line 2: TOML syntax error: ")
    out = run_kiosk("check", "--floor", str(tmp_path / "nowhere.toml"))
    assert out.returncode == 1 and out.stdout == f"{tmp_path / 'nowhere.toml'}: no such floor file\n"


def test_warnings_alone_pass(tmp_path: Path) -> None:
    path = tmp_path / "warn.toml"
    path.write_text(floor_text(TABLES["draw_poker"] + "ace_low = true\n"))
    out = run_kiosk("check", "--floor", str(path))
    assert out.returncode == 0
    assert out.stdout.splitlines() == [
        "warning: T-draw_poker: the ace-low announcement is for a 40 or 32 card deck; with 52 cards the ace is low "
        "anyway (003 s292(9))",
        "ok: 1 table, 0 links",
    ]


def test_a_broken_layout_override_is_checked_too(tmp_path: Path) -> None:
    layout = tmp_path / "bj_layout.toml"
    layout.write_text('format = "kiosk-layout/0"\n')
    path = tmp_path / "floor.toml"
    path.write_text(
        floor_text(TABLES["blackjack"].replace('game = "blackjack"', 'game = "blackjack"\nlayout = "bj_layout.toml"'))
    )
    out = run_kiosk("check", "--floor", str(path))
    _no_traceback(out)
    assert out.returncode == 1
    lines = out.stdout.splitlines()
    assert lines and all(line.startswith("T-blackjack: ") and "bj_layout.toml" in line for line in lines)


def test_no_arguments_is_a_one_line_usage_error() -> None:
    out = run_kiosk("check")
    _no_traceback(out)
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [
        "kiosk check: give --floor FILE and/or --layout FILE (see kiosk check --help)"
    ]


def test_sample_files_in_data() -> None:
    """The sample files under tests/floor/data: one good, one with every problem a pit boss makes."""
    good = run_kiosk("check", "--floor", str(DATA / "small_floor.toml"))
    assert good.returncode == 0, good.stdout
    assert good.stdout.splitlines()[-1] == "ok: 3 tables, 0 links"
    bad = run_kiosk("check", "--floor", str(DATA / "typos.toml"))
    _no_traceback(bad)
    assert bad.returncode == 1
    assert bad.stdout.splitlines() == (DATA / "typos.expected").read_text().splitlines()


def test_a_layout_display_without_a_layout_file_warns(tmp_path: Path) -> None:
    """With an installation that ships no layouts, a layout display names what is missing."""
    data = tmp_path / "data"
    (data / "assets" / "fonts").mkdir(parents=True)
    (data / "layouts").mkdir()
    path = tmp_path / "floor.toml"
    path.write_text(floor_text(TABLES["roulette"], '\n[[display]]\nid = "D1"\ntable = "T-roulette"\nview = "layout"\n'))
    out = run_kiosk("check", "--floor", str(path), env={"KIOSK_DATA_DIR": str(data)})
    _no_traceback(out)
    assert out.returncode == 0
    assert out.stdout.splitlines() == [
        "warning: D1: shows the layout of T-roulette but no layout file for roulette is installed (roulette.toml); "
        "set layout on the table (kiosk-floor/1)",
        "ok: 1 table, 0 links",
    ]


# -- --layout: layout files ---------------------------------------------------------------------


LAYOUTS = ROOT / "layouts"


def check(*paths: Path, capsys) -> tuple[int, list[str], str]:
    argv = ["check"]
    for p in paths:
        argv += ["--layout", str(p)]
    code = main(argv)
    out = capsys.readouterr()
    return code, [line for line in out.out.splitlines() if line.strip()], out.err


def item_blocks(text: str) -> tuple[str, list[str]]:
    """The text before the first ``[[item]]`` and each item's block (header line included)."""
    head, *blocks = re.split(r"(?m)^(?=\[\[item\]\]$)", text)
    return head, blocks


def broken_copy(tmp_path: Path, game: str, area: str, edit) -> tuple[Path, int, int]:
    """A copy of a shipped layout with ``edit(block) -> block`` applied to the item that is
    ``area``; returns the copy, the item's number (from 1) and its header's line number."""
    head, blocks = item_blocks((LAYOUTS / f"{game}.toml").read_text(encoding="utf-8"))
    index = next(i for i, b in enumerate(blocks) if f'area = "{area}"\n' in b)
    line = head.count("\n") + sum(b.count("\n") for b in blocks[:index]) + 1
    blocks[index] = edit(blocks[index])
    path = tmp_path / f"{game}.toml"
    path.write_text(head + "".join(blocks), encoding="utf-8")
    return path, index + 1, line


# ------------------------------------------------------------------------------ good files


@pytest.mark.parametrize("game", list(GAMES))
def test_every_shipped_layout_checks_clean(game, capsys):
    code, lines, err = check(LAYOUTS / f"{game}.toml", capsys=capsys)
    assert code == 0, lines
    assert lines == ["ok: 1 layout"]
    assert err == ""


def test_all_shipped_layouts_at_once(capsys):
    code, lines, _ = check(*sorted(LAYOUTS.glob("*.toml")), capsys=capsys)
    assert code == 0
    assert lines == [f"ok: {len(GAMES)} layouts"]


# ------------------------------------------------------------------------------- bad files


def test_missing_tri_chro_area(tmp_path, capsys):
    """001 s456(6): all 19 wagers must be on the layout; one left unnamed is refused."""
    path, _, _ = broken_copy(
        tmp_path, "tri_chro_54", "no_gold", lambda b: re.sub(r"(?m)^(area|lit_fill) = .*\n", "", b)
    )
    code, lines, _ = check(path, capsys=capsys)
    assert code == 1
    assert len(lines) == 1
    assert str(path) in lines[0] and "'no_gold'" in lines[0] and "missing" in lines[0]
    assert "001 s456(6)" in lines[0]


def test_unknown_key(tmp_path, capsys):
    path, n, line = broken_copy(
        tmp_path, "caribbean_stud", "seat3_ante", lambda b: b.replace("[[item]]\n", '[[item]]\ncolour = "#ffffff"\n')
    )
    code, lines, _ = check(path, capsys=capsys)
    assert code == 1
    assert len(lines) == 1
    assert lines[0].startswith(f"{path}: item[{n}] (line {line}) area 'seat3_ante'")
    assert "unknown key 'colour'" in lines[0]


def test_negative_size(tmp_path, capsys):
    path, n, line = broken_copy(tmp_path, "roulette", "number_17", lambda b: b.replace("w = 130\n", "w = -130\n"))
    code, lines, _ = check(path, capsys=capsys)
    assert code == 1
    assert len(lines) == 1
    assert lines[0].startswith(f"{path}: item[{n}] (line {line}) area 'number_17' (rect): w:")
    assert "-130" in lines[0]


def test_unknown_font(tmp_path, capsys):
    """The text item printed in box 4 of pai gow asks for a font that is not bundled."""
    head, blocks = item_blocks((LAYOUTS / "pai_gow.toml").read_text(encoding="utf-8"))
    index = next(i for i, b in enumerate(blocks) if 'text = "4"\n' in b)
    line = head.count("\n") + sum(b.count("\n") for b in blocks[:index]) + 1
    blocks[index] = blocks[index].replace('text = "4"\n', 'text = "4"\nfont = "Comic Sans"\n')
    path = tmp_path / "pai_gow.toml"
    path.write_text(head + "".join(blocks), encoding="utf-8")
    code, lines, _ = check(path, capsys=capsys)
    assert code == 1
    assert len(lines) == 1
    assert lines[0].startswith(f"{path}: item[{index + 1}] (line {line}) (text): font:")
    assert "'Comic Sans'" in lines[0] and "sans" in lines[0]


def test_several_faults_one_line_each(tmp_path, capsys):
    text = (LAYOUTS / "blackjack.toml").read_text(encoding="utf-8")
    text = text.replace('format = "kiosk-layout/1"', 'format = "kiosk-layout/9"')
    text = text.replace('area = "box5_bonus"', 'area = "box5"')  # a duplicate id
    text = text.replace("size_mm = [1900, 1060]", "size_mm = [1900, -1060]")
    path = tmp_path / "blackjack.toml"
    path.write_text(text, encoding="utf-8")
    code, lines, _ = check(path, capsys=capsys)
    assert code == 1
    assert len(lines) == 3, lines
    assert all(line.startswith(f"{path}: ") for line in lines)
    assert any("format" in line and "kiosk-layout/9" in line for line in lines)
    assert any("size_mm" in line and "-1060" in line for line in lines)
    assert any("duplicate area id 'box5'" in line for line in lines)


def test_good_and_bad_files_together(tmp_path, capsys):
    bad, n, _ = broken_copy(tmp_path, "two_up_dice", "spinner_tails", lambda b: b.replace("h = 420\n", "h = 0\n"))
    code, lines, _ = check(LAYOUTS / "two_up_dice.toml", bad, capsys=capsys)
    assert code == 1
    assert len(lines) == 1 and lines[0].startswith(f"{bad}: item[{n}]") and "'spinner_tails'" in lines[0]


def test_not_toml_and_missing_file(tmp_path, capsys):
    broken = tmp_path / "broken.toml"
    broken.write_text((LAYOUTS / "poker.toml").read_text(encoding="utf-8") + "\n[[item]\n", encoding="utf-8")
    code, lines, _ = check(broken, capsys=capsys)
    assert code == 1 and len(lines) == 1
    assert lines[0].startswith(f"{broken}: not valid TOML")
    missing = tmp_path / "nowhere.toml"
    code = main(["check", "--layout", str(missing)])
    out = capsys.readouterr()
    text = out.out + out.err
    assert code != 0
    assert len(text.strip().splitlines()) == 1 and "nowhere.toml" in text and "Traceback" not in text


def test_console_script_gives_one_line_and_no_traceback(tmp_path):
    """The installed ``kiosk`` command, as pit staff run it."""
    bad, n, _ = broken_copy(
        tmp_path, "manila_poker", "discards", lambda b: b.replace('kind = "ellipse"', 'kind = "circle"')
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run(
        [sys.executable, "-m", "kiosk.cli", "check", "--layout", str(bad)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{bad}: item[{n}]") and "'circle'" in lines[0]


def test_a_jackpot_sharing_method_the_rules_cannot_settle_is_refused_with_its_rule(tmp_path: Path) -> None:
    words = 'sharing_method = "Two or more straight or royal flush winners share the jackpot prize equally"'
    path = edited_demo_floor(tmp_path, (words, 'sharing_method = "The first winner takes the whole prize"'))
    out = run_kiosk("check", "--floor", str(path))
    _no_traceback(out)
    assert out.returncode == 1
    [line] = [line for line in out.stdout.splitlines() if "000 s247(2)(b)" in line]
    assert line.startswith("CSP-04: ") and "cannot settle" in line
