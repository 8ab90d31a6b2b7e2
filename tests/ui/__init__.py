"""Tests of kiosk.ui."""
