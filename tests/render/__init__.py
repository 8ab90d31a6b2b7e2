"""Tests of kiosk.render."""
