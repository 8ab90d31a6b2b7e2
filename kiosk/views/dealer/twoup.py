"""Two-up dice at the dealer panel, below Qt: the status in words, the spinner's seat, and a
result light marked failed or repaired only after a confirm (004 sch13 s19(2): a failed light is
replaced on the display by a result card, so one stray touch must not do it)."""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.rules import twoup as rules
from kiosk.state.shapes import TwoUpGame

__all__ = ["SEAT_RANGE", "LIGHT_SETS", "LightChange", "light_name", "next_seat", "status_text"]

SEAT_RANGE = (1, 99)
"""The seats ``twoup_new_game`` accepts."""

LIGHT_SETS: tuple[tuple[str, int], ...] = tuple(rules.LIGHT_SETS.items())
"""The result lights, as pairs in the rule's order: a set of 3 for heads, 3 for tails, 5 for odds
(:data:`kiosk.rules.twoup.LIGHT_SETS`, 004 sch13 s19(1))."""


def next_seat(seat: int, step: int) -> int:
    """The seat after ``step`` touches of + (or -), within :data:`SEAT_RANGE`."""
    return max(SEAT_RANGE[0], min(SEAT_RANGE[1], seat + step))


def light_name(light: str, index: int) -> str:
    """A light as staff say it: "heads light 1"."""
    return f"{light} light {index}"


def _count(n: int, what: str) -> str:
    return f"{n} {what}" if n else f"no {what}"


def status_text(game: TwoUpGame | None, phase: str) -> str:
    """The game in words: "Game 1, seat 1 calls heads; no spins yet; bets open"."""
    if game is None:
        return "No spinner yet: start a game"
    who = "the dealer spins" if game.get("seat") is None else f"seat {game['seat']} calls {game.get('call')}"
    lights = game.get("lights") or {"heads": 0, "tails": 0, "odds": 0}
    if not any(lights.values()):
        spins = "no spins yet"
    else:
        counts = ((lights["heads"], "heads"), (lights["tails"], "tails"), (lights["odds"], "odds"))
        spins = "lit: " + ", ".join(_count(n, what) for n, what in counts)
    outcome = game.get("outcome")
    if outcome:
        tail = f"decided: {outcome.upper()}"
    elif phase == "no_more_bets":
        tail = "no more bets: enter the spin"
    else:
        tail = "bets open"
    return f"Game {game.get('number')}, {who}; {spins}; {tail}"


@dataclass
class LightChange:
    """A light touched on the lights screen, waiting for its confirm."""

    light: str | None = None
    index: int = 0
    failed: bool = True

    def pick(self, light: str, index: int, failed_now: bool) -> None:
        self.light, self.index, self.failed = light, index, not failed_now

    def cancel(self) -> None:
        self.light = None

    def question(self) -> str:
        if self.light is None:
            return "Touch a light to mark it failed or repaired"
        what = "FAILED: the display shows a result card instead" if self.failed else "repaired"
        return f"Mark {light_name(self.light, self.index)} {what}?"

    def confirm(self) -> tuple[str, int, bool] | None:
        """The change to send, once; ``None`` when nothing is waiting."""
        if self.light is None:
            return None
        change = (self.light, self.index, self.failed)
        self.light = None
        return change
