"""The dealer panel: a table-side touch screen that runs the game (``kiosk dealer``)."""

from kiosk.ui.staff.dealer.panel import SECTIONS, DealerPanel

__all__ = ["DealerPanel", "SECTIONS"]
