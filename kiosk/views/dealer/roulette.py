"""The roulette pad of the dealer panel: laid out like the cloth, coloured like the wheel, and a
number recorded only after a confirm (a double tap cannot record two spins).

The colours come from the one definition: the table's approved wheel (003 s131(2B), the floor's
``wheel`` and ``red``, :func:`kiosk.views.facts.roulette_wheel`) when the floor gives one, else
the shipped roulette cloth's fills read by :func:`kiosk.rules.roulette.colour_of_fill`, as the
layout view does.  A correction of the last spin is a pit supervisor's command
(``roulette_correct_result``: 000 s78; docs/readings.md A-95).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from kiosk.rules.roulette import HIGHEST_NUMBER, Colour, colour_of_fill, winning_number
from kiosk.scene.layout_file import load_layout
from kiosk.scene.resources import default_layout_path
from kiosk.state.shapes import TableState
from kiosk.views.facts import roulette_wheel

__all__ = [
    "REPEAT_GUARD_S",
    "PadKey",
    "ResultEntry",
    "pad",
    "pad_colours",
    "confirm_text",
    "correction_text",
    "status_text",
]

REPEAT_GUARD_S = 1.0
"""A second confirm this soon after a result was sent is a double tap, not a new spin (seconds)."""


@dataclass(frozen=True)
class PadKey:
    """One number's key: its place on the cloth's grid (row, column, rows it spans) and colour."""

    number: int
    colour: Colour
    row: int
    column: int
    rows: int = 1


@lru_cache(maxsize=1)
def _cloth_colours() -> dict[int, Colour]:
    layout = load_layout(default_layout_path("roulette"))
    out: dict[int, Colour] = {}
    for n in range(HIGHEST_NUMBER + 1):
        try:
            fill = layout.item_for_area(f"number_{n}").get("fill")
        except KeyError:
            fill = None
        out[n] = colour_of_fill(fill) if isinstance(fill, tuple) else ("green" if n == 0 else "black")
    return out


def pad_colours(table: TableState) -> dict[int, Colour]:
    """Each number's colour: the table's approved wheel's, else the shipped cloth's."""
    wheel = roulette_wheel(table)
    if wheel is not None:
        return {n: wheel.colour(n) for n in range(HIGHEST_NUMBER + 1)}
    return dict(_cloth_colours())


def pad(colours: dict[int, Colour]) -> tuple[PadKey, ...]:
    """The cloth's order: zero spanning the three rows on the left, then twelve columns of three
    (3, 6 ... 36 on the top row, 1, 4 ... 34 on the bottom)."""
    keys = [PadKey(0, colours[0], 0, 0, 3)]
    for n in range(1, HIGHEST_NUMBER + 1):
        keys.append(PadKey(n, colours[n], 2 - (n - 1) % 3, 1 + (n - 1) // 3))
    return tuple(keys)


def confirm_text(number: int | None, colours: dict[int, Colour]) -> str:
    """The confirm strip's words: what will be recorded, or what to do first."""
    if number is None:
        return "Touch the winning number"
    return f"{number} {colours[winning_number(number)].upper()}: confirm"


def correction_text(spin: int, was: int, number: int | None, colours: dict[int, Colour]) -> str:
    """The correction's button: which spin, from which number to which."""
    if number is None:
        return f"Touch the right number for spin {spin} ({was} {colours[was].upper()})"
    return f"Supervisor: correct spin {spin} from {was} {colours[was].upper()} to {number} {colours[number].upper()}"


def status_text(number: int | None, results: list[int], colours: dict[int, Colour], fault: bool) -> str:
    """What the panel says of the table's last results, in words."""
    if number is None:
        return "No spins yet: touch the winning number, then confirm"
    last = ", ".join(f"{n} {colours[n]}" for n in results[1:8])
    text = f"Winning number {number} {colours[number].upper()}"
    if last:
        text += f"; before it: {last}"
    if fault:
        text += "; it did not light: the result stands (000 s78(7))"
    return text


@dataclass
class ResultEntry:
    """A number picked, then confirmed: :meth:`confirm` gives the number to record once, and
    nothing for a second confirm within :data:`REPEAT_GUARD_S` of the last (a double tap)."""

    picked: int | None = None
    sent_at: float | None = None

    def pick(self, number: int) -> None:
        self.picked = winning_number(number)

    def cancel(self) -> None:
        self.picked = None

    def confirm(self, now: float) -> int | None:
        if self.picked is None:
            return None
        if self.sent_at is not None and 0 <= now - self.sent_at < REPEAT_GUARD_S:
            return None
        number, self.picked, self.sent_at = self.picked, None, now
        return number
