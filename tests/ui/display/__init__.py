"""Tests of kiosk.ui.display: the display process, its windows, calibration and settings."""
