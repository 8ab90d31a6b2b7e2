"""Which way of sharing a table's jackpot the rules settle by (000 s247(2)(b),(3)).

When two or more players have a straight or royal flush in one round, each is paid under
s246(1) unless the approved pit procedures state another way of sharing (s247(2)(b)) and a
sign on the table stated it when the round was played (s247(3)).  The floor file gives the
sign's words (``jackpot.sharing_method``) and, optionally, the way itself (``jackpot.sharing``:
one of :data:`SHARING_METHODS`).  The rules settle only the ways they know, so the words are
read for the way they state (docs/readings.md A-26):

* words that say the winners share "equally" (or in "equal" shares) state ``equal_shares``;
* words that say "in proportion", "proportionally", "proportionate(ly)" or "pro rata" state
  ``proportional``;
* words that state neither are the casino's own wording: they are accepted only with the way
  named in ``jackpot.sharing``; words that state both are refused.

A way named in ``jackpot.sharing`` must agree with the words when they state one, and a way
other than s246(1) needs words: a sign that states no way, or another way, could never make the
sharing apply (s247(3)).
"""

from __future__ import annotations

import re
from typing import Literal, cast

from kiosk.rules.citation import RuleError

__all__ = ["SHARING_LABELS", "SHARING_METHODS", "SharingMethod", "sharing_method_of", "stated_sharing"]

SharingMethod = Literal["s246", "equal_shares", "proportional"]
SHARING_METHODS: tuple[str, ...] = ("s246", "equal_shares", "proportional")

SHARING_LABELS: dict[str, str] = {
    "s246": "each winner paid under 000 s246(1)",
    "equal_shares": "equal shares",
    "proportional": "shares in proportion to the s246(1) amounts",
}
"""How a message names each way of sharing."""

_PROCEDURES_RULE = "000 s247(2)(b)"
_SIGN_RULE = "000 s247(3)"

_STATES: dict[str, re.Pattern[str]] = {
    "equal_shares": re.compile(r"\b(equal|equally)\b", re.IGNORECASE),
    "proportional": re.compile(
        r"\b(proportion|proportional|proportionally|proportionate|proportionately|pro[ -]rata)\b", re.IGNORECASE
    ),
}


def stated_sharing(words: str) -> SharingMethod | None:
    """The way of sharing the sign's ``words`` state (``None``: neither way the rules settle
    is stated); :class:`RuleError` (000 s247(3)) when they state both."""
    named = [method for method, pattern in _STATES.items() if pattern.search(words)]
    if len(named) > 1:
        raise RuleError(
            f"the jackpot sharing sign's words {words!r} state more than one way of sharing"
            f" ({' and '.join(SHARING_LABELS[m] for m in named)}); a sign states the one way the prize"
            f" is shared ({_SIGN_RULE})",
            _SIGN_RULE,
        )
    return cast(SharingMethod, named[0]) if named else None


def sharing_method_of(words: str | None, method: str | None) -> SharingMethod:
    """The way a table's jackpot is shared among 2 or more straight or royal flushes, from the
    floor's ``jackpot.sharing_method`` (the sign's ``words``) and ``jackpot.sharing``
    (``method``); :class:`RuleError` with the citation when the rules cannot settle it
    (000 s247(2)(b)) or the sign would not state it (000 s247(3))."""
    if method is not None and method not in SHARING_METHODS:
        raise RuleError(
            f"the rules cannot settle the jackpot sharing method {method!r}; the approved pit procedures'"
            f" way must be one of {', '.join(SHARING_METHODS)} ({_PROCEDURES_RULE})",
            _PROCEDURES_RULE,
        )
    stated = None if words is None else stated_sharing(words)
    if method is None:
        if words is None:
            return "s246"
        if stated is None:
            raise RuleError(
                f"the rules cannot settle the way of sharing the jackpot sign states ({words!r}): its words say"
                " neither 'equally' nor 'in proportion'; set jackpot.sharing to equal_shares, proportional or"
                f" s246 ({_PROCEDURES_RULE})",
                _PROCEDURES_RULE,
            )
        return stated
    if stated is not None and stated != method:
        raise RuleError(
            f"the jackpot sharing sign states {SHARING_LABELS[stated]} but jackpot.sharing is {method}"
            f" ({SHARING_LABELS[method]}); the sign must state the way the prize is shared ({_SIGN_RULE})",
            _SIGN_RULE,
        )
    if method != "s246" and words is None:
        raise RuleError(
            f"jackpot.sharing {method} applies only while a sign states it: give the sign's words in"
            f" jackpot.sharing_method ({_SIGN_RULE})",
            _SIGN_RULE,
        )
    return cast(SharingMethod, method)
