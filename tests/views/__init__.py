"""Tests of kiosk.views."""
