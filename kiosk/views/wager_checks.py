"""What the dealer panel decides, below Qt, for the wagers it takes in a round:

* bonus blackjack (003 s50B): which boxes already hold the round's bonus wager, whether the
  round's cards are being dealt, and the command that records more (:func:`bonus_round`);
* pai gow (003 s421(1)(d)): from the wager totals the dealer types for each box, the boxes that
  need a priority set marker and the command that records totals and markers, with the
  service's own refusal while they do not agree (:func:`priority_plan`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from kiosk.rules.money import MoneyError, format_money, parse_money
from kiosk.rules.paigow import PRIORITY_RULE, needs_priority
from kiosk.state.errors import StateError
from kiosk.state.shapes import TableState
from kiosk.views import builders
from kiosk.views.facts import blackjack_state, pai_gow_state

__all__ = ["BonusRound", "bonus_round", "PriorityPlan", "priority_plan", "half_maximum", "marked_boxes"]


@dataclass(frozen=True)
class BonusRound:
    """A bonus blackjack table's round as the panel shows it (003 s50B)."""

    offered: bool
    round: int
    boxes: tuple[int, ...]
    dealing: bool

    @property
    def open(self) -> bool:
        """Bonus wagers may still be recorded: bonus blackjack, a round, no card dealt (s50B(3))."""
        return self.offered and self.round > 0 and not self.dealing

    def line(self) -> str:
        if not self.offered:
            return "No bonus blackjack at this table (003 s50A)"
        if not self.round:
            return "Nominate the round's blackjack first: it starts the round (003 s50C(3))"
        held = ", ".join(map(str, self.boxes)) or "none yet"
        state = "cards being dealt: no more bonus wagers (003 s50B(3))" if self.dealing else "1 per box (003 s50B(5))"
        return f"Round {self.round} bonus wagers: boxes {held}; {state}"


def bonus_round(table: TableState) -> BonusRound:
    gs: Mapping[str, Any] = blackjack_state(table) or {}
    return BonusRound(
        offered=bool((table.get("limits") or {}).get("bonus_blackjack")),
        round=int(gs.get("round") or 0),
        boxes=tuple(sorted(b for b in gs.get("bonus_boxes") or [] if isinstance(b, int))),
        dealing=bool(gs.get("dealing")),
    )


@dataclass(frozen=True)
class PriorityPlan:
    """The wager totals the dealer typed, the markers they call for, and the command to record
    them with the markers chosen (or why it cannot be sent yet)."""

    totals: Mapping[int, int]
    needed: tuple[int, ...]
    command: dict[str, Any] | None
    problem: str | None
    rule: str | None


def priority_plan(
    table: TableState | None, table_id: str, typed: Mapping[int, str], marked: Iterable[int]
) -> PriorityPlan:
    """``typed`` is the text of each box's total field (empty: no wagers on the box); ``marked``
    the boxes the dealer marks.  The plan's ``problem`` is a typing slip or the service's refusal
    of the command on ``table`` (:func:`kiosk.views.builders.check`, the service's own code)."""
    totals: dict[int, int] = {}
    for box, text in sorted(typed.items()):
        if not text.strip():
            continue
        try:
            totals[box] = parse_money(text)
        except MoneyError as exc:
            return PriorityPlan({}, (), None, f"box {box}: {exc}", None)
    maximum = _maximum(table)
    needed = (
        tuple(box for box, cents in totals.items() if needs_priority(cents, maximum))
        if isinstance(maximum, int) and maximum > 0
        else ()
    )
    command = builders.pai_gow_priority(table_id, sorted(set(marked)), totals)
    if table is None:
        return PriorityPlan(totals, needed, command, None, None)
    refusal: StateError | None = builders.check(command, {table_id: table}, role="dealer", name="dealer panel")
    if refusal is not None:
        return PriorityPlan(totals, needed, command, refusal.message, refusal.rule)
    return PriorityPlan(totals, needed, command, None, None)


def _maximum(table: TableState | None) -> int | None:
    value = table["limits"].get("maximum_cents") if table is not None else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def half_maximum(table: TableState | None) -> str | None:
    """Half the table maximum, as the panel names the threshold (003 s421(1)(d))."""
    maximum = _maximum(table)
    if maximum is None or maximum <= 0:
        return None
    return f"{format_money((maximum + 1) // 2)} ({PRIORITY_RULE})"


def marked_boxes(table: TableState) -> tuple[int, ...]:
    """The round's priority set markers as recorded."""
    gs: Mapping[str, Any] = pai_gow_state(table) or {}
    return tuple(sorted(b for b in gs.get("priority_boxes") or [] if isinstance(b, int)))
