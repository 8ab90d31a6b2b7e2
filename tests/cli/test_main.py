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


def test_a_run_imports_only_its_own_command() -> None:
    """``kiosk display`` starts without loading the other commands (the exporter, the server)."""
    code = (
        "import sys\nfrom kiosk.cli import main\n"
        "try:\n    main(['token', '--help'])\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('kiosk.cli.') and not m.startswith('kiosk.cli._'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[-1] == "kiosk.cli.token"
    assert [a for a in build_parser("token")._subparsers._group_actions[0].choices] == ["token"]
