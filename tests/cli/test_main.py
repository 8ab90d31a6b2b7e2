"""The ``kiosk`` command itself: help for every subcommand, one-line errors."""

from __future__ import annotations

import subprocess
import sys

from kiosk.cli import build_parser


def _kiosk(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kiosk", *args], capture_output=True, text=True, timeout=120)


def test_every_subcommand_has_help() -> None:
    parser = build_parser()
    names = [a for a in parser._subparsers._group_actions[0].choices]
    assert names, "no subcommands registered"
    for name in names:
        out = _kiosk(name, "--help")
        assert out.returncode == 0, (name, out.stderr)
        assert "usage:" in out.stdout


def test_unknown_subcommand_is_one_line_not_a_traceback() -> None:
    out = _kiosk("frobnicate")
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_a_command_error_is_one_line_with_its_exit_code() -> None:
    out = _kiosk("check", "--floor", "/nonexistent/floor.toml")
    assert out.returncode != 0
    assert "Traceback" not in out.stderr + out.stdout
    assert "/nonexistent/floor.toml" in (out.stderr + out.stdout)
