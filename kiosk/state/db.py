"""Database URLs: which store to open and where its file lives.

``None`` means the embedded default, a SQLite file under the user data directory
(``platformdirs.user_data_dir("kiosk")/kiosk.sqlite3``).  ``sqlite:///PATH`` follows the
usual convention: three slashes then the path, so ``sqlite:///data/kiosk.db`` is relative
to the working directory and ``sqlite:////var/lib/kiosk.db`` is absolute.  A bare file path
is accepted too.  ``postgresql://...`` (or ``postgres://``) selects PostgreSQL.
"""

from __future__ import annotations

import pathlib
from dataclasses import dataclass
from typing import Literal

import platformdirs

from kiosk.state.errors import BadRequest, redact_credentials

__all__ = ["DatabaseURL", "parse_db_url", "default_sqlite_path"]


@dataclass(frozen=True)
class DatabaseURL:
    """A parsed database location: ``kind`` is ``"sqlite"`` (with ``path``) or ``"postgresql"`` (with ``dsn``)."""

    kind: Literal["sqlite", "postgresql"]
    path: pathlib.Path | None = None
    dsn: str | None = None

    def describe(self) -> str:
        """Where the data lives, for messages (never shows a password)."""
        if self.kind == "sqlite":
            return f"SQLite file {self.path}"
        return "PostgreSQL " + redact_credentials(self.dsn or "")


def default_sqlite_path() -> pathlib.Path:
    """The embedded default: ``kiosk.sqlite3`` in the user data directory."""
    return pathlib.Path(platformdirs.user_data_dir("kiosk")) / "kiosk.sqlite3"


def parse_db_url(url: object) -> DatabaseURL:
    """Parse ``--db``; a malformed URL raises :class:`BadRequest` with one line."""
    if url is None:
        return DatabaseURL("sqlite", path=default_sqlite_path())
    if not isinstance(url, str) or not url.strip():
        raise BadRequest("database URL is empty (use sqlite:///PATH or postgresql://...)")
    text = url.strip()
    lowered = text.lower()
    if lowered.startswith(("postgresql://", "postgres://")):
        return DatabaseURL("postgresql", dsn=text)
    if lowered.startswith("sqlite:"):
        if not lowered.startswith("sqlite:///"):
            raise BadRequest(f"SQLite URL must be sqlite:///PATH (a file), got {text!r}")
        rest = text[len("sqlite:///") :]
        if not rest or rest == ":memory:":
            raise BadRequest(f"SQLite URL must name a file: {text!r}")
        return DatabaseURL("sqlite", path=pathlib.Path(rest))
    if "://" in text:
        scheme = text.split("://", 1)[0]
        raise BadRequest(f"unsupported database {scheme!r}: use sqlite:///PATH or postgresql://...")
    return DatabaseURL("sqlite", path=pathlib.Path(text))
