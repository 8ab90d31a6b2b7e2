"""Tests of kiosk.cli."""
