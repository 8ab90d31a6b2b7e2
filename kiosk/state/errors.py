"""Errors the service raises; the HTTP layer maps each to its status and JSON body.

The body is ``{"error": {"code": ..., "message": ..., "rule": ...}}`` (DESIGN.md C.4);
``message`` is always one line a person can act on.
"""

from __future__ import annotations

__all__ = [
    "StateError",
    "BadRequest",
    "Unauthorized",
    "Forbidden",
    "NotFound",
    "Conflict",
    "RuleRefused",
    "StoreUnavailable",
    "DatabaseTooNew",
    "AuditKeyError",
]


class StateError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message: str, *, rule: str | None = None, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        if code is not None:
            self.code = code

    def to_json(self) -> dict:
        body: dict = {"code": self.code, "message": self.message}
        if self.rule is not None:
            body["rule"] = self.rule
        return {"error": body}


class BadRequest(StateError):
    status = 400
    code = "bad_request"


class Unauthorized(StateError):
    status = 401
    code = "unauthorized"


class Forbidden(StateError):
    status = 403
    code = "forbidden"


class NotFound(StateError):
    status = 404
    code = "not_found"


class Conflict(StateError):
    """A write based on a stale version (optimistic concurrency): nothing was changed."""

    status = 409
    code = "conflict"


class RuleRefused(StateError):
    """A game rule forbids the command; ``rule`` holds the citation."""

    status = 422
    code = "rule_refused"


class StoreUnavailable(StateError):
    status = 503
    code = "store_unavailable"


class DatabaseTooNew(StateError):
    status = 500
    code = "database_too_new"


class AuditKeyError(StateError):
    """The audit key is missing, unusable or not the one the database is signed with."""

    status = 500
    code = "audit_key"
