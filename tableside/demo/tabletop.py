"""What physically lies on the simulated table: the shuffled deck, the cards in front of each
seat (face down or up), the board, the muck, and the chips in the betting zones and the pot.

This is the truth the sensors are simulated from (the camera draws it, the reader board
reports its chips) and the truth the demo checks what was read against. The table service
never sees it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tableside.cards import Card, deck
from tableside.engine import Variant


@dataclass
class SeatCards:
    """A player's cards in front of their seat, in the order dealt."""

    cards: list[Card] = field(default_factory=list)
    up: list[bool] = field(default_factory=list)  # dealt face up (stud) or turned up
    shown: bool = False  # turned face up for the showdown

    def face_up(self) -> list[Card]:
        return [c for c, up in zip(self.cards, self.up, strict=True) if up or self.shown]


@dataclass
class TableTop:
    variant: Variant
    rng: random.Random
    stock: list[Card] = field(default_factory=list)
    seats: dict[int, SeatCards] = field(default_factory=dict)
    boards: list[list[Card]] = field(default_factory=lambda: [[]])
    muck: list[Card] = field(default_factory=list)
    bets: dict[int, int] = field(default_factory=dict)  # chips in each seat's betting zone
    pot: int = 0  # chips in the pot zone

    def __post_init__(self) -> None:
        if not self.stock:
            self.stock = deck(jokers=self.variant.jokers, short=self.variant.short_deck)
            self.rng.shuffle(self.stock)

    @property
    def board(self) -> list[Card]:
        return self.boards[-1]

    def deal(self, seat: int, face_up: list[bool]) -> list[Card]:
        """Deal one card per entry of ``face_up`` to ``seat``; the cards dealt."""
        cards = [self.stock.pop() for _ in face_up]
        held = self.seats.setdefault(seat, SeatCards())
        held.cards.extend(cards)
        held.up.extend(face_up)
        return cards

    def deal_board(self, count: int) -> list[Card]:
        cards = [self.stock.pop() for _ in range(count)]
        self.board.extend(cards)
        return cards

    def discard(self, seat: int, cards: list[Card]) -> None:
        held = self.seats[seat]
        for card in cards:
            index = held.cards.index(card)
            del held.cards[index], held.up[index]
        self.muck.extend(cards)

    def fold(self, seat: int) -> None:
        """The player's cards go to the muck, face down."""
        held = self.seats.pop(seat, None)
        if held is not None:
            self.muck.extend(held.cards)

    def show(self, seat: int) -> list[Card]:
        held = self.seats[seat]
        held.shown = True
        return list(held.cards)

    def stock_left(self) -> int:
        return len(self.stock)

    def cards_of(self, seat: int) -> list[Card]:
        held = self.seats.get(seat)
        return list(held.cards) if held is not None else []

    # ---------------------------------------------------------------- a real camera
    # With a real camera (tableside demo --camera) a person deals real cards: the ones the
    # camera puts into the game replace the simulated ones, and no simulated card may be a
    # real one (the players' hidden cards are only for their play).
    def place_board(self, cards: list[Card]) -> None:
        self._make_room(cards)
        self.board.extend(cards)

    def place_up(self, seat: int, cards: list[Card]) -> None:
        """The newest face-up cards of ``seat`` are ``cards``."""
        self._make_room(cards)
        held = self.seats[seat]
        newest = [i for i, up in enumerate(held.up) if up][-len(cards):]
        for index, card in zip(newest, cards, strict=True):
            held.cards[index] = card

    def place_shown(self, seat: int, cards: list[Card]) -> None:
        self._make_room(cards)
        self.seats[seat] = SeatCards(list(cards), [True] * len(cards), shown=True)

    def _make_room(self, cards: list[Card]) -> None:
        for card in cards:
            if card in self.stock:
                self.stock.remove(card)
            for held in self.seats.values():
                if card in held.cards and self.stock:
                    held.cards[held.cards.index(card)] = self.stock.pop()
