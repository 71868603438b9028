"""The hand classes of each judging family, in order, and their dense strengths.

Every judged hand has a ``strength``: an int where higher beats lower and equal ties. Strengths
are dense (1, 2, 3, ...) within a family, so the 2,598,960 five-card poker hands have exactly
7,462 high strengths (13 more for five of a kind with wild cards), and every evaluator (the
general one, the fast scalar one and the numpy batch one) agrees on the same numbers.

The high rankings differ only in what a :class:`Ranking` states: the lowest rank in the deck,
whether the ace also plays low in the lowest straight, and whether a flush beats a full house.
Standard high poker, deuce-to-seven (no wheel) and short deck (six-plus: 36 cards, the ace-low
straight is A-6-7-8-9, a flush beats a full house) are three rankings of the same machinery.

A class is ``(category, ranks)``: the category and the ranks that decide ties, grouped as the
pattern reads (full house: trips rank, pair rank; two pair: high pair, low pair, kicker).
Ranks are 0 (deuce) .. 12 (ace).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from tableside.cards import ACE, DEUCE, SIX


class Category(IntEnum):
    """A hand category. The values follow standard high poker; in short deck a flush beats a
    full house, so compare strengths, never category values."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9

    @property
    def label(self) -> str:
        """The machine name used in JSON output, e.g. ``full_house``."""
        return self.name.lower()


# Group sizes of each category made of equal ranks, highest group first.
PATTERNS: dict[Category, tuple[int, ...]] = {
    Category.FIVE_OF_A_KIND: (5,),
    Category.FOUR_OF_A_KIND: (4, 1),
    Category.FULL_HOUSE: (3, 2),
    Category.THREE_OF_A_KIND: (3, 1, 1),
    Category.TWO_PAIR: (2, 2, 1),
    Category.PAIR: (2, 1, 1, 1),
    Category.HIGH_CARD: (1, 1, 1, 1, 1),
}

