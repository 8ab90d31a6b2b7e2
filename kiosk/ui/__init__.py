"""PySide6 views, dealer panel, pit console and screen calibration."""
