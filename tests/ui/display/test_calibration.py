"""Screen scale: staff calibration first, the reported size only when plausible, else none."""

from __future__ import annotations

import pytest

from kiosk.ui.display.calibration import plausible_size, resolve_scale, scale_from_ruler, screen_key
from kiosk.ui.display.device_settings import DeviceSettings


@pytest.mark.parametrize("mm", [(0, 0), (1, 1), (160, 90), (160, 100), (90, 160), (16, 9)])
def test_placeholder_sizes_are_not_believed(mm):
    ok, reason = plausible_size(1920, 1080, *mm)
    assert not ok and "placeholder" in reason


@pytest.mark.parametrize(
    "px, mm, ok",
    [
        ((1920, 1080), (527, 296), True),  # 24-inch
        ((3840, 2160), (1210, 680), True),  # 55-inch TV
        ((1280, 800), (217, 136), True),  # 10-inch tablet panel
        ((1920, 1080), (527, 400), False),  # not square pixels
        ((1920, 1080), (30, 17), False),  # too small to be a screen
        ((1920, 1080), (9000, 5000), False),  # too large
    ],
)
def test_reported_sizes(px, mm, ok):
    assert plausible_size(*px, *mm)[0] is ok


def test_calibration_wins_over_a_plausible_report_and_is_keyed_per_screen():
    key = screen_key("Dell", "U2419H", "CN0ABC")
    settings = DeviceSettings().with_calibration(key, 3.7)
    scale = resolve_scale(settings, key, 1920, 1080, 527, 296)
    assert (scale.px_per_mm, scale.source) == (3.7, "calibrated")
    other = resolve_scale(settings, screen_key("Dell", "U2419H", "CN0XYZ"), 1920, 1080, 527, 296)
    assert other.source == "reported" and other.px_per_mm == pytest.approx((1920 / 527 + 1080 / 296) / 2)
    lying = resolve_scale(settings, screen_key("Acme", "TV", ""), 1920, 1080, 160, 90)
    assert lying.source == "uncalibrated" and lying.px_per_mm is None and "160x90" in lying.reason


def test_screens_without_serial_are_told_apart_by_port():
    assert screen_key("", "", "", "HDMI-1") != screen_key("", "", "", "HDMI-2")
    assert screen_key("Dell", "P", "S1", "HDMI-1") == screen_key("Dell", "P", "S1", "DP-3")


def test_ruler_gives_the_scale():
    assert scale_from_ruler(372.0) == pytest.approx(3.72)
    with pytest.raises(ValueError):
        scale_from_ruler(50.0)  # 0.5 px/mm: no screen is that coarse
    with pytest.raises(ValueError):
        scale_from_ruler(0.0)
