"""Tests of kiosk.scene."""
