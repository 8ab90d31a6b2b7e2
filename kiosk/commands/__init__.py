"""Subcommands of ``kiosk``: one module each, discovered by ``kiosk.cli``."""
