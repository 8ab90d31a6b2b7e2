"""Device settings: versioned, upgraded when read, written atomically, one-line errors."""

from __future__ import annotations

import json
from datetime import UTC, datetime, time

import pytest
from pydantic import ValidationError

from kiosk.ui.display.device_settings import (
    SCHEMA_VERSION,
    BrightnessPeriod,
    DeviceSettings,
    DeviceSettingsError,
    hash_pin,
    load_settings,
    save_settings,
    verify_pin,
)


def test_missing_file_gives_defaults(tmp_path):
    settings = load_settings(tmp_path / "none.json")
    assert settings == DeviceSettings()
    assert settings.timezone == "Australia/Brisbane"
    assert settings.schema_version == SCHEMA_VERSION


def test_round_trip_keeps_everything(tmp_path):
    path = tmp_path / "device.json"
    settings = DeviceSettings(
        servers=("http://10.0.0.5:8765", "http://10.0.0.6:8765"),
        token_file=tmp_path / "token",
        brightness=(BrightnessPeriod(start=time(22), end=time(6), percent=55),),
        staff_pin=hash_pin("4711"),
    ).with_calibration("Dell|U2419H|ABC123", 3.64, by="pit boss", at=datetime(2026, 11, 30, 1, 2, tzinfo=UTC))
    save_settings(settings, path)
    again = load_settings(path)
    assert again == settings
    assert again.calibration("Dell|U2419H|ABC123").px_per_mm == 3.64
    assert [p.name for p in tmp_path.iterdir()] == ["device.json"]  # no temporary file left


def test_version_1_is_upgraded(tmp_path):
    path = tmp_path / "device.json"
    path.write_text(json.dumps({"schema_version": 1, "server": "http://pit:8765", "calibration": {"A|B|C": 4.2}}))
    settings = load_settings(path)
    assert settings.servers == ("http://pit:8765",)
    assert settings.calibration("A|B|C").px_per_mm == 4.2
    save_settings(settings, path)
    assert json.loads(path.read_text())["schema_version"] == SCHEMA_VERSION


@pytest.mark.parametrize(
    "text, words",
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"schema_version": 99}', "newer kiosk"),
        ('{"schema_version": 2, "timezone": "Mars/Olympus"}', "unknown time zone"),
        ('{"schema_version": 2, "servers": ["ftp://x"]}', "http://"),
        ('{"schema_version": 2, "screens": {"k": {"px_per_mm": 0.01}}}', "screens.k.px_per_mm"),
        ('{"schema_version": 2, "brightness": [{"start": "22:00", "end": "06:00", "percent": 5}]}', "brightness"),
        ('{"schema_version": 2, "colour": "blue"}', "colour"),
    ],
)
def test_bad_files_give_one_line(tmp_path, text, words):
    path = tmp_path / "device.json"
    path.write_text(text)
    with pytest.raises(DeviceSettingsError) as info:
        load_settings(path)
    message = str(info.value)
    assert "\n" not in message and str(path) in message and words in message


def test_night_brightness_crosses_midnight_and_never_goes_below_legibility():
    settings = DeviceSettings(brightness=(BrightnessPeriod(start=time(22), end=time(6), percent=50),))
    brisbane = settings.zone
    at = lambda h, m=0: datetime(2026, 11, 30, h, m, tzinfo=brisbane)  # noqa: E731
    assert settings.brightness_at(at(21, 59)) == 100
    assert settings.brightness_at(at(22)) == 50
    assert settings.brightness_at(at(3)) == 50
    assert settings.brightness_at(at(6)) == 100
    # the schedule is read in the casino's zone: 12:00 UTC is 22:00 in Brisbane
    assert settings.brightness_at(datetime(2026, 11, 30, 12, tzinfo=UTC)) == 50
    with pytest.raises(ValidationError):
        BrightnessPeriod(start=time(22), end=time(6), percent=39)


def test_pin_is_stored_hashed_and_checked():
    stored = hash_pin("2468")
    assert "2468" not in stored
    assert verify_pin("2468", stored)
    assert not verify_pin("2469", stored)
    assert not verify_pin("2468", None)
    assert not verify_pin("2468", "garbage")
    with pytest.raises(ValueError):
        hash_pin("12a4")
