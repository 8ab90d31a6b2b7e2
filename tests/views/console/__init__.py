"""Tests of kiosk.views.console: the pit console's logic below Qt."""
