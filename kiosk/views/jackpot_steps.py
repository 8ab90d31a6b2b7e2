"""What the dealer panel and the console say about a jackpot hit before it is paid (000 s245(5)).

Before a straight or royal flush jackpot is paid the dealer notifies the floor manager and counts
the cards in the deck in use at the table (``jackpot_before_payment``; ``docs/readings.md``
A-50).  :func:`payment_step` reads it from a link's pending hit, for the table whose dealer must
do it; the panel asks for both while :attr:`PaymentStep.asks` and says what was recorded after.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from kiosk.rules.caribbean import BEFORE_PAYMENT_RULE, DECK_CARDS, hands_needing_checks

__all__ = ["PaymentStep", "payment_step", "notified_at", "MOST_MINUTES_AGO"]

MOST_MINUTES_AGO = 120
"""The panel records a notification given up to this many minutes before it is entered."""


@dataclass(frozen=True)
class PaymentStep:
    """A pending hit's 000 s245(5) step: the hit, its straight and royal flushes, what the dealer
    recorded (``None``: nothing yet) and whether the pit recorded the payment."""

    link_id: str
    hit: int
    table_id: str
    hands: tuple[str, ...]
    recorded: Mapping[str, Any] | None
    paid: bool

    @property
    def needed(self) -> bool:
        """The hit pays a straight or royal flush (000 s245(5))."""
        return bool(self.hands)

    @property
    def asks(self) -> bool:
        """The dealer still has to record it: needed, not recorded, not paid."""
        return self.needed and self.recorded is None and not self.paid

    @property
    def deck_complete(self) -> bool | None:
        """Whether the recorded count was the whole deck (``None`` before a count)."""
        if self.recorded is None:
            return None
        return bool(self.recorded.get("cards_counted") == self.recorded.get("deck_cards", DECK_CARDS))

    def line(self, local: Any = None) -> str:
        """One line for the panel and the console; ``local`` turns a stored UTC time into the
        casino's clock time (text), else the stored time is shown as it is."""
        hands = " and ".join(self.hands)
        if not self.needed:
            return f"Hit {self.hit}: no straight or royal flush; pay it ({BEFORE_PAYMENT_RULE} does not apply)"
        if self.recorded is None:
            return (
                f"Hit {self.hit} pays a {hands}: before it is paid notify the floor manager and count the cards in the"
                f" deck in use ({BEFORE_PAYMENT_RULE})"
            )
        when = self.recorded.get("notified_at", "")
        when = local(when) if local is not None and when else when
        counted = self.recorded.get("cards_counted")
        deck = self.recorded.get("deck_cards", DECK_CARDS)
        count = f"{counted} of {deck} cards" if counted == deck else f"{counted} cards, NOT {deck}"
        return (
            f"Hit {self.hit}: floor manager {self.recorded.get('floor_manager')} notified at {when}; {count} counted"
            f" ({BEFORE_PAYMENT_RULE})" + (": the pit notes why it is paid" if counted != deck else "")
        )


def payment_step(link: Mapping[str, Any] | None, table_id: str | None = None) -> PaymentStep | None:
    """The pending hit of ``link`` as a :class:`PaymentStep`, or ``None`` without one (or when
    ``table_id`` is given and the hit was at another table: its dealer is there)."""
    if not link:
        return None
    pending = link.get("pending")
    if not pending or (table_id is not None and pending.get("table_id") != table_id):
        return None
    return PaymentStep(
        link_id=str(link.get("id")),
        hit=int(pending.get("hit", 0)),
        table_id=str(pending.get("table_id")),
        hands=hands_needing_checks(str(p.get("hand", "")) for p in pending.get("payments") or []),
        recorded=pending.get("before_payment"),
        paid=bool(pending.get("paid")),
    )


def notified_at(now: datetime, minutes_ago: int) -> datetime:
    """When the floor manager was notified, ``minutes_ago`` (0 to :data:`MOST_MINUTES_AGO`)
    before ``now`` (an aware time)."""
    if isinstance(minutes_ago, bool) or not 0 <= minutes_ago <= MOST_MINUTES_AGO:
        raise ValueError(f"minutes ago is 0 to {MOST_MINUTES_AGO}, not {minutes_ago!r}")
    return now - timedelta(minutes=minutes_ago)
