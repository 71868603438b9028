"""The hand classes of each judging family, in order, and their dense strengths.

Every judged hand has a ``strength``: an int where higher beats lower and equal ties. Strengths
are dense (1, 2, 3, ...) within a family, so the 2,598,960 five-card poker hands have exactly
7,462 high strengths (13 more for five of a kind with wild cards), and every evaluator (the
general one, the fast scalar one and the numpy batch one) agrees on the same numbers.

A class is ``(category, ranks)``: the category and the ranks that decide ties, grouped as the
pattern reads (full house: trips rank, pair rank; two pair: high pair, low pair, kicker).
Ranks are 0 (deuce) .. 12 (ace).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from tableside.cards import ACE, FIVE, SIX


class Category(IntEnum):
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


def straight_ranks(high: int) -> tuple[int, ...]:
    """The five ranks of the straight topped by ``high``; five-high is the wheel 5-4-3-2-A."""
    if high == FIVE:
        return (FIVE, FIVE - 1, FIVE - 2, FIVE - 3, ACE)
    return tuple(range(high, high - 5, -1))


def straight_highs(wheel: bool) -> range:
    """Tops of the straights, highest first; without the wheel (deuce-to-seven) six is lowest."""
    return range(ACE, (FIVE if wheel else SIX) - 1, -1)


def _grouped(pattern: tuple[int, ...]) -> list[tuple[int, ...]]:
    """All rank tuples for a pattern, groups of equal size in descending order, ascending list."""
    results: list[tuple[int, ...]] = []

    def build(i: int, chosen: list[int]) -> None:
        if i == len(pattern):
            results.append(tuple(chosen))
            return
        upper = chosen[-1] - 1 if i and pattern[i - 1] == pattern[i] else ACE
        for rank in range(upper, -1, -1):
            if rank not in chosen:
                chosen.append(rank)
                build(i + 1, chosen)
                chosen.pop()

    build(0, [])
    results.sort()
    return results


def best_groups(counts: Sequence[int], wilds: int,
                pattern: tuple[int, ...]) -> tuple[int, ...] | None:
    """The best ranks for ``pattern`` (e.g. (3, 2) for a full house), wilds filling shortfalls.

    Returns the lexicographically highest feasible tuple, groups of equal size in descending
    order, or None when the pattern cannot be made.
    """
    chosen: list[int] = []

    def search(i: int, wilds_left: int) -> bool:
        if i == len(pattern):
            return True
        size = pattern[i]
        upper = chosen[-1] - 1 if i and pattern[i - 1] == size else ACE
        for rank in range(upper, -1, -1):
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


def high_classes(wheel: bool = True) -> list[HandClass]:
    """Every high-hand class, weakest first (ace-high straights only when ``wheel`` is False)."""
    straights = {straight_ranks(h) for h in straight_highs(wheel)}
    plain = [r for r in _grouped(PATTERNS[Category.HIGH_CARD])
             if not (r in straights or (wheel and r == (ACE, FIVE, FIVE - 1, FIVE - 2, FIVE - 3)))]
    by_high = sorted(straight_highs(wheel))
    classes: list[HandClass] = []
    classes += [(Category.HIGH_CARD, r) for r in plain]
    for category in (Category.PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND):
        classes += [(category, r) for r in _grouped(PATTERNS[category])]
    classes += [(Category.STRAIGHT, (h,)) for h in by_high]
    classes += [(Category.FLUSH, r) for r in plain]
    for category in (Category.FULL_HOUSE, Category.FOUR_OF_A_KIND):
        classes += [(category, r) for r in _grouped(PATTERNS[category])]
    classes += [(Category.STRAIGHT_FLUSH, (h,)) for h in by_high]
    classes += [(Category.FIVE_OF_A_KIND, (r,)) for r in range(ACE + 1)]
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


HIGH_CLASSES = high_classes(wheel=True)
HIGH_STRENGTH: dict[HandClass, int] = {cls: i + 1 for i, cls in enumerate(HIGH_CLASSES)}
HIGH_CLASS_OF: list[HandClass | None] = [None, *HIGH_CLASSES]
DISTINCT_FIVE_CARD_HIGH = sum(1 for c in HIGH_CLASSES if c[0] != Category.FIVE_OF_A_KIND)

NO_WHEEL_CLASSES = high_classes(wheel=False)
NO_WHEEL_STRENGTH: dict[HandClass, int] = {cls: i + 1 for i, cls in enumerate(NO_WHEEL_CLASSES)}
# Deuce-to-seven lowball is the high ranking without the wheel, turned upside down (five of a
# kind, possible only with wild cards, is the worst low of all).
LOW27_STRENGTH: dict[HandClass, int] = {
    cls: (DISTINCT_FIVE_CARD_HIGH - i if cls[0] != Category.FIVE_OF_A_KIND else 0)
    for i, cls in enumerate(NO_WHEEL_CLASSES)
}

A5_CLASSES = a5_low_classes()
A5_STRENGTH: dict[HandClass, int] = {cls: i + 1 for i, cls in enumerate(A5_CLASSES)}

# Eight-or-better: the worst qualifying low is 8-7-6-5-4.
EIGHT_OR_BETTER = A5_STRENGTH[(Category.HIGH_CARD, (6, 5, 4, 3, 2))]
