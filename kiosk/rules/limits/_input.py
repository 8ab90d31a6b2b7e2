"""Reading a table's settings for the limit rules, from a TableLimits, any object or a mapping.

The rule functions accept a :class:`~kiosk.rules.table.TableLimits`, any object with the
same attribute names, or a mapping with the same keys.  A field that is missing takes the
TableLimits default.  A value of the wrong kind (a float, text, a negative amount) never
raises: :class:`SettingsReader` records a :class:`~kiosk.rules.citation.Violation` naming the
setting and returns ``None`` for it, so every other rule can still be checked.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeGuard

from kiosk.rules.citation import Violation
from kiosk.rules.money import format_money
from kiosk.rules.table import TableLimits

__all__ = ["SettingsReader", "TableView", "field_default", "read_field"]

_MISSING = object()


def field_default(cls: type, name: str) -> Any:
    """The dataclass default of ``cls.name`` (``None`` when the field has none)."""
    for f in dataclasses.fields(cls):
        if f.name == name:
            if f.default is not dataclasses.MISSING:
                return f.default
            if f.default_factory is not dataclasses.MISSING:
                return f.default_factory()
            return None
    return None


def read_field(source: Any, name: str, cls: type = TableLimits) -> Any:
    """``source[name]`` or ``source.name``; the ``cls`` default if neither is there."""
    if isinstance(source, Mapping):
        value = source.get(name, _MISSING)
    else:
        try:
            value = getattr(source, name, _MISSING)
        except Exception:  # a broken property on a caller's object is a missing value
            value = _MISSING
    return field_default(cls, name) if value is _MISSING else value


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


class SettingsReader:
    """Typed, checked access to one table's settings; problems collect in :attr:`problems`.

    ``rule`` is the citation used for malformed values of the table-wide settings
    (the game's own minimum/maximum provision, or ``"IMPL"`` where the seeds have none).
    """

    def __init__(self, source: Any, rule: str, cls: type = TableLimits, prefix: str = "") -> None:
        self.source = source
        self.rule = rule
        self.cls = cls
        self.prefix = prefix
        self.problems: list[Violation] = []

    def key(self, name: str) -> str:
        """The dotted key of a setting, as violations name it (``"rake.cap_cents"``)."""
        return f"{self.prefix}{name}"

    def problem(self, name: str, message: str, rule: str | None = None) -> None:
        rule = rule or self.rule
        self.problems.append(Violation(rule, f"{message} ({rule})", key=self.key(name)))

    def raw(self, name: str) -> Any:
        return read_field(self.source, name, self.cls)

    def money(
        self,
        name: str,
        label: str,
        *,
        rule: str | None = None,
        required: bool = False,
        positive: bool = False,
        unset: str = "",
    ) -> int | None:
        """A non-negative amount of integer cents, or ``None`` (recording why if it is wrong).

        ``required`` records a violation when the setting is missing (``unset`` says why it
        matters); ``positive`` also refuses $0.
        """
        value = self.raw(name)
        if value is None:
            if required:
                self.problem(name, f"{label} is not set{unset}", rule)
            return None
        if not _is_int(value):
            self.problem(name, f"{label} must be a whole number of cents, not {_shown(value)}", rule)
            return None
        if value < 0:
            self.problem(name, f"{label} must not be negative; it is {format_money(value)}", rule)
            return None
        if positive and value == 0:
            self.problem(name, f"{label} must be more than $0", rule)
            return None
        return value

    def count(
        self,
        name: str,
        label: str,
        *,
        rule: str | None = None,
        required: bool = False,
        positive: bool = False,
        unset: str = "",
    ) -> int | None:
        """A whole number of things (decks, blinds), or ``None`` (recording why if it is wrong)."""
        value = self.raw(name)
        if value is None:
            if required:
                self.problem(name, f"{label} is not set{unset}", rule)
            return None
        if not _is_int(value) or value < 0 or (positive and value == 0):
            kind = "a positive whole number" if positive else "a whole number, 0 or more"
            self.problem(name, f"{label} must be {kind}, not {_shown(value)}", rule)
            return None
        return value

    def flag(self, name: str, label: str, *, rule: str | None = None) -> bool:
        """A yes/no setting; anything but a bool is recorded as a problem and read as no."""
        value = self.raw(name)
        if value is None:
            return False
        if not isinstance(value, bool):
            self.problem(name, f"{label} must be true or false, not {_shown(value)}", rule)
            return False
        return value

    def text(
        self, name: str, label: str, *, rule: str | None = None, required: bool = False, unset: str = ""
    ) -> str | None:
        """A non-blank piece of text, or ``None`` (recording why if it is wrong)."""
        value = self.raw(name)
        if value is None or (isinstance(value, str) and not value.strip()):
            if required:
                self.problem(name, f"{label} is not set{unset}", rule)
            return None
        if not isinstance(value, str):
            self.problem(name, f"{label} must be text, not {_shown(value)}", rule)
            return None
        return value.strip()

    def amounts(self, name: str, label: str, *, rule: str | None = None) -> list[int]:
        """A sequence of amounts in cents; malformed entries are recorded and left out."""
        value = self.raw(name)
        if value is None:
            return []
        if isinstance(value, (str, bytes, Mapping)) or not hasattr(value, "__iter__"):
            self.problem(name, f"{label} must be a list of amounts in cents, not {_shown(value)}", rule)
            return []
        out = []
        for i, item in enumerate(value):
            if not _is_int(item) or item < 0:
                self.problem(
                    f"{name}.{i}",
                    f"{label} #{i + 1} must be a whole, non-negative number of cents, not {_shown(item)}",
                    rule,
                )
            else:
                out.append(item)
        return out

    def by_class(self, name: str, label: str, *, rule: str | None = None) -> dict[str, int]:
        """A mapping from wager class to cents; malformed entries are recorded and left out."""
        value = self.raw(name)
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            self.problem(name, f"{label} must map wager classes to amounts in cents, not {_shown(value)}", rule)
            return {}
        out: dict[str, int] = {}
        for cls, amount in value.items():
            if not isinstance(cls, str) or not cls.isprintable():
                self.problem(name, f"{label} has a wager class that is not one line of text: {_shown(cls)}", rule)
            elif not _is_int(amount):
                self.problem(
                    f"{name}.{cls}", f"{label} for {cls} must be a whole number of cents, not {_shown(amount)}", rule
                )
            elif amount < 0:
                self.problem(
                    f"{name}.{cls}", f"{label} for {cls} must not be negative; it is {format_money(amount)}", rule
                )
            else:
                out[cls] = amount
        return out


@dataclasses.dataclass
class TableView:
    """The table-wide settings every game shares, read once and checked for form.

    ``minimum``/``maximum`` are ``None`` when missing or malformed (already recorded in
    ``reader.problems``); ``maximum_by``/``minimum_by`` hold only well-formed entries.
    """

    game: str
    reader: SettingsReader
    minimum: int | None
    maximum: int | None
    maximum_by: dict[str, int]
    minimum_by: dict[str, int]

    @classmethod
    def read(cls, game: str, source: Any, rule: str) -> TableView:
        reader = SettingsReader(source, rule)
        return cls(
            game=game,
            reader=reader,
            minimum=reader.money("minimum_cents", "minimum wager", required=True),
            maximum=reader.money("maximum_cents", "maximum wager", required=True),
            maximum_by=reader.by_class("maximum_by", "maximum"),
            minimum_by=reader.by_class("minimum_by", "minimum"),
        )

    def class_minimum(self, wager_class: str) -> int | None:
        """The minimum for a wager class: its own, else the table minimum."""
        return self.minimum_by.get(wager_class, self.minimum)

    def class_maximum(self, wager_class: str) -> int | None:
        """The maximum for a wager class: its own, else the table maximum."""
        return self.maximum_by.get(wager_class, self.maximum)

    def maximum_key(self, wager_class: str) -> str:
        """The setting that gives a class its maximum: ``maximum_by.<class>`` or ``maximum_cents``."""
        return f"maximum_by.{wager_class}" if wager_class in self.maximum_by else "maximum_cents"
