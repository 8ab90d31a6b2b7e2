"""Card tokens as dealers and pit staff type them: every form parses, bad ones say why in one line."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kiosk.rules.cards import DECKS, SUITS, Card, CardError, deck, parse_card, parse_cards, parse_rank, parse_suit
from kiosk.rules.citation import RuleError

RANK_TOKENS = {
    "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "10": 10, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14,
}  # fmt: skip
SUIT_TOKENS = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}


@pytest.mark.parametrize("rank_token", sorted(RANK_TOKENS))
@pytest.mark.parametrize("suit_token", sorted(SUIT_TOKENS))
def test_every_rank_and_suit_token_parses_in_any_case(rank_token: str, suit_token: str) -> None:
    expected = Card(RANK_TOKENS[rank_token], SUIT_TOKENS[suit_token])
    for token in {rank_token + suit_token, (rank_token + suit_token).lower(), f"  {rank_token}{suit_token} "}:
        assert parse_card(token) == expected


def test_cards_print_as_tokens_and_words() -> None:
    assert str(parse_card("TH")) == "10H"
    assert str(parse_card("as")) == "AS"
    assert str(parse_card("7c")) == "7C"
    assert parse_card("QD").name == "queen of diamonds"
    assert parse_card("10s").name == "10 of spades"


def test_every_card_round_trips_through_its_token() -> None:
    full = DECKS[52].cards()
    assert len(set(full)) == 52
    assert all(parse_card(str(card)) == card for card in full)


@pytest.mark.parametrize(
    "token",
    ["", "A", "S", "1S", "11H", "ZZ", "AX", "A S", "10", "AS1", "0H", "1OH", "AA", "♠A", "JOKER"],
)
def test_bad_tokens_are_refused_in_one_line_naming_the_token(token: str) -> None:
    with pytest.raises(CardError) as err:
        parse_card(token)
    message = str(err.value)
    assert "\n" not in message
    assert repr(token) in message
    assert "like AS, 10H" in message


def test_non_text_is_refused_cleanly() -> None:
    for value in (None, 14, 3.5, b"AS", ["AS"]):
        with pytest.raises(CardError):
            parse_card(value)  # type: ignore[arg-type]
    with pytest.raises(CardError):
        parse_cards(42)  # type: ignore[arg-type]


@given(st.text(max_size=6))
def test_any_text_either_parses_or_raises_card_error(text: str) -> None:
    try:
        card = parse_card(text)
    except CardError as err:
        assert "\n" not in str(err)
        assert isinstance(err, (RuleError, ValueError))
    else:
        assert parse_card(str(card)) == card


def test_card_values_are_checked() -> None:
    with pytest.raises(CardError):
        Card(1, "S")
    with pytest.raises(CardError):
        Card(15, "S")
    with pytest.raises(CardError):
        Card(10, "X")
    with pytest.raises(CardError):
        Card(True, "S")  # type: ignore[arg-type]


@pytest.mark.parametrize("size", sorted(DECKS))
def test_reduced_decks_hold_exactly_their_cards(size: int) -> None:
    the_deck = deck(size)
    assert len(the_deck.cards()) == size
    for card in DECKS[52].cards():
        if card in the_deck.cards():
            assert parse_card(str(card), deck_size=size) == card
        else:
            with pytest.raises(CardError, match=rf"is not in a {size}-card deck"):
                parse_card(str(card), deck_size=size)


def test_reduced_deck_contents_follow_the_seeds() -> None:
    assert deck(32).lowest == 7  # 003 s249: ace, king, queen, jack, 10, 9, 8 and 7
    assert deck(40).lowest == 5  # 003 s287: ... 7, 6 and 5
    assert deck(36).lowest == 6  # 002 r3.1.3
    assert deck(20).lowest == 10  # 002 r3.1.5
    with pytest.raises(CardError, match="no 48-card deck"):
        deck(48)


def test_parse_cards_reads_text_and_sequences() -> None:
    expected = (Card(14, "S"), Card(13, "D"), Card(10, "H"))
    assert parse_cards("AS KD 10H") == expected
    assert parse_cards("as, kd, th") == expected
    assert parse_cards(["AS", Card(13, "D"), "TH"]) == expected
    assert parse_cards("") == ()


def test_duplicates_are_refused_with_the_rule() -> None:
    with pytest.raises(CardError) as err:
        parse_cards("AS KD AS", what="Caribbean stud player's hand", rule="000 s233(1)")
    assert str(err.value) == (
        "AS appears 2 times in the Caribbean stud player's hand, but a single deck holds each card once (000 s233(1))"
    )
    assert err.value.rule == "000 s233(1)"
    assert parse_cards("7S 7S 7S", copies=6) == (Card(7, "S"),) * 3
    with pytest.raises(CardError, match="6 decks hold each card 6 times"):
        parse_cards(["7S"] * 7, copies=6)


def test_wrong_counts_are_refused_with_the_rule() -> None:
    with pytest.raises(CardError) as err:
        parse_cards("AS KD", count=5, what="Caribbean stud hand", rule="000 s228")
    assert str(err.value) == "a Caribbean stud hand is 5 cards (000 s228): got 2"
    with pytest.raises(CardError, match="is 3 or 4 cards"):
        parse_cards("AS", count=(3, 4))


def test_ranks_and_suits_parse_from_words() -> None:
    assert parse_rank("jack") == 11
    assert parse_rank("10") == parse_rank("T") == parse_rank(10) == 10
    assert parse_suit("Spades") == parse_suit("♠") == parse_suit("s") == "S"
    assert [parse_suit(s) for s in ("hearts", "diamonds", "clubs")] == ["H", "D", "C"]
    for bad in ("1", "11", "Z", 1, 15, True, None):
        with pytest.raises(CardError):
            parse_rank(bad)  # type: ignore[arg-type]
    for bad in ("X", "", "spade s", None):
        with pytest.raises(CardError):
            parse_suit(bad)  # type: ignore[arg-type]
    assert set(SUITS) == {"S", "H", "D", "C"}
