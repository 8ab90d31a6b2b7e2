"""Tests of kiosk.demo."""
