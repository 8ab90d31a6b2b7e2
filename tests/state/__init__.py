"""Tests of kiosk.state."""
