"""PySide6 windows, one folder per process: ``display`` (the table-side screens, their
calibration and settings), ``staff`` (the dealer panel and the pit console), ``widgets`` (what
both paint with), and ``demo_windows`` (the demo's windows side by side on a desktop)."""
