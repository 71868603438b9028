"""Declared hands: the house rule "declare your hand" of wild-card games.

At the showdown each player calls their hand ("three kings", "kings full of fives", "flush,
ace high"): a :class:`Declaration` is a category and the ranks that name it. The rule as we
play it (binding declarations, the usual home-game form; cards speak stays the default):

- The declaration counts if the cards make it: some reading of the wild cards (as the game
  allows them: a bug only as an ace or to fill a straight or flush) turns five of the cards
  into a hand of that category with those ranks. The hand is then worth the best such reading,
  kickers included, and never more: who declares less than the cards make gets what they
  declared.
- A declaration the cards cannot make is a misdeclared hand and loses (the engine lets it win
  only a pot where every hand is misdeclared, and then the cards speak among them). Falling
  back to the cards would make the rule pointless: a declaration could then only ever cost
  its caller, never bind them to anything.

:func:`evaluate_declared` judges a declaration against the cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from tableside.cards import ACE, Card, CardError, check_distinct
from tableside.evaluation.high import evaluate_high, split_wilds
from tableside.evaluation.names import class_name
from tableside.evaluation.strength import (
    HIGH_CLASSES,
    HIGH_STRENGTH,
    PATTERNS,
    STANDARD,
    Category,
    HandClass,
)
from tableside.evaluation.value import Family, HandValue

# How many ranks name a hand of each category: "three kings" one, "kings full of fives" two.
NAMING_RANKS: dict[Category, int] = {
    **dict.fromkeys(Category, 1), Category.FULL_HOUSE: 2, Category.TWO_PAIR: 2}

_SUITED = (Category.FLUSH, Category.STRAIGHT_FLUSH)
_RUNS = (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH)  # a bug may fill these


@dataclass(frozen=True, slots=True)
class Declaration:
    """A hand as a player calls it: a category and the ranks that name it, e.g.
    ``Declaration(Category.THREE_OF_A_KIND, (KING,))`` or
    ``Declaration(Category.FULL_HOUSE, (KING, FIVE))``; straights, flushes and high cards
    are named by their top card."""

    category: Category
    ranks: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "category", Category(self.category))
        object.__setattr__(self, "ranks", tuple(self.ranks))
        if len(self.ranks) != NAMING_RANKS[self.category]:
            raise ValueError(f"a {self.category.label} is named by "
                             f"{NAMING_RANKS[self.category]} rank(s), got {self.ranks}")
        if not _classes_named(self.category, self.ranks):
            raise ValueError(f"there is no {self.category.label} named by {self.ranks}")

    @classmethod
    def of(cls, value: HandValue) -> Declaration:
        """The declaration that names a judged high hand."""
        return cls(value.category, value.ranks[:NAMING_RANKS[value.category]])

    def name(self, lang: str = "en") -> str:
        return class_name(self.category, self.ranks, lang)

    def to_json(self, lang: str = "en") -> dict:
        return {"category": self.category.label, "ranks": list(self.ranks),
                "name": self.name(lang)}


def evaluate_declared(cards: Iterable[Card], declared: Declaration, *,
                      wild_ranks: Iterable[int] = (), bug: bool = False) -> HandValue | None:
    """The best reading of ``cards`` that makes the declared hand, or None when no reading
    does (a misdeclared hand). High hands only; wild cards and the bug as in
    :func:`~tableside.evaluation.high.evaluate_high`."""
    cards = list(cards)
    check_distinct(cards)
    if len(cards) < 5:
        raise CardError(f"a high hand needs at least five cards, got {len(cards)}")
    wild_set = frozenset(wild_ranks)
    naturals, _, _ = split_wilds(cards, wild_set, bug)
    held = frozenset(naturals)  # a wild card never stands for a card the hand holds
    fives = list(combinations(cards, 5))
    for hand_class in _classes_named(declared.category, declared.ranks):
        for five in fives:
            chosen = _reading(five, hand_class, held, wild_set, bug)
            if chosen is not None:
                category, ranks = hand_class
                chosen.sort(key=lambda pair: _order(hand_class).index(pair[1] >> 2))
                return HandValue(Family.HIGH, HIGH_STRENGTH[hand_class], category, ranks,
                                 tuple(c for c, _ in chosen), tuple(s for _, s in chosen))
    return None


@cache
def _classes_named(category: Category, ranks: tuple[int, ...]) -> tuple[HandClass, ...]:
    """The classes a declaration covers, strongest first."""
    count = len(ranks)
    return tuple(c for c in reversed(HIGH_CLASSES)
                 if c[0] == category and c[1][:count] == ranks)


@cache
def _order(hand_class: HandClass) -> tuple[int, ...]:
    """The ranks of a class as its hands are laid out: biggest group first, a straight from
    its top (the wheel's ace last)."""
    category, ranks = hand_class
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        return STANDARD.straight_ranks(ranks[0])
    return ranks


def _reading(five: Sequence[Card], hand_class: HandClass, held: frozenset[Card],
             wild_set: frozenset[int], bug: bool) -> list[tuple[Card, Card]] | None:
    """Five cards read as exactly ``hand_class``: (card, what it stands for) pairs, or None."""
    category, ranks = hand_class
    naturals, wilds, bugs = split_wilds(five, wild_set, bug)
    if category in _RUNS:
        needed = STANDARD.straight_ranks(ranks[0]) if category != Category.FLUSH else ranks
        suits = (3, 2, 1, 0) if category in _SUITED else (None,)
        for suit in suits:
            chosen = _fill(naturals, wilds + bugs, list(needed), suit, held)
            if chosen is not None and _is(chosen, hand_class):
                return chosen
        return None
    slots = [rank for rank, size in zip(ranks, PATTERNS[category], strict=True)
             for _ in range(size)]
    chosen = []
    for card in naturals:
        if card >> 2 not in slots:
            return None
        slots.remove(card >> 2)
        chosen.append((card, card))
    if len(bugs) > slots.count(ACE):
        return None  # outside straights and flushes a bug is only ever an ace
    used: set[Card] = set()
    for card in bugs:
        slots.remove(ACE)
        chosen.append((card, _free(ACE, held, used, category)))
    for card, rank in zip(wilds, slots, strict=True):
        chosen.append((card, _free(rank, held, used, category)))
    if any(stands is None for _, stands in chosen):
        return None
    if category == Category.HIGH_CARD and len({s & 3 for _, s in chosen}) == 1:
        chosen = _break_flush(chosen, held)
    return chosen if chosen is not None and _is(chosen, hand_class) else None


def _fill(naturals: list[Card], wilds: list[Card], needed: list[int], suit: int | None,
          held: frozenset[Card]) -> list[tuple[Card, Card]] | None:
    """Naturals on their own ranks (of ``suit`` if given), wild cards on the ranks left."""
    chosen = []
    for card in naturals:
        if card >> 2 not in needed or (suit is not None and card & 3 != suit):
            return None
        needed.remove(card >> 2)
        chosen.append((card, card))
    used: set[Card] = set()
    for card, rank in zip(wilds, needed, strict=True):
        if suit is None:
            stands = _free(rank, held, used, Category.STRAIGHT)
        else:
            stands = Card.of(rank, suit)
            stands = None if stands in held else stands
        if stands is None:
            return None
        used.add(stands)
        chosen.append((card, stands))
    if suit is None and len({s & 3 for _, s in chosen}) == 1:
        return _break_flush(chosen, held)
    return chosen


def _free(rank: int, held: frozenset[Card], used: set[Card], category: Category) -> Card | None:
    """A card of ``rank`` a wild card may stand for: not held, not already stood for (five of
    a kind may repeat one)."""
    for suit in (3, 2, 1, 0):
        card = Card.of(rank, suit)
        if card not in held and card not in used:
            used.add(card)
            return card
    return Card.of(rank, 3) if category == Category.FIVE_OF_A_KIND else None


def _break_flush(chosen: list[tuple[Card, Card]],
                 held: frozenset[Card]) -> list[tuple[Card, Card]] | None:
    """Five cards of one suit, read as a straight or no pair: a wild card takes another suit."""
    taken = {s for _, s in chosen}
    for i, (card, stands) in enumerate(chosen):
        if card == stands:
            continue
        for suit in (3, 2, 1, 0):
            other = Card.of(stands >> 2, suit)
            if other != stands and other not in held and other not in taken:
                return [*chosen[:i], (card, other), *chosen[i + 1:]]
    return None


def _is(chosen: list[tuple[Card, Card]], hand_class: HandClass) -> bool:
    """Whether the cards stood for make exactly ``hand_class`` (five of a kind repeats a card,
    so it is taken as built)."""
    if hand_class[0] == Category.FIVE_OF_A_KIND:
        return True
    value = evaluate_high([s for _, s in chosen])
    return (value.category, value.ranks) == hand_class
