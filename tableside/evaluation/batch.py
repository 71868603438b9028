"""The numpy batch evaluator: dense high strengths of many hands at once (for equity).

Hands are rows of card numbers (0-51, natural cards only), five to seven per row. The same
strengths as :func:`tableside.evaluation.high_strength` and :func:`evaluate_high`.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from tableside.evaluation.tables import (
    CARD_KEYS,
    SUIT_MASK,
    flush_strengths,
    flush_suits,
    rank_strength_array,
)

_CARD_KEYS = np.asarray(CARD_KEYS, dtype=np.int64)


@cache
def _flush_tables() -> tuple[np.ndarray, np.ndarray]:
    return (np.asarray(flush_suits(), dtype=np.int8),
            np.asarray(flush_strengths(), dtype=np.uint16))


def hand_keys(hands: np.ndarray) -> np.ndarray:
    """The additive key of each row (rank multiset and suit counts in one int64)."""
    hands = np.asarray(hands)
    keys = _CARD_KEYS[hands[..., 0]]
    for column in range(1, hands.shape[-1]):
        keys += _CARD_KEYS[hands[..., column]]
    return keys


def strengths_from_keys(keys: np.ndarray, hands: np.ndarray, size: int) -> np.ndarray:
    """Strengths for rows whose keys are already summed; ``hands`` is only read for flushes.

    ``hands`` may be a callable returning the card rows for given row indices, so that callers
    who build keys incrementally (equity enumeration) need not materialise every hand.
    """
    suit_of, flush_value = _flush_tables()
    strengths = rank_strength_array(size)[keys >> 12]
    suits = suit_of[keys & SUIT_MASK]
    rows = np.flatnonzero(suits >= 0)
    if rows.size:
        cards = hands(rows) if callable(hands) else np.asarray(hands)[rows]
        suit = suits[rows, None]
        in_suit = (cards & 3) == suit
        masks = np.where(in_suit, np.left_shift(1, cards >> 2, dtype=np.int32), 0).sum(axis=-1)
        strengths[rows] = flush_value[masks]
    return strengths


def high_strengths(hands: np.ndarray) -> np.ndarray:
    """Dense high strength of each row of 5-7 distinct natural cards; uint16, higher wins."""
    hands = np.asarray(hands)
    if hands.ndim != 2 or not 5 <= hands.shape[1] <= 7:
        raise ValueError(f"expected rows of 5 to 7 cards, got shape {hands.shape}")
    if hands.dtype != np.uint8:
        hands = hands.astype(np.uint8)
    return strengths_from_keys(hand_keys(hands), hands, hands.shape[1])
