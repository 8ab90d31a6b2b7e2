"""How many pixels make a millimetre on a screen, and whether a sign can be shown at legal size.

Qt-free.  Monitors lie about their size: a screen may report 0x0, 1x1 or 160x90 mm (an EDID that
stores the aspect ratio where the size belongs).  The scale of a screen comes, in order, from

1. the calibration staff set against a ruler (``DeviceSettings.screens``, keyed by
   :func:`screen_key`: manufacturer, model and serial number of the screen);
2. the size the screen reports, only when :func:`plausible_size` accepts it;
3. nothing: the screen is *uncalibrated*, and a sign that must be 8 mm tall cannot be shown
   (docs/readings.md P-1, 001 s459(2), 003 s23(2)); the display says so instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kiosk.ui.display.device_settings import MAX_PX_PER_MM, MIN_PX_PER_MM, DeviceSettings

__all__ = ["ScreenScale", "plausible_size", "screen_key", "resolve_scale", "scale_from_ruler"]

# Sizes EDIDs are known to report instead of the real one: aspect ratios written in cm, and
# the "unknown" placeholders.
_PLACEHOLDER_MM = {(0, 0), (1, 1), (160, 90), (160, 100), (160, 120), (150, 100), (16, 9), (16, 10), (4, 3)}
_MIN_SIDE_MM = 60.0  # smaller than a 3.5-inch panel: not a table-side screen
_MAX_SIDE_MM = 4000.0
_SQUARE_PIXELS = 0.06  # across and down scales must agree within 6 %


@dataclass(frozen=True)
class ScreenScale:
    """The scale of one screen: device ``px_per_mm`` and where it came from."""

    px_per_mm: float | None
    source: Literal["calibrated", "reported", "uncalibrated"]
    reason: str = ""

    @property
    def known(self) -> bool:
        return self.px_per_mm is not None


def screen_key(manufacturer: str, model: str, serial: str, name: str = "") -> str:
    """The key a screen's calibration is stored under: ``manufacturer|model|serial``.

    Screens without a serial number fall back to the connector name (``HDMI-1``) so two unnamed
    screens on one computer do not share a calibration.
    """
    parts = [manufacturer.strip() or "?", model.strip() or "?", serial.strip() or f"port:{name.strip() or '?'}"]
    return "|".join(parts)


def plausible_size(width_px: int, height_px: int, width_mm: float, height_mm: float) -> tuple[bool, str]:
    """Whether a reported physical size can be believed for a ``width_px`` x ``height_px`` mode.

    Returns ``(ok, reason)``; the reason says why not.
    """
    if width_px <= 0 or height_px <= 0:
        return False, "the screen reports no pixels"
    rounded = (round(width_mm), round(height_mm))
    if rounded in _PLACEHOLDER_MM or (round(height_mm), round(width_mm)) in _PLACEHOLDER_MM:
        return False, f"the screen reports {width_mm:g}x{height_mm:g} mm, a placeholder, not its size"
    if min(width_mm, height_mm) < _MIN_SIDE_MM or max(width_mm, height_mm) > _MAX_SIDE_MM:
        return False, f"the screen reports {width_mm:g}x{height_mm:g} mm, not a plausible screen size"
    kx, ky = width_px / width_mm, height_px / height_mm
    if abs(kx - ky) / max(kx, ky) > _SQUARE_PIXELS:
        return False, (
            f"the reported {width_mm:g}x{height_mm:g} mm gives {kx:.2f} px/mm across but {ky:.2f} down "
            "(pixels are square): not its size"
        )
    k = (kx + ky) / 2
    if not MIN_PX_PER_MM < k < MAX_PX_PER_MM:
        return False, f"the reported size gives {k:.2f} px/mm, outside {MIN_PX_PER_MM:g}-{MAX_PX_PER_MM:g}"
    return True, ""


def resolve_scale(
    settings: DeviceSettings, key: str, width_px: int, height_px: int, width_mm: float, height_mm: float
) -> ScreenScale:
    """The scale of a screen of ``width_px`` x ``height_px`` device pixels (see the module doc)."""
    stored = settings.calibration(key)
    if stored is not None:
        return ScreenScale(stored.px_per_mm, "calibrated")
    ok, reason = plausible_size(width_px, height_px, width_mm, height_mm)
    if ok:
        return ScreenScale((width_px / width_mm + height_px / height_mm) / 2, "reported")
    return ScreenScale(None, "uncalibrated", reason)


def scale_from_ruler(ruler_px: float, ruler_mm: float = 100.0) -> float:
    """Device px per mm once staff have stretched an on-screen ruler to match ``ruler_mm`` of a real one."""
    if ruler_px <= 0 or ruler_mm <= 0:
        raise ValueError("the ruler must be longer than zero")
    k = ruler_px / ruler_mm
    if not MIN_PX_PER_MM < k < MAX_PX_PER_MM:
        raise ValueError(f"{k:.2f} px/mm is not a plausible screen ({MIN_PX_PER_MM:g} to {MAX_PX_PER_MM:g})")
    return k
