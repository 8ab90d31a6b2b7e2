"""The embedded store: one SQLite file in WAL mode with one writer connection.

``synchronous=FULL`` makes every acknowledged commit durable through a power loss or a
SIGKILL.  A file that is not a SQLite database, or a SQLite database that is not kiosk's,
is refused with a one-line :class:`~kiosk.state.errors.StoreUnavailable` and left exactly
as it was.
"""

from __future__ import annotations

import pathlib
import sqlite3
from typing import Any, Literal

from kiosk.state.errors import StoreUnavailable
from kiosk.state.store._sql import SqlStore

__all__ = ["SqliteStore"]


class SqliteStore(SqlStore):
    """A :class:`~kiosk.state.store.Store` on a SQLite file."""

    kind = "sqlite"
    dialect = "sqlite"
    _db_errors = (sqlite3.Error,)

    def __init__(self, path: pathlib.Path) -> None:
        super().__init__()
        self.path = pathlib.Path(path)

    def _describe(self) -> str:
        return f"SQLite file {self.path}"

    def _connect(self, purpose: Literal["writer", "reader"]) -> Any:
        if purpose == "writer":
            self._check_file()
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreUnavailable(f"cannot create the folder for {self._describe()}: {exc.strerror}") from None
        try:
            conn = sqlite3.connect(str(self.path), isolation_level=None, timeout=30.0)
        except sqlite3.Error as exc:
            raise StoreUnavailable(f"cannot open {self._describe()}: {exc}") from None
        try:
            conn.execute("PRAGMA busy_timeout = 30000")
            if purpose == "writer":
                mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
                if str(mode).lower() != "wal":
                    raise StoreUnavailable(f"{self._describe()} cannot use write-ahead logging (journal mode {mode})")
            conn.execute("PRAGMA synchronous = FULL")
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise StoreUnavailable(
                f"{self._describe()} is not a usable kiosk database ({exc}); nothing was changed"
            ) from None
        except BaseException:
            conn.close()
            raise
        return conn

    def _check_file(self) -> None:
        """Refuse, before SQLite touches it, a file that is not a SQLite database."""
        if not self.path.exists():
            return
        if self.path.is_dir():
            raise StoreUnavailable(f"{self._describe()} is a folder, not a database file")
        try:
            with self.path.open("rb") as handle:
                header = handle.read(16)
        except OSError as exc:
            raise StoreUnavailable(f"cannot read {self._describe()}: {exc.strerror}") from None
        if header and header != b"SQLite format 3\x00":
            raise StoreUnavailable(
                f"{self._describe()} is not a SQLite database (corrupt or another file); nothing was changed"
            )

    def _begin_write(self, conn: Any) -> None:
        conn.execute("BEGIN IMMEDIATE")

    def _begin_read(self, conn: Any) -> None:
        conn.execute("BEGIN")

    def _schema_version(self, cur: Any) -> int:
        try:
            names = {row[0] for row in cur.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()}
            if not names:
                return 0
            if "kiosk_meta" not in names:
                raise StoreUnavailable(
                    f"{self._describe()} is a SQLite database but not a kiosk database; nothing was changed"
                )
            row = cur.execute("SELECT value FROM kiosk_meta WHERE key = 'schema_version'").fetchone()
        except sqlite3.DatabaseError as exc:
            raise StoreUnavailable(f"{self._describe()} is corrupt ({exc}); nothing was changed") from None
        if row is None or not str(row[0]).isdigit():
            raise StoreUnavailable(f"{self._describe()} has no readable schema version; nothing was changed")
        return int(row[0])
