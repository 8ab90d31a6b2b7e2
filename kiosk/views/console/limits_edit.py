"""An edit of one table in the pit console, as typed, without Qt: the commands that publish
it, the table as it would be, and the service's answer to it.

The console's editor page (``kiosk.ui.staff.console.editor``) reads its fields' text into a
:class:`LimitsEdit` on every change and shows what it says: a money field that is not money
(one line naming the field), or the refusal the service would answer with its rule, checked
by the service's own handlers (:func:`kiosk.views.builders.simulate`), each command on the
state the ones before it leave; or nothing, and the edit can be published.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any, cast

from kiosk.rules.lettering import MIN_TEXT_MM
from kiosk.rules.money import MoneyError, format_money, parse_money
from kiosk.state.errors import StateError
from kiosk.state.events import Role
from kiosk.state.floorlaw import FloorFrame
from kiosk.state.shapes import LimitsState, LinkState, SignState, TableState
from kiosk.views import builders
from kiosk.views.console.displays import sign_titles

__all__ = ["LABELS", "LimitsEdit", "field_title", "money_words"]

LABELS = {
    "minimum_cents": "Minimum wager",
    "maximum_cents": "Maximum wager",
    "maximum_payment_cents": "Maximum payment (000 s232)",
    "minimum_table_stake_cents": "Minimum table stake (003 s259, s295)",
    "minimum_permissible_wager_cents": "Minimum permissible wager",
    "minimum_buy_in_cents": "Minimum buy-in (002 r6.3)",
    "house_liability_cents": "Maximum house liability (003 s421)",
    "box_maximum_cents": "Box maximum",
}
"""What staff call each limits field (the console's labels, and the fields in its messages)."""


_BY = {"maximum_by": "Maximum", "minimum_by": "Minimum"}


def field_title(key: str) -> str:
    """A limits field as staff read it, without its citation: ``minimum_table_stake_cents`` ->
    "Minimum table stake"; a field without a label is spelled out ("box maximum")."""
    label = LABELS.get(key) or _BY.get(key)
    if label is not None:
        return label.split(" (")[0]
    return key.removesuffix("_cents").replace("_", " ").capitalize()


def money_words(key: str, old: Any, new: Any) -> str:
    """One change of a limits field as staff read it: "Maximum wager $1,000 → $2,000"."""

    def show(value: Any) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            return format_money(value)
        if isinstance(value, dict):
            return ", ".join(f"{k.replace('_', ' ')} {show(v)}" for k, v in sorted(value.items()))
        return "none" if value is None else str(value)

    if isinstance(old, dict) and isinstance(new, dict):
        changed = [k for k in sorted(set(old) | set(new)) if old.get(k) != new.get(k)]
        return "; ".join(
            f"{field_title(key)}, {k.replace('_', ' ')} {show(old.get(k))} → {show(new.get(k))}" for k in changed
        )
    return f"{field_title(key)} {show(old)} → {show(new)}"


class LimitsEdit:
    """An edit of table ``base``: the text typed in each money field of its limits (``money``
    by limits field, ``maximum_by`` and ``minimum_by`` by wager class of ``limits.maximum_by``
    and ``limits.minimum_by``: roulette's per-wager limits, 000 s141(2)), the casino's
    name for the game, and the sign kinds checked, in order."""

    def __init__(
        self,
        base: TableState,
        money: Mapping[str, str],
        name: str,
        signs: Sequence[str],
        *,
        maximum_by: Mapping[str, str] | None = None,
        minimum_by: Mapping[str, str] | None = None,
    ) -> None:
        self.base = base
        self.money = dict(money)
        self.maximum_by = dict(maximum_by or {})
        self.minimum_by = dict(minimum_by or {})
        self.name = name
        self.signs = tuple(signs)

    def patch(self) -> dict[str, Any]:
        """The limits that differ from the table (raises ``MoneyError`` naming the field)."""
        limits: Mapping[str, Any] = self.base.get("limits") or {}
        out: dict[str, Any] = {}
        for key, text in self.money.items():
            try:
                value = parse_money(text)
            except MoneyError as exc:
                raise MoneyError(f"{LABELS.get(key, key)}: {exc}") from None
            if value != limits.get(key):
                out[key] = value
        for field, typed, word in (
            ("maximum_by", self.maximum_by, "maximum"),
            ("minimum_by", self.minimum_by, "minimum"),
        ):
            by = dict(limits.get(field) or {})
            changed = False
            for cls, text in typed.items():
                try:
                    value = parse_money(text)
                except MoneyError as exc:
                    raise MoneyError(f"{word} for {cls.replace('_', ' ')}: {exc}") from None
                if value != by.get(cls):
                    by[cls], changed = value, True
            if changed:
                out[field] = by
        return out

    def _sign_specs(self) -> list[SignState | dict[str, str]]:
        """The signs to show, as ``set_signs`` takes them: a sign kept keeps its settings."""
        old = {s["kind"]: s for s in self.base.get("signs") or []}
        return [old.get(kind, {"kind": kind}) for kind in self.signs]

    def _sign_states(self) -> list[SignState]:
        """The signs to show, as the service would store them (a new sign at the floor)."""
        old = {s["kind"]: s for s in self.base.get("signs") or []}
        return [old.get(kind) or SignState(kind=kind, cap_mm=float(MIN_TEXT_MM)) for kind in self.signs]

    def commands(self) -> list[dict[str, Any]]:
        """The commands that publish the edit, versioned one after the other (raises
        ``MoneyError`` as :meth:`patch`)."""
        table_id, version = self.base["id"], self.base["version"]
        out: list[dict[str, Any]] = []
        patch = self.patch()
        if patch:
            out.append(builders.set_limits(table_id, patch, expected_version=version + len(out)))
        if self.name != self.base.get("display_name"):
            out.append(builders.set_display_name(table_id, self.name, expected_version=version + len(out)))
        if list(self.signs) != [s["kind"] for s in self.base.get("signs") or []]:
            out.append(builders.set_signs(table_id, self._sign_specs(), expected_version=version + len(out)))
        return out

    def words(self) -> list[str]:
        """What publishing the edit changes, as staff read it: "Maximum wager $1,000 → $2,000",
        the name, the signs (raises ``MoneyError`` as :meth:`patch`)."""
        limits: Mapping[str, Any] = self.base.get("limits") or {}
        out = [money_words(key, limits.get(key), value) for key, value in self.patch().items()]
        if self.name != self.base.get("display_name"):
            out.append(f"name shown “{self.base.get('display_name', '')}” → “{self.name}”")
        old = [s["kind"] for s in self.base.get("signs") or []]
        if list(self.signs) != old:
            added = [k for k in self.signs if k not in old]
            removed = [k for k in old if k not in self.signs]
            if added:
                out.append(f"signs added: {sign_titles(added)}")
            if removed:
                out.append(f"signs removed: {sign_titles(removed)}")
            if not added and not removed:
                out.append("signs put in a new order")
        return out

    def live_raises(self) -> list[str]:
        """The minimums this edit raises at once when published (a minimum wager, a minimum per
        wager, a minimum table stake, a buy-in): players at the table feel these, so the console
        asks before publishing them (ux-review C2). Raises ``MoneyError`` as :meth:`patch`."""
        limits: Mapping[str, Any] = self.base.get("limits") or {}
        out = []
        for key, new in self.patch().items():
            old = limits.get(key)
            if key == "minimum_by" and isinstance(new, dict):
                before = old if isinstance(old, dict) else {}
                out += [
                    money_words(key, {c: before.get(c)}, {c: v})
                    for c, v in sorted(new.items())
                    if isinstance(v, int) and isinstance(before.get(c), int) and v > before[c]
                ]
            elif key.startswith("minimum") and isinstance(new, int) and isinstance(old, int) and new > old:
                out.append(money_words(key, old, new))
        return out

    def table(self) -> TableState:
        """The table as it would be: for the preview (raises ``MoneyError`` as :meth:`patch`)."""
        table = copy.deepcopy(self.base)
        # the patch is the command's JSON: fields of these limits only (the form shows no others)
        limits = cast(LimitsState, {**table["limits"], **self.patch()})
        return {**table, "limits": limits, "display_name": self.name, "signs": self._sign_states()}

    def check(
        self,
        tables: Mapping[str, TableState],
        links: Mapping[str, LinkState] | None = None,
        frame: FloorFrame | None = None,
        *,
        role: Role = "pit",
        name: str = "console",
    ) -> StateError | None:
        """The refusal the service would answer to the first of :meth:`commands` it would
        refuse from a ``role`` token, each on the state the ones before it leave, given these
        states and the floor file's ``frame``; ``None`` when it would accept them all (raises
        ``MoneyError`` as :meth:`patch`)."""
        try:
            builders.simulate(self.commands(), tables, links, role=role, name=name, frame=frame)
        except StateError as exc:
            return exc
        return None
