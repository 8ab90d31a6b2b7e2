"""Events, actors and roles: the values that cross the seam between service and server."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

__all__ = ["Role", "ROLES", "Actor", "Event"]

Role = Literal["display", "dealer", "pit", "admin"]
ROLES: tuple[Role, ...] = ("display", "dealer", "pit", "admin")


@dataclass(frozen=True)
class Actor:
    """Who asks: the token's name and role (and, for a dealer, the tables it may drive; for a
    display, the floor's displays it speaks for)."""

    name: str
    role: Role
    token_id: str | None = None
    tables: frozenset[str] | None = None  # None: every table
    expires_at: datetime | None = None  # the token's expiry (UTC), checked on the service's clock
    person: str | None = None  # the person the token belongs to (None: the name is the person)
    displays: frozenset[str] | None = None  # a display token's displays (None: it speaks for none)

    @property
    def who(self) -> str:
        """The person acting: the token's person, or its name when it has none recorded."""
        return self.person or self.name


@dataclass(frozen=True)
class Event:
    """One committed state change, numbered by the store's global sequence."""

    seq: int
    type: str
    table_id: str | None
    data: dict[str, Any]
    at: datetime  # UTC
    actor: str
    version: int | None = None  # the table's (or link's) version after this event
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "type": self.type,
            "table_id": self.table_id,
            "data": self.data,
            "at": self.at.isoformat().replace("+00:00", "Z"),
            "actor": self.actor,
            "version": self.version,
        }
