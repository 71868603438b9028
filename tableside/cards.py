"""Cards, ranks, suits and decks in the standard two-character notation.

A card is a small integer (``rank * 4 + suit``) so that evaluators can index tables with it
directly; :class:`Card` is an ``int`` subclass that adds parsing and printing. Ranks run from
deuce (0) to ace (12); suits follow the seeds' order, clubs lowest, then diamonds, hearts and
spades highest (the order that breaks bring-in ties in stud).

Jokers are written ``Xj`` (the first joker) and ``Xr`` (the second, "red" joker).
Ten is ``T``; ``10`` is accepted on input. Suits may also be given as ♣ ♦ ♥ ♠.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
# The letters a deck prints on its jack, queen and king: English decks J, Q, K; German decks
# of French suits (Skat, Rommé) B (Bube), D (Dame), K (König).
COURT_LETTERS = {"english": "JQK", "german": "BDK"}

DEUCE, TREY, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(13)
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)

JOKER = 52
RED_JOKER = 53
JOKER_CODES = {"Xj": JOKER, "Xr": RED_JOKER}
_JOKER_TEXT = {code: text for text, code in JOKER_CODES.items()}

RANK_NAMES = {
    "en": ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "jack", "queen", "king", "ace"),
    "de": ("Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun", "Zehn",
           "Bube", "Dame", "König", "Ass"),
}
RANK_PLURALS = {
    "en": ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
           "jacks", "queens", "kings", "aces"),
    "de": ("Zweien", "Dreien", "Vieren", "Fünfen", "Sechsen", "Siebenen", "Achten", "Neunen",
           "Zehnen", "Buben", "Damen", "Könige", "Asse"),
}
# German dative plural, as in "Fünfen voll mit Königen".
RANK_DATIVE_PLURALS_DE = ("Zweien", "Dreien", "Vieren", "Fünfen", "Sechsen", "Siebenen",
                          "Achten", "Neunen", "Zehnen", "Buben", "Damen", "Königen", "Assen")


class CardError(ValueError):
    """Raised for text that is not a card, or a hand that cannot exist (duplicates)."""


class Card(int):
    """A playing card; an ``int`` (``rank * 4 + suit``, jokers 52 and 53) that prints as ``As``."""

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return parse_card(value)
        if not 0 <= value <= RED_JOKER:
            raise CardError(f"{value!r} is not a card number (0-53)")
        return _CARDS[value] if len(_CARDS) > value else int.__new__(cls, value)

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        return _CARDS[rank * 4 + suit]

    @property
    def is_joker(self) -> bool:
        return self >= JOKER

    @property
    def rank(self) -> int:
        """0 (deuce) to 12 (ace); a joker has no rank and raises."""
        if self >= JOKER:
            raise CardError("a joker has no rank")
        return self >> 2

    @property
    def suit(self) -> int:
        if self >= JOKER:
            raise CardError("a joker has no suit")
        return self & 3

    def __str__(self) -> str:
        if self >= JOKER:
            return _JOKER_TEXT[int(self)]
        return RANK_CHARS[self >> 2] + SUIT_CHARS[self & 3]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def pretty(self) -> str:
        """With a suit symbol, e.g. ``A♠``; jokers as ``🃏``."""
        if self >= JOKER:
            return "🃏"
        return RANK_CHARS[self >> 2] + SUIT_SYMBOLS[self & 3]


_CARDS: list[Card] = []
_CARDS.extend(Card(i) for i in range(RED_JOKER + 1))

_BY_TEXT: dict[str, Card] = {}
for _card in _CARDS[:JOKER]:
    _r, _s = RANK_CHARS[_card >> 2], _card & 3
    for _rank_text in {_r, _r.lower()} | ({"10"} if _r == "T" else set()):
        for _suit_text in (SUIT_CHARS[_s], SUIT_CHARS[_s].upper(), SUIT_SYMBOLS[_s]):
            _BY_TEXT[_rank_text + _suit_text] = _card
for _text, _code in JOKER_CODES.items():
    _BY_TEXT[_text] = _CARDS[_code]
    _BY_TEXT[_text.upper()] = _CARDS[_code]
    _BY_TEXT[_text.lower()] = _CARDS[_code]

_TOKEN = re.compile(r"10.|..")


def parse_card(text: str) -> Card:
    """Parse one card such as ``As``, ``td``, ``10h``, ``K♠`` or ``Xj``."""
    card = _BY_TEXT.get(text.strip())
    if card is None:
        raise CardError(f'"{text.strip()}" is not a card')
    return card


def parse_cards(text: str | Iterable[str | int], *, allow_duplicates: bool = False) -> list[Card]:
    """Parse cards separated by spaces, commas or nothing: ``"As Kd"``, ``"AsKd"``.

    Raises :class:`CardError` for anything that is not a card and for a card given twice.
    """
    if isinstance(text, str):
        cards = []
        for chunk in re.split(r"[\s,]+", text.strip()):
            if not chunk:
                continue
            tokens = _TOKEN.findall(chunk)
            bad = [t for t in tokens if t not in _BY_TEXT]
            if len(chunk) <= 3 and (bad or "".join(tokens) != chunk):
                raise CardError(f'"{chunk}" is not a card')
            if bad or "".join(tokens) != chunk:
                detail = f' ("{bad[0]}" is not a card)' if bad else ""
                raise CardError(f'"{chunk}" is not a list of cards{detail}')
            cards.extend(_BY_TEXT[token] for token in tokens)
    else:
        cards = [item if isinstance(item, Card) else Card(item) for item in text]
    if not allow_duplicates:
        check_distinct(cards)
    return cards


def check_distinct(cards: Iterable[int]) -> None:
    """Raise :class:`CardError` naming the first card that appears twice."""
    seen: set[int] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"duplicate card: {_CARDS[card]}")
        seen.add(card)


def format_cards(cards: Iterable[int], sep: str = " ") -> str:
    return sep.join(str(_CARDS[c]) for c in cards)


def deck(*, jokers: int = 0, short: bool = False) -> list[Card]:
    """A fresh, ordered deck: 52 cards, plus 0-2 jokers; ``short`` drops deuces to fives (36)."""
    if not 0 <= jokers <= 2:
        raise CardError(f"a deck has 0 to 2 jokers, not {jokers}")
    lowest = SIX if short else DEUCE
    return [_CARDS[c] for c in range(lowest * 4, JOKER)] + _CARDS[JOKER:JOKER + jokers]


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy; the caller owns the random source so that deals can be replayed."""
    result = list(cards)
    rng.shuffle(result)
    return result
