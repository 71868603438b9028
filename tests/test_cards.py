import random

import pytest

from tableside.cards import (
    ACE,
    JOKER,
    SPADES,
    Card,
    CardError,
    deck,
    format_cards,
    parse_card,
    parse_cards,
    shuffled,
)


def test_every_card_round_trips_through_its_text():
    for card in deck(jokers=2):
        assert parse_card(str(card)) == card
        assert Card(str(card)) is card


def test_notation():
    assert [str(c) for c in parse_cards("As Td 7c")] == ["As", "Td", "7c"]
    assert parse_cards("AsTd7c") == parse_cards("As, Td, 7c")
    assert parse_card("10h") == parse_card("Th")
    assert parse_card("K♠") == parse_card("Ks")
    assert parse_card("as") == parse_card("As")
    assert str(parse_card("Xj")) == "Xj" and parse_card("Xj") == JOKER
    assert Card("As").rank == ACE and Card("As").suit == SPADES
    assert Card.of(ACE, SPADES) == Card("As")
    assert Card("Qh").pretty() == "Q♥"
    assert format_cards(parse_cards("2c 3d")) == "2c 3d"


@pytest.mark.parametrize("text", ["1x", "Zz", "A", "Asx", "11s"])
def test_bad_cards_are_named(text):
    with pytest.raises(CardError, match="is not a card"):
        parse_cards(text)


def test_bad_card_message_quotes_the_input():
    with pytest.raises(CardError) as error:
        parse_card("1x")
    assert str(error.value) == '"1x" is not a card'


def test_duplicates_in_one_hand_are_refused():
    with pytest.raises(CardError, match="duplicate card: As"):
        parse_cards("As Kd As")
    assert len(parse_cards("As As", allow_duplicates=True)) == 2


def test_a_joker_has_no_rank():
    with pytest.raises(CardError):
        _ = Card("Xj").rank


def test_decks():
    assert len(deck()) == 52 and len(set(deck())) == 52
    assert len(deck(jokers=1)) == 53 and deck(jokers=1)[-1].is_joker
    short = deck(short=True)
    assert len(short) == 36 and min(c.rank for c in short) == 4  # sixes and up
    with pytest.raises(CardError):
        deck(jokers=3)


def test_shuffle_is_reproducible_with_the_same_seed():
    assert shuffled(deck(), random.Random(7)) == shuffled(deck(), random.Random(7))
    assert sorted(shuffled(deck(), random.Random(7))) == deck()
