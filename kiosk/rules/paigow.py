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
* The layout has not more than 8 numbered boxes (s413(2)(b)(ii)).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from kiosk.rules.citation import RuleError

__all__ = ["BANKERS", "BOXES", "CONSECUTIVE_BANKS", "Bank", "next_bank", "priority_boxes"]

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
    out = sorted({_box(b, "a priority set marker", "003 s421(1)(d)") for b in boxes})
    return tuple(out)
