"""Closing a table after a number of rounds (003 s32(3), (4)).

"Subsection (4) applies if, before a new round of play starts, and before the cutting card has
been dealt, a pit boss or assistant pit boss directs only 3 more rounds to be played before the
table is closed" (003 s32(3)); "if the cutting card is dealt in 1 of the 3 rounds of play
mentioned in subsection (3), the 3 rounds may be finished without a card reshuffle" (s32(4)).

The seeds give this for blackjack (s32 is the blackjack section on the cutting card).  The
product lets the pit direct the closing of any table after 1 to :data:`MOST_ROUNDS` more rounds
and shows the rounds remaining on the table's displays (``docs/readings.md`` A-41); only at a
blackjack table directed to play exactly 3 more rounds does s32(4) apply.
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.rules.citation import RuleError

__all__ = ["CLOSING_RULE", "CLOSING_READING", "MOST_ROUNDS", "SEED_ROUNDS", "Closing", "closing_rule", "directed"]

CLOSING_RULE = "003 s32(3)"
CLOSING_READING = "docs/readings.md A-41"
SEED_ROUNDS = 3
"""The "only 3 more rounds" of 003 s32(3)."""
MOST_ROUNDS = 10
"""The most rounds a closing may be directed for (a bound of this product, ``IMPL``)."""


def closing_rule(game: str) -> str:
    """The citation of a closing at a ``game`` table: the seed's for blackjack, the reading else."""
    return CLOSING_RULE if game == "blackjack" else CLOSING_READING


def directed(rounds: object) -> int:
    """The number of rounds a pit boss may direct: 1 to :data:`MOST_ROUNDS`."""
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MOST_ROUNDS:
        raise RuleError(
            f"a table is closed after 1 to {MOST_ROUNDS} more rounds (003 s32(3) directs {SEED_ROUNDS}), not {rounds!r}",
            CLOSING_RULE,
        )
    return rounds


@dataclass(frozen=True)
class Closing:
    """A directed closing: ``rounds`` directed, ``played`` since; what players are told."""

    game: str
    rounds: int
    played: int

    @property
    def remaining(self) -> int:
        return max(0, self.rounds - self.played)

    @property
    def closed(self) -> bool:
        return self.remaining == 0

    @property
    def no_reshuffle(self) -> bool:
        """Whether s32(4) lets the rounds finish without a reshuffle if the cutting card comes out:
        a blackjack table directed to play only 3 more rounds."""
        return self.game == "blackjack" and self.rounds == SEED_ROUNDS

    @property
    def rule(self) -> str:
        return closing_rule(self.game)

    def words(self) -> str:
        """What the table's displays say: ``"Table closing: 3 rounds remaining"`` (``"1 round"``),
        or ``"Table closed"`` once the directed rounds are played."""
        if self.closed:
            return "Table closed"
        return f"Table closing: {self.remaining} round{'s' if self.remaining != 1 else ''} remaining"
