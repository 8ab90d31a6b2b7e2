"""Bearer tokens: 32 random bytes from ``secrets``, shown once, stored only as SHA-256.

Roles, from least to most power (each includes the ones before it):

* ``display`` reads state and the event stream, and reports what the displays it was issued
  for show (``displays``: the floor's display ids, ``kiosk token create --display ID``); a
  display token issued without displays, or before tokens were bound to them (schema 5),
  speaks for no display: its reports are refused until it is re-issued
  (docs/readings.md A-28);
* ``dealer`` enters game events (draws, spins, hands, jackpot wagers and hits) for its
  tables (every table when the token names none);
* ``pit`` configures tables (limits, names, signs, scheduled changes), approves a new
  generator draw for a named inspector, confirms jackpot payments and resets;
* ``admin`` issues and revokes tokens and proposes and approves jackpot settings.

A dealer or pit token may be limited to some tables (``tables``): it then acts on those
tables only, and on a jackpot link only when every table of the link is among them.  For a
display or an admin token a table list would mean nothing (a display only reads; an admin acts
on the whole floor) and is refused (:data:`SCOPED_ROLES`); a display list is for display
tokens only.

Every token belongs to a person.  A token issued on the server (``kiosk token create``) belongs
to the person it names; a token issued through the API by another token belongs to the person
of the token that issued it, whatever name it is given.  So one person cannot become two by
minting a second token: the jackpot rule that a second administrator approves a change of
settings (``jackpot_approve``) compares persons, and a second administrator's token is issued
on the server.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from datetime import datetime

from kiosk.rules.text import text_problem
from kiosk.state.errors import BadRequest, Unauthorized
from kiosk.state.events import ROLES, Actor
from kiosk.state.time_input import parse_when

SCOPED_ROLES = ("dealer", "pit")
"""Roles whose tokens may be limited to some tables."""

__all__ = [
    "SCOPED_ROLES",
    "ROLE_RANK",
    "new_token",
    "token_digest",
    "token_id",
    "actor_from_row",
    "check_name",
    "parse_expiry",
]

ROLE_RANK: dict[str, int] = {role: rank for rank, role in enumerate(ROLES)}


def new_token() -> str:
    """A fresh secret: 32 bytes from the operating system's secure source, URL-safe text."""
    return secrets.token_urlsafe(32)


def token_digest(token: str) -> str:
    """The SHA-256 (hex) under which a token is stored."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_id() -> str:
    """A public identifier for a token (safe to log and to show in the audit trail)."""
    return "tok_" + secrets.token_hex(6)


def check_name(name: object, what: str = "name") -> str:
    """A person's or token's name: 1-100 printable characters on one line
    (:func:`kiosk.rules.text.text_problem`)."""
    problem = text_problem(name, limit=100)
    if problem is not None:
        raise BadRequest(f"{what} {problem}")
    return str(name).strip()


def parse_expiry(value: object, now: datetime) -> datetime | None:
    """``None``, an aware datetime or ISO 8601 text with a zone; must lie in the future."""
    if value is None:
        return None
    value = parse_when(value, "expires_at")
    if value <= now:
        raise BadRequest("expires_at must be in the future")
    return value


def actor_from_row(row: dict | None, now: datetime, parse_time: Callable[[str], datetime]) -> Actor:
    """The :class:`Actor` a stored token row stands for, or :class:`Unauthorized`."""
    if row is None:
        raise Unauthorized("unknown token")
    if row["revoked_at"] is not None:
        raise Unauthorized(f"token {row['id']} was revoked")
    expires_at = None if row["expires_at"] is None else parse_time(row["expires_at"])
    if expires_at is not None and expires_at <= now:
        raise Unauthorized(f"token {row['id']} has expired")
    if row["role"] not in ROLE_RANK:
        raise Unauthorized(f"token {row['id']} has an unknown role")
    tables = None if row["tables"] is None else frozenset(row["tables"])
    if row["role"] not in SCOPED_ROLES:
        tables = None  # a table list on such a token (issued before it was refused) means nothing
    displays = row.get("displays")
    displays = frozenset(displays) if displays and row["role"] == "display" else None
    return Actor(
        name=row["name"],
        role=row["role"],
        token_id=row["id"],
        tables=tables,
        expires_at=expires_at,
        person=row.get("person") or row["name"],
        displays=displays,
    )
