"""The dealer panel fills its screen on a bare X server (a kiosk X session with no window
manager): ``kiosk dealer`` against a real ``kiosk serve``, on a real Xvfb with the xcb platform,
the window's geometry read back from the X server and a screenshot taken of the screen."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.fixtures.paths import ROOT
from tests.fixtures.xvfb import stop, xvfb

pytestmark = [pytest.mark.timeout(120), pytest.mark.slow]

SCREEN = (1280, 800)


def _xcb_loads(env: dict[str, str]) -> bool:
    probe = subprocess.run(
        [sys.executable, "-c", "from PySide6.QtGui import QGuiApplication; QGuiApplication([])"],
        env=env,
        capture_output=True,
        timeout=30,
    )
    return probe.returncode == 0


def _window(display: str, title: str) -> tuple[int, int, int, int] | None:
    tree = subprocess.run(
        ["xwininfo", "-root", "-tree", "-display", display], capture_output=True, text=True, timeout=10
    ).stdout
    for line in tree.splitlines():
        if f'"{title}"' in line:
            m = re.search(r"(\d+)x(\d+)\+(-?\d+)\+(-?\d+)\s+\+(-?\d+)\+(-?\d+)", line)
            if m:
                w, h, _, _, x, y = (int(v) for v in m.groups())
                return x, y, w, h
    return None


def _screenshot(display: str, path: Path) -> None:
    """The root window as a PNG (xwd's 32-bit ZPixmap read with Pillow)."""
    from PIL import Image

    raw = subprocess.run(["xwd", "-root", "-silent", "-display", display], capture_output=True, timeout=20).stdout
    header_size = int.from_bytes(raw[0:4], "big")
    width, height = int.from_bytes(raw[16:20], "big"), int.from_bytes(raw[20:24], "big")
    bytes_per_line = int.from_bytes(raw[48:52], "big")
    ncolors = int.from_bytes(raw[76:80], "big")
    start = header_size + 12 * ncolors
    data = raw[start : start + bytes_per_line * height]
    Image.frombuffer("RGB", (width, height), data, "raw", "BGRX", bytes_per_line, 1).save(path)


def _panel_filling_the_screen(display: str, url: str, token_text: str, tmp_path: Path, errors) -> subprocess.Popen:
    """``kiosk dealer`` for TU-01 on ``display`` (a bare X server), once its window fills the
    screen; skips where Qt's xcb plugin cannot load. Stopped here if it never does."""
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb", PYTHONPATH=str(ROOT))
    if not _xcb_loads(env):
        pytest.skip("Qt's xcb platform plugin cannot load here (docs/deploy-display.md lists its libraries)")
    token = tmp_path / "token"
    token.write_text(token_text)
    token.chmod(0o600)
    panel = subprocess.Popen(
        [sys.executable, "-m", "kiosk.cli", "dealer", "--server", url, "--table", "TU-01"]
        + ["--token-file", str(token)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=errors,
    )
    try:
        deadline = time.monotonic() + 40
        geometry = None
        while time.monotonic() < deadline and panel.poll() is None:
            geometry = _window(display, "Dealer panel: TU-01")
            if geometry == (0, 0, *SCREEN):
                break
            time.sleep(0.3)
        assert panel.poll() is None, (tmp_path / "dealer.stderr").read_text()
        assert geometry == (0, 0, *SCREEN), f"the panel's window is at {geometry}, not the whole screen"
    except BaseException:
        stop(panel)
        raise
    return panel


@pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("xwininfo") is None, reason="needs Xvfb, xwininfo")
def test_the_panel_fills_a_screen_with_no_window_manager(live_server_sqlite, tmp_path):
    panel = None
    with (tmp_path / "dealer.stderr").open("wb") as errors, xvfb(*SCREEN) as display:
        try:
            panel = _panel_filling_the_screen(
                display, live_server_sqlite.url, live_server_sqlite.tokens["dealer"], tmp_path, errors
            )
            time.sleep(2.0)  # the snapshot arrives and the two-up section is laid out
            shot = Path(os.environ.get("KIOSK_SHOTS", tmp_path)) / "dealer-bare-x-1280x800.png"
            _screenshot(display, shot)
            from PIL import Image

            image = Image.open(shot)
            assert image.size == SCREEN
            # the panel paints the whole screen: the bottom-right corner is the panel's, not X's black root
            assert image.getpixel((SCREEN[0] - 5, SCREEN[1] - 5)) != (0, 0, 0)
        finally:
            if panel is not None:
                stop(panel)


@pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("xwininfo") is None, reason="needs Xvfb, xwininfo")
def test_the_panel_opens_while_the_server_is_down_and_connects_when_it_is_up(served, tmp_path):
    """D8: with the server down at start the panel opens at once, says it is connecting and
    retries; when the server comes up it shows the table."""
    from PIL import Image, ImageChops

    served.stop()
    panel = None
    with (tmp_path / "dealer.stderr").open("wb") as errors, xvfb(*SCREEN) as display:
        try:
            panel = _panel_filling_the_screen(display, served.url, served.tokens["pit"], tmp_path, errors)
            time.sleep(1.0)
            down = tmp_path / "down.png"
            _screenshot(display, down)
            shots = os.environ.get("KIOSK_SHOTS")
            if shots:
                Image.open(down).save(Path(shots) / "dealer-server-down-1280x800.png")
            served.start()
            deadline = time.monotonic() + 40
            changed = False
            while time.monotonic() < deadline and not changed:
                time.sleep(1.0)
                up = tmp_path / "up.png"
                _screenshot(display, up)
                changed = ImageChops.difference(Image.open(down), Image.open(up)).getbbox() is not None
            assert changed, "the panel did not show the table once the server was up"
            assert panel.poll() is None
            if shots:
                Image.open(up).save(Path(shots) / "dealer-server-up-1280x800.png")
        finally:
            if panel is not None:
                stop(panel)
