"""Tests of kiosk.ui.staff: the pit console and the dealer panel against a real server."""
