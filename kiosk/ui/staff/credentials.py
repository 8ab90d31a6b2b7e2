"""Where the staff screens keep tokens on one computer: the platform keyring, a file only the
user can read, or behind a named person's PIN.  The pit console signs in with it; the dealer
panel's roulette correction asks a supervisor enrolled here for their name and PIN; ``kiosk
enrol`` enrols a person from the command line (the same entry as the console's first sign-in).

* :meth:`Credentials.save` puts the token in the platform keyring (service ``kiosk-console``,
  one entry per server) when a real keyring backend is available, else in a JSON file under the
  user's config folder created with mode 0600.
* :meth:`Credentials.set_secret` binds a named person's PIN (4-8 digits) or password (8 or more
  characters) to their token on this computer, so staff sign in by picking their name and typing
  it (ux-review C4): the file keeps, per server and person, a random salt, a scrypt check of the
  secret and the token masked with a scrypt keystream of it; the token itself is never written
  in clear. Why a file and not the keyring: the ``keyring`` package is not installed here and a
  headless pit computer has no keyring daemon to unlock, so the file (mode 0600) is what works on
  every podium. A PIN is short: with the file in hand it falls to an offline search in minutes,
  so it only guards against a glance; a password of 12 characters or more does not fall that way.
  Tokens are revoked centrally (``kiosk token revoke``) when a computer is lost.
* :meth:`Credentials.set_pin` / :meth:`token_for_pin`: the one unnamed PIN per server of earlier
  releases, still read so an upgraded console signs in as before.
* A token file named by the user must be readable by its owner only (mode 0600), as ssh does.
* :class:`Attempts` counts wrong PINs at one screen (the dealer panel's supervisor keypad, the
  console's sign-in and its second administrator's approval) and makes the next try wait after a
  few (docs/readings.md A-96); it slows a guess at the screen, not a copy of the file. A wrong
  secret is a :class:`WrongSecret`, so a screen counts only those.

Qt-free; the sign-in screen uses it.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import os
import secrets
import stat
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["Attempts", "Credentials", "CredentialsError", "WrongSecret", "read_token_file", "user_credentials"]

_SERVICE = "kiosk-console"
_SCRYPT = {"n": 2**14, "r": 8, "p": 1}


class CredentialsError(Exception):
    """A one-line reason a token could not be read or kept."""


class WrongSecret(CredentialsError):
    """The PIN or password typed is not the one that stands for the token (counted by
    :class:`Attempts`)."""


def read_token_file(path: Path) -> str:
    """The token in ``path``; refused unless only its owner can read it (mode 0600)."""
    try:
        mode = path.stat().st_mode
        text = path.read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise CredentialsError(f"{path}: cannot read it ({exc.strerror or exc.__class__.__name__})") from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise CredentialsError(f"{path}: others can read it (mode {stat.S_IMODE(mode):o}); chmod 600 {path}")
    if not text or len(text.split()) != 1:
        raise CredentialsError(f"{path}: must hold one token on one line")
    return text


def _keyring() -> ModuleType | None:
    try:
        import keyring
        from keyring.backends import fail, null

        backend = keyring.get_keyring()
        if isinstance(backend, (fail.Keyring, null.Keyring)):
            return None
        return keyring
    except Exception:  # no usable backend on this machine (a headless kiosk)
        return None


def _stretch(pin: str, salt: bytes, length: int) -> bytes:
    return hashlib.scrypt(pin.encode(), salt=salt, dklen=length, maxmem=64 * 1024 * 1024, **_SCRYPT)


class Attempts:
    """Wrong PINs or passwords typed in a row at one screen (docs/readings.md A-96).

    The first :attr:`FREE` wrong ones cost nothing (a slip of the finger); from then on each
    wrong one makes the next try wait :attr:`WAIT` seconds, doubled after every further wrong
    one up to :attr:`LONGEST`.  A right one clears the count.  ``now`` is a monotonic clock;
    ``screen`` names the screen in the refusal ("panel", "console")."""

    FREE = 3
    WAIT = 30.0
    LONGEST = 300.0

    def __init__(self, screen: str = "panel") -> None:
        self.screen = screen
        self.wrong = 0
        self.until = 0.0

    def wait(self, now: float) -> float:
        """Seconds before the next try may be made (0: now)."""
        return max(0.0, self.until - now)

    def failed(self, now: float) -> None:
        self.wrong += 1
        if self.wrong >= self.FREE:
            self.until = now + min(self.LONGEST, self.WAIT * 2 ** (self.wrong - self.FREE))

    def succeeded(self) -> None:
        self.wrong = 0
        self.until = 0.0

    async def unlock(self, read: Callable[[], str]) -> str:
        """The token ``read`` returns (a token behind a PIN: scrypt), read off the event loop's
        thread: a :class:`WrongSecret` it raises is counted and raised on (its screen words the
        refusal with :meth:`refusal`), a right one clears the count, and any other
        :class:`CredentialsError` (nobody enrolled by that name) is not a guess: not counted."""
        try:
            token = await asyncio.get_running_loop().run_in_executor(None, read)
        except WrongSecret:
            self.failed(time.monotonic())
            raise
        self.succeeded()
        return token

    def refusal(self, now: float) -> str:
        """One line for the screen after a wrong one: how many are left before a wait, or the wait."""
        left = self.FREE - self.wrong
        if left > 0:
            return f"{left} more wrong {'try' if left == 1 else 'tries'} and the {self.screen} waits before the next"
        return f"too many wrong tries: wait {round(self.wait(now))} s before the next"


def user_credentials() -> Credentials:
    """The credentials of this computer's user (their config folder): the console, the dealer
    panel and ``kiosk enrol`` all use these."""
    from platformdirs import user_config_dir

    return Credentials(Path(user_config_dir("kiosk")))


class Credentials:
    """The staff screens' saved tokens for one computer user (``folder``: the user's config dir).
    The file keeps its first name, ``console-credentials.json``, so enrolments made by earlier
    consoles still work."""

    def __init__(self, folder: Path, *, use_keyring: bool = True) -> None:
        self.file = folder / "console-credentials.json"
        self._keyring = _keyring() if use_keyring else None

    @property
    def where(self) -> str:
        return "the platform keyring" if self._keyring is not None else str(self.file)

    def _load(self) -> dict[str, Any]:
        try:
            return json.loads(self.file.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {"tokens": {}, "pins": {}}
        except (OSError, ValueError) as exc:
            raise CredentialsError(
                f"{self.file}: unreadable ({exc.__class__.__name__}); delete it to start again"
            ) from None

    def _store(self, data: dict[str, Any]) -> None:
        self.file.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.file.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1, sort_keys=True)
        os.replace(tmp, self.file)

    def save(self, server: str, token: str) -> None:
        """Keep ``token`` for ``server``."""
        if self._keyring is not None:
            self._keyring.set_password(_SERVICE, server, token)
            return
        data = self._load()
        data.setdefault("tokens", {})[server] = token
        self._store(data)

    def load(self, server: str) -> str | None:
        """The token kept for ``server``, if any."""
        if self._keyring is not None:
            return self._keyring.get_password(_SERVICE, server)
        return self._load().get("tokens", {}).get(server)

    def forget(self, server: str) -> None:
        if self._keyring is not None:
            try:
                self._keyring.delete_password(_SERVICE, server)
            except Exception:  # nothing kept: nothing to forget
                pass
        data = self._load()
        if data.get("tokens", {}).pop(server, None) is not None or server in data.get("pins", {}):
            data.get("pins", {}).pop(server, None)
            self._store(data)

    # -- named people ------------------------------------------------------------------------
    def set_secret(self, server: str, person: str, secret: str, token: str) -> None:
        """Let ``person`` sign in to ``server`` with ``token`` by typing ``secret``: a PIN of 4 to
        8 digits or a password of 8 to 128 characters."""
        if not person.strip():
            raise CredentialsError("a PIN or password belongs to a named person; the token has no name")
        if not _secret_ok(secret):
            raise CredentialsError("a PIN is 4 to 8 digits; a password is 8 to 128 characters")
        data = self._load()
        data.setdefault("people", {}).setdefault(server, {})[person] = _masked(secret, token)
        data.setdefault("last", {})[server] = person
        self._store(data)

    def people(self, server: str) -> list[str]:
        """The people who can sign in to ``server`` on this computer, the last one first."""
        data = self._load()
        names = sorted(data.get("people", {}).get(server, {}))
        last = data.get("last", {}).get(server)
        return ([last] if last in names else []) + [n for n in names if n != last]

    def token_for(self, server: str, person: str, secret: str) -> str:
        """The token ``person``'s PIN or password stands for on ``server``; one line when wrong."""
        data = self._load()
        entry = data.get("people", {}).get(server, {}).get(person)
        if entry is None:
            raise CredentialsError(f"{person} has no PIN or password on this computer; sign in with your token once")
        token = _unmasked(entry, secret)
        if token is None:
            raise WrongSecret(f"wrong PIN or password for {person}")
        if data.get("last", {}).get(server) != person:
            data.setdefault("last", {})[server] = person
            self._store(data)
        return token

    def forget_person(self, server: str, person: str) -> None:
        data = self._load()
        if data.get("people", {}).get(server, {}).pop(person, None) is not None:
            self._store(data)

    # -- the unnamed PIN of earlier releases ------------------------------------------------------
    def set_pin(self, server: str, pin: str, token: str) -> None:
        """Let ``pin`` (4 to 8 digits) sign in to ``server`` with ``token``."""
        if not (pin.isascii() and pin.isdigit() and 4 <= len(pin) <= 8):
            raise CredentialsError("a PIN is 4 to 8 digits")
        data = self._load()
        data.setdefault("pins", {})[server] = _masked(pin, token)
        self._store(data)

    def has_pin(self, server: str) -> bool:
        return server in self._load().get("pins", {})

    def token_for_pin(self, server: str, pin: str) -> str:
        """The token ``pin`` stands for on ``server``; one line when the PIN is wrong."""
        entry = self._load().get("pins", {}).get(server)
        if entry is None:
            raise CredentialsError("no PIN is set on this computer for this server; sign in with a token")
        token = _unmasked(entry, pin)
        if token is None:
            raise WrongSecret("wrong PIN")
        return token


def _secret_ok(secret: str) -> bool:
    if secret.isascii() and secret.isdigit():
        return 4 <= len(secret) <= 8
    return 8 <= len(secret) <= 128


def _masked(secret: str, token: str) -> dict[str, str]:
    """A random salt, a scrypt check of ``secret`` and ``token`` masked with a keystream of it."""
    salt = secrets.token_bytes(16)
    raw = token.encode()
    stream = _stretch(secret, salt, 32 + len(raw))
    return {
        "salt": base64.b64encode(salt).decode(),
        "check": base64.b64encode(stream[:32]).decode(),
        "masked": base64.b64encode(bytes(a ^ b for a, b in zip(raw, stream[32:], strict=True))).decode(),
    }


def _unmasked(entry: dict[str, str], secret: str) -> str | None:
    """The token of a :func:`_masked` entry, or ``None`` for the wrong secret."""
    salt = base64.b64decode(entry["salt"])
    masked = base64.b64decode(entry["masked"])
    stream = _stretch(secret, salt, 32 + len(masked))
    if not hmac.compare_digest(stream[:32], base64.b64decode(entry["check"])):
        return None
    return bytes(a ^ b for a, b in zip(masked, stream[32:], strict=True)).decode()
