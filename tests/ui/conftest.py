"""Fixtures for the Qt tests (widgets on the offscreen platform, async slots on qasync).

* Every ``async def`` test here runs on a fresh :class:`qasync.QEventLoop` (the
  ``pytest_asyncio_loop_factories`` hook), so an ``@asyncSlot`` really runs: on a plain
  asyncio loop, or with no running loop, a slot can silently do nothing while the test
  passes.  The ``qasync_loop`` fixture gives the running loop and proves it is qasync's.
* A test fails if it leaves an asyncio task pending on the loop when its body returns
  (the tasks are cancelled and named), and errors at teardown if it leaves a top-level
  widget alive (the widgets are closed, deleted and named).  Give widgets to
  ``qtbot.addWidget`` or delete them.
* ``served`` is a real ``kiosk serve`` process on the demo floor (``tests/fixtures/live_display.py``).
* Each async test has a deadline (:data:`ASYNC_DEADLINE_S`) after which its tasks are
  cancelled: pytest-timeout's signal cannot interrupt Qt's C++ event loop, so its backstop
  here is the thread method (:data:`HARD_TIMEOUT_S`), which dumps every stack and stops the run.
* An async test may not call qtbot's waits (:data:`NESTED_LOOP_WAITS`): their nested Qt event
  loop loses the wake-up of any asyncio task woken inside it, which then hangs the test's
  teardown; the call fails at once and says so.
"""

from __future__ import annotations

import asyncio
import pathlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest
import qasync
from pytest_asyncio import is_async_test
from pytestqt.qtbot import QtBot

from tests.fixtures.qt_guards import (
    application,
    cancel_and_reap,
    describe_task,
    describe_widget,
    dispose,
    new_top_level_widgets,
    pending_tasks,
    top_level_widgets,
)

if TYPE_CHECKING:
    from tests.fixtures.live_display import Served

HERE = pathlib.Path(__file__).resolve().parent
#: Seconds an async Qt test may run before its tasks are cancelled.
ASYNC_DEADLINE_S = 30.0
#: pytest-timeout's backstop for a test stuck where nothing else can stop it (a modal loop).
HARD_TIMEOUT_S = 120.0

_CALL_FAILED = pytest.StashKey[bool]()


def new_qasync_loop() -> qasync.QEventLoop:
    return qasync.QEventLoop(application())


def pytest_asyncio_loop_factories(config: pytest.Config, item: pytest.Item):
    """Async tests in this directory run on a qasync loop (pytest-asyncio's hook)."""
    return {"qasync": new_qasync_loop}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(HERE) and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(HARD_TIMEOUT_S, method="thread"))


def _time_out(loop: asyncio.AbstractEventLoop) -> None:
    for task in pending_tasks(loop):
        task.cancel(f"the test ran longer than {ASYNC_DEADLINE_S:g} s (tests/ui/conftest.py)")


#: qtbot's waits that spin a nested Qt event loop.
NESTED_LOOP_WAITS = ("wait", "waitUntil", "waitSignal", "waitSignals", "waitCallback", "waitExposed", "waitActive")


def _no_nested_loop(name: str) -> Callable[..., Any]:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(
            f"qtbot.{name}() in an async test spins a nested Qt event loop under the qasync loop: an asyncio "
            "task woken inside it is never stepped again, and the test hangs at its teardown; "
            "await asyncio.sleep() or tests.fixtures.live_display.wait_for() instead (tests/ui/conftest.py)"
        )

    return refuse


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    if not is_async_test(item):
        return (yield)
    loop = asyncio.get_event_loop_policy().get_event_loop()
    if not isinstance(loop, qasync.QEventLoop):
        raise AssertionError(f"an async Qt test must run on a qasync loop, not {type(loop).__name__}")
    watchdog = loop.call_later(ASYNC_DEADLINE_S, _time_out, loop)
    with pytest.MonkeyPatch.context() as patch:
        for name in NESTED_LOOP_WAITS:
            patch.setattr(QtBot, name, _no_nested_loop(name))
        try:
            result = yield
        finally:
            watchdog.cancel()
    left = pending_tasks(loop)
    if left:
        names = ", ".join(describe_task(t) for t in left)
        cancel_and_reap(loop, left)
        raise AssertionError(f"the test left {len(left)} asyncio task(s) pending on the loop: {names}")
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    if report.when == "call":
        item.stash[_CALL_FAILED] = report.failed
    return report


@pytest.fixture(autouse=True)
def no_leaked_widgets(request: pytest.FixtureRequest, qapp) -> Iterator[None]:
    """Error at teardown when the test leaves a top-level widget alive (not on a failed test)."""
    before = top_level_widgets()
    yield
    leaked = new_top_level_widgets(before)
    if not leaked:
        return
    names = ", ".join(describe_widget(w) for w in leaked)
    dispose(leaked)
    if not request.node.stash.get(_CALL_FAILED, False):
        pytest.fail(f"the test left {len(leaked)} top-level widget(s) alive: {names}", pytrace=False)


@pytest.fixture
def served(tmp_path: pathlib.Path) -> Iterator[Served]:
    """A running ``kiosk serve`` on the demo floor (a SQLite file) that a test may kill and start
    again at the same URL, with a display and a pit token."""
    from tests.fixtures.live_display import Served  # here: the harness test copies this file alone

    server = Served(tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture
async def qasync_loop() -> qasync.QEventLoop:
    """The running qasync loop of an async Qt test."""
    loop = asyncio.get_running_loop()
    assert isinstance(loop, qasync.QEventLoop), f"not a qasync loop: {type(loop).__name__}"
    return loop
