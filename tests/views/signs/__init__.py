"""Tests of kiosk.views.signs: the sign scenes."""
