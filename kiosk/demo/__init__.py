"""The embedded demo (``kiosk demo``): the backend in-process, a croupier, live windows.

* :mod:`kiosk.demo.run`: the running demo (the backend on SQLite, the croupier, the display
  showcase window with the pit console and a dealer panel on demand, or headless snapshots), and the
  demo floor's check and ``--no-serve`` renders;
* :mod:`kiosk.demo.croupier`: a croupier playing the demo floor's tables through the real API.

Qt-free itself: the demo opens windows only through :mod:`kiosk.ui`.  This face holds only what
the demo shows by default, so the ``kiosk`` command reads it without loading the demo.
"""

from __future__ import annotations

__all__ = ["DEALER_TABLE", "DEMO_DISPLAYS"]

# the tri-chro result view shows the drawn balls beside the lit layout
DEMO_DISPLAYS = ("D-TC54-01-result", "D-TU-01-lights", "D-CSP-PROG-meter", "D-RO-01-layout", "D-BJ-01-limits")
"""The displays the demo opens unless told which."""

DEALER_TABLE = "TU-01"
"""The table whose dealer panel the demo opens on demand (the croupier leaves it to you)."""
