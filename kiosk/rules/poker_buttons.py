"""Poker room marker buttons: the status of each seat or player at a poker table (002 r8.1.3).

"Marker Buttons will be used to designate seat or player status at a poker table. The buttons
will be designed to denote their purpose" (002 r8.1.3).  The buttons the Poker Rules define
(002 r1.1), each placed by the dealer:

* **Dealer** (the Dealer Button): the designated player, who receives the last cards in each
  round; it moves one seat clockwise at the end of each hand.
* **Dead** (a dead button): "a Dealer Button in front of an empty seat", so that each person
  pays the right blind (r1.1, r8.2.6).
* **Absent**: this player has previously missed his or her blind bet and is absent from the table.
* **Dealt-out**: this player is to be dealt out of the current hand.
* **Missed Blind**: this player has missed his or her blind bet.
* **Player Walking**: this player is absent from the table.
* **Reserved**: in the playing area of a vacant seat, available for allocation by Poker Room
  Management (r1.1, r8.1.3(a): placed when a player leaves the table permanently).

Which may be combined, as read from those definitions (``docs/readings.md`` A-40):

* there is one dealer button on a table, so at most one seat holds Dealer or Dead;
* Dead is the dealer button in front of an empty seat and Dealer the same button in front of a
  player, so a seat holds at most one of them, Dead only where no player is (no player
  button), and Dealer never on a Reserved (vacant) seat;
* Reserved marks a vacant seat and Absent, Dealt-out, Missed Blind and Player Walking mark a
  player, so Reserved goes with none of them;
* Absent already says both "missed the blind" and "absent from the table", so it goes with
  neither Missed Blind nor Player Walking, and a walking player who has missed a blind carries
  Absent instead of the two;
* Dealt-out goes with any other player button (a player avoiding the blinds is not dealt
  cards until corrected, r8.2.3).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from kiosk.language import N_
from kiosk.rules.citation import RuleError

__all__ = [
    "BUTTONS",
    "BUTTON_RULE",
    "DEALER_BUTTONS",
    "PLAYER_BUTTONS",
    "SEATS",
    "Button",
    "button",
    "seat_buttons",
    "place_buttons",
]

BUTTON_RULE = "002 r8.1.3"
"""Marker buttons designate seat or player status at a poker table."""

SEATS = 10
"""The poker layout's seats (``layouts/poker.toml``: seat1 .. seat10)."""


@dataclass(frozen=True)
class Button:
    """One marker button: its code, its name as the Poker Rules give it, what it denotes, the
    one letter the layout marks the seat with, and where it is defined."""

    code: str
    name: str
    means: str
    letter: str
    rule: str


BUTTONS: dict[str, Button] = {
    b.code: b
    for b in (
        Button("dealer", N_("Dealer"), "the designated player, who receives the last cards", "D", "002 r1.1"),
        Button("dead", N_("Dead button"), "the dealer button in front of an empty seat", "D", "002 r1.1, r8.2.6"),
        Button("absent", N_("Absent"), "missed the blind and absent from the table", "A", "002 r1.1"),
        Button("dealt_out", N_("Dealt-out"), "dealt out of the current hand", "O", "002 r1.1"),
        Button("missed_blind", N_("Missed blind"), "missed the blind bet", "M", "002 r1.1, r8.2.3"),
        Button("player_walking", N_("Player walking"), "absent from the table", "W", "002 r1.1"),
        Button("reserved", N_("Reserved"), "vacant seat, available for allocation", "R", "002 r1.1, r8.1.3(a)"),
    )
}
"""Every marker button, in the order the panel and the display list them."""

DEALER_BUTTONS = frozenset({"dealer", "dead"})
"""The dealer button, in front of a player or (dead) an empty seat: one per table."""
PLAYER_BUTTONS = frozenset({"absent", "dealt_out", "missed_blind", "player_walking"})
"""The buttons that denote a player in the seat."""


def button(code: str) -> Button:
    """The button with this code, or :class:`RuleError` naming the ones there are."""
    found = BUTTONS.get(code) if isinstance(code, str) else None
    if found is None:
        known = ", ".join(BUTTONS)
        raise RuleError(f"{code!r} is not a marker button; the buttons are {known} ({BUTTON_RULE})", BUTTON_RULE)
    return found


def _refuse(seat: int, message: str, rule: str) -> RuleError:
    return RuleError(f"seat {seat}: {message} ({rule})", rule)


def seat_buttons(seat: int, codes: Iterable[str]) -> tuple[str, ...]:
    """The buttons of one seat, checked and in :data:`BUTTONS` order; :class:`RuleError` with the
    citation for a seat that is not on the table, an unknown button or buttons that contradict
    each other (the module docstring)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= SEATS:
        raise RuleError(f"a poker table has seats 1 to {SEATS}, not {seat!r} (002 r2.1)", "002 r2.1")
    given = [button(c).code for c in codes]
    if len(set(given)) != len(given):
        raise _refuse(seat, "each button is placed once", BUTTON_RULE)
    have = set(given)
    if have >= {"dealer", "dead"}:
        raise _refuse(seat, "the dealer button is in front of a player or, dead, an empty seat: not both", "002 r1.1")
    if "dead" in have and have & PLAYER_BUTTONS:
        raise _refuse(
            seat, "a dead button is in front of an empty seat; a player button says a player is there", "002 r1.1"
        )
    if "reserved" in have and have & PLAYER_BUTTONS:
        raise _refuse(seat, "a reserved button marks a vacant seat; a player button says a player is there", "002 r1.1")
    if have >= {"reserved", "dealer"}:
        raise _refuse(seat, "a dealer button in front of a vacant (reserved) seat is the dead button", "002 r1.1")
    if "absent" in have and have & {"missed_blind", "player_walking"}:
        raise _refuse(seat, "the absent button already says the player missed the blind and is away", "002 r1.1")
    if have >= {"missed_blind", "player_walking"}:
        raise _refuse(seat, "a walking player who has missed the blind carries the absent button instead", "002 r1.1")
    return tuple(code for code in BUTTONS if code in have)


def place_buttons(
    seats: Mapping[int, Iterable[str]], seat: int, codes: Iterable[str]
) -> tuple[dict[int, tuple[str, ...]], int | None]:
    """The table's buttons after the dealer sets ``seat`` to ``codes``: ``(seats, moved_from)``.

    There is one dealer button (002 r1.1 "Dealer Button", "Dead button"): placing Dealer or Dead
    at a seat moves it from the seat that held it, whose number is ``moved_from`` (``None`` when
    it did not move).  Seats left with no button are dropped."""
    placed = seat_buttons(seat, codes)
    out: dict[int, tuple[str, ...]] = {}
    moved_from: int | None = None
    for other, held in seats.items():
        if other == seat:
            continue
        kept = tuple(held)
        if DEALER_BUTTONS & set(placed) and DEALER_BUTTONS & set(kept):
            kept = tuple(c for c in kept if c not in DEALER_BUTTONS)
            moved_from = other
        if kept:
            out[other] = kept
    if placed:
        out[seat] = placed
    return dict(sorted(out.items())), moved_from
