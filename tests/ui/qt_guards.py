"""What the Qt test fixtures check: top-level widgets a test leaves alive, asyncio tasks it
leaves pending.  Plain functions, so the checks themselves are tested (``test_harness.py``)."""

from __future__ import annotations

import asyncio
import gc

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication, QWidget


def application() -> QApplication:
    """The process's QApplication (created on first use; the platform is offscreen in tests)."""
    app = QApplication.instance()
    return app if isinstance(app, QApplication) else QApplication([])


def flush_deletes() -> None:
    """Run pending ``deleteLater`` calls and collect Python cycles that hold widgets."""
    gc.collect()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def top_level_widgets() -> list[QWidget]:
    """The top-level widgets alive now (shown or not)."""
    return list(QApplication.topLevelWidgets())


def new_top_level_widgets(before: list[QWidget]) -> list[QWidget]:
    """Top-level widgets alive now that were not in ``before`` (after pending deletes ran)."""
    flush_deletes()
    return [w for w in QApplication.topLevelWidgets() if not any(w is b for b in before)]


def describe_widget(widget: QWidget) -> str:
    name = widget.objectName()
    title = widget.windowTitle()
    return f"{type(widget).__name__}" + (f" {name!r}" if name else "") + (f" titled {title!r}" if title else "")


def dispose(widgets: list[QWidget]) -> None:
    """Close and delete widgets a test leaked, so the next test starts clean."""
    for widget in widgets:
        widget.close()
        widget.deleteLater()
    flush_deletes()


def pending_tasks(loop: asyncio.AbstractEventLoop) -> list[asyncio.Task]:
    """The tasks on ``loop`` that have not finished."""
    return [t for t in asyncio.all_tasks(loop) if not t.done()]


def describe_task(task: asyncio.Task) -> str:
    return f"{task.get_name()} ({task.get_coro()!r})"


def cancel_and_reap(loop: asyncio.AbstractEventLoop, tasks: list[asyncio.Task]) -> None:
    """Cancel tasks and let them finish on ``loop`` (which must not be running)."""
    for task in tasks:
        task.cancel()
    loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
