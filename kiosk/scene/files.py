"""Reading the files a person names (floor files, layouts), bounded, in one line on failure.

The one way every loader reads a TOML file it was pointed at:

* :func:`read_text_file` opens without blocking (a FIFO cannot hang it), refuses anything that
  is not a regular file (``/dev/zero`` would never end), reads at most ``max_bytes`` and
  decodes UTF-8; a path too long for the system is said so in a few words;
* :func:`parse_toml` turns nesting deeper than Python's stack into one line instead of a
  ``RecursionError``;
* :func:`inside` says whether a path (symbolic links followed) lies in one of some folders,
  which is how a floor file is kept to its own folder and the bundled assets;
* :func:`shown_path` shortens a path for a message and keeps it on one line.

Each failure raises :class:`FileProblem` (a ``ValueError``) whose text is one line.
"""

from __future__ import annotations

import errno
import os
import stat
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from kiosk.rules.text import single_line

__all__ = ["FileProblem", "MAX_FILE_BYTES", "inside", "parse_toml", "read_text_file", "shown_path"]

MAX_FILE_BYTES = 4 * 1024 * 1024
"""Largest floor or layout file read (the demo floor is about 20 KB)."""


class FileProblem(ValueError):
    """A file that cannot be used; ``str()`` is one line naming it."""


def shown_path(path: str | os.PathLike[str], limit: int = 120) -> str:
    """``path`` for a message: one line, the middle elided when longer than ``limit``."""
    text = single_line(os.fspath(path))
    if len(text) <= limit:
        return text
    keep = (limit - 3) // 2
    return f"{text[:keep]}...{text[-keep:]}"


def read_text_file(path: str | os.PathLike[str], what: str, *, max_bytes: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a regular file of at most ``max_bytes``, or :class:`FileProblem`."""
    shown = shown_path(path)
    try:
        fd = os.open(os.fspath(path), os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise FileProblem(f"{shown}: no such {what}") from None
    except IsADirectoryError:
        raise FileProblem(f"{shown}: is a folder, not a {what}") from None
    except PermissionError:
        raise FileProblem(f"{shown}: not allowed to read it") from None
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise FileProblem(f"{shown}: the path is too long for this system") from None
        raise FileProblem(f"{shown}: cannot read it: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileProblem(f"{shown}: is a folder, not a {what}")
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(f"{shown}: not a regular file (a device, pipe or socket), not a {what}")
        if info.st_size > max_bytes:
            raise FileProblem(f"{shown}: {info.st_size} bytes is too large for a {what} (at most {max_bytes})")
        chunks, size = [], 0
        while size <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > max_bytes:
            raise FileProblem(f"{shown}: too large for a {what} (at most {max_bytes} bytes)")
    except OSError as exc:
        raise FileProblem(f"{shown}: cannot read it: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise FileProblem(f"{shown_path(Path(path).name or path)}: line {line}: not UTF-8 text") from None


def parse_toml(text: str, name: str) -> dict[str, Any]:
    """TOML text as a dict; too deep a nesting is one line. Syntax errors raise
    ``tomllib.TOMLDecodeError`` for the caller to place (it knows the file's lines)."""
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise FileProblem(f"{shown_path(name)}: nested too deeply to be a kiosk file") from None


def inside(path: Path, folders: Iterable[Path]) -> bool:
    """Whether ``path``, with every symbolic link followed, lies in one of ``folders``."""
    try:
        real = path.resolve()
    except (OSError, RuntimeError):
        return False
    for folder in folders:
        try:
            if real.is_relative_to(folder.resolve()):
                return True
        except (OSError, RuntimeError):
            continue
    return False