HandClass = tuple[Category, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Ranking:
    """The rules that tell one high ranking from another; everything else is shared.

    ``lowest`` is the deck's lowest rank; ``ace_low`` lets the ace play below it in the lowest
    straight (5-4-3-2-A, or A-6-7-8-9 in short deck, where that straight is nine-high);
    ``flush_beats_full_house`` holds in short deck, where flushes are the rarer hand.
    """

    lowest: int = DEUCE
    ace_low: bool = True
    flush_beats_full_house: bool = False

    @property
    def ranks(self) -> range:
        """The ranks in the deck, highest first."""
        return range(ACE, self.lowest - 1, -1)

    def straight_highs(self) -> range:
        """Tops of the straights, highest first (the ace-low straight is topped by lowest + 3)."""
        return range(ACE, self.lowest + (3 if self.ace_low else 4) - 1, -1)

    def straight_ranks(self, high: int) -> tuple[int, ...]:
        """The five ranks of the straight topped by ``high``, the ace last when it plays low."""
        if high == self.lowest + 3:
            return (*range(high, self.lowest - 1, -1), ACE)
        return tuple(range(high, high - 5, -1))

    @property
    def order(self) -> tuple[Category, ...]:
        """The categories, weakest first."""
        order = sorted(Category)  # the standard order: each category at its own value
        if self.flush_beats_full_house:
            order[Category.FLUSH], order[Category.FULL_HOUSE] = Category.FULL_HOUSE, Category.FLUSH
        return tuple(order)


STANDARD = Ranking()
NO_WHEEL = Ranking(ace_low=False)  # deuce-to-seven: the ace is only high
SHORT_DECK = Ranking(lowest=SIX, flush_beats_full_house=True)


def straight_ranks(high: int) -> tuple[int, ...]:
    """The five ranks of the standard straight topped by ``high``; five-high is the wheel."""
    return STANDARD.straight_ranks(high)


def straight_highs(wheel: bool) -> range:
    """Tops of the standard straights, highest first; without the wheel six is lowest."""
    return (STANDARD if wheel else NO_WHEEL).straight_highs()


def _grouped(pattern: tuple[int, ...], lowest: int = DEUCE) -> list[tuple[int, ...]]:
    """All rank tuples for a pattern, groups of equal size in descending order, ascending list."""
    results: list[tuple[int, ...]] = []

    def build(i: int, chosen: list[int]) -> None:
        if i == len(pattern):
            results.append(tuple(chosen))
            return
        upper = chosen[-1] - 1 if i and pattern[i - 1] == pattern[i] else ACE
        for rank in range(upper, lowest - 1, -1):
            if rank not in chosen:
                chosen.append(rank)
                build(i + 1, chosen)
                chosen.pop()

    build(0, [])
    results.sort()
    return results


def best_groups(counts: Sequence[int], wilds: int, pattern: tuple[int, ...],
                lowest: int = DEUCE) -> tuple[int, ...] | None:
    """The best ranks for ``pattern`` (e.g. (3, 2) for a full house), wilds filling shortfalls.

    Returns the lexicographically highest feasible tuple, groups of equal size in descending
    order, or None when the pattern cannot be made. Wild cards never stand for a rank below
    ``lowest`` (the short deck has no fives).
    """
    chosen: list[int] = []

    def search(i: int, wilds_left: int) -> bool:
        if i == len(pattern):
            return True
        size = pattern[i]
        upper = chosen[-1] - 1 if i and pattern[i - 1] == size else ACE
        for rank in range(upper, lowest - 1, -1):
            if rank in chosen:
                continue
            need = size - counts[rank]
            if need <= 0:
                need = 0
            elif need > wilds_left:
                continue
            chosen.append(rank)
            if search(i + 1, wilds_left - need):
                return True
            chosen.pop()
        return False

    return tuple(chosen) if search(0, wilds) else None


def high_classes(ranking: Ranking = STANDARD) -> list[HandClass]:
    """Every high-hand class of ``ranking``, weakest first.

    Only classes the deck can hold exist: with ranks 6..A there are 120 no-pair hands (five
    distinct ranks that are no straight), 9 quads, and so on. Five of a kind, which needs
    wild cards, is on top in every ranking.
    """
    highs = [(h,) for h in sorted(ranking.straight_highs())]
    straights = {tuple(sorted(ranking.straight_ranks(h), reverse=True)) for (h,) in highs}
    rows = {category: _grouped(pattern, ranking.lowest) for category, pattern in PATTERNS.items()}
    rows[Category.HIGH_CARD] = [r for r in rows[Category.HIGH_CARD] if r not in straights]
    rows[Category.FLUSH] = rows[Category.HIGH_CARD]
    rows[Category.STRAIGHT] = rows[Category.STRAIGHT_FLUSH] = highs
    classes: list[HandClass] = []
    for category in ranking.order:
        classes += [(category, r) for r in rows[category]]
    return classes


def low_value(rank: int) -> int:
    """Rank order for ace-to-five lows: the ace is the lowest card."""
    return 0 if rank == ACE else rank + 1


def a5_low_classes() -> list[HandClass]:
    """Ace-to-five low classes, worst first; ranks are given in ordinary rank numbers.

    Straights and flushes do not count; pairs are bad; among equal categories the hand whose
    highest differing card is lower wins.
    """
    order = (Category.HIGH_CARD, Category.PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND,
             Category.FULL_HOUSE, Category.FOUR_OF_A_KIND)
    keyed = []
    for rank_order, category in enumerate(order):
        for ranks in _grouped(PATTERNS[category]):
            # Re-express in ace-low values, keeping the group order the pattern dictates.
            values = _low_group_order(PATTERNS[category], ranks)
            keyed.append(((rank_order, tuple(low_value(r) for r in values)), (category, values)))
    keyed = list({key: cls for key, cls in keyed}.items())
    keyed.sort(reverse=True)  # worst first
    return [cls for _, cls in keyed]


def _low_group_order(pattern: tuple[int, ...], ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Sort ranks within runs of equal group size by ace-low value, highest first."""
    result: list[int] = []
    i = 0
    while i < len(pattern):
        j = i
        while j < len(pattern) and pattern[j] == pattern[i]:
            j += 1
        result += sorted(ranks[i:j], key=low_value, reverse=True)
        i = j
    return tuple(result)


HIGH_CLASSES = high_classes(STANDARD)
HIGH_STRENGTH: dict[HandClass, int] = {cls: i + 1 for i, cls in enumerate(HIGH_CLASSES)}
HIGH_CLASS_OF: list[HandClass | None] = [None, *HIGH_CLASSES]
DISTINCT_FIVE_CARD_HIGH = sum(1 for c in HIGH_CLASSES if c[0] != Category.FIVE_OF_A_KIND)

NO_WHEEL_CLASSES = high_classes(NO_WHEEL)
NO_WHEEL_STRENGTH: dict[HandClass, int] = {cls: i + 1 for i, cls in enumerate(NO_WHEEL_CLASSES)}
# Deuce-to-seven lowball is the high ranking without the wheel, turned upside down (five of a
# kind, possible only with wild cards, is the worst low of all).
LOW27_STRENGTH: dict[HandClass, int] = {
    cls: (DISTINCT_FIVE_CARD_HIGH - i if cls[0] != Category.FIVE_OF_A_KIND else 0)
    for i, cls in enumerate(NO_WHEEL_CLASSES)
}

# Short deck: 1,404 classes from natural cards (9 more for five of a kind with wild cards).
SHORT_DECK_CLASSES = high_classes(SHORT_DECK)
SHORT_DECK_STRENGTH: dict[HandClass, int] = {
    cls: i + 1 for i, cls in enumerate(SHORT_DECK_CLASSES)}
SHORT_DECK_CLASS_OF: list[HandClass | None] = [None, *SHORT_DECK_CLASSES]
DISTINCT_FIVE_CARD_SHORT_DECK = sum(
    1 for c in SHORT_DECK_CLASSES if c[0] != Category.FIVE_OF_A_KIND)

A5_CLASSES = a5_low_classes()
A5_STRENGTH: dict[HandClass, int] = {cls: i + 1 for i, cls in enumerate(A5_CLASSES)}

# Eight-or-better: the worst qualifying low is 8-7-6-5-4.
EIGHT_OR_BETTER = A5_STRENGTH[(Category.HIGH_CARD, (6, 5, 4, 3, 2))]
