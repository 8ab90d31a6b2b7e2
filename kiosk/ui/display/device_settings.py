"""The settings of one display computer: servers, token file, screen calibration, night brightness.

Qt-free (a pydantic model), stored as JSON under the user config dir
(``platformdirs.user_config_dir("kiosk")/device.json``; ``KIOSK_DEVICE_SETTINGS`` names another
file).  The file carries ``schema_version``; older versions are upgraded step by step by
:data:`UPGRADES` when read, and written back in the current version the next time it is saved.

Version history:

1. ``{"schema_version": 1, "server": URL, "calibration": {screen key: px_per_mm}}`` - one server
   and bare numbers.
2. ``servers`` (several URLs, tried in order for failover), ``token_file``, ``timezone``,
   ``screens`` (a :class:`ScreenCalibration` per screen key, with who set it and when),
   ``brightness`` (:class:`BrightnessPeriod` list) and ``staff_pin`` (a salted PBKDF2 hash of the
   staff exit PIN; never the PIN itself).

Writing is atomic (a temporary file renamed over the old one), so a crash never leaves half a
file; a file that cannot be read or validated raises :class:`DeviceSettingsError` with one line.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Callable
from datetime import UTC, datetime, time
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

__all__ = [
    "SCHEMA_VERSION",
    "UPGRADES",
    "BrightnessPeriod",
    "DeviceSettings",
    "DeviceSettingsError",
    "ScreenCalibration",
    "default_settings_path",
    "hash_pin",
    "load_settings",
    "save_settings",
    "verify_pin",
]

SCHEMA_VERSION = 2
MIN_PX_PER_MM = 1.0  # a 4K screen 3.8 m wide; anything coarser is not a screen we can size text on
MAX_PX_PER_MM = 40.0  # a phone's pixel pitch
# Never dim below this share of full brightness: letters must stay legible at night.
MIN_BRIGHTNESS_PERCENT = 40
_PBKDF2_ROUNDS = 120_000


class DeviceSettingsError(ValueError):
    """The device settings file is unreadable or invalid (one line, naming the file)."""


class ScreenCalibration(BaseModel):
    """Device pixels per millimetre of one screen, as measured against a ruler by staff."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    px_per_mm: float = Field(gt=MIN_PX_PER_MM, lt=MAX_PX_PER_MM)
    set_at: datetime | None = None  # UTC
    set_by: str = ""


class BrightnessPeriod(BaseModel):
    """From ``start`` to ``end`` (local time, may cross midnight) the screen shows ``percent``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    start: time
    end: time
    percent: int = Field(ge=MIN_BRIGHTNESS_PERCENT, le=100)

    def covers(self, local: time) -> bool:
        """True when the local time-of-day ``local`` falls in this period (start inclusive)."""
        if self.start <= self.end:
            return self.start <= local < self.end
        return local >= self.start or local < self.end


class DeviceSettings(BaseModel):
    """Everything a display computer keeps between runs (schema version :data:`SCHEMA_VERSION`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = SCHEMA_VERSION
    servers: tuple[str, ...] = ()
    token_file: Path | None = None
    timezone: str = "Australia/Brisbane"
    screens: dict[str, ScreenCalibration] = Field(default_factory=dict)
    brightness: tuple[BrightnessPeriod, ...] = ()
    staff_pin: str | None = None  # "pbkdf2_sha256$rounds$salt_hex$hash_hex"

    @field_validator("servers")
    @classmethod
    def _urls(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for url in value:
            if not url.startswith(("http://", "https://")):
                raise ValueError(f"server URL must start with http:// or https://, got {url!r}")
        return value

    @field_validator("timezone")
    @classmethod
    def _zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"unknown time zone {value!r} (use an IANA name such as Australia/Brisbane)") from None
        return value

    @model_validator(mode="after")
    def _version(self) -> DeviceSettings:
        if self.schema_version != SCHEMA_VERSION:
            raise ValueError(f"schema_version must be {SCHEMA_VERSION} after upgrading, got {self.schema_version}")
        return self

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def calibration(self, screen_key: str) -> ScreenCalibration | None:
        """The stored calibration of the screen with this key (see ``kiosk.ui.display.calibration.screen_key``)."""
        return self.screens.get(screen_key)

    def with_calibration(
        self, screen_key: str, px_per_mm: float, by: str = "", at: datetime | None = None
    ) -> DeviceSettings:
        """A copy with this screen's calibration set."""
        screens = dict(self.screens)
        screens[screen_key] = ScreenCalibration(px_per_mm=px_per_mm, set_by=by, set_at=at or datetime.now(UTC))
        return self.model_copy(update={"screens": screens})

    def brightness_at(self, when: datetime) -> int:
        """The brightness (percent) the schedule asks for at ``when`` (aware; shown in :attr:`timezone`)."""
        local = when.astimezone(self.zone).time()
        for period in self.brightness:
            if period.covers(local):
                return period.percent
        return 100


def _upgrade_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in data.items() if k not in ("server", "calibration")}
    server = data.get("server")
    out["servers"] = [server] if server else []
    out["screens"] = {key: {"px_per_mm": value} for key, value in (data.get("calibration") or {}).items()}
    out["schema_version"] = 2
    return out


