"""The fast scalar evaluators: strength only, five to seven natural cards, no wild cards.

This is the path for hot loops (equity, bots, replaying hands); :func:`evaluate_high` and
:func:`evaluate_short_deck` give the same strengths plus the category, name and best five.
Their tables are built on first use.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from tableside.evaluation.tables import (
    CARD_KEYS,
    SUIT_MASK,
    flush_strengths,
    flush_suits,
    rank_strengths,
)

_KEYS = CARD_KEYS


def _strength_function(family: str, name: str, doc: str) -> Callable[[Sequence[int]], int]:
    """The lookup in one family's tables ("high" or "short-deck"), named ``name``.

    A closure rather than a shared function taking the tables: in this hot path an extra call
    per hand costs a third of the time.
    """

    @cache
    def tables() -> tuple[dict[int, dict[int, int]], list[int], list[int]]:
        return ({n: rank_strengths(n, family) for n in (5, 6, 7)}, flush_strengths(family),
                flush_suits())

    def strength(cards: Sequence[int]) -> int:
        ranks, flushes, flush_suit = tables()
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

    strength.__name__ = strength.__qualname__ = name
    strength.__doc__ = doc
    return strength


high_strength = _strength_function(
    "high", "high_strength",
    """Dense high strength of 5-7 distinct natural cards (ints 0-51); higher is better.""")

short_deck_strength = _strength_function(
    "short-deck", "short_deck_strength",
    """Dense short-deck strength of 5-7 distinct natural cards, sixes to aces (ints 16-51).

    Cards are not checked (:func:`evaluate_short_deck` checks them): one below six gives a
    wrong strength or a KeyError.
    """)
