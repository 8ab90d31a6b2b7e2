"""Keep the screen from blanking while a display runs, where the platform allows it.

Tried in order, the first that works wins; :func:`inhibit_blanking` says in one line what it did:

1. the freedesktop screen saver service on the session D-Bus (``org.freedesktop.ScreenSaver.Inhibit``,
   GNOME, KDE, Xfce and most desktops), held until the process ends;
2. on X11 without such a service, ``xset s off -dpms`` (the X server's own blanking and power
   saving), when ``xset`` is installed;
3. nothing: the platform offers no way (offscreen, a bare Wayland compositor).  The deployment
   guide (docs/deploy-display.md) says how to switch blanking off in the system instead.
"""

from __future__ import annotations

import os
import shutil
import subprocess

__all__ = ["inhibit_blanking"]

_cookie: int | None = None


def _dbus_inhibit() -> str | None:
    global _cookie
    try:
        from PySide6.QtDBus import QDBusConnection, QDBusInterface
    except ImportError:
        return None
    bus = QDBusConnection.sessionBus()
    if not bus.isConnected():
        return None
    iface = QDBusInterface(
        "org.freedesktop.ScreenSaver", "/org/freedesktop/ScreenSaver", "org.freedesktop.ScreenSaver", bus
    )
    if not iface.isValid():
        return None
    reply = iface.call("Inhibit", "kiosk", "table-side display")
    args = reply.arguments()
    if not args:
        return None
    _cookie = int(args[0])
    return "screen blanking inhibited through org.freedesktop.ScreenSaver"


def _xset() -> str | None:
    if not os.environ.get("DISPLAY") or shutil.which("xset") is None:
        return None
    try:
        done = subprocess.run(["xset", "s", "off", "-dpms"], capture_output=True, timeout=5)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return "screen blanking switched off with xset" if done.returncode == 0 else None


def inhibit_blanking(platform: str) -> str:
    """Stop the screen blanking on ``platform`` (Qt's platform name); returns what was done."""
    if platform in ("offscreen", "minimal"):
        return f"screen blanking: nothing to do on the {platform} platform"
    for attempt in (_dbus_inhibit, _xset):
        done = attempt()
        if done:
            return done
    return (
        "screen blanking could not be inhibited on this platform; switch it off in the system (docs/deploy-display.md)"
    )
