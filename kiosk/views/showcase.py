"""The demo's showcase, decided without Qt: where its windows go and which view it shows.

The demo (``kiosk demo``) opens one showcase window filling the screen's available area, which
shows the demo's displays one at a time at full size, in turn (:data:`CYCLE_SECONDS` each, or
stepped by hand), with the pit console and the dealer panel opened on demand.  Each of those is
placed by :func:`fit_window`: at the size it asks for (never under its minimum when the screen
holds that), never larger than the screen's available area, and wholly inside it.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CONSOLE_SIZE", "CYCLE_SECONDS", "DEALER_SIZE", "Box", "caption", "fit_window", "keep_inside", "step"]

CYCLE_SECONDS = 12.0
"""How long the showcase shows each display before the next (a player reads a sign; the
croupier plays a round)."""


CONSOLE_SIZE = (1280, 860)
"""The size the showcase opens the pit console at, when the screen holds it: the floor's sixteen
tables and their columns in view without scrolling sideways."""

DEALER_SIZE = (1280, 800)
"""The size the showcase opens the dealer panel at, when the screen holds it: the 10-inch
1280x800 touch panel a dealer's panel is made for (its buttons at least 9 mm)."""


@dataclass(frozen=True)
class Box:
    """A rectangle in screen pixels: left, top, width, height."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        """The first column right of the box."""
        return self.x + self.w

    @property
    def bottom(self) -> int:
        """The first row below the box."""
        return self.y + self.h

    def contains(self, other: Box) -> bool:
        """Whether ``other`` lies wholly inside this box."""
        return self.x <= other.x and self.y <= other.y and other.right <= self.right and other.bottom <= self.bottom


def fit_window(available: Box, minimum: tuple[int, int], preferred: tuple[int, int], frame: Box | None = None) -> Box:
    """Where a window goes on a screen whose available area is ``available``: its ``preferred``
    size, at least its ``minimum`` and at most the area less the window manager's ``frame``
    (margins left, top, right, bottom as ``Box(left, top, right, bottom)``), centred, so the window
    with its frame lies wholly inside the area.  Returns the client area."""
    left, top, right, bottom = (frame.x, frame.y, frame.w, frame.h) if frame else (0, 0, 0, 0)
    room_w = max(1, available.w - left - right)
    room_h = max(1, available.h - top - bottom)
    w = min(room_w, max(minimum[0], preferred[0], 1))
    h = min(room_h, max(minimum[1], preferred[1], 1))
    x = available.x + left + (room_w - w) // 2
    y = available.y + top + (room_h - h) // 2
    return Box(x, y, w, h)


def keep_inside(available: Box, window: Box, frame: Box | None = None) -> Box:
    """``window`` (its client area) moved the least that puts it, with its ``frame`` (margins as in
    :func:`fit_window`), wholly inside ``available``, and made no larger than the area holds (a
    window that grew, e.g. when its content arrived)."""
    left, top, right, bottom = (frame.x, frame.y, frame.w, frame.h) if frame else (0, 0, 0, 0)
    w = min(window.w, max(1, available.w - left - right))
    h = min(window.h, max(1, available.h - top - bottom))
    x = min(max(window.x, available.x + left), available.right - right - w)
    y = min(max(window.y, available.y + top), available.bottom - bottom - h)
    return Box(x, y, w, h)


def step(index: int, count: int, by: int = 1) -> int:
    """The display shown after stepping ``by`` from ``index`` of ``count`` (round and round)."""
    if count <= 0:
        raise ValueError("the showcase shows at least one display")
    return (index + by) % count


def caption(name: str, view: str, index: int, count: int) -> str:
    """What the showcase's bar says about the display it shows (staff-facing, not the player's)."""
    what = {
        "layout": "the table's layout",
        "limits": "the limits sign",
        "signs": "the table's signs",
        "jackpot": "the jackpot meter",
        "trichro": "the drawing's result",
        "twoup_lights": "the two-up result lights",
    }.get(view, f"the {view.replace('_', ' ')} view")
    return f"{name}: {what} ({index + 1} of {count})"
