"""The fast scalar evaluator: strength only, five to seven natural cards, no wild cards.

This is the path for hot loops (equity, bots, replaying hands); :func:`evaluate_high` gives the
same strength plus the category, name and best five. Its tables are built on first use.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from tableside.evaluation.tables import (
    CARD_KEYS,
    SUIT_MASK,
    flush_strengths,
    flush_suits,
    rank_strengths,
)

_KEYS = CARD_KEYS


@cache
def _tables() -> tuple[dict[int, dict[int, int]], list[int], list[int]]:
    return {n: rank_strengths(n) for n in (5, 6, 7)}, flush_strengths(), flush_suits()


def high_strength(cards: Sequence[int]) -> int:
    """Dense high strength of 5-7 distinct natural cards (ints 0-51); higher is better."""
    ranks, flushes, flush_suit = _tables()
    key = 0
    for card in cards:
        key += _KEYS[card]
    suit = flush_suit[key & SUIT_MASK]
    if suit < 0:
        return ranks[len(cards)][key >> 12]
    mask = 0
    for card in cards:
        if card & 3 == suit:
            mask |= 1 << (card >> 2)
    return flushes[mask]
