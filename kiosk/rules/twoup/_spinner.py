"""Who is offered the dice in two-up dice, and in what order (004 sch13 s5).

Seats are given clockwise starting from the dealer's left (s5(2)).  In the first game
after the table opens the dice go to the first player on the dealer's left (s5(2)); in
a later game that needs a spinner, to the next player clockwise from the previous
spinner's place (s5(3)); each player who declines passes them on clockwise (s5(4)); if
every player declines, the dealer spins (s5(6)).

Choices where the seed is silent:

* After a game the dealer spun, "the place occupied by the spinner for the previous game"
  is the dealer's place, so the dice go to the first player on the dealer's left again.
* A previous spinner who has left the table: with seats numbered clockwise (whole numbers
  in increasing order), the offer starts at the next occupied seat after the empty one.
* Whether the dice come round to the previous spinner last is
  ``TwoUpSettings.reoffer_previous_spinner`` (default no: that spinner had to stop,
  s10(2), s10(4)(b), s21(2)(b)).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from typing import TypeVar

from kiosk.rules.citation import RuleError

from ._settings import TwoUpSettings

__all__ = ["DEALER", "offer_order", "select_spinner"]

#: The dealer, as previous spinner or as the spinner when every player declines (s5(6)).
DEALER = "dealer"

S = TypeVar("S", bound=Hashable)


def _check_seats(seats: Sequence[S]) -> list[S]:
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence):
        raise RuleError(
            f"seats are a list of the players' places, clockwise from the dealer's left, not {seats!r} "
            "(004 sch13 s5(2))",
            rule="004 sch13 s5(2)",
        )
    seen = []
    for seat in seats:
        if seat == DEALER or seat is None:
            raise RuleError(f"{seat!r} is not a player's seat (004 sch13 s5(2))", rule="004 sch13 s5(2)")
        if seat in seen:
            raise RuleError(f"seat {seat!r} is listed twice (004 sch13 s5(2))", rule="004 sch13 s5(2)")
        seen.append(seat)
    return seen


def offer_order(
    seats: Sequence[S], previous: S | str | None, *, settings: TwoUpSettings | None = None
) -> tuple[S, ...]:
    """The order in which the dice are offered to the players (s5(2)-(4)).

    ``seats`` are the occupied places clockwise from the dealer's left; ``previous`` is
    the previous spinner's seat, :data:`DEALER`, or ``None`` in the first game after
    the table opens.
    """
    order = _check_seats(seats)
    settings = settings or TwoUpSettings()
    if previous is None or previous == DEALER:
        return tuple(order)  # s5(2); a dealer's previous game restarts at the dealer's left
    if previous in order:
        i = order.index(previous)
        after = order[i + 1 :] + order[:i]
        return tuple(after + [previous]) if settings.reoffer_previous_spinner else tuple(after)
    numbers = [s for s in order if isinstance(s, int) and not isinstance(s, bool)]
    if len(numbers) == len(order) and isinstance(previous, int) and not isinstance(previous, bool):
        if numbers == sorted(numbers):
            later = [s for s in order if isinstance(s, int) and s > previous]
            return tuple(later + [s for s in order if s not in later])
    raise RuleError(
        f"the previous spinner's seat {previous!r} is not at the table; to start after an empty seat, "
        "number the seats clockwise from the dealer's left (004 sch13 s5(3))",
        rule="004 sch13 s5(3)",
    )


def select_spinner(
    seats: Sequence[S],
    previous: S | str | None,
    declined: Collection[S] = (),
    *,
    settings: TwoUpSettings | None = None,
) -> S | str:
    """The new spinner: the first player in :func:`offer_order` who did not decline (s5(5)),
    or :data:`DEALER` when every player declines (s5(6))."""
    order = offer_order(seats, previous, settings=settings)
    if isinstance(declined, (str, bytes)) or not isinstance(declined, Collection):
        raise RuleError(
            f"declined is a collection of seats, not {declined!r} (004 sch13 s5(4))", rule="004 sch13 s5(4)"
        )
    strangers = [d for d in declined if d not in seats]
    if strangers:
        raise RuleError(
            f"seat {strangers[0]!r} declined the dice but is not at the table (004 sch13 s5(4))",
            rule="004 sch13 s5(4)",
        )
    for seat in order:
        if seat not in declined:
            return seat
    return DEALER
