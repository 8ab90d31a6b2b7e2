"""Tests of kiosk.ui.widgets: the scene widget."""
