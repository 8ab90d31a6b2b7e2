"""Times that clients send (a scheduled change's ``effective_at``, a token's ``expires_at``).

One parser for all of them: ISO 8601 with a timezone, turned into aware UTC, and refused in one
line (:class:`~kiosk.state.errors.BadRequest`) when it is not a time, has no zone, or falls
outside the years 1000 to 9998 once in UTC (``9999-12-31T23:59:59-05:00`` would overflow).

An operator asking about a moment (``kiosk snapshot --at``, ``GET /api/v1/state?at=``) types it
as the casino's clock shows it: :func:`parse_moment` reads a time without a zone in the casino's
zone, and one with ``Z`` or an offset as given.
"""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo
from typing import Any

from kiosk.state.errors import BadRequest

__all__ = ["parse_moment", "parse_when"]


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


def parse_moment(value: Any, key: str, zone: tzinfo) -> datetime:
    """An operator's moment as aware UTC: ISO 8601 (``2026-11-28T21:14``, ``2026-11-28 21:14:05``)
    in the casino's zone ``zone`` when it carries none, or with ``Z`` or an offset as given; a
    local time the clocks skip or repeat (daylight saving) is read as it is first shown.  Refused
    in one line as :func:`parse_when` refuses."""
    if isinstance(value, str) and len(value) <= 64:
        text = value.strip()
        try:
            moment = datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
        except ValueError:
            raise BadRequest(
                f"{key}: not a time: {value!r} (e.g. 2026-11-28T21:14 in the casino's time, or 2026-11-28T11:14Z)"
            ) from None
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=zone, fold=0)
        return parse_when(moment, key)
    return parse_when(value, key)
