"""The embedded demo (``kiosk demo``): a croupier playing the demo floor through the real API."""
