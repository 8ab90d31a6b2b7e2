"""The audit key: an HMAC-SHA-256 key that lives outside the database.

With a key, every audit record also carries ``mac = HMAC-SHA-256(key, "kiosk-audit-v1:" +
hash)``.  Someone who has the database file but not the key can still rewrite history and
recompute every SHA-256 hash, but not the MACs, so ``kiosk audit verify`` with the key names
the first record they touched (``docs/audit.md``).

Where the key comes from, first found wins:

1. an explicit file (``--audit-key FILE`` on ``kiosk serve``, ``kiosk audit verify`` ...);
2. ``KIOSK_AUDIT_KEY``: the key itself, 64 hex digits (for containers and secret stores);
3. ``KIOSK_AUDIT_KEY_FILE``: a key file;
4. ``<user config dir>/kiosk/audit.key`` if it exists (``kiosk audit keygen`` writes it).

A key file holds 64 hex digits and must be readable by its owner only (mode 0600 or
stricter); a file others can read is refused, as ssh refuses such a private key.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import pathlib
import secrets
import stat
from dataclasses import dataclass

import platformdirs

from kiosk.state.errors import AuditKeyError

__all__ = [
    "AuditKey",
    "AuditKeyError",
    "ENV_KEY",
    "ENV_KEY_FILE",
    "UNKEYED",
    "default_key_path",
    "load_key",
    "find_key",
    "write_new_key",
]

ENV_KEY = "KIOSK_AUDIT_KEY"
ENV_KEY_FILE = "KIOSK_AUDIT_KEY_FILE"
#: What a node with no key is told at start-up (``kiosk serve``), and its console's audit page.
UNKEYED = (
    "no audit key: the audit records are not signed, so anyone with the database file can rewrite"
    " them unseen; make a key with kiosk audit keygen and restart (docs/audit.md)"
)
_MAC_DOMAIN = b"kiosk-audit-v1:"
_ID_DOMAIN = b"kiosk-audit-key-id"


@dataclass(frozen=True)
class AuditKey:
    """A 32-byte key and where it came from (for messages); ``id`` names it without revealing it."""

    secret: bytes
    source: str

    def __repr__(self) -> str:  # never show the secret
        return f"AuditKey(id={self.id}, source={self.source!r})"

    @property
    def id(self) -> str:
        return hmac.new(self.secret, _ID_DOMAIN, hashlib.sha256).hexdigest()[:16]

    def mac(self, record_hash: str) -> str:
        """The MAC of an audit record, given the record's SHA-256 hash (hex)."""
        return hmac.new(self.secret, _MAC_DOMAIN + record_hash.encode("ascii"), hashlib.sha256).hexdigest()

    def check(self, record_hash: str, mac: str) -> bool:
        return hmac.compare_digest(self.mac(record_hash), mac)


def default_key_path() -> pathlib.Path:
    """``<user config dir>/kiosk/audit.key``."""
    return pathlib.Path(platformdirs.user_config_dir("kiosk")) / "audit.key"


def _parse(text: str, source: str) -> AuditKey:
    value = text.strip()
    if len(value) != 64 or any(c not in "0123456789abcdefABCDEF" for c in value):
        raise AuditKeyError(f"audit key from {source}: must be 64 hex digits (kiosk audit keygen writes one)")
    return AuditKey(bytes.fromhex(value), source)


def load_key(path: pathlib.Path | str) -> AuditKey:
    """The key in a file; refuses a missing, unreadable, malformed or group/world-accessible file."""
    path = pathlib.Path(path)
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise AuditKeyError(f"audit key {path}: not a regular file")
        if info.st_mode & 0o077:
            raise AuditKeyError(
                f"audit key {path}: readable by others (mode {stat.S_IMODE(info.st_mode):04o}); run chmod 600 {path}"
            )
        with open(path, "rb") as fh:
            raw = fh.read(200)
    except FileNotFoundError:
        raise AuditKeyError(f"audit key {path}: no such file") from None
    except OSError as exc:
        raise AuditKeyError(f"audit key {path}: {exc.strerror or exc}") from None
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError:
        raise AuditKeyError(f"audit key {path}: must be 64 hex digits") from None
    return _parse(text, str(path))


def find_key(explicit: pathlib.Path | str | None = None) -> AuditKey | None:
    """The key to use (see the module doc for the order), or None when none is configured."""
    if explicit is not None:
        return load_key(explicit)
    env_key = os.environ.get(ENV_KEY)
    if env_key:
        return _parse(env_key, ENV_KEY)
    env_file = os.environ.get(ENV_KEY_FILE)
    if env_file:
        return load_key(env_file)
    default = default_key_path()
    if default.exists():
        return load_key(default)
    return None


def write_new_key(path: pathlib.Path | str | None = None) -> tuple[pathlib.Path, AuditKey]:
    """Create a new random key file (mode 0600); refuses to overwrite an existing file."""
    path = pathlib.Path(path) if path is not None else default_key_path()
    secret = secrets.token_bytes(32)
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise AuditKeyError(
            f"{path} already exists; a new key would make the old records unverifiable"
            " (move it away first if you really mean to)"
        ) from None
    except OSError as exc:
        raise AuditKeyError(f"cannot create {path}: {exc.strerror or exc}") from None
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(secret.hex() + "\n")
        fh.flush()
        os.fsync(fh.fileno())
    return path, AuditKey(secret, str(path))
