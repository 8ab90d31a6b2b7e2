"""Tests of kiosk.rules."""
