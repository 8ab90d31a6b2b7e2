"""One spinner's game of two-up dice (004 sch13): spins, lights and the spinner's wager.

A game runs from the first spin of a spinner's wager (or of a dealer who spins because
every player declined, s5(6)) until that wager is decided (s8), or for the dealer until
heads or tails once or odds 5 times consecutively (s5(8)).  The next spin after that
belongs to a new :class:`SpinnerGame`; the lights clear when it starts.

Choices where the seed is silent (docs/readings.md A-14), per the contract of :mod:`kiosk.rules.twoup`:

* The heads and tails lights count the valid heads and tails spins of the game; the odds
  lights show the current run of consecutive odds and go back to 0 after heads or tails.
  The spin that decides the game stays lit until the next game starts.
* An invalid spin ('no spin', s20) is void: no count, no run, no light changes
  (``TwoUpSettings.invalid_spin_breaks_odds_run`` makes it end the odds run instead).
* 3 consecutive invalid spins make the spinner stop (s21(1)(a)); the count is of the
  game's spins and goes back to 0 after a valid spin.  The same applies to a dealer who
  spins for want of a player spinner: a new spinner is then selected (s21(2)(b)).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kiosk.rules.citation import RuleError

from ._settings import TwoUpSettings

__all__ = [
    "CALLS",
    "CODES",
    "Call",
    "Code",
    "Outcome",
    "SpinRecord",
    "SpinnerGame",
    "Spinner",
    "WagerEffect",
]

Call = Literal["heads", "tails"] | None
Code = Literal["H", "T", "O", "X"]
Outcome = Literal["win", "lose", "end"]
Spinner = Literal["player", "dealer"]
WagerEffect = Literal["win", "lose"] | None

CALLS: tuple[str | None, ...] = ("heads", "tails", None)
CODES: tuple[str, ...] = ("H", "T", "O", "X")
_SIDE = {"H": "heads", "T": "tails", "O": "odds"}
_LIGHT_RULE = {"H": "004 sch13 s19(1)(a)", "T": "004 sch13 s19(1)(b)", "O": "004 sch13 s19(1)(c)"}
ODDS_LIMIT = 5  # s5(8), s8(1)(c), s8(2)(c), s12(1)(b)(ii)
SPINNER_WINS_AT = 3  # s8(1)(a), s8(2)(a)
INVALID_LIMIT = 3  # s21(1)(a)


@dataclass(frozen=True)
class SpinRecord:
    """What one spin did.

    ``number`` counts every spin of the game from 1 (invalid ones too); ``spinner`` says
    who spun it; ``lights`` are the lights lit after it; ``outcome`` the game's outcome
    after it (``decided`` is true for the spin that decided it); ``player_wagers`` maps
    ``"heads"`` and ``"tails"`` to what this spin did to a player's wager on that side
    that was open for the whole current odds run (s12): ``"win"``, ``"lose"`` or ``None``
    (undecided); ``rule`` cites what happened.
    """

    number: int
    code: Code
    spinner: Spinner
    valid: bool
    lights: dict[str, int]
    outcome: Outcome | None
    decided: bool
    player_wagers: dict[str, WagerEffect]
    must_change_spinner: bool
    rule: str


class SpinnerGame:
    """One spinner's game (the contract of :mod:`kiosk.rules.twoup`).

    ``call`` is ``"heads"`` or ``"tails"`` (the player spinner's wager, s6(1)) or ``None``
    (the dealer spins and wagers nothing, s5(6), s6(2)).  ``new_spinner`` says whether this
    is the spinner's first game as spinner, for the s21(3) exception.
    """

    def __init__(self, call: Call, *, settings: TwoUpSettings | None = None, new_spinner: bool = True) -> None:
        if call not in CALLS or (call is not None and not isinstance(call, str)):
            raise RuleError(
                f"a two-up spinner's wager is on heads or tails (004 sch13 s6(1)), or None when the dealer "
                f"spins and wagers nothing (s6(2)); got {call!r}",
                rule="004 sch13 s6(1)",
            )
        if settings is not None and not isinstance(settings, TwoUpSettings):
            raise TypeError(f"settings must be a TwoUpSettings, not {type(settings).__name__}")
        self.call: Call = call
        self.settings = settings or TwoUpSettings()
        self.new_spinner = bool(new_spinner)
        self._events: list[tuple[str, str]] = []
        self._reset()

    # -- state ---------------------------------------------------------------------

    def _reset(self) -> None:
        self._heads = 0
        self._tails = 0
        self._odds = 0
        self._invalid_run = 0
        self._outcome: Outcome | None = None
        self._rule: str | None = None
        self._must_change = False
        self._handed_over = False  # s10(4) or s21(2): the dealer spins for the spinner
        self._records: list[SpinRecord] = []

    @property
    def outcome(self) -> Outcome | None:
        """``None`` until decided, then ``"win"``/``"lose"`` (player spinner) or ``"end"`` (dealer)."""
        return self._outcome

    @property
    def decided_by(self) -> str | None:
        """The citation of the rule that decided the game, once it is decided."""
        return self._rule

    @property
    def lights(self) -> dict[str, int]:
        """The lights lit now: ``{"heads": n, "tails": n, "odds": n}`` (s19(1))."""
        return {"heads": self._heads, "tails": self._tails, "odds": self._odds}

    @property
    def must_change_spinner(self) -> bool:
        """True once 3 consecutive invalid spins have been spun (s21(1)(a))."""
        return self._must_change

    @property
    def spinner(self) -> Spinner:
        """Who spins now: the player, or the dealer (a dealer game, or after s10(4)/s21(2))."""
        return "dealer" if self.call is None or self._handed_over else "player"

    @property
    def spins(self) -> tuple[SpinRecord, ...]:
        """Every spin of the game so far, in order."""
        return tuple(self._records)

    @property
    def first_spins_invalid(self) -> bool:
        """True if this spinner's first 3 spins as spinner were invalid (s21(3))."""
        first = self._records[:INVALID_LIMIT]
        return (
            self.new_spinner
            and self.call is not None
            and len(first) == INVALID_LIMIT
            and all(r.code == "X" and r.spinner == "player" for r in first)
        )

    @property
    def spinner_may_continue(self) -> bool | None:
        """Whether this spinner may spin the next game; ``None`` until the game is decided.

        A player spinner may continue after a win (s10(1)) and must stop after a loss
        (s10(2)); one who stopped, or was stopped, before the wager was decided does not
        continue (s10(4)(b), s21(2)(b)), except after a win when the first 3 spins were
        invalid (s21(3); s21(3) sets aside s21(2)(b) only, so a loss still ends the turn,
        s10(2)).  The dealer may continue (s5(8)) unless stopped under s21(1).
        """
        if self._outcome is None:
            return None
        if self.call is None:
            return not self._must_change
        if self._outcome == "lose":
            return False
        return not self._handed_over or self.first_spins_invalid

    # -- actions -------------------------------------------------------------------

    def _refuse_if_decided(self) -> None:
        if self._outcome is not None:
            raise RuleError(
                f"two-up dice: this spinner's game is already decided ({self._outcome}, {self._rule}); "
                "the next spin belongs to a new game",
                rule=self._rule,
            )

    def spin(self, code: Code) -> SpinRecord:
        """Record a spin: ``"H"`` heads, ``"T"`` tails, ``"O"`` odds or ``"X"`` invalid (s2, s20).

        Returns what the spin did.  A spin after the game is decided raises
        :class:`RuleError`: the next game is a new :class:`SpinnerGame`.
        """
        if not isinstance(code, str) or code not in CODES:
            raise RuleError(
                f"a two-up spin is H (heads), T (tails), O (odds) or X (invalid spin), not {code!r} "
                "(004 sch13 s2, s20)",
                rule="004 sch13 s2",
            )
        self._refuse_if_decided()
        self._events.append(("spin", code))
        return self._apply_spin(code)

    def spinner_stops(self) -> None:
        """The player spinner stops before the wager is decided: the dealer spins on (s10(4)(a))."""
        self._refuse_if_decided()
        if self.call is None:
            raise RuleError(
                "two-up dice: the dealer is already the spinner; a dealer spins until heads or tails once "
                "or odds 5 times consecutively (004 sch13 s5(8))",
                rule="004 sch13 s5(8)",
            )
        self._events.append(("stop", ""))
        self._handed_over = True

    def overrule_invalid(self, code: Code) -> SpinRecord:
        """A casino key employee overrules the last 'no spin' call (s20(4)).

        The last spin must be invalid; it is replaced by the result the dice showed and the
        game is worked out again from its first spin.
        """
        if code not in ("H", "T", "O"):
            raise RuleError(
                f"an overruled invalid spin stands as H, T or O, not {code!r} (004 sch13 s20(4))",
                rule="004 sch13 s20(4)",
            )
        if not self._events or self._events[-1] != ("spin", "X"):
            raise RuleError(
                "two-up dice: only the last spin, when it was declared invalid, can be overruled (004 sch13 s20(4))",
                rule="004 sch13 s20(4)",
            )
        events = self._events[:-1] + [("spin", code)]
        self._events = events
        self._reset()
        for kind, value in events:
            if kind == "spin":
                self._apply_spin(value)
            else:
                self._handed_over = True
        return self._records[-1]

    # -- rules ---------------------------------------------------------------------

    def _apply_spin(self, code: str) -> SpinRecord:
        spinner = self.spinner
        effects: dict[str, WagerEffect] = {"heads": None, "tails": None}
        if code == "X":
            self._invalid_run += 1
            if self.settings.invalid_spin_breaks_odds_run:
                self._odds = 0
            rule = "004 sch13 s20"
            if self._invalid_run >= INVALID_LIMIT and not self._must_change:
                self._must_change = True
                rule = "004 sch13 s21(1)(a)"
                if self.call is not None:
                    self._handed_over = True  # s21(2)(a): the dealer spins until the wager is decided
        else:
            self._invalid_run = 0
            rule = _LIGHT_RULE[code]
            if code == "O":
                self._odds += 1
                if self._odds >= ODDS_LIMIT:
                    effects = {"heads": "lose", "tails": "lose"}  # s12(1)(b)(ii), s12(2)(b)(ii)
            else:
                self._odds = 0
                if code == "H":
                    self._heads += 1
                    effects = {"heads": "win", "tails": "lose"}  # s12(1)(a), s12(2)(b)(i)
                else:
                    self._tails += 1
                    effects = {"heads": "lose", "tails": "win"}  # s12(1)(b)(i), s12(2)(a)
            decided = self._decide(code)
            if decided:
                rule = decided
        record = SpinRecord(
            number=len(self._records) + 1,
            code=code,  # type: ignore[arg-type]
            spinner=spinner,
            valid=code != "X",
            lights=self.lights,
            outcome=self._outcome,
            decided=self._outcome is not None,
            player_wagers=effects,
            must_change_spinner=self._must_change,
            rule=rule,
        )
        self._records.append(record)
        return record

    def _decide(self, code: str) -> str | None:
        """Decide the game if this valid spin does; return the citation, else ``None``."""
        if self.call is None:  # s5(8): heads or tails once, or odds 5 times consecutively
            if code in ("H", "T") or self._odds >= ODDS_LIMIT:
                self._outcome, self._rule = "end", "004 sch13 s5(8)"
            return self._rule
        sub = "s8(1)" if self.call == "heads" else "s8(2)"
        mine = "H" if self.call == "heads" else "T"
        if self._odds >= ODDS_LIMIT:
            self._outcome, self._rule = "lose", f"004 sch13 {sub}(c)"
        elif code in ("H", "T") and code != mine:
            self._outcome, self._rule = "lose", f"004 sch13 {sub}(b)"
        elif code == mine and (self._heads if mine == "H" else self._tails) >= SPINNER_WINS_AT:
            self._outcome, self._rule = "win", f"004 sch13 {sub}(a)"
        return self._rule

    def __repr__(self) -> str:
        return (
            f"SpinnerGame(call={self.call!r}, outcome={self._outcome!r}, lights={self.lights!r}, "
            f"must_change_spinner={self._must_change!r})"
        )
