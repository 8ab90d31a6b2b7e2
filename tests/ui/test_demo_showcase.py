"""The demo fits the screen it is on (issue 19, "the first run"): ``kiosk demo``'s one showcase
window fills the screen's available area and shows the demo's displays one at a time at full
size, never a word split; its buttons step through them, hold one, and open the pit console and
the dealer panel, each wholly inside the screen.

Each size runs the real demo (its embedded server on SQLite, the croupier playing) in a child
process whose offscreen platform fakes one screen of that size (``offscreen:configfile=...``, as
``tests/ui/display/test_screens.py`` does), and clicks the showcase's real buttons there; the
showcase's pictures are written beside the test's files (``showcase-*.png``) for a person to look at.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.fixtures.paths import DEMO_FLOOR, ROOT

pytestmark = pytest.mark.slow

SCRIPT = r"""
import asyncio, json, re, sys
from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from kiosk.ui.display.main import ensure_qt_application

app = ensure_qt_application()

from kiosk.demo.run import Options, run_demo
from kiosk.floor import load_floor
from kiosk.scene.legibility import text_runs_of
from kiosk.ui.demo_windows import Showcase
from kiosk.ui.staff.console import ConsoleWindow
from kiosk.ui.staff.dealer import DealerPanel
from kiosk.views.base import Area
from kiosk.views.screen import compose_view

out = Path(sys.argv[1])
report = {"pages": [], "errors": []}


def box(rect):
    return [rect.x(), rect.y(), rect.width(), rect.height()]


def words(scene):
    return {w for run in text_runs_of(scene) for w in re.findall(r"[A-Za-z]+", run.text)}


def find(kind):
    return next((w for w in QApplication.topLevelWidgets() if isinstance(w, kind) and w.isVisible()), None)


async def until(test, seconds=20.0):
    for _ in range(int(seconds * 20)):
        if test():
            return True
        await asyncio.sleep(0.05)
    return False


async def probe():
    try:
        await until(lambda: find(Showcase) is not None)
        showcase = find(Showcase)
        screen = showcase.screen()
        report["available"] = box(screen.availableGeometry())
        report["showcase"] = {"frame": box(showcase.frameGeometry()), "inner": box(showcase.geometry())}
        report["bar_top"] = showcase.bar.mapToGlobal(showcase.bar.rect().topLeft()).y()
        report["timer_active"] = showcase.timer.isActive()
        model = None
        for n in range(len(showcase.screens)):
            page = showcase.screens[showcase.index]
            await until(lambda: page.state is not None or page.notice is not None)
            await asyncio.sleep(0.3)  # the picture painted
            visible = [s.spec.id for s in showcase.screens if s.window.isVisible()]
            row = {
                "id": page.spec.id, "caption": showcase.caption.full, "visible": visible,
                "page": box(page.window.geometry()), "stage": box(showcase.stage.geometry()),
                "global": [page.window.mapToGlobal(page.window.rect().topLeft()).x(),
                           page.window.mapToGlobal(page.window.rect().topLeft()).y()],
                "notice": page.notice,
            }
            if page.state is not None:
                # no word split: every word shown is a word of the same view composed for a screen
                # four times as large, where nothing needs breaking
                process = showcase.process
                area = page.area()
                large = compose_view(
                    page.spec.subject, process.model.live.tables, process.model.live.links, process.casino,
                    datetime.now(UTC), area=Area(area.width_mm * 4, area.height_mm * 4),
                )
                row["split"] = sorted(words(page.state.scene) - words(large.scene))
            showcase.grab().save(str(out / f"showcase-{n + 1}-{page.spec.id}.png"))
            report["pages"].append(row)
            QTest.mouseClick(showcase.next, Qt.MouseButton.LeftButton)
        QTest.mouseClick(showcase.hold, Qt.MouseButton.LeftButton)
        report["held"] = not showcase.timer.isActive()
        QTest.mouseClick(showcase.hold, Qt.MouseButton.LeftButton)
        report["released"] = showcase.timer.isActive()
        QTest.mouseClick(showcase.previous, Qt.MouseButton.LeftButton)
        report["after_previous"] = showcase.index
        for name, button, kind in (("console", showcase.console, ConsoleWindow), ("dealer", showcase.dealer, DealerPanel)):
            QTest.mouseClick(button, Qt.MouseButton.LeftButton)
            opened = await until(lambda: find(kind) is not None)
            window = find(kind)
            await asyncio.sleep(3.0)  # signed in / the table's state arrived
            report[name] = None if not opened else {
                "frame": box(window.frameGeometry()), "inner": box(window.geometry()),
                "minimum": [window.minimumSizeHint().width(), window.minimumSizeHint().height()],
                "title": window.windowTitle(),
            }
            if opened:
                window.grab().save(str(out / f"showcase-{name}.png"))
                QTest.mouseClick(button, Qt.MouseButton.LeftButton)  # a second press puts it away
                report[name]["put_away"] = await until(lambda: find(kind) is None, 5.0)
                QTest.mouseClick(button, Qt.MouseButton.LeftButton)  # a third brings it back
                report[name]["reopened"] = await until(lambda: find(kind) is not None, 5.0)
                window.close()
    except Exception as exc:  # reported, then the demo is ended by closing its window
        report["errors"].append(f"{type(exc).__name__}: {exc}")
    showcase = find(Showcase)
    if showcase is not None:
        showcase.close()  # closing the showcase ends the demo


