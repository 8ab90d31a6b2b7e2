"""Tri-chro at the dealer panel, below Qt: which control is the next legal one in each phase
(001 pt 20), so a control the law would refuse is not offered.

* "No more bets" opens a drawing (001 s463(1)); not while one is called, nor before a broken
  ball is replaced (s465(4)(c)).
* The balls the ball device drew are picked, and entered, only after "no more bets" (s463(1)).
* The generator draws only after "no more bets", and after a malfunction only once an inspector
  approved a new drawing (s466(b)).
* A drawing is voided only while one is under way or just drawn (s465(1), s466).
* Winning areas that did not light are recorded only for a result (000 s78(7)).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["TriChroControls", "controls", "ball_words"]


@dataclass(frozen=True)
class TriChroControls:
    no_more_bets: bool
    pick_balls: bool
    enter: bool
    generate: bool
    void: bool
    replaced: bool
    unlit: bool


def controls(
    phase: str,
    *,
    by_generator: bool,
    awaiting_inspector: bool,
    broken_ball: bool,
    fault_recorded: bool,
    picked: int,
) -> TriChroControls:
    """The controls enabled now; ``picked`` is the number of balls the dealer has touched."""
    drawing = phase == "no_more_bets"
    return TriChroControls(
        no_more_bets=not drawing and not broken_ball,
        pick_balls=drawing and not by_generator,
        enter=drawing and not by_generator and picked == 2,
        generate=drawing and by_generator and not awaiting_inspector,
        void=phase in ("no_more_bets", "result"),
        replaced=broken_ball,
        unlit=phase == "result" and not fault_recorded,
    )


def ball_words(token: str) -> str:
    """A ball as the dealer says it: "red with star"."""
    return token.replace("*", " with star")
