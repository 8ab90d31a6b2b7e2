"""The one shape of a table, link or change id in commands and reports."""

from __future__ import annotations

import re
from typing import TypeGuard

__all__ = ["ID_PATTERN", "is_id"]

ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}\Z")


def is_id(value: object) -> TypeGuard[str]:
    """Whether ``value`` can be a table, link or change id (ASCII letters, digits and ``_.:-``)."""
    return isinstance(value, str) and ID_PATTERN.match(value) is not None
