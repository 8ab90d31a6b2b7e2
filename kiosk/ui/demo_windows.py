"""The demo's windows on a desktop, and ``kiosk display --windowed``'s.

* :class:`Showcase`: the demo's one window.  It fills the screen's available area and shows the
  demo's displays one at a time, each at the full size of the window (composed for it, and
  recomposed when the window is resized), in turn or stepped by hand; its bar opens the pit
  console and the dealer panel on demand, each placed by :func:`place_inside` at a size it
  supports and wholly inside the screen.  Its decisions (the cycle, the captions, where a window
  goes) are :mod:`kiosk.views.showcase`'s, without Qt.
* :func:`tiled`: a placement for :class:`~kiosk.ui.display.app.DisplayProcess` tiling the display
  windows of one screen over it (``kiosk display --windowed``): signs (which need the room to be
  shown at true size) in full-height columns on the right, the other views in a two-row grid.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QResizeEvent, QScreen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from kiosk.ui.display.app import DisplayProcess, Place, Screen, ordered_screens
from kiosk.ui.display.window import KioskWindow
from kiosk.ui.widgets.touch import TouchButton, px_per_mm, text_px
from kiosk.views.screen_state import SIGN_VIEWS
from kiosk.views.showcase import CYCLE_SECONDS, Box, caption, fit_window, keep_inside, step

__all__ = ["Showcase", "available_box", "place_inside", "tiled"]

_BAR_TEXT_MM = 3.5  # the bar's labels and buttons, read at arm's length
_BAR_STYLE = (
    "Showcase { background: #1c2433; }"
    " QPushButton { color: white; background: #34425c; border: 2px solid #8aa0c0; border-radius: 6px;"
    " padding: 2px 14px; }"
    " QPushButton:pressed { background: #50648a; }"
    " QPushButton:checked { background: #f0d890; color: #1c2433; }"
)


def available_box(screen: QScreen | None = None) -> Box:
    """The available area (less task bars and docks) of ``screen``, default the first screen."""
    geo = (screen or ordered_screens()[0]).availableGeometry()
    return Box(geo.x(), geo.y(), geo.width(), geo.height())


def place_inside(window: QWidget, size: tuple[int, int] = (0, 0), area: Box | None = None) -> None:
    """Show ``window`` at ``size`` or the size it asks for, whichever is larger (at least its
    minimum when the area holds it), centred and wholly inside ``area`` (default: the first
    screen's available area); and keep it there when it grows (its content arrived) or the
    window manager frames it."""
    area = area or available_box()
    hint, least = window.sizeHint(), window.minimumSizeHint()
    preferred = (max(hint.width(), window.minimumWidth(), size[0]), max(hint.height(), window.minimumHeight(), size[1]))
    minimum = (max(least.width(), window.minimumWidth()), max(least.height(), window.minimumHeight()))
    box = fit_window(area, minimum, preferred)
    window.setGeometry(box.x, box.y, box.w, box.h)
    keeper = window.findChild(_KeepInside)
    if keeper is None:
        window.installEventFilter(_KeepInside(window, area))
    else:
        keeper.area = area
    window.show()
    window.raise_()
    window.activateWindow()


class _KeepInside(QObject):
    """Moves (or shrinks) its window back inside ``area`` whenever it is resized or moved out."""

    def __init__(self, window: QWidget, area: Box) -> None:
        super().__init__(window)
        self.window, self.area = window, area
        self._busy = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() in (QEvent.Type.Resize, QEvent.Type.Move, QEvent.Type.Show):
            QTimer.singleShot(0, self.fit)  # after the geometry settled
        return False

    def fit(self) -> None:
        if self._busy or not self.window.isVisible():
            return
        frame, inner = self.window.frameGeometry(), self.window.geometry()
        margins = Box(
            inner.x() - frame.x(), inner.y() - frame.y(), frame.right() - inner.right(), frame.bottom() - inner.bottom()
        )
        now = Box(inner.x(), inner.y(), inner.width(), inner.height())
        fitted = keep_inside(self.area, now, margins)
        if fitted != now:
            self._busy = True
            try:
                self.window.setGeometry(fitted.x, fitted.y, fitted.w, fitted.h)
            finally:
                self._busy = False


class _OneLine(QLabel):
    """A label of one line that never grows its bar: text too long for it ends in an ellipsis,
    and the whole text is its tooltip."""

    def __init__(self) -> None:
        super().__init__("")
        self.full = ""

    def setText(self, text: str) -> None:
        self.full = text
        self.setToolTip(text)
        self._elide()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        shown = self.fontMetrics().elidedText(self.full, Qt.TextElideMode.ElideRight, max(1, self.width()))
        super().setText(shown)


class _Stage(QWidget):
    """The showcase's picture area: every display's window on it at its full size, one visible."""

    resized = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.pages: list[QWidget] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setStyleSheet("background: black;")

    def add(self, page: QWidget) -> None:
        page.setParent(self, Qt.WindowType.Widget)
        page.setGeometry(self.rect())
        page.hide()
        self.pages.append(page)

    def lay_out(self) -> None:
        for page in self.pages:
            page.setGeometry(self.rect())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.lay_out()
        self.resized.emit()


class Showcase(QWidget):
    """The demo's window: the displays in turn at full size, and a bar (see the module doc).

    ``place`` is the :data:`~kiosk.ui.display.app.Place` to give the display process; ``follow``
    lets it recompose the views when the window changes size.  Closing it ends the demo.

    The showcase stands for the demo floor's screens, one per display: the display process goes on
    composing every display and reporting each picture to the server as that display's, the one on
    view and the ones waiting their turn alike (the demo's tiled windows did the same)."""

    console_requested = Signal()
    dealer_requested = Signal()
    closed = Signal()

    def __init__(self, dealer_table: str | None, *, cycle_seconds: float = CYCLE_SECONDS) -> None:
        super().__init__(None)
        self.setWindowTitle("kiosk demo: the demo floor's displays")
        k = px_per_mm()
        self.stage = _Stage(self)
        self.screens: list[Screen] = []
        self.index = 0
        self.caption = _OneLine()
        self.note = _OneLine()  # the croupier's last refusal by a rule
        for label in (self.caption, self.note):
            font = label.font()
            font.setPixelSize(text_px(_BAR_TEXT_MM, k))
            label.setFont(font)
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.caption.setStyleSheet("color: white; font-weight: bold;")
        self.note.setStyleSheet("color: #f0d890;")
        self.previous = TouchButton("Previous", k=k, text_mm=_BAR_TEXT_MM)
        self.next = TouchButton("Next", k=k, text_mm=_BAR_TEXT_MM)
        self.hold = TouchButton("Hold", k=k, text_mm=_BAR_TEXT_MM, checkable=True)
        self.console = TouchButton("Pit console", k=k, text_mm=_BAR_TEXT_MM)
        self.dealer = TouchButton(
            f"Dealer panel: {dealer_table}" if dealer_table else "Dealer panel", k=k, text_mm=_BAR_TEXT_MM
        )
        self.dealer.setVisible(dealer_table is not None)
        for button in (self.previous, self.next, self.hold, self.console, self.dealer):
            button.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
            button.setMinimumWidth(max(button.minimumWidth(), button.sizeHint().width()))
        self.previous.clicked.connect(lambda: self.show_index(step(self.index, len(self.screens), -1)))
        self.next.clicked.connect(lambda: self.show_index(step(self.index, len(self.screens), 1)))
        self.hold.toggled.connect(self._hold)
        self.console.clicked.connect(self.console_requested.emit)
        self.dealer.clicked.connect(self.dealer_requested.emit)
        words = QVBoxLayout()
        words.setSpacing(0)
        words.addWidget(self.caption)
        words.addWidget(self.note)
        bar = QHBoxLayout()
        bar.addWidget(self.previous)
        bar.addWidget(self.next)
        bar.addWidget(self.hold)
        bar.addLayout(words, 1)
        bar.addWidget(self.console)
        bar.addWidget(self.dealer)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(0)
        box.addWidget(self.stage, 1)
        self.bar = QWidget()
        self.bar.setStyleSheet("background: #1c2433;")
        self.bar.setLayout(bar)
        box.addWidget(self.bar)
        self.setStyleSheet(_BAR_STYLE)
        self.timer = QTimer(self)
        self.timer.setInterval(round(cycle_seconds * 1000))
        self.timer.timeout.connect(lambda: self.show_index(step(self.index, len(self.screens), 1)))
        self.process: DisplayProcess | None = None
        self.stage.resized.connect(self._resized)

    # -- the display process's placement -------------------------------------------------------

    def place(self, qscreen: QScreen, screens: list[Screen]) -> list[Screen]:
        """The :data:`~kiosk.ui.display.app.Place`: every display's window becomes a page of the
        stage, the showcase fills the first screen's available area, the first page is shown."""
        for screen in screens:
            screen.window.setCursor(Qt.CursorShape.ArrowCursor)  # a demo on a desktop keeps its pointer
            screen.window.view.setCursor(Qt.CursorShape.ArrowCursor)
            self.stage.add(screen.window)
            self.screens.append(screen)
        area = available_box()
        self.setGeometry(area.x, area.y, area.w, area.h)
        self.show()
        layout = self.layout()
        if layout is not None:
            layout.activate()
        self.stage.lay_out()
        self.showMaximized()  # under a window manager: the whole area, its frame included
        self.show_index(self.index)
        self.timer.start()
        return screens

    def follow(self, process: DisplayProcess) -> None:
        """Recompose ``process``'s views whenever the stage changes size (they are composed for
        the window's physical area)."""
        self.process = process

    def show_index(self, index: int) -> None:
        """Show the display ``index`` (of :attr:`screens`) and start its turn afresh."""
        if not self.screens:
            return
        self.index = index
        for n, screen in enumerate(self.screens):
            screen.window.setVisible(n == index)
        spec = self.screens[index].spec
        self.caption.setText(caption(spec.name, spec.view, index, len(self.screens)))
        if self.timer.isActive():
            self.timer.start()  # a full turn from now

    def staff_area(self) -> Box:
        """Where the pit console and the dealer panel may stand: the screen's available area above
        the showcase's bar, so its buttons stay in reach (a kiosk X session has no window manager
        to close or move a window with)."""
        area = available_box(self.screen())
        top = self.bar.mapToGlobal(self.bar.rect().topLeft()).y()
        if not self.isVisible() or not area.y < top <= area.bottom:
            return area
        return Box(area.x, area.y, area.w, top - area.y)

    def say(self, text: str) -> None:
        """Show one line under the caption (the croupier's last refusal by a rule)."""
        self.note.setText(text)

    def _hold(self, held: bool) -> None:
        if held:
            self.timer.stop()
        else:
            self.timer.start()

    def _resized(self) -> None:
        if self.process is not None:
            for screen in self.process.screens:
                self.process.model.set_area(screen.spec.subject, screen.area())

    def closeEvent(self, event: QCloseEvent) -> None:
        self.timer.stop()
        self.closed.emit()
        super().closeEvent(event)


def tiled() -> Place:
    """A placement tiling the display windows over each screen (``kiosk display --windowed``),
    sign windows first (they get the full-height columns)."""

    def place(qscreen: QScreen, screens: list[Screen]) -> list[Screen]:
        ordered = sorted(screens, key=lambda s: s.spec.view not in SIGN_VIEWS)
        signs = sum(1 for s in ordered if s.spec.view in SIGN_VIEWS)
        for n, screen in enumerate(ordered):
            _tile(screen.window, qscreen, n, len(ordered), signs)
        return ordered

    return place


def _tile(window: KioskWindow, screen: QScreen, n: int, count: int, signs: int = 0) -> None:
    """Place window ``n`` of ``count`` over ``screen``: the first ``signs`` windows (signs at true
    size need the room) each take a full-height column on the right, the others a two-row grid
    on the left."""
    geo = screen.availableGeometry()
    others = count - signs
    grid_cols = math.ceil(others / 2) if others > 1 else others
    cols = grid_cols + signs
    w = geo.width() // max(1, cols)
    if n < signs:
        x, y, h = geo.x() + (grid_cols + n) * w, geo.y(), geo.height()
    else:
        i = n - signs
        rows = 2 if others > 1 else 1
        h = geo.height() // rows
        x, y = geo.x() + (i // rows) * w, geo.y() + (i % rows) * h
    window.setCursor(Qt.CursorShape.ArrowCursor)  # a demo on a desktop keeps its pointer
    window.view.setCursor(Qt.CursorShape.ArrowCursor)
    window.setGeometry(x, y, w, h)
    window.show()