# from-version -> function returning the data in the next version (Picard's config_upgrade pattern)
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _upgrade_1_to_2}


def default_settings_path() -> Path:
    """``$KIOSK_DEVICE_SETTINGS`` or ``<user config dir>/kiosk/device.json``."""
    env = os.environ.get("KIOSK_DEVICE_SETTINGS")
    if env:
        return Path(env)
    from platformdirs import user_config_dir

    return Path(user_config_dir("kiosk")) / "device.json"


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """Bring parsed settings data up to :data:`SCHEMA_VERSION` (raises ValueError if it cannot)."""
    version = data.get("schema_version", 1)
    if isinstance(version, bool) or not isinstance(version, int):
        raise ValueError(f"schema_version must be a whole number, got {version!r}")
    if version > SCHEMA_VERSION:
        raise ValueError(f"written by a newer kiosk (schema_version {version}; this one reads up to {SCHEMA_VERSION})")
    while version < SCHEMA_VERSION:
        step = UPGRADES.get(version)
        if step is None:
            raise ValueError(f"schema_version {version} cannot be upgraded")
        data = step(data)
        version = data["schema_version"]
    return data


def load_settings(path: Path | None = None) -> DeviceSettings:
    """The settings in ``path`` (default :func:`default_settings_path`); defaults when it does not exist."""
    path = path or default_settings_path()
    if not path.exists():
        return DeviceSettings()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise DeviceSettingsError(f"{path}: cannot read device settings: {exc.__class__.__name__}") from None
    except ValueError as exc:
        raise DeviceSettingsError(f"{path}: not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise DeviceSettingsError(f"{path}: device settings must be a JSON object")
    try:
        return DeviceSettings.model_validate(upgrade(data))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "settings"
        raise DeviceSettingsError(f"{path}: {where}: {first['msg']}") from None
    except ValueError as exc:
        raise DeviceSettingsError(f"{path}: {exc}") from None


def save_settings(settings: DeviceSettings, path: Path | None = None) -> Path:
    """Write ``settings`` atomically (temporary file, then rename); returns the path."""
    path = path or default_settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    text = json.dumps(settings.model_dump(mode="json"), indent=2, sort_keys=True) + "\n"
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
    return path


def hash_pin(pin: str) -> str:
    """A salted PBKDF2-SHA256 hash of a staff PIN (4 to 12 digits), for :attr:`DeviceSettings.staff_pin`."""
    if not (pin.isdigit() and 4 <= len(pin) <= 12):
        raise ValueError("a staff PIN is 4 to 12 digits")
    salt = secrets.token_bytes(16)
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode(), salt, _PBKDF2_ROUNDS)
    return f"pbkdf2_sha256${_PBKDF2_ROUNDS}${salt.hex()}${digest.hex()}"


def verify_pin(pin: str, stored: str | None) -> bool:
    """True when ``pin`` matches the stored hash (False when no PIN is set: no staff exit)."""
    if not stored:
        return False
    try:
        scheme, rounds, salt, digest = stored.split("$")
        if scheme != "pbkdf2_sha256":
            return False
        got = hashlib.pbkdf2_hmac("sha256", pin.encode(), bytes.fromhex(salt), int(rounds))
    except ValueError:
        return False
    return hmac.compare_digest(got.hex(), digest)
