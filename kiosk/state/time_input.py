"""Times that clients send (a scheduled change's ``effective_at``, a token's ``expires_at``).

One parser for all of them: ISO 8601 with a timezone, turned into aware UTC, and refused in one
line (:class:`~kiosk.state.errors.BadRequest`) when it is not a time, has no zone, or falls
outside the years 1000 to 9998 once in UTC (``9999-12-31T23:59:59-05:00`` would overflow).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from kiosk.state.errors import BadRequest

__all__ = ["parse_when"]


def parse_when(value: Any, key: str) -> datetime:
    """An ISO 8601 time with a timezone (text or an aware datetime), as aware UTC between the
    years 1000 and 9998: the one parser of every time a client sends."""
    if isinstance(value, str):
        if len(value) > 64:
            raise BadRequest(f"{key}: not an ISO 8601 time (too long)")
        try:
            value = datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
        except ValueError:
            raise BadRequest(f"{key}: not an ISO 8601 time: {value!r}") from None
    if not isinstance(value, datetime):
        raise BadRequest(f"{key}: must be an ISO 8601 time with a timezone, e.g. 2026-12-01T20:00:00Z")
    if value.tzinfo is None:
        raise BadRequest(f"{key}: give a timezone (e.g. Z or +10:00): {value.isoformat()!r}")
    try:
        moment = value.astimezone(UTC)
    except OverflowError:
        moment = None
    if moment is None or not 1000 <= moment.year <= 9998:
        raise BadRequest(f"{key}: {value.isoformat()} is outside the years 1000 to 9998 (UTC)")
    return moment
