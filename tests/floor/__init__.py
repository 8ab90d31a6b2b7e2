"""Tests of kiosk.floor."""
