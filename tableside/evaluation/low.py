"""Low hands: ace-to-five (razz, A-5 lowball, the low half of hi-lo) and deuce-to-seven.

- Ace-to-five: the ace is the lowest card, straights and flushes do not count, pairs are bad;
  the best low is 5-4-3-2-A (the wheel). An eight-or-better qualifier admits only five
  different ranks of eight or lower.
- Deuce-to-seven: the high ranking upside down. Straights and flushes count against the hand,
  the ace is only high (A-2-3-4-5 is ace-high, no straight); the best low is 7-5-4-3-2.
- A wild card or the joker in lowball is the lowest card not already held (ace-to-five); in
  deuce-to-seven it becomes whatever card makes the best low (the lowest card that neither
  pairs the hand nor completes a straight or flush).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, product

from tableside.cards import ACE, Card, CardError, check_distinct
from tableside.evaluation.high import evaluate_high, split_wilds
from tableside.evaluation.strength import (
    A5_STRENGTH,
    LOW27_STRENGTH,
    PATTERNS,
    Category,
    low_value,
)
from tableside.evaluation.tables import RANK_KEYS, rank_strengths
from tableside.evaluation.value import Family, HandValue

_A5_ORDER = sorted(range(13), key=low_value)  # A, 2, 3, ..., K


def eight_or_better_threshold(qualifier: int) -> int:
    """The weakest qualifying ace-to-five strength for a qualifier rank (EIGHT for 8-or-better)."""
    top = [qualifier - i for i in range(5)]
    ranks = tuple(ACE if r < 0 else r for r in top)
    return A5_STRENGTH[(Category.HIGH_CARD, ranks)]


def evaluate_a5_low(cards: Iterable[Card], *, qualifier: int | None = None,
                    wild_ranks: Iterable[int] = (), bug: bool = False) -> HandValue | None:
    """The best ace-to-five low of five or more cards, or None if it does not qualify."""
    cards = list(cards)
    check_distinct(cards)
    if len(cards) < 5:
        raise CardError(f"a low hand needs at least five cards, got {len(cards)}")
    naturals, wilds, bugs = split_wilds(cards, wild_ranks, bug)
    held = {c >> 2 for c in naturals}
    free = [r for r in _A5_ORDER if r not in held]
    items = [(c, c) for c in naturals]
    for card, rank in zip(wilds + bugs, free, strict=False):
        items.append((card, Card.of(rank, 0)))
    # Pick the best five by the rank-key table (suits do not matter), then describe it.
    table = rank_strengths(5, "a5")
    five = max(combinations(items, 5),
               key=lambda five: table[sum(RANK_KEYS[s >> 2] for _, s in five)])
    best = _a5_value(five)
    if qualifier is not None and best.strength < eight_or_better_threshold(qualifier):
        return None
    return best


def _a5_value(five) -> HandValue:
    counts: dict[int, int] = {}
    for _, stands in five:
        counts[stands >> 2] = counts.get(stands >> 2, 0) + 1
    # Groups: larger groups first, then higher (worse) low value first.
    groups = sorted(counts.items(), key=lambda rc: (-rc[1], -low_value(rc[0])))
    pattern = tuple(n for _, n in groups)
    category = next(c for c, p in PATTERNS.items() if p == pattern)
    ranks = tuple(r for r, _ in groups)
    order = {r: i for i, r in enumerate(ranks)}
    ordered = sorted(five, key=lambda item: (order[item[1] >> 2], -(item[1] & 3)))
    return HandValue(Family.A5_LOW, A5_STRENGTH[(category, ranks)], category, ranks,
                     tuple(c for c, _ in ordered), tuple(s for _, s in ordered))


def evaluate_27_low(cards: Iterable[Card], *, wild_ranks: Iterable[int] = (),
                    bug: bool = False) -> HandValue:
    """The best deuce-to-seven low of five or more cards."""
    cards = list(cards)
    check_distinct(cards)
    if len(cards) < 5:
        raise CardError(f"a low hand needs at least five cards, got {len(cards)}")
    naturals, wilds, bugs = split_wilds(cards, wild_ranks, bug)
    jokers = wilds + bugs
    held = set(naturals)
    choices = [Card.of(r, s) for r in range(13) for s in range(4) if Card.of(r, s) not in held]
    best = None
    for stands in product(choices, repeat=len(jokers)):
        if len(set(stands)) < len(stands):
            continue
        for five in combinations(list(zip(naturals, naturals, strict=True))
                                 + list(zip(jokers, stands, strict=True)), 5):
            high = evaluate_high([s for _, s in five], wheel=False)
            strength = LOW27_STRENGTH[(high.category, high.ranks)]
            if best is None or strength > best[0]:
                held_as = dict((s, c) for c, s in five)
                best = (strength, high, tuple(held_as[s] for s in high.cards))
    strength, high, as_held = best
    return HandValue(Family.LOW_27, strength, high.category, high.ranks, as_held, high.cards)
