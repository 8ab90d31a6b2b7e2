"""Citations, violations and rule errors shared by every rule module.

A citation is a plain string naming the seed file and section (``docs/readings.md`` lists the
seed files):
``"001 s459(1)"`` (seed 001, section 459(1)), ``"004 sch13 s19(2)"``,
``"002 r6.9"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["RuleError", "Violation"]

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Violation:
    """One way a configuration breaks (or, as a warning, strains) the law.

    ``rule`` is the citation; ``message`` is one line a pit boss can act on: it says
    what is wrong and what would fix it, and names the rule.  ``key`` names the
    setting at fault (``"maximum_by.3:4"``) where there is one.
    """

    rule: str
    message: str
    key: str | None = None
    severity: Severity = "error"

    def __str__(self) -> str:
        return self.message


class RuleError(ValueError):
    """Raised when input breaks a rule; ``str()`` is a one-line message naming it."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule
