"""Tests of kiosk.views.screens: the display views."""
