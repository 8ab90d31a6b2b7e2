"""Two-up dice wagers and their settlement in cents (004 sch13 ss6, 9, 11-13).

Payout reading (the seed is silent, docs/readings.md A-10): "a to b" odds pay ``a/b`` of the
stake as winnings and the stake is returned with them; ``returned_cents`` is the stake
plus winnings on a win and 0 on a loss.  The spinner's wager pays 7.5 to 1 (s9), i.e.
``stake * 15 / 2``; an odd number of cents leaves half a cent, rounded as
``TwoUpSettings.spinner_rounding`` says (down by default).  A player's wager pays 1 to 1
(s13), which never needs rounding.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import count
from typing import Literal

from kiosk.rules.citation import RuleError

from ._game import SpinnerGame, SpinRecord
from ._settings import TwoUpSettings

__all__ = [
    "PLAYER_ODDS",
    "SPINNER_ODDS",
    "PlayerWager",
    "PlayerWagerBook",
    "Settlement",
    "Side",
    "settle_spinner_wager",
    "spinner_winnings_cents",
]

Side = Literal["heads", "tails"]
SPINNER_ODDS = (15, 2)  # 7.5 to 1, s9
PLAYER_ODDS = (1, 1)  # s13
_ODDS_LIMIT = 5


def _stake(stake_cents: object, what: str, rule: str) -> int:
    if isinstance(stake_cents, bool) or not isinstance(stake_cents, int) or stake_cents <= 0:
        raise RuleError(f"a {what} is a positive whole number of cents, not {stake_cents!r} ({rule})", rule=rule)
    return stake_cents


def spinner_winnings_cents(stake_cents: int, *, rounding: str = "down") -> int:
    """Winnings on a winning spinner's wager at 7.5 to 1 (s9), excluding the returned stake."""
    stake = _stake(stake_cents, "spinner's wager", "004 sch13 s9")
    num, den = SPINNER_ODDS
    if rounding == "down":
        return stake * num // den
    if rounding == "up":
        return -(-stake * num // den)
    if rounding == "half_up":
        return (2 * stake * num + den) // (2 * den)
    raise RuleError(f"rounding is 'down', 'half_up' or 'up', not {rounding!r} (004 sch13 s9)", rule="004 sch13 s9")


@dataclass(frozen=True)
class PlayerWager:
    """A player's wager on heads or tails (s11), as placed on the players' wager area."""

    id: int
    side: Side
    stake_cents: int
    player: str | None = None


@dataclass(frozen=True)
class Settlement:
    """How a decided wager is paid: ``winnings_cents`` exclude the stake, ``returned_cents``
    is what goes back to the player (stake plus winnings, or 0), ``rule`` cites why."""

    result: Literal["win", "lose"]
    stake_cents: int
    winnings_cents: int
    returned_cents: int
    rule: str
    wager: PlayerWager | None = None


def settle_spinner_wager(game: SpinnerGame, stake_cents: int) -> Settlement:
    """Settle the spinner's wager of a decided game (s8, s9).

    A dealer spinner has no wager (s6(2)); an undecided game cannot be settled (s6(4)).
    """
    if game.call is None:
        raise RuleError(
            "a dealer acting as spinner must not place a wager, so there is nothing to settle (004 sch13 s6(2))",
            rule="004 sch13 s6(2)",
        )
    stake = _stake(stake_cents, "spinner's wager", "004 sch13 s6(1)")
    if game.outcome is None:
        raise RuleError(
            "the spinner's wager stays on the layout until its result is decided (004 sch13 s6(4))",
            rule="004 sch13 s6(4)",
        )
    rule = game.decided_by or "004 sch13 s8"
    if game.outcome == "win":
        won = spinner_winnings_cents(stake, rounding=game.settings.spinner_rounding)
        return Settlement("win", stake, won, stake + won, f"{rule}, s9")
    return Settlement("lose", stake, 0, 0, rule)


class PlayerWagerBook:
    """The players' wagers open at a table, decided spin by spin (s11, s12, s13).

    Feed every :class:`SpinRecord` (of whichever game) to :meth:`apply`; it returns the
    wagers the spin decided.  A wager stays until decided (s11(3)), even across games.
    """

    def __init__(self, settings: TwoUpSettings | None = None) -> None:
        self.settings = settings or TwoUpSettings()
        self._ids = count(1)
        self._open: dict[int, PlayerWager] = {}
        self._odds_seen: dict[int, int] = {}

    @property
    def open(self) -> tuple[PlayerWager, ...]:
        """The undecided wagers, oldest first."""
        return tuple(self._open.values())

    def place(self, side: Side, stake_cents: int, player: str | None = None) -> PlayerWager:
        """Place a player's wager on heads or tails (s11(1)); a player may back both sides."""
        if side not in ("heads", "tails") or not isinstance(side, str):
            raise RuleError(
                f"a player's wager is on heads or tails, not {side!r} (004 sch13 s11(1))", rule="004 sch13 s11(1)"
            )
        stake = _stake(stake_cents, "player's wager", "004 sch13 s11(1)")
        wager = PlayerWager(next(self._ids), side, stake, player)
        self._open[wager.id] = wager
        self._odds_seen[wager.id] = 0
        return wager

    def apply(self, record: SpinRecord) -> list[Settlement]:
        """Decide the open wagers by one spin (s12) and pay the winners at 1 to 1 (s13)."""
        if not isinstance(record, SpinRecord):
            raise TypeError(f"apply() takes a SpinRecord, not {type(record).__name__}")
        if record.code == "X":  # an invalid spin is no result (s2 'valid spin', s19)
            if self.settings.invalid_spin_breaks_odds_run:
                self._odds_seen = dict.fromkeys(self._odds_seen, 0)
            return []
        settled = []
        for wager in list(self._open.values()):
            result, rule = self._result(wager, record)
            if result is None:
                continue
            del self._open[wager.id]
            del self._odds_seen[wager.id]
            stake = wager.stake_cents
            if result == "win":
                settled.append(Settlement("win", stake, stake, 2 * stake, f"{rule}, s13", wager))
            else:
                settled.append(Settlement("lose", stake, 0, 0, rule, wager))
        return settled

    def _result(self, wager: PlayerWager, record: SpinRecord) -> tuple[str | None, str]:
        sub = "s12(1)" if wager.side == "heads" else "s12(2)"
        if record.code == "O":
            self._odds_seen[wager.id] += 1
            run = record.lights["odds"] if self.settings.odds_before_wager_count else self._odds_seen[wager.id]
            if run >= _ODDS_LIMIT:
                return "lose", f"004 sch13 {sub}(b)(ii)"
            return None, ""
        mine = "H" if wager.side == "heads" else "T"
        if record.code == mine:
            return "win", f"004 sch13 {sub}(a)"
        return "lose", f"004 sch13 {sub}(b)(i)"
