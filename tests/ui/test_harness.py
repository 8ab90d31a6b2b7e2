"""The Qt test harness itself: the leak and pending-task checks catch what they should, an
async slot really runs on the qasync loop, and the live servers answer with a token per role."""

from __future__ import annotations

import asyncio
import pathlib
import textwrap

import aiohttp
import pytest
import qasync
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QPushButton, QWidget

from tests.fixtures.qt_guards import (
    cancel_and_reap,
    flush_deletes,
    new_top_level_widgets,
    pending_tasks,
    top_level_widgets,
)

HERE = pathlib.Path(__file__).resolve().parent


def test_the_leak_check_sees_a_widget_left_alive_and_not_one_deleted(qapp):
    before = top_level_widgets()
    kept = QWidget()
    kept.setObjectName("kept")
    child = QWidget(kept)  # a child is not a top-level widget
    assert new_top_level_widgets(before) == [kept]
    assert child not in new_top_level_widgets(before)
    kept.deleteLater()
    flush_deletes()
    assert new_top_level_widgets(before) == []


def test_the_pending_check_sees_an_unfinished_task_and_reaps_it():
    loop = qasync.QEventLoop(qapp_instance())
    try:
        task = loop.create_task(asyncio.sleep(3600), name="sleeper")
        assert pending_tasks(loop) == [task]
        cancel_and_reap(loop, [task])
        assert task.cancelled() and pending_tasks(loop) == []
    finally:
        loop.close()


def qapp_instance():
    from tests.fixtures.qt_guards import application

    return application()


class Clicker(QObject):
    """An ``asyncSlot`` is a method of a QObject: on a bare function qasync 0.28 never calls it
    when the signal carries no argument (it raises inside the Qt loop instead; qasync issue 177)."""

    def __init__(self) -> None:
        super().__init__()
        self.ran = asyncio.Event()

    @qasync.asyncSlot()
    async def on_click(self) -> None:
        await asyncio.sleep(0.01)  # a real suspension: the loop must drive the slot on
        self.ran.set()


async def test_an_async_slot_really_runs_on_the_qasync_loop(qasync_loop, qtbot):
    assert asyncio.get_running_loop() is qasync_loop
    button = QPushButton("go")
    qtbot.addWidget(button)
    clicker = Clicker()
    button.clicked.connect(clicker.on_click)
    button.click()
    await asyncio.wait_for(clicker.ran.wait(), 5)


async def test_live_server_answers_each_role_with_its_rights(live_server):
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{live_server.api}/health") as r:
            assert r.status == 200 and (await r.json())["store"] == live_server.store
        for role in ("display", "dealer", "pit", "admin"):
            async with session.get(f"{live_server.api}/tables", headers=live_server.headers(role)) as r:
                assert r.status == 200 and "BJ-01" in (await r.json())["tables"], role
            async with session.get(f"{live_server.api}/tokens", headers=live_server.headers(role)) as r:
                assert r.status == (200 if role == "admin" else 403), role
                if role == "admin":
                    listed = {t["role"] for t in (await r.json())["tokens"]}
                    assert listed == {"display", "dealer", "pit", "admin"}


INNER_TESTS = """
import asyncio

from PySide6.QtWidgets import QWidget

KEEP = []


def test_leaks_a_window(qapp):
    window = QWidget()
    window.setWindowTitle("forgotten")
    KEEP.append(window)


async def test_leaves_a_task_pending():
    asyncio.get_running_loop().create_task(asyncio.sleep(3600), name="forgotten-task")


async def test_waits_in_a_nested_qt_loop(qtbot):
    qtbot.wait(50)


async def test_is_tidy(qtbot):
    widget = QWidget()
    qtbot.addWidget(widget)
    await asyncio.sleep(0)


def test_after_a_leak_starts_clean(qapp):
    assert not [w for w in qapp.topLevelWidgets() if w.windowTitle() == "forgotten"]
"""


@pytest.mark.slow
def test_the_fixtures_fail_a_test_that_leaks_a_widget_or_leaves_a_task(pytester):
    pytester.makeconftest((HERE / "conftest.py").read_text(encoding="utf-8"))
    pytester.mkpydir("tests")
    pytester.mkpydir("tests/fixtures")
    guards = HERE.parent / "fixtures" / "qt_guards.py"
    (pytester.path / "tests" / "fixtures" / "qt_guards.py").write_text(guards.read_text(encoding="utf-8"))
    pytester.makepyfile(test_inner=textwrap.dedent(INNER_TESTS))
    pytester.makeini(
        textwrap.dedent("""\
        [pytest]
        asyncio_mode = auto
        asyncio_default_fixture_loop_scope = function
        qt_api = pyside6
        filterwarnings = error
        """)
    )
    result = pytester.runpytest_subprocess("-p", "no:randomly", "-p", "no:cacheprovider", "-rA")
    result.assert_outcomes(passed=3, failed=2, errors=1)
    result.stdout.fnmatch_lines(
        [
            "*the test left 1 top-level widget(s) alive: QWidget titled 'forgotten'*",
            "*AssertionError: the test left 1 asyncio task(s) pending on the loop: forgotten-task*",
            "*AssertionError: qtbot.wait() in an async test spins a nested Qt event loop*",
        ]
    )
    result.stdout.fnmatch_lines(
        [
            "ERROR test_inner.py::test_leaks_a_window*",
            "FAILED test_inner.py::test_leaves_a_task_pending*",
            "FAILED test_inner.py::test_waits_in_a_nested_qt_loop*",
        ]
    )
