"""``kiosk check`` as a user runs it: exit codes and the lines it prints, in a real child process."""

from __future__ import annotations

from pathlib import Path

from tests.fixtures.floors import DATA, DEMO, TABLES, floor_text, run_kiosk


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
