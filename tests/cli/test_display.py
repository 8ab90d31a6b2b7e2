"""``kiosk display`` on the command line: the token never as a flag, one-line errors, the staff PIN."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.ui.display.device_settings import load_settings, verify_pin
from tests.fixtures.paths import ROOT


def _display(tmp_path: Path, *args: str, token: str | None = None, stdin: str = "") -> subprocess.CompletedProcess:
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        QT_QPA_PLATFORM="offscreen",
        KIOSK_DEVICE_SETTINGS=str(tmp_path / "device.json"),
        XDG_CACHE_HOME=str(tmp_path / "cache"),
    )
    env.pop("KIOSK_TOKEN", None)
    if token is not None:
        env["KIOSK_TOKEN"] = token
    return subprocess.run(
        [sys.executable, "-m", "kiosk.cli", "display", *args],
        capture_output=True,
        text=True,
        env=env,
        input=stdin,
        timeout=60,
        cwd=ROOT,
    )


@pytest.mark.parametrize(
    "args, token, words",
    [
        (["--server", "http://127.0.0.1:9"], None, "no token"),
        ([], "t", "give --server"),
        (["--server", "ftp://x"], "t", "must start with http"),
        (["--server", "http://127.0.0.1:9", "--table", "BJ-01"], "t", "needs --view"),
        (["--server", "http://127.0.0.1:9", "--view", "limits"], "t", "needs --table"),
        (["--server", "http://127.0.0.1:9", "--link", "CSP-PROG", "--view", "limits"], "t", "--view jackpot"),
        (["--server", "http://127.0.0.1:9", "--token", "secret"], None, "never give the token on the command line"),
        (["--server", "http://127.0.0.1:9", "--token-file", "/nonexistent/token"], None, "cannot read"),
    ],
)
def test_bad_input_is_one_line(tmp_path, args, token, words):
    done = _display(tmp_path, *args, token=token)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().count("\n") == 0 and words in done.stderr, done.stderr
    assert "secret" not in done.stderr  # a token typed as a flag is never echoed


def test_a_corrupt_device_settings_file_is_one_line(tmp_path):
    (tmp_path / "device.json").write_text("{oops")
    done = _display(tmp_path, "--server", "http://127.0.0.1:9", token="t")
    assert done.returncode == 2 and "device.json" in done.stderr and "not JSON" in done.stderr


def test_set_pin_stores_only_a_hash(tmp_path):
    done = _display(tmp_path, "--set-pin", stdin="4711\n")
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "device.json").read_text()
    assert "4711" not in text and json.loads(text)["staff_pin"].startswith("pbkdf2_sha256$")
    assert verify_pin("4711", load_settings(tmp_path / "device.json").staff_pin)
    bad = _display(tmp_path, "--set-pin", stdin="12\n")
    assert bad.returncode == 2 and "4 to 12 digits" in bad.stderr


def test_kiosk_display_without_a_usable_display_is_one_line(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), DISPLAY=":77", KIOSK_TOKEN="t")
    env.pop("QT_QPA_PLATFORM", None)
    env.pop("WAYLAND_DISPLAY", None)
    done = subprocess.run(
        [sys.executable, "-m", "kiosk.cli", "display", "--server", "http://127.0.0.1:9"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().count("\n") == 0 and "cannot open the display" in done.stderr
