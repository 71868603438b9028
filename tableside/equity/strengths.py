"""Showdown strengths of every player in a chunk of deals, vectorised with numpy.

Hands are judged through the evaluator's additive keys: a hand's key is the sum of its cards'
keys, so the board's key is summed once per deal and each player's cards are added to it.
Only rows holding a flush need the actual cards; they are gathered on demand.

Every function returns ``(high, low)``: arrays of shape (players, deals), higher wins, and for
hi-lo games ``low`` holds ace-to-five strengths with 0 where the hand has no qualifying low
(``low`` is None for other games). Low games (razz, deuce-to-seven) put their low strength in
``high``: there is only one pot, and its best hand wins.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from tableside.cards import ACE, DEUCE, FIVE, FOUR, TREY
from tableside.equity.combinations import combinations
from tableside.equity.deals import Layout
from tableside.equity.games import GameRules
from tableside.evaluation.batch import strengths_from_keys
from tableside.evaluation.strength import (
    EIGHT_OR_BETTER,
    HIGH_CLASS_OF,
    LOW27_STRENGTH,
    Category,
)
from tableside.evaluation.tables import CARD_KEYS, SUIT_BITS, rank_strength_array

BOARD_GROUP = 0
_CARD_KEYS = np.asarray(CARD_KEYS, dtype=np.int64)
_KEY_TYPE = np.int64
_RANK_SHIFT = 4 * SUIT_BITS  # a key's low bits count suits, the rest sums ranks

Strengths = tuple[np.ndarray, np.ndarray | None]


def hands_judged(rules: GameRules, hand_size: int) -> int:
    """Five-to-seven-card hands judged per player and deal (sizes the chunks of deals)."""
    if rules.omaha:
        return len(combinations(hand_size, 2)) * len(combinations(5, 3))
    return 1


def hand_cost(rules: GameRules, hand_size: int) -> int:
    """Work per player and deal, in units of one seven-card hold'em hand (measured: an Omaha
    five-card combination costs about a third of that, half with its low; the lows of stud
    hi-lo and razz are nearly free)."""
    if rules.omaha:
        return hands_judged(rules, hand_size) // (2 if rules.hilo else 3)
    return 1


def strengths(rules: GameRules, lay: Layout, deals: np.ndarray) -> Strengths:
    """(high, low) of every player in each deal row (see the module's docstring)."""
    if rules.omaha:
        return _omaha(rules, lay, deals)
    players = range(1, len(lay.groups))
    if rules.board:
        board = _group_keys(lay, deals, BOARD_GROUP)
        keys = [board + _group_keys(lay, deals, p) for p in players]

        def cards_of(player: int):
            return lambda rows: np.hstack([lay.cards(deals[rows], BOARD_GROUP),
                                           lay.cards(deals[rows], player)])
    else:
        keys = [_group_keys(lay, deals, p) for p in players]

        def cards_of(player: int):
            return lambda rows: lay.cards(deals[rows], player)

    size = _hand_cards(lay, rules)
    if rules.scoring == "a5":
        return np.stack([_a5(k, size) for k in keys]), None
    high = np.stack([strengths_from_keys(k, cards_of(p), size)
                     for p, k in zip(players, keys, strict=True)])
    if rules.scoring == "27":
        return _low27_of_high()[high], None
    if rules.hilo:
        return high, np.stack([_qualified(_a5(k, size)) for k in keys])
    return high, None


def _hand_cards(lay: Layout, rules: GameRules) -> int:
    """Cards each player judges a hand from (hold'em: two hole cards and the board)."""
    known, dealt = lay.groups[1]
    size = len(known) + dealt.stop - dealt.start
    return size + 5 if rules.board else size


def _group_keys(lay: Layout, deals: np.ndarray, group: int) -> np.ndarray:
    known, dealt = lay.groups[group]
    keys = np.full(len(deals), int(_CARD_KEYS[known].sum()), dtype=_KEY_TYPE)
    stock_keys = _CARD_KEYS[lay.stock]
    for column in range(dealt.start, dealt.stop):
        keys += stock_keys[deals[:, column]]
    return keys


def _a5(keys: np.ndarray, size: int) -> np.ndarray:
    """Ace-to-five low strengths (suits play no part, so the rank part of the key decides)."""
    return rank_strength_array(size, "a5")[keys >> _RANK_SHIFT]


def _qualified(low: np.ndarray) -> np.ndarray:
    return np.where(low >= EIGHT_OR_BETTER, low, 0)


@cache
def _low27_of_high() -> np.ndarray:
    """High strength -> deuce-to-seven strength of the same five cards.

    The orders agree except for the wheel: in deuce-to-seven the ace is only high, so
    5-4-3-2-A is no straight but an ace-high hand (or ace-high flush).
    """
    wheel = (ACE, FIVE, FOUR, TREY, DEUCE)
    table = np.zeros(len(HIGH_CLASS_OF), dtype=np.uint16)
    for strength, hand_class in enumerate(HIGH_CLASS_OF):
        if hand_class is None or hand_class[0] == Category.FIVE_OF_A_KIND:
            continue  # strength 0, and five of a kind needs wild cards
        if hand_class == (Category.STRAIGHT, (FIVE,)):
            hand_class = (Category.HIGH_CARD, wheel)
        elif hand_class == (Category.STRAIGHT_FLUSH, (FIVE,)):
            hand_class = (Category.FLUSH, wheel)
        table[strength] = LOW27_STRENGTH[hand_class]
    return table


def _omaha(rules: GameRules, lay: Layout, deals: np.ndarray) -> Strengths:
    """Each player's best of every two hole cards with every three board cards."""
    board = lay.cards(deals, BOARD_GROUP)
    triples = combinations(5, 3)
    board_keys = _CARD_KEYS[board][:, triples].sum(axis=2)  # (deals, 10)
    highs, lows = [], []
    for player in range(1, len(lay.groups)):
        hole = lay.cards(deals, player)
        pairs = combinations(hole.shape[1], 2)
        pair_keys = _CARD_KEYS[hole][:, pairs].sum(axis=2)  # (deals, pairs)
        keys = (pair_keys[:, :, None] + board_keys[:, None, :]).reshape(-1)

        def five_cards(rows, hole=hole, pairs=pairs):
            deal, combo = np.divmod(rows, len(pairs) * len(triples))
            pair, triple = np.divmod(combo, len(triples))
            return np.hstack([hole[deal[:, None], pairs[pair]],
                              board[deal[:, None], triples[triple]]])

        highs.append(strengths_from_keys(keys, five_cards, 5).reshape(len(deals), -1).max(1))
        if rules.hilo:
            lows.append(_qualified(_a5(keys, 5).reshape(len(deals), -1).max(1)))
    return np.stack(highs), (np.stack(lows) if rules.hilo else None)
