"""On a screen with a device pixel ratio (2, or a fractional 1.5), an update, from painting or from
the widget's tiles, still gives the picture of a full repaint, pixel for pixel.

Qt takes the ratio when the application starts, so each ratio runs in its own process
(``QT_SCALE_FACTOR``, offscreen).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.fixtures.paths import ROOT

SCRIPT = """
import json, sys
import numpy as np
from PySide6.QtWidgets import QApplication
app = QApplication([])
from kiosk.scene.layout_file import load_layout
from kiosk.ui.widgets.scene_widget import SceneWidget
from tests.fixtures.paths import ROOT
from tests.ui.widgets.test_scene_widget import DRAWS, _grab, _scene
layout = load_layout(ROOT / "layouts" / "tri_chro_54.toml")
live, fresh = SceneWidget(), SceneWidget()
for w in (live, fresh):
    w.resize(640, 360)
    w.show()
live.set_scene(_scene(layout, 54, None))
full, differ = live.full_repaints, []
for draw in DRAWS[:8] + DRAWS[:8]:
    scene = _scene(layout, 54, draw)
    live.set_scene(scene)
    fresh.set_scene(scene)
    fresh._invalidate()
    a, b = _grab(live), _grab(fresh)
    if a.shape != b.shape or not np.array_equal(a, b):
        differ.append(list(draw))
report = {"dpr": live.devicePixelRatioF(), "differ": differ, "reused": live.tiles_reused,
          "full": live.full_repaints - full, "size": list(_grab(live).shape)}
print("REPORT " + json.dumps(report))
"""


@pytest.mark.parametrize("dpr", [1.5, 2.0])
def test_updates_match_a_full_repaint_at_a_device_pixel_ratio(dpr):
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen", QT_SCALE_FACTOR=str(dpr))
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, cwd=ROOT, timeout=240
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("REPORT ")]
    assert done.returncode == 0 and lines, done.stdout[-2000:] + done.stderr[-3000:]
    report = json.loads(lines[-1].removeprefix("REPORT "))
    assert report["dpr"] == dpr
    assert report["size"][:2] == [round(360 * dpr), round(640 * dpr)]  # device pixels compared
    assert report["differ"] == []
    assert report["full"] == 0 and report["reused"] > 8  # the second pass from tiles
