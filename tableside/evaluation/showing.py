"""Judging the face-up cards of stud hands, which decide who brings in and who acts first.

Fewer than five cards make no straights or flushes; what counts is pairs, trips and quads,
then the ranks. A key is a tuple: the higher key shows the better hand (for razz, the lower
cards are better, so its key turns the order around).
"""

from __future__ import annotations

from collections.abc import Sequence

from tableside.cards import Card
from tableside.evaluation.strength import PATTERNS, Category, low_value

# Group sizes -> category, for partial hands too: (2,) is a pair, (2, 2) two pair. PATTERNS
# runs from the strongest category down, so a shared prefix ends with the weaker reading.
_BY_PATTERN = {pattern[:k]: category for category, pattern in PATTERNS.items()
               for k in range(1, 6)}


def _groups(cards: Sequence[Card], value) -> tuple[Category, tuple[int, ...]]:
    counts: dict[int, int] = {}
    for card in cards:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (-rc[1], -value(rc[0])))
    sizes = tuple(n for _, n in groups)
    category = _BY_PATTERN.get(sizes, Category.HIGH_CARD)
    return category, tuple(value(r) for r, _ in groups)


def showing_key(cards: Sequence[Card], *, low: bool = False) -> tuple:
    """A comparable key for face-up cards: higher is the better showing hand.

    ``low`` judges as razz does (ace-to-five: no pair beats a pair, lower cards are better).
    """
    if low:
        category, values = _groups(cards, low_value)
        return (-int(category), tuple(-v for v in values))
    category, values = _groups(cards, lambda r: r)
    return (int(category), values)


def bring_in_key(card: Card, *, low: bool = True) -> tuple[int, int]:
    """Order for choosing the bring-in: the smallest key brings in.

    Stud: the lowest card (ace high), ties broken by suit, clubs lowest, then diamonds, hearts,
    spades. Razz (``low=False``): the highest card (ace low), spades before hearts and so on.
    """
    if low:
        return (card.rank, card.suit)
    return (-low_value(card.rank), -card.suit)
