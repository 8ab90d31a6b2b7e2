"""PNG pictures of displays from the floor's state, without a screen (the headless demo's output,
``kiosk snapshot``, ``kiosk demo --no-serve``).

Each display is composed for a stated physical screen (default a 24-inch 1920x1080 monitor,
527x296 mm) by :func:`kiosk.views.screen.compose_view`, the same entry point the windows use,
and painted with the Qt painter at that screen's scale (:func:`render_view`: one view, as an
image).  :func:`write_snapshots` writes its files atomically (``<display id>.png``), so a viewer
never opens half a picture.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from kiosk.render.qt import render_png
from kiosk.state.shapes import LinkState, TableState
from kiosk.ui.display.spec import DisplaySpec
from kiosk.views.base import Area, CasinoSettings, ViewState
from kiosk.views.screen import Subject, compose_view

if TYPE_CHECKING:
    from PySide6.QtGui import QImage

__all__ = ["render_view", "write_snapshots"]


def write_snapshots(
    specs: Sequence[DisplaySpec],
    tables: Mapping[str, TableState],
    links: Mapping[str, LinkState],
    casino: CasinoSettings,
    folder: Path,
    *,
    size: tuple[int, int] = (1920, 1080),
    screen_mm: tuple[float, float] = (527.0, 296.0),
) -> list[Path]:
    """Write one PNG per display into ``folder``; returns the files written (a display whose view
    cannot be composed now is skipped)."""
    now = datetime.now(UTC)
    k = min(size[0] / screen_mm[0], size[1] / screen_mm[1])
    written = []
    for spec in specs:
        try:
            state = compose_view(spec.subject, tables, links, casino, now, area=Area(*screen_mm), heard_at=now)
        except (LookupError, ValueError):
            continue
        image = render_png(state.scene, size[0], size[1], px_per_mm=k)
        path = folder / f"{spec.id}.png"
        tmp = folder / f".{spec.id}.{os.getpid()}.png"
        if image.save(str(tmp), "PNG"):  # type: ignore[call-overload]  # stubs say bytes; PySide6 takes str only
            os.replace(tmp, path)
            written.append(path)
    return written


def render_view(
    subject: Subject,
    tables: Mapping[str, TableState],
    links: Mapping[str, LinkState],
    settings: CasinoSettings,
    now: datetime,
    size: tuple[int, int],
    screen_mm: tuple[float, float],
    lit: Iterable[str] = (),
) -> tuple[ViewState, QImage]:
    """The view composed for a ``screen_mm`` screen, painted on a ``size`` pixel image (QImage)."""
    state = compose_view(subject, tables, links, settings, now, area=Area(*screen_mm), lit=lit)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # headless unless told otherwise
    return state, render_png(
        state.scene, size[0], size[1], px_per_mm=min(size[0] / screen_mm[0], size[1] / screen_mm[1])
    )
