"""A blackjack card machine that malfunctions in a round (003 pt 4 div 6, ss65B-65D).

Each section applies when a card machine is in use for blackjack and it becomes evident, in a
round of play for which 1 or more cards have been dealt, that the machine no longer operates as
intended (s65B(1)(a),(b), s65C(1)(a),(b), s65D(1)(a),(b)):

* **s65B** the malfunction has not disadvantaged the casino or a player, no card was damaged,
  another machine is readily available and the cards can be transferred: the cards are moved to
  the other machine and the game continues (s65B(2));
* **s65C** the same, but cards were damaged: the damaged cards are removed, the rest moved to the
  other machine, the damaged ones replaced from a new deck and mixed in, and the game continues
  (s65C(2));
* **s65D** the game is not continued with another machine: each player must be given the
  opportunity to have each amount wagered in the round returned; damaged cards are replaced from
  a new deck, the cards shuffled and cut by hand into a dealing shoe, and the round is completed
  from the shoe for the players who did not take their wagers back (s65D(2)).

Only s65D gives players a choice, so only it is announced to them (:func:`procedure`;
``docs/readings.md`` A-42).
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.language import N_
from kiosk.rules.citation import RuleError

__all__ = ["PROCEDURES", "MACHINE_RULE", "Procedure", "procedure"]

MACHINE_RULE = "003 s65A"
"""A card machine may be used for blackjack (the table's ``card_machine`` setting)."""


@dataclass(frozen=True)
class Procedure:
    """What the dealer does after a malfunction of the kind ``code``, and what players are told.

    ``wagers_may_be_returned``: players may have their wagers of the round returned (s65D(2)(a));
    ``notice``: what a display tells players, a heading and a sentence (``None``: nothing to
    announce, the game goes on); ``dealer``: the steps, for the dealer's panel and the audit
    record."""

    code: str
    rule: str
    label: str
    dealer: str
    wagers_may_be_returned: bool
    notice: tuple[str, ...] | None


PROCEDURES: dict[str, Procedure] = {
    p.code: p
    for p in (
        Procedure(
            "transfer",
            "003 s65B(2)",
            "Another machine, cards undamaged",
            "transfer the cards to the other card machine and continue the game",
            False,
            None,
        ),
        Procedure(
            "transfer_damaged",
            "003 s65C(2)",
            "Another machine, cards damaged",
            "remove the damaged cards, transfer the rest to the other machine, replace the damaged cards"
            " from a new deck, mix them in and continue the game",
            False,
            None,
        ),
        Procedure(
            "dealing_shoe",
            "003 s65D(2)",
            "No other machine: dealing shoe",
            "give each player the opportunity to have the round's wagers returned, replace damaged cards"
            " from a new deck, shuffle and cut by hand into a dealing shoe and complete the round for the"
            " players who kept their wagers",
            True,
            (N_("Card machine malfunction"), N_("You may have your wagers in this round returned")),
        ),
    )
}
"""The three procedures, by the code the dealer's command names."""


def procedure(code: str) -> Procedure:
    """The procedure for ``code``, or :class:`RuleError` naming the three."""
    found = PROCEDURES.get(code) if isinstance(code, str) else None
    if found is None:
        raise RuleError(
            f"a card machine malfunction is handled by transfer (003 s65B), transfer_damaged (s65C) or"
            f" dealing_shoe (s65D), not {code!r}",
            "003 s65B",
        )
    return found
