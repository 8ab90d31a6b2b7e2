"""The results a table's history view shows, below Qt: the last results of each game and, for
roulette, the statistics of a roulette billboard.

Everything is computed from the table's own records (the game state its dealer commands write:
roulette's ``results``, newest first, as many as the floor's ``statistics_spins``; tri-chro's
``recent`` drawings; two-up's ``past_games`` and the game in play), read through
:mod:`kiosk.views.facts`, so a display, ``kiosk snapshot`` and ``kiosk snapshot --at`` (the
table then, :mod:`kiosk.views.past`) show the same history.

* :func:`roulette_board`: the last results as a billboard shows them, red in the left column,
  black in the right, zero in the centre (the colours of :class:`kiosk.rules.roulette.Wheel`
  when the floor gives the table's wheel, else the cloth's, :func:`kiosk.views.screens.layout.number_colour`).
* :func:`roulette_statistics`: over the latest ``spins`` results, the hot numbers (most often)
  and cold numbers (least often, those not seen at all first), and the red/black/zero, odd/even
  and dozen shares in whole percent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from kiosk.rules.roulette import COMPARTMENTS, Colour, winning_number

__all__ = [
    "BOARD_MOST",
    "BOARD_LEAST",
    "BoardEntry",
    "RouletteStatistics",
    "percent",
    "roulette_board",
    "roulette_statistics",
]

BOARD_MOST = 20
"""The most results a history board shows (the billboard's 12 to 20)."""
BOARD_LEAST = 12
"""The fewest a history board shows when it has them: a screen that cannot hold this many in one
column shows them in two."""
HOT_COLD = 5
"""How many hot and how many cold numbers the statistics name."""

Column = Literal["left", "centre", "right"]
_COLUMN: dict[Colour, Column] = {"red": "left", "green": "centre", "black": "right"}


@dataclass(frozen=True)
class BoardEntry:
    """One result on the billboard: the number, its colour and its column."""

    number: int
    colour: Colour
    column: Column


def roulette_board(
    results: Sequence[int], colour_of: Callable[[int], Colour], most: int = BOARD_MOST
) -> tuple[BoardEntry, ...]:
    """The latest ``most`` results, newest first, each in its colour's column."""
    out = []
    for number in results[:most]:
        colour = colour_of(winning_number(number))
        out.append(BoardEntry(number, colour, _COLUMN[colour]))
    return tuple(out)


def percent(part: int, whole: int) -> int:
    """``part`` of ``whole`` in whole percent, rounded half up (0 of nothing is 0)."""
    return (200 * part + whole) // (2 * whole) if whole else 0


@dataclass(frozen=True)
class RouletteStatistics:
    """The statistics of the latest ``spins`` results (``spins`` at most the window asked for).

    ``hot`` and ``cold`` are ``(number, times)``; the shares are whole percents of ``spins``
    (zero is neither odd nor even and in no dozen, so those shares leave its part out)."""

    spins: int
    window: int
    hot: tuple[tuple[int, int], ...]
    cold: tuple[tuple[int, int], ...]
    red: int
    black: int
    zero: int
    odd: int
    even: int
    dozens: tuple[int, int, int]


def roulette_statistics(
    results: Sequence[int], colour_of: Callable[[int], Colour], window: int, *, named: int = HOT_COLD
) -> RouletteStatistics:
    """The statistics over the latest ``window`` of ``results`` (newest first).

    Hot: the ``named`` numbers seen most often, ties to the one seen most recently.  Cold: the
    ``named`` numbers seen least often (never is least), ties to the one seen longest ago (never
    seen: the lower number first).  Nothing is hot or cold before the first spin."""
    counted = [winning_number(n) for n in results[:window]]
    spins = len(counted)
    times = [0] * COMPARTMENTS
    last_seen = [spins] * COMPARTMENTS  # how many spins ago; never seen: the whole window
    for ago, number in enumerate(counted):
        if times[number] == 0:
            last_seen[number] = ago
        times[number] += 1
    hot: tuple[tuple[int, int], ...] = ()
    cold: tuple[tuple[int, int], ...] = ()
    if spins:
        seen = [n for n in range(COMPARTMENTS) if times[n]]
        hot = tuple((n, times[n]) for n in sorted(seen, key=lambda n: (-times[n], last_seen[n], n))[:named])
        cold = tuple(
            (n, times[n]) for n in sorted(range(COMPARTMENTS), key=lambda n: (times[n], -last_seen[n], n))[:named]
        )
    colours = [colour_of(n) for n in counted]
    return RouletteStatistics(
        spins=spins,
        window=window,
        hot=hot,
        cold=cold,
        red=percent(colours.count("red"), spins),
        black=percent(colours.count("black"), spins),
        zero=percent(colours.count("green"), spins),
        odd=percent(sum(1 for n in counted if n % 2 == 1), spins),
        even=percent(sum(1 for n in counted if n and n % 2 == 0), spins),
        dozens=(
            percent(sum(1 for n in counted if 1 <= n <= 12), spins),
            percent(sum(1 for n in counted if 13 <= n <= 24), spins),
            percent(sum(1 for n in counted if 25 <= n <= 36), spins),
        ),
    )
