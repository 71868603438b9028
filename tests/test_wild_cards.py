"""Wild cards and the bug against a brute-force oracle that tries every substitution.

The rule under test: a wild card stands for any card not already held (so it never duplicates
a held card), except that it may repeat a rank to make five of a kind. The bug stands for an
ace, or for any card when that makes a straight, flush or straight flush.
"""

import random
from itertools import permutations

import pytest

from tableside.cards import ACE, JOKER, Card, deck
from tableside.evaluation import evaluate_high, high_strength
from tableside.evaluation.strength import HIGH_CLASS_OF, HIGH_STRENGTH, Category

_STRAIGHT_OR_FLUSH = {Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH}


def five_of_a_kind(naturals, wilds):
    counts = [0] * 13
    for card in naturals:
        counts[card >> 2] += 1
    for rank in range(ACE, -1, -1):
        if counts[rank] + wilds >= 5:
            return HIGH_STRENGTH[(Category.FIVE_OF_A_KIND, (rank,))]
    return 0


def oracle_wild(naturals, wilds):
    best = five_of_a_kind(naturals, wilds)
    free = [c for c in deck() if c not in naturals]
    for stand_ins in permutations(free, wilds):
        best = max(best, high_strength([*naturals, *stand_ins]))
    return best


def oracle_bug(naturals):
    aces = [c for c in naturals if c >> 2 == ACE]
    if len(aces) == 4:
        return HIGH_STRENGTH[(Category.FIVE_OF_A_KIND, (ACE,))]
    best = 0
    for card in deck():
        if card in naturals:
            continue
        strength = high_strength([*naturals, card])
        if card >> 2 == ACE or HIGH_CLASS_OF[strength][0] in _STRAIGHT_OR_FLUSH:
            best = max(best, strength)
    return best


def random_hand(rng, size, wild_rank):
    cards = rng.sample(deck(), size)
    naturals = [c for c in cards if c >> 2 != wild_rank]
    return cards, naturals


@pytest.mark.parametrize("size", [5, 6, 7])
def test_deuces_wild_matches_the_oracle(size):
    rng = random.Random(size)
    checked = 0
    while checked < 300:
        cards, naturals = random_hand(rng, size, wild_rank=0)
        wilds = size - len(naturals)
        if not 1 <= wilds <= 2 or len(naturals) + wilds < 5:
            continue
        assert evaluate_high(cards, wild_ranks=[0]).strength == oracle_wild(naturals, wilds), \
            " ".join(map(str, cards))
        checked += 1


def test_dense_wild_hands_match_the_oracle():
    # Hands built around strong holdings, where wild cards matter most.
    rng = random.Random(99)
    for _ in range(300):
        suit = rng.randrange(4)
        top = rng.randrange(4, 13)
        pool = [Card.of(r, suit) for r in range(top - 4, top + 1) if r >= 0]
        pool += [Card.of(rng.randrange(13), s) for s in range(4)]
        naturals = list(dict.fromkeys(c for c in pool if c >> 2 != 0))[:rng.choice([3, 4])]
        wild_cards = [Card.of(0, s) for s in rng.sample(range(4), 5 - len(naturals))]
        assert evaluate_high(naturals + wild_cards, wild_ranks=[0]).strength == \
            oracle_wild(naturals, len(wild_cards)), " ".join(map(str, naturals + wild_cards))


@pytest.mark.parametrize("size", [5, 7])
def test_bug_matches_the_oracle(size):
    rng = random.Random(100 + size)
    joker = Card(JOKER)
    for _ in range(400):
        naturals = rng.sample(deck(), size - 1)
        assert evaluate_high([*naturals, joker], bug=True).strength == oracle_bug(naturals), \
            " ".join(map(str, naturals))


def test_bug_near_straights_and_flushes():
    # Targeted: four to a straight or flush plus the joker, and aces around.
    rng = random.Random(5)
    joker = Card(JOKER)
    for _ in range(300):
        high = rng.randrange(3, 13)
        ranks = [high - i if high - i >= 0 else ACE for i in range(5)]
        ranks.pop(rng.randrange(5))
        suited = rng.random() < 0.5
        suit = rng.randrange(4)
        naturals = list({Card.of(r, suit if suited else rng.randrange(4)) for r in ranks})
        if len(naturals) < 4:
            continue
        assert evaluate_high([*naturals, joker], bug=True).strength == oracle_bug(naturals), \
            " ".join(map(str, naturals))
