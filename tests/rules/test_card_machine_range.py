"""A card machine's decks, from the seed's words (003 s65A(3)(a)): "the number of decks used must
be not less than the minimum, and not more than the maximum (which in turn must be not more than
8), number of decks approved by the chief executive for use in the card machine".  Exhaustive
over every deck count and approved range of 1 to 10 (at run time:
tests/state/test_in_game_checks.py)."""

from __future__ import annotations

import itertools

import pytest

from kiosk.rules.limits import violations
from kiosk.rules.table import TableLimits

RULE = "003 s65A(3)(a)"


def _machine(decks, low, high) -> TableLimits:
    return TableLimits(
        1000, 100000, card_machine=True, decks=decks, card_machine_min_decks=low, card_machine_max_decks=high
    )


@pytest.mark.parametrize(("decks", "low", "high"), list(itertools.product(range(1, 11), repeat=3)))
def test_the_decks_are_within_the_approved_range_whose_maximum_is_at_most_8(decks, low, high):
    found = [v for v in violations("blackjack", _machine(decks, low, high)) if v.rule == RULE]
    lawful = low <= high <= 8 and low <= decks <= high
    assert (not found) == lawful, (decks, low, high, found)
    assert all(v.severity == "error" and RULE in v.message for v in found)


def test_without_the_approved_range_only_the_8_decks_are_checked_and_a_warning_asks_for_it():
    found = violations("blackjack", _machine(8, None, None))
    assert [(v.rule, v.severity) for v in found] == [(RULE, "warning")]
    assert "card_machine_min_decks" in found[0].message
    assert violations("blackjack", TableLimits(1000, 100000, decks=8)) == []  # no machine: nothing to approve
