"""A crashed ``kiosk display`` started again (by systemd or the supervisor loop of
docs/deploy-display.md) comes back into the same views, from its saved state when the server is
gone too; SIGTERM ends it cleanly with exit code 0 (so ``Restart=on-failure`` leaves it stopped)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.fixtures.paths import ROOT

pytestmark = [pytest.mark.timeout(180), pytest.mark.slow]


def _start(url: str, token: str, folder: Path) -> subprocess.Popen:
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        QT_QPA_PLATFORM="offscreen",
        KIOSK_TOKEN=token,
        XDG_CACHE_HOME=str(folder / "cache"),
        KIOSK_DEVICE_SETTINGS=str(folder / "device.json"),
    )
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "kiosk.cli",
            "display",
            "--server",
            url,
            "--display",
            "D-BJ-01-limits",
            "--display",
            "D-TC54-01-layout",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )


def _first_picture(proc: subprocess.Popen, timeout: float = 60.0) -> list[str]:
    seen = []
    deadline = time.monotonic() + timeout
    assert proc.stdout is not None
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        seen.append(line.strip())
        if "every screen shows its view" in line:
            return seen
    raise AssertionError(f"no first picture: {seen} {proc.stderr.read() if proc.stderr else ''}")


def test_after_a_crash_the_display_comes_back_into_the_same_views_even_without_server(served, tmp_path):
    first = _start(served.url, served.tokens["display"], tmp_path)
    try:
        lines = _first_picture(first)
        assert any("showing D-BJ-01-limits on screen 0, D-TC54-01-layout on screen 0" in line for line in lines)
        time.sleep(2.5)  # the state is saved a moment after it changes
    finally:
        first.send_signal(signal.SIGKILL)  # a crash: nothing is cleaned up
        first.wait(timeout=30)
        first.stdout.close()
        first.stderr.close()
    served.kill()  # and the server is gone as well
    second = _start(served.url, served.tokens["display"], tmp_path)
    try:
        lines = _first_picture(second)
        assert any("every screen shows its view" in line for line in lines)
    finally:
        second.send_signal(signal.SIGTERM)
        code = second.wait(timeout=30)
        err = second.stderr.read()
        second.stdout.close()
        second.stderr.close()
    assert code == 0, err
    assert "Traceback" not in err
    assert "showing the saved state" in err  # said once, on standard error
    served.start()
