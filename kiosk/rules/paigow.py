"""Pai gow: who is banking (the chung) and the priority set marker (003 pt 19).

* The chung shows who is banking or co-banking in a round (003 s417): in front of the banking
  player's position, in front of box 1 when the house banks, placed to show both for
  co-banking (s424).
* The house is the bank for the first round of play after the start of play (s425(8)); a
  player may be player/banker or co-banker for not more than 2 consecutive rounds (s425(10)).
  Co-banking with the house needs a maximum house liability displayed at the table
  (s421(1)(b)(i)).
* A priority set marker is placed at a box whose wagers total half the stated table maximum
  or more, before the tiles are dealt (s421(1)(d)); that box's hand is set first (s421(2)).
  :func:`priority_markers` checks the markers against the boxes' wager totals.
* The layout has not more than 8 numbered boxes (s413(2)(b)(ii)).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from kiosk.rules.citation import RuleError
from kiosk.rules.money import format_money

__all__ = [
    "BANKERS",
    "BOXES",
    "CONSECUTIVE_BANKS",
    "PRIORITY_RULE",
    "Bank",
    "box_totals",
    "next_bank",
    "needs_priority",
    "priority_boxes",
    "priority_markers",
]

PRIORITY_RULE = "003 s421(1)(d)"

Banker = Literal["house", "player", "co_banking"]
BANKERS: tuple[str, ...] = ("house", "player", "co_banking")
BOXES = 8
"""Not more than 8 numbered boxes (003 s413(2)(b)(ii))."""
CONSECUTIVE_BANKS = 2
"""A player banks or co-banks for not more than 2 consecutive rounds (003 s425(10))."""


@dataclass(frozen=True)
class Bank:
    """Who banks a round and the box the chung is placed at (003 s417, s424)."""

    banker: Banker
    box: int

    @property
    def rule(self) -> str:
        return {"house": "003 s424(2)", "player": "003 s424(1)", "co_banking": "003 s424(3)"}[self.banker]


def _box(value: object, what: str, rule: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= BOXES:
        raise RuleError(f"{what} is a box 1 to {BOXES}, not {value!r} (003 s413(2)(b)(ii), {rule})", rule)
    return value


def next_bank(banker: str, box: int | None, previous: Sequence[Bank], *, co_banking_allowed: bool) -> Bank:
    """The bank of the next round, checked against the rounds before it (oldest first).

    ``previous`` empty means the first round after the start of play.  Raises
    :class:`RuleError` with the citation when the law does not allow it.
    """
    if banker not in BANKERS:
        raise RuleError(f"the bank is the house, a player or a co-banker, not {banker!r} (003 s417)", "003 s417")
    if banker == "house":
        if box not in (None, 1):
            raise RuleError(
                f"when the house banks the chung is in front of box 1, not box {box} (003 s424(2))", "003 s424(2)"
            )
        return Bank("house", 1)
    if not previous:
        raise RuleError(
            "the house is the bank for the first round of play after the start of play (003 s425(8))", "003 s425(8)"
        )
    if banker == "co_banking" and not co_banking_allowed:
        raise RuleError(
            "co-banking with the house needs a maximum house liability displayed at the table; "
            "this table does not offer co-banking (003 s421(1)(b)(i))",
            "003 s421(1)(b)(i)",
        )
    where = _box(box, "the banking player's position", "003 s424(1)")
    recent = list(previous)[-CONSECUTIVE_BANKS:]
    if len(recent) == CONSECUTIVE_BANKS and all(b.banker != "house" and b.box == where for b in recent):
        raise RuleError(
            f"the player at box {where} has banked {CONSECUTIVE_BANKS} consecutive rounds; the bank "
            "is offered around the table again, and the house banks if no other player takes it "
            "(003 s425(10)-(12))",
            "003 s425(10)",
        )
    return Bank(banker, where)  # type: ignore[arg-type]


def priority_boxes(boxes: Iterable[object]) -> tuple[int, ...]:
    """The boxes with a priority set marker (003 s421(1)(d)), sorted, each once."""
    out = sorted({_box(b, "a priority set marker", PRIORITY_RULE) for b in boxes})
    return tuple(out)


def box_totals(totals: Mapping[object, object]) -> dict[int, int]:
    """The total of all wagers on each box, in cents, by box (a JSON object's keys are text:
    ``{"3": 250000}``); :class:`RuleError` for a box that is not one or an amount that is not
    whole cents."""
    out: dict[int, int] = {}
    for key, cents in totals.items():
        box = int(key) if isinstance(key, str) and key.isdigit() else key
        where = _box(box, "a box with wagers", PRIORITY_RULE)
        if isinstance(cents, bool) or not isinstance(cents, int) or cents < 0:
            raise RuleError(
                f"box {where}: the total of its wagers is whole cents, 0 or more, not {cents!r} ({PRIORITY_RULE})",
                PRIORITY_RULE,
            )
        out[where] = cents
    return out


def needs_priority(total_cents: int, table_maximum_cents: int) -> bool:
    """A box whose wagers total half the stated table maximum or more takes a priority set marker
    (003 s421(1)(d): "equal to or more than half")."""
    return 2 * total_cents >= table_maximum_cents


def priority_markers(
    boxes: Iterable[object], totals: Mapping[object, object], table_maximum_cents: int
) -> tuple[int, ...]:
    """The round's priority set markers (sorted), checked against the boxes' wager totals.

    "If the total of all wagers on a box is equal to or more than half the stated table maximum,
    a marker (a "priority set marker") must be placed at the box before the tiles are dealt"
    (003 s421(1)(d)): every box whose total is half the table maximum or more has one; a marker
    goes only at such a box (docs/readings.md A-52: the marker gives that box's hand the first
    setting, s421(2)); a box without a total given has no wagers.  :class:`RuleError` otherwise.
    """
    marked = priority_boxes(boxes)
    given = box_totals(totals)
    half = format_money((table_maximum_cents + 1) // 2)
    for box in sorted(given):
        if needs_priority(given[box], table_maximum_cents) and box not in marked:
            raise RuleError(
                f"box {box}'s wagers total {format_money(given[box])}, half the table maximum ({half}) or more: a"
                f" priority set marker must be placed at the box before the tiles are dealt ({PRIORITY_RULE})",
                PRIORITY_RULE,
            )
    for box in marked:
        total = given.get(box, 0)
        if not needs_priority(total, table_maximum_cents):
            raise RuleError(
                f"box {box}'s wagers total {format_money(total)}, under half the table maximum ({half}): a priority"
                f" set marker is placed only at a box whose wagers total half of it or more ({PRIORITY_RULE})",
                PRIORITY_RULE,
            )
    return marked
