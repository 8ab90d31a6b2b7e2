"""Errors the service raises; the HTTP layer maps each to its status and JSON body.

The body is ``{"error": {"code": ..., "message": ..., "rule": ...}}`` (docs/api.md);
``message`` is always one line a person can act on.
"""

from __future__ import annotations

import re

from kiosk.rules.text import single_line

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
    "redact_credentials",
    "refused",
]

_USERINFO = re.compile(
    r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*://)(?P<user>[^:@/\s]*):[^\s]*@"
)  # to the last @: a raw @ or / in a password too
_PASSWORD = re.compile(
    r"(?i)(?P<key>(?:ssl)?pass(?:word|wd)?)(?P<eq>\s*=\s*)(?:'(?:[^'\\]|\\.)*'|\"[^\"]*\"|[^&\s;,'\")]+)"
)


def redact_credentials(text: str) -> str:
    """``text`` with every password hidden, in each form a database location takes: a URL's
    userinfo (``postgresql://user:SECRET@host``), a query parameter (``?password=SECRET``) and a
    libpq keyword string (``password=SECRET`` or ``password='SE CRET'``)."""
    text = _USERINFO.sub(lambda m: f"{m['scheme']}{m['user']}:***@" if m["user"] else f"{m['scheme']}***@", text)
    return _PASSWORD.sub(lambda m: f"{m['key']}{m['eq']}***", text)


class StateError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message: str, *, rule: str | None = None, code: str | None = None) -> None:
        message = single_line(message)  # one line, whatever client input it echoes
        super().__init__(message)
        self.message = message
        self.rule = rule
        if code is not None:
            self.code = code

    @property
    def public_message(self) -> str:
        """What a client is told (the message itself, except where it holds server details)."""
        return self.message

    def to_json(self) -> dict:
        body: dict = {"code": self.code, "message": self.public_message}
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
    """A game rule forbids the command; ``rule`` holds the citation.  One made without a
    citation answers as a 400 ``bad_request`` (see also :func:`refused`)."""

    status = 422
    code = "rule_refused"

    def __init__(self, message: str, *, rule: str | None, code: str | None = None) -> None:
        super().__init__(message, rule=rule or None, code=code)
        if not rule:  # no citation: not a 422 (the contract says every 422 names its rule)
            self.status, self.code = BadRequest.status, BadRequest.code


def refused(message: str, rule: str | None) -> StateError:
    """A refusal by a rule: 422 with its citation, or 400 when the refusal names no rule."""
    return RuleRefused(message, rule=rule) if rule else BadRequest(message)


class StoreUnavailable(StateError):
    """The database cannot be reached or used.  ``message`` holds the details for the server's
    log and its operator (where the data lives, the driver's reason), with every password
    redacted; a client is told only :data:`PUBLIC` (or ``public`` when given)."""

    status = 503
    code = "store_unavailable"
    PUBLIC = "the database is unavailable; retry shortly (the server log has the details)"

    def __init__(
        self, message: str, *, public: str | None = None, rule: str | None = None, code: str | None = None
    ) -> None:
        super().__init__(redact_credentials(message), rule=rule, code=code)
        self._public = public

    @property
    def public_message(self) -> str:
        return self._public or self.PUBLIC


class DatabaseTooNew(StateError):
    status = 500
    code = "database_too_new"


class AuditKeyError(StateError):
    """The audit key is missing, unusable or not the one the database is signed with."""

    status = 500
    code = "audit_key"
