"""The embedded demo (``kiosk demo``): the backend in-process, a croupier, live windows.

* :mod:`kiosk.demo.run`: the running demo (the backend on SQLite, the croupier, the display
  windows with the pit console and a dealer panel beside them, or headless snapshots), and the
  demo floor's check and ``--no-serve`` renders;
* :mod:`kiosk.demo.croupier`: a croupier playing the demo floor's tables through the real API.

Qt-free itself: the demo opens windows only through :mod:`kiosk.ui`.  This face holds only what
the demo shows by default, so the ``kiosk`` command reads it without loading the demo.
"""

from __future__ import annotations

__all__ = ["DEALER_TABLE", "DEMO_DISPLAYS", "DISPLAY_SHARE"]

# the tri-chro result view shows the drawn balls beside the lit layout
DEMO_DISPLAYS = ("D-TC54-01-result", "D-TU-01-lights", "D-CSP-PROG-meter", "D-RO-01-layout", "D-BJ-01-limits")
"""The displays the demo opens unless told which."""

DISPLAY_SHARE = 0.6
"""The share of the screen's width, from the left, the display windows tile; the pit console and
the dealer panel stand one above the other in the rest, so no window covers another."""

DEALER_TABLE = "TU-01"
"""The table whose dealer panel the demo opens (the croupier leaves it to you)."""