QTimer.singleShot(0, lambda: asyncio.ensure_future(probe()))
code = run_demo(load_floor(Path(sys.argv[2])), out, Options(port=0, pace=0.05, seconds=120.0))
report["exit_code"] = code
print("REPORT " + json.dumps(report))
"""


def _screen(width: int, height: int) -> dict:
    return {
        "screens": [
            {
                "name": "DEMO-1",
                "x": 0,
                "y": 0,
                "width": width,
                "height": height,
                "logicalDpi": 96,
                "logicalBaseDpi": 96,
                "dpr": 1,
            }
        ]
    }


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=["1280x800", "1920x1080"])
def test_the_demo_fits_its_screen(tmp_path, size):
    config = tmp_path / "screen.json"
    config.write_text(json.dumps(_screen(*size)))
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM=f"offscreen:configfile={config}")
    env["HOME"] = str(tmp_path)  # the demo's device settings and console files stay here
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path), str(DEMO_FLOOR)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=240,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("REPORT ")]
    assert done.returncode == 0 and lines, done.stdout[-2000:] + done.stderr[-3000:]
    report = json.loads(lines[-1].removeprefix("REPORT "))
    assert report["errors"] == [] and report["exit_code"] == 0, report["errors"]
    area = report["available"]

    def inside(rect: list[int]) -> bool:
        return (
            rect[0] >= area[0]
            and rect[1] >= area[1]
            and rect[0] + rect[2] <= area[0] + area[2]
            and rect[1] + rect[3] <= area[1] + area[3]
        )

    # one window, filling the available area; the displays in turn, one at a time, at full size
    assert inside(report["showcase"]["frame"]), report["showcase"]
    inner = report["showcase"]["inner"]
    assert inner[2] >= area[2] - 16 and inner[3] >= area[3] - 64, (inner, area)  # all of it but a frame
    assert report["timer_active"]
    pages = report["pages"]
    assert [p["id"] for p in pages] == [
        "D-TC54-01-result",
        "D-TU-01-lights",
        "D-CSP-PROG-meter",
        "D-RO-01-layout",
        "D-BJ-01-limits",
    ]
    for n, page in enumerate(pages):
        assert page["visible"] == [page["id"]], page
        assert page["caption"].endswith(f"({n + 1} of 5)")
        assert page["page"][2:] == page["stage"][2:]  # the whole stage
        assert page["stage"][2] == inner[2] and page["stage"][3] >= inner[3] * 0.85
        assert page["notice"] is None, page  # every view shown, none replaced by a notice
        assert page["split"] == [], f"{page['id']}: words split: {page['split']}"
    # Hold stops the turns, a second touch resumes them; Previous steps back
    assert report["held"] and report["released"]
    assert report["after_previous"] == len(pages) - 1
    # the pit console and the dealer panel on demand, each wholly inside the screen
    for name in ("console", "dealer"):
        window = report[name]
        assert window is not None, f"{name} did not open"
        assert inside(window["frame"]), (name, window, area)
        assert window["frame"][1] + window["frame"][3] <= report["bar_top"], "it covers the showcase's buttons"
        assert window["inner"][2] >= min(window["minimum"][0], area[2])
        assert window["inner"][3] >= min(window["minimum"][1], area[3])
        assert window["put_away"] and window["reopened"]


def test_the_showcase_buttons_and_a_resize_against_a_live_server(qapp, qtbot, served):
    """In this process, on the offscreen screen: the showcase's buttons as a user touches them,
    with a display process streaming from a real ``kiosk serve``; made smaller (a window manager
    or a user resizing it), every view is composed again for the new size, not scaled."""
    from PySide6.QtCore import Qt

    from kiosk.ui.demo_windows import Showcase
    from kiosk.ui.display.spec import DisplaySpec
    from tests.fixtures.live_display import close_display, open_display, run, wait_for

    specs = [
        DisplaySpec("D-TU-01-lights", "twoup_lights", table="TU-01"),
        DisplaySpec("D-BJ-01-limits", "limits", table="BJ-01"),
        DisplaySpec("D-CSP-PROG-meter", "jackpot", link="CSP-PROG"),
    ]
    asked: list[str] = []

    async def scenario():
        showcase = Showcase("TU-01", cycle_seconds=600)
        showcase.console_requested.connect(lambda: asked.append("console"))
        showcase.dealer_requested.connect(lambda: asked.append("dealer"))
        client, process = await open_display(served, specs, place=showcase.place)
        showcase.follow(process)
        try:
            shown = lambda: [s.spec.id for s in showcase.screens if s.window.isVisible()]  # noqa: E731
            assert shown() == ["D-TU-01-lights"] and showcase.caption.full.endswith("(1 of 3)")
            qtbot.mouseClick(showcase.next, Qt.MouseButton.LeftButton)
            assert shown() == ["D-BJ-01-limits"] and showcase.caption.full == "BJ-01: the limits sign (2 of 3)"
            qtbot.mouseClick(showcase.previous, Qt.MouseButton.LeftButton)
            qtbot.mouseClick(showcase.previous, Qt.MouseButton.LeftButton)
            assert shown() == ["D-CSP-PROG-meter"]
            assert showcase.timer.isActive()
            qtbot.mouseClick(showcase.hold, Qt.MouseButton.LeftButton)
            assert not showcase.timer.isActive() and showcase.hold.isChecked()
            qtbot.mouseClick(showcase.hold, Qt.MouseButton.LeftButton)
            assert showcase.timer.isActive()
            showcase.say("CSP-01: the rules refused the croupier's jackpot hit (000 s245): ...; play goes on")
            assert showcase.note.full.startswith("CSP-01: the rules refused") and showcase.note.isVisible()
            assert showcase.note.toolTip() == showcase.note.full  # all of it, however narrow the bar
            assert showcase.note.height() < 3 * showcase.note.fontMetrics().height()  # one line
            qtbot.mouseClick(showcase.console, Qt.MouseButton.LeftButton)
            qtbot.mouseClick(showcase.dealer, Qt.MouseButton.LeftButton)
            assert asked == ["console", "dealer"]
            # every page fills the stage; smaller, each view is composed for the smaller stage
            before = {s.spec.id: s.area() for s in showcase.screens}
            for s in showcase.screens:
                assert (s.window.width(), s.window.height()) == (showcase.stage.width(), showcase.stage.height())
            showcase.showNormal()
            showcase.resize(showcase.width() * 3 // 4, showcase.height() * 3 // 4)
            for s in showcase.screens:
                assert s.area().width_mm < before[s.spec.id].width_mm * 0.9
                # composed for the new area (a sign too small for it at 8 mm shows a notice instead)
                await wait_for(
                    lambda s=s: (
                        s.notice is not None
                        or (s.state is not None and abs(s.state.scene.width_mm - s.area().width_mm) < 0.5)
                    ),
                    what=f"{s.spec.id} composed for the smaller window",
                )
            # closing the showcase is the user ending the demo
            closed: list[bool] = []
            showcase.closed.connect(lambda: closed.append(True))
            showcase.close()
            assert closed == [True] and not showcase.timer.isActive()
        finally:
            await close_display(client, process)
            showcase.deleteLater()

    run(scenario())
