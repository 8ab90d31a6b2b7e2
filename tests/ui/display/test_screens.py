"""Windows land on their configured screens: the offscreen platform fakes three screens
(QT_QPA_PLATFORM='offscreen:configfile=...'), one of them scaled by 2 (device pixel ratio 2).
Screen numbers count left to right (Qt lists the primary screen first: here the last one)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.fixtures.paths import ROOT

SCREENS = [
    {"name": "HDMI-1", "x": 0, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1},
    {
        "name": "HDMI-2",
        "x": 1920,
        "y": 0,
        "width": 1280,
        "height": 800,
        "logicalDpi": 96,
        "logicalBaseDpi": 96,
        "dpr": 1,
    },
    # a 4K panel scaled by 2 (QT_SCREEN_SCALE_FACTORS): 1920x1080 logical pixels, 3840x2160 device pixels
    {
        "name": "DP-1",
        "x": 3200,
        "y": 0,
        "width": 3840,
        "height": 2160,
        "logicalDpi": 96,
        "logicalBaseDpi": 96,
        "dpr": 1,
    },
]
SCALE = {"HDMI-1": 1, "HDMI-2": 1, "DP-1": 2}

SCRIPT = r"""
import json, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from kiosk.scene.primitives import Scene
from kiosk.ui.display.device_settings import DeviceSettings
from kiosk.ui.display.app import ordered_screens, screen_scale
from kiosk.ui.display.window import KioskWindow, show_on_screen
out = []
settings = DeviceSettings()
screens = ordered_screens()
key1, _ = screen_scale(screens[1], settings)
settings = settings.with_calibration(key1, 5.9)
for index in (2, 0, 1):
    w = KioskWindow(f"screen {index}", None)
    show_on_screen(w, screens[index])
    app.processEvents()
    w.view.set_scene(Scene(100.0, 50.0, (), background=(255, 255, 255, 255)))
    app.processEvents()
    key, scale = screen_scale(screens[index], settings)
    out.append({"index": index, "screen": w.windowHandle().screen().name(), "geometry": w.geometry().getRect(),
                "fullscreen": w.isFullScreen(), "backing": [w.view._backing.width(), w.view._backing.height()],
                "key": key, "source": scale.source, "px_per_mm": scale.px_per_mm})
    w.allow_close(); w.close()
print(json.dumps(out))
"""


def test_windows_are_placed_on_their_screens(tmp_path):
    config = tmp_path / "screens.json"
    config.write_text(json.dumps({"screens": SCREENS}))
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        QT_QPA_PLATFORM=f"offscreen:configfile={config}",
        QT_SCREEN_SCALE_FACTORS=";".join(f"{name}={k}" for name, k in SCALE.items()),
    )
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    placed = {row["index"]: row for row in json.loads(done.stdout.strip().splitlines()[-1])}
    for index, screen in enumerate(SCREENS):
        row = placed[index]
        assert row["screen"] == screen["name"]
        assert row["fullscreen"]
        k = SCALE[screen["name"]]
        assert tuple(row["geometry"]) == (screen["x"], screen["y"], screen["width"] // k, screen["height"] // k)
        # the picture is kept in device pixels: twice as fine on the screen scaled by 2
        assert row["backing"] == [screen["width"], screen["height"]]
    # screens without serial numbers are told apart by their port; HDMI-2 was calibrated by staff
    assert len({row["key"] for row in placed.values()}) == 3
    assert placed[1]["source"] == "calibrated" and placed[1]["px_per_mm"] == 5.9
    assert placed[0]["source"] == "reported"  # the offscreen platform reports a plausible size
