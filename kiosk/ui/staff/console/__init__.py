"""The pit console (``kiosk console``): staff configure signs and limits, schedule changes,
run jackpot links, read the audit trail and export signs."""

from kiosk.ui.staff.console.window import ConsoleWindow

__all__ = ["ConsoleWindow"]
