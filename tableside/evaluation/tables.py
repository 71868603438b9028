"""Lookup tables behind the fast scalar and the numpy batch evaluators (natural cards only).

A card's key adds up: the rank part is a number per rank chosen so that every multiset of five,
six or seven ranks (at most four of each) has its own sum (the additive keys of
SKPokerEval; tests check uniqueness), and the suit part counts cards per suit in four 3-bit
fields. Summing the keys of a hand gives, in one integer, its rank multiset and whether a suit
has five cards. Hands with a flush are then judged from the 13-bit rank mask of that suit.

Strengths are the dense strengths of :mod:`tableside.evaluation.strength`: standard high, or
short deck (the same keys; its tables only hold hands of sixes to aces).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from tableside.evaluation.strength import (
    A5_STRENGTH,
    HIGH_STRENGTH,
    PATTERNS,
    SHORT_DECK,
    SHORT_DECK_STRENGTH,
    STANDARD,
    Category,
    HandClass,
    Ranking,
)

RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
SUIT_BITS = 3
SUIT_MASK = (1 << (4 * SUIT_BITS)) - 1
CARD_KEYS = tuple((RANK_KEYS[c >> 2] << (4 * SUIT_BITS)) | (1 << (SUIT_BITS * (c & 3)))
                  for c in range(52))
SIZES = (5, 6, 7)

# The rank tables by name: their strengths, and the ranking whose deck and straights they follow
# (ace-to-five lows have no straights; they use the standard deck).
_SCALES: dict[str, tuple[dict[HandClass, int], Ranking]] = {
    "high": (HIGH_STRENGTH, STANDARD),
    "a5": (A5_STRENGTH, STANDARD),
    "short-deck": (SHORT_DECK_STRENGTH, SHORT_DECK),
}


@cache
def _straight_masks(ranking: Ranking) -> list[tuple[int, int]]:
    """(top rank, 13-bit rank mask) of each straight, highest first."""
    return [(high, sum(1 << r for r in ranking.straight_ranks(high)))
            for high in ranking.straight_highs()]


def class_from_flush_mask(mask: int, ranking: Ranking = STANDARD) -> HandClass:
    """The best class of five or more cards of one suit with these ranks.

    Five to seven cards holding a flush cannot also hold quads or a full house (at most two
    cards lie outside the suit), so whichever of flush and full house ranks higher, the flush
    is the hand; only a straight flush can beat it.
    """
    for high, straight in _straight_masks(ranking):
        if mask & straight == straight:
            return Category.STRAIGHT_FLUSH, (high,)
    top = [r for r in range(12, -1, -1) if mask >> r & 1][:5]
    return Category.FLUSH, tuple(top)


def _five_card_levels(family: str) -> tuple[list[list[int]], list[int]]:
    """Each five-card class that has no flush, as rank counts, with its strength."""
    rows, values = [], []
    classes, ranking = _SCALES[family]
    for (category, ranks), strength in classes.items():
        if category in (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.FIVE_OF_A_KIND):
            continue
        row = [0] * 13
        if category == Category.STRAIGHT:
            ranks, pattern = ranking.straight_ranks(ranks[0]), (1,) * 5
        else:
            pattern = PATTERNS[category]
        for rank, size in zip(ranks, pattern, strict=True):
            row[rank] = size
        rows.append(row)
        values.append(strength)
    return rows, values


@cache
def rank_levels(size: int, family: str = "high") -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All rank multisets of ``size`` cards: (keys, strengths, counts), sorted by key.

    ``family`` is "high" or "short-deck" (flushes judged separately) or "a5" (ace-to-five
    low, suits ignored). Five cards are judged directly; a larger hand is worth the best of its
    hands with one card less, so each level is built from the one below with array operations.
    """
    if size == 5:
        rows, values = _five_card_levels(family)
        counts = np.array(rows, dtype=np.int64)
        strengths = np.array(values, dtype=np.int64)
    else:
        below_keys, below_strengths, below_counts = rank_levels(size - 1, family)
        lowest = _SCALES[family][1].lowest  # the short deck has no card below six to add
        parent, rank = np.nonzero(below_counts[:, lowest:] < 4)
        rank += lowest
        counts = below_counts[parent]
        counts[np.arange(len(parent)), rank] += 1
        strengths = below_strengths[parent]
        keys = below_keys[parent] + np.asarray(RANK_KEYS, dtype=np.int64)[rank]
        order = np.lexsort((-strengths, keys))  # by key, best parent first
        _, first = np.unique(keys[order], return_index=True)
        counts, strengths = counts[order][first], strengths[order][first]
    keys = counts @ np.asarray(RANK_KEYS, dtype=np.int64)
    order = np.argsort(keys)
    return keys[order], strengths[order], counts[order]


@cache
def rank_strengths(size: int, family: str = "high") -> dict[int, int]:
    """Rank-key sum -> strength, for hands of ``size`` cards (high: those without a flush)."""
    keys, strengths, _ = rank_levels(size, family)
    return dict(zip(keys.tolist(), strengths.tolist(), strict=True))


@cache
def rank_strength_array(size: int, family: str = "high") -> np.ndarray:
    """The same as :func:`rank_strengths`, as a uint16 array indexed by the key sum."""
    keys, strengths, _ = rank_levels(size, family)
    table = np.zeros(int(keys[-1]) + 1, dtype=np.uint16)
    table[keys] = strengths
    return table


@cache
def flush_strengths(family: str = "high") -> list[int]:
    """13-bit rank mask of the flush suit -> strength, for "high" or "short-deck" (0 where
    fewer than five bits, or where a rank lies below the family's deck)."""
    strengths, ranking = _SCALES[family]
    below = (1 << ranking.lowest) - 1
    return [strengths[class_from_flush_mask(m, ranking)] if m.bit_count() >= 5 and not m & below
            else 0 for m in range(1 << 13)]


@cache
def flush_suits() -> list[int]:
    """Suit-count field -> the suit holding five or more cards, or -1."""
    result = []
    for field in range(SUIT_MASK + 1):
        suit = -1
        for s in range(4):
            if (field >> (SUIT_BITS * s)) & ((1 << SUIT_BITS) - 1) >= 5:
                suit = s
        result.append(suit)
    return result
