"""Two-up dice (004 sch13): the spinner's game, the lights, wagers and the offer of dice.

The public face of the two-up rules.  The contract (docs/architecture.md, Contracts):

``SpinnerGame(call)``
    ``call`` is ``"heads"``, ``"tails"`` or ``None`` (the dealer spins and wagers
    nothing).  ``.spin(code)`` takes ``"H"``, ``"T"``, ``"O"`` (odds) or ``"X"``
    (invalid spin).  ``.outcome`` is ``None`` until decided, then ``"win"``, ``"lose"``
    or, for the dealer, ``"end"``.  ``.lights`` is ``{"heads": n, "tails": n,
    "odds": n}``: the heads and tails spins of this game and the current run of odds;
    the deciding spin stays lit until the next game starts.  An invalid spin is void.
    ``.must_change_spinner`` becomes true after 3 consecutive invalid spins (s21).

The display has 3 heads lights, 3 tails lights and 5 odds lights (s19(1)): :data:`LIGHT_SETS`.
"""

from __future__ import annotations

from ._game import CALLS, CODES, Call, Code, Outcome, SpinnerGame, SpinRecord
from ._settings import TwoUpSettings
from ._spinner import DEALER, offer_order, select_spinner
from ._wagers import (
    PLAYER_ODDS,
    SPINNER_ODDS,
    PlayerWager,
    PlayerWagerBook,
    Settlement,
    settle_spinner_wager,
    spinner_winnings_cents,
)

__all__ = [
    "CALLS",
    "CODES",
    "DEALER",
    "LIGHT_SETS",
    "PLAYER_ODDS",
    "SPINNER_ODDS",
    "Call",
    "Code",
    "Outcome",
    "PlayerWager",
    "PlayerWagerBook",
    "Settlement",
    "SpinRecord",
    "SpinnerGame",
    "TwoUpSettings",
    "offer_order",
    "select_spinner",
    "settle_spinner_wager",
    "spinner_winnings_cents",
]

#: How many lights each result has on the display, each set its own colour (004 sch13 s19(1)).
LIGHT_SETS: dict[str, int] = {"heads": 3, "tails": 3, "odds": 5}
