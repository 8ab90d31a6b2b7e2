"""The names signs print (marked for the catalogues with N_) are the seeds' names: each label
is its seed name with a capital, so translating a sign never changes what the law calls a hand,
a suit or a rank (one definition of each, docs/languages.md)."""

from __future__ import annotations

from kiosk.language import speaking, tr
from kiosk.rules.cards import RANK_LABELS, RANK_NAMES, SUIT_LABELS, SUIT_NAMES
from kiosk.rules.caribbean import JackpotHand, jackpot_rows
from kiosk.rules.poker_hands import Category


def _capital(name: str) -> str:
    return name[:1].upper() + name[1:]


def test_every_hand_label_is_the_seeds_name_with_a_capital():
    assert [c.label for c in Category] == [_capital(c.value) for c in Category]
    assert [h.label for h in JackpotHand] == [_capital(h.value) for h in JackpotHand]


def test_every_suit_and_rank_label_is_its_name_with_a_capital():
    assert SUIT_LABELS == {code: name.capitalize() for code, name in SUIT_NAMES.items()}
    assert RANK_LABELS == {rank: name.capitalize() for rank, name in RANK_NAMES.items()}


def test_a_jackpot_note_reads_the_same_filled_in_before_or_after_translation():
    for row in jackpot_rows(50_000_00, dead_mans_hand=True):
        assert row.note == row.note_words.format(**dict(row.note_fields))
        with speaking("zh_Hans"):
            said = tr(row.note_words).format(**dict(row.note_fields))
        for _name, value in row.note_fields:
            assert value in said  # the amounts and shares survive translation
