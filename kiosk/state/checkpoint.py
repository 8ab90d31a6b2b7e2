"""Checkpoints of the audit head, kept where the database's owner cannot rewrite them.

A checkpoint is one line::

    kiosk-checkpoint {"at":"2026-11-30T10:00:00.000000Z","hash":"<record n's hash>","n":12,"seq":9}

``kiosk serve --checkpoints FILE`` appends one to FILE (opened append-only, each line
fsynced) and writes the same line to the server log when it starts, every
``--checkpoint-every`` seconds while the head moves, and when it stops.  The operator ships
the file (or the log) off the machine, e.g. to a remote syslog or a write-once store.

``kiosk audit verify --checkpoints FILE`` reads every such line in FILE (a checkpoint file or
a server log: anything before ``kiosk-checkpoint`` on a line is ignored) and checks that the
database still holds each checkpointed record with the same hash.  Because each record's hash
covers the one before, a match proves every record up to it is as the server wrote it; a
database that ends before a checkpoint had its newest records cut.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import pathlib
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeGuard

from kiosk.state.errors import BadRequest

__all__ = ["MARK", "Checkpoint", "CheckpointWriter", "read_checkpoints", "check_checkpoints", "run_checkpoints"]

MARK = "kiosk-checkpoint "
log = logging.getLogger("kiosk.checkpoint")


@dataclass(frozen=True)
class Checkpoint:
    """The audit head at a moment: record ``n`` had ``hash``; events ran to ``seq``."""

    n: int
    seq: int
    hash: str
    at: str

    def line(self) -> str:
        body = json.dumps(
            {"at": self.at, "hash": self.hash, "n": self.n, "seq": self.seq}, sort_keys=True, separators=(",", ":")
        )
        return MARK + body


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _parse_line(text: str, where: str) -> Checkpoint:
    body = text[text.index(MARK) + len(MARK) :].strip()
    try:
        value = json.loads(body)
    except ValueError:
        raise BadRequest(f"{where}: checkpoint is not readable JSON") from None
    if not isinstance(value, dict):
        raise BadRequest(f"{where}: checkpoint is not a JSON object")
    n, seq, digest, at = value.get("n"), value.get("seq"), value.get("hash"), value.get("at")
    if not (_whole(n) and _whole(seq)) or not isinstance(digest, str) or len(digest) != 64 or not isinstance(at, str):
        raise BadRequest(f"{where}: checkpoint needs whole n and seq, a 64-digit hash and a time")
    return Checkpoint(n, seq, digest, at)


def read_checkpoints(path: pathlib.Path | str) -> list[Checkpoint]:
    """Every checkpoint line in a file, in file order; one unreadable line refuses the file."""
    path = pathlib.Path(path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read(256 * 1024 * 1024 + 1)
    except FileNotFoundError:
        raise BadRequest(f"checkpoints {path}: no such file") from None
    except OSError as exc:
        raise BadRequest(f"checkpoints {path}: {exc.strerror or exc}") from None
    if len(raw) > 256 * 1024 * 1024:
        raise BadRequest(f"checkpoints {path}: larger than 256 MB; give the newest part of it")
    text = raw.decode("utf-8", "replace")
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        if MARK in line:
            out.append(_parse_line(line, f"checkpoints {path} line {number}"))
    if not out:
        raise BadRequest(f"checkpoints {path}: no checkpoint lines (lines starting '{MARK.strip()}')")
    return out


def check_checkpoints(
    checkpoints: Iterable[Checkpoint], hashes: Mapping[int, str], last_n: int, head_seq: int
) -> tuple[list[str], Checkpoint | None]:
    """Problems (one line each) and the newest checkpoint the database agrees with.

    ``hashes`` maps each audit record's number to its stored hash; ``last_n`` and
    ``head_seq`` are the last record and event the database holds.
    """
    problems: list[str] = []
    newest: Checkpoint | None = None
    for cp in checkpoints:
        if cp.n > last_n or cp.seq > head_seq:
            problems.append(
                f"checkpoint of {cp.at} saw record {cp.n} and event {cp.seq}, but the database ends at record"
                f" {last_n} and event {head_seq}: its newest records were cut"
            )
        elif cp.n > 0 and hashes.get(cp.n) != cp.hash:
            problems.append(f"record {cp.n} differs from the checkpoint of {cp.at}: history up to it was rewritten")
        elif newest is None or cp.n >= newest.n:
            newest = cp
    # one line per kind of finding is enough for a person; keep the first of each
    seen: set[str] = set()
    unique = []
    for line in problems:
        kind = line.split(":")[-1]
        if kind not in seen:
            seen.add(kind)
            unique.append(line)
    return unique, newest


class CheckpointWriter:
    """Appends checkpoints to a file (append-only, fsynced) and to the server log."""

    def __init__(self, path: pathlib.Path | str | None) -> None:
        self.path = None if path is None else pathlib.Path(path)
        self._fd: int | None = None
        if self.path is not None:
            try:
                self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o640)
            except OSError as exc:
                raise BadRequest(f"checkpoints {self.path}: {exc.strerror or exc}") from None
        self.last: Checkpoint | None = None

    def write(self, n: int, seq: int, digest: str, now: datetime | None = None) -> Checkpoint:
        moment = (now or datetime.now(UTC)).astimezone(UTC)
        cp = Checkpoint(n, seq, digest, moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ"))
        line = cp.line()
        if self._fd is not None:
            os.write(self._fd, (line + "\n").encode("ascii"))
            os.fsync(self._fd)
        log.info("%s", line)
        self.last = cp
        return cp

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


async def run_checkpoints(
    head: Callable[[], Awaitable[Mapping[str, Any]]], writer: CheckpointWriter, every: float
) -> None:
    """Write a checkpoint now and then every ``every`` seconds when the head has moved;
    cancel to stop (a last checkpoint is written on the way out)."""

    async def once() -> None:
        h = await head()
        last = writer.last
        if last is None or (last.n, last.hash) != (h["n"], h["hash"]):
            writer.write(h["n"], h["seq"], h["hash"])

    try:
        await once()
        while True:
            await asyncio.sleep(every)
            try:
                await once()
            except Exception as exc:  # the store is restarting: the next round tries again
                log.warning("checkpoint not written: %s", getattr(exc, "message", exc))
    except asyncio.CancelledError:
        try:
            await once()
        except Exception as exc:  # closing down with the store gone: nothing more to record
            log.warning("last checkpoint not written: %s", getattr(exc, "message", exc))
        raise
