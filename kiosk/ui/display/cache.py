"""The last state a display saw, kept on disk so a restart with no server still shows it (Qt-free).

One JSON file per server set under the user cache dir
(``platformdirs.user_cache_dir("kiosk")/display/<hash of the server URLs>.json``)::

    {"format": "kiosk-display-cache/1", "saved_at": "...Z", "heard_at": "...Z" | null,
     "seq": N, "tables": {...}, "links": {...}, "floor": {GET /api/v1/floor body}}

``heard_at`` is when the server was last heard from: after a restart the display shows the saved
picture marked "offline since" that time.  Writing is atomic; a file that cannot be read is
ignored (the display then waits for the server) and reported in one line.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from kiosk.state.shapes import LinkState, TableState
from kiosk.state.wire import FloorSummary

__all__ = ["CachedState", "cache_path", "load_cache", "save_cache"]

FORMAT = "kiosk-display-cache/1"


@dataclass
class CachedState:
    """What a display remembers of its server."""

    seq: int = 0
    tables: dict[str, TableState] = field(default_factory=dict)
    links: dict[str, LinkState] = field(default_factory=dict)
    floor: FloorSummary | None = None
    heard_at: datetime | None = None
    saved_at: datetime | None = None


def _utc_text(when: datetime | None) -> str | None:
    return None if when is None else when.astimezone(UTC).isoformat().replace("+00:00", "Z")


def _parse(text: object) -> datetime | None:
    if not isinstance(text, str):
        return None
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def cache_path(servers: Sequence[str], root: Path | None = None) -> Path:
    """The cache file of a display talking to ``servers``."""
    if root is None:
        from platformdirs import user_cache_dir

        root = Path(user_cache_dir("kiosk")) / "display"
    digest = hashlib.sha256("\n".join(sorted(servers)).encode()).hexdigest()[:16]
    return root / f"{digest}.json"


def save_cache(path: Path, state: CachedState) -> None:
    """Write ``state`` atomically."""
    path.parent.mkdir(parents=True, exist_ok=True)
    body = {
        "format": FORMAT,
        "saved_at": _utc_text(datetime.now(UTC)),
        "heard_at": _utc_text(state.heard_at),
        "seq": state.seq,
        "tables": state.tables,
        "links": state.links,
        "floor": state.floor,
    }
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(body, fh, separators=(",", ":"))
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def load_cache(path: Path) -> tuple[CachedState | None, str | None]:
    """``(state, None)``, ``(None, None)`` when there is no file, ``(None, problem)`` when unreadable."""
    if not path.exists():
        return None, None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None, f"{path}: not a display cache ({FORMAT}); ignored"
        return CachedState(
            seq=int(data.get("seq") or 0),
            tables=dict(data.get("tables") or {}),
            links=dict(data.get("links") or {}),
            floor=data.get("floor") if isinstance(data.get("floor"), dict) else None,
            heard_at=_parse(data.get("heard_at")),
            saved_at=_parse(data.get("saved_at")),
        ), None
    except (OSError, ValueError, TypeError) as exc:
        return None, f"{path}: cannot read the saved state ({exc.__class__.__name__}); ignored"
