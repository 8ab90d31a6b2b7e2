"""``check_floor``: every rule a loaded floor breaks, each with its citation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kiosk.floor.structure import structural_violations
from kiosk.rules.citation import Violation

if TYPE_CHECKING:  # pragma: no cover
    from kiosk.floor.models import Floor

__all__ = ["check_floor"]


def check_floor(floor: Floor) -> list[Violation]:
    """Return the violations of a floor, errors and warnings (``.severity``).

    Runs ``kiosk.rules.limits.violations(game, limits)`` for every table,
    ``kiosk.rules.limits.floor_violations(...)`` across the floor, and the structural
    checks of :mod:`kiosk.floor.structure` (links, approvals, signs).  Every message
    starts with the table (or link) id and names its rule.
    """
    from kiosk.rules.limits import floor_violations, violations

    out: list[Violation] = []
    entries = []
    for table in floor.tables.values():
        limits = table.limits_model()
        entries.append((table.id, table.game, limits))
        for v in violations(table.game, limits):
            out.append(_prefixed(table.id, v))
    for v in floor_violations(entries):
        out.append(_prefixed("floor", v))
    out += structural_violations(floor)
    return out


def _prefixed(subject: str, v: Violation) -> Violation:
    message = str(getattr(v, "message", v))
    rule = str(getattr(v, "rule", "") or "")
    if rule and rule not in message:
        message = f"{message} ({rule})"
    if not message.startswith(f"{subject}:"):
        message = f"{subject}: {message}"
    return Violation(
        rule=rule,
        message=message,
        key=getattr(v, "key", None),
        severity=getattr(v, "severity", "error"),
    )
