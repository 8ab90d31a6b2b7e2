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
from kiosk.rules.money import MoneyError, parse_money
from kiosk.state.errors import StateError
from kiosk.state.events import Role
from kiosk.state.floorlaw import FloorFrame
from kiosk.state.shapes import LimitsState, LinkState, SignState, TableState
from kiosk.views import builders

__all__ = ["LABELS", "LimitsEdit"]

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


class LimitsEdit:
    """An edit of table ``base``: the text typed in each money field of its limits (``money``
    by limits field, ``maximum_by`` by wager class of ``limits.maximum_by``), the casino's
    name for the game, and the sign kinds checked, in order."""

    def __init__(
        self,
        base: TableState,
        money: Mapping[str, str],
        name: str,
        signs: Sequence[str],
        *,
        maximum_by: Mapping[str, str] | None = None,
    ) -> None:
        self.base = base
        self.money = dict(money)
        self.maximum_by = dict(maximum_by or {})
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
        by = dict(limits.get("maximum_by") or {})
        changed = False
        for cls, text in self.maximum_by.items():
            try:
                value = parse_money(text)
            except MoneyError as exc:
                raise MoneyError(f"maximum for {cls}: {exc}") from None
            if value != by.get(cls):
                by[cls], changed = value, True
        if changed:
            out["maximum_by"] = by
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
