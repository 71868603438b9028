"""Our high-hand evaluators proved against combinatorics and two independent reference libraries.

Every one of the 2,598,960 five-card hands is judged (not a sample): the category counts and the
number of hands in every one of the 7,462 classes are the textbook numbers, and phevaluator
ranks each hand exactly as we do. Six- and seven-card hands are compared with phevaluator on
hundreds of thousands of seeded random hands (plus hands built around every class, since random
seven-card hands rarely hold a straight flush or quads) and with treys on a smaller sample.

Both references rank 1 (royal flush) .. 7462 (7-5-4-3-2 offsuit), lower is better, so the
relation checked is ``ours == 7463 - theirs``; ``assert_same_order`` also checks the weaker
property the comparison is really about (a strictly decreasing bijection) so that a failure says
which of the two broke.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb

import numpy as np
import pytest
from phevaluator import evaluate_cards
from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from tableside.cards import Card, format_cards, parse_cards
from tableside.evaluation import Category, evaluate_high, high_strength
from tableside.evaluation.batch import high_strengths
from tableside.evaluation.strength import HIGH_CLASS_OF, HIGH_CLASSES

FIVE_CARD_HANDS = comb(52, 5)
DISTINCT_FIVE_CARD = 7462
REFERENCE_TOP = DISTINCT_FIVE_CARD + 1  # references rank 1..7462 with 1 best

CATEGORY_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}

# Hands in each single class, by category: the suits the class's cards can take. A straight or
# a no-pair hand can be suited any way but all alike (4**5 - 4); a flush only all alike (4).
HANDS_PER_CLASS = {
    Category.STRAIGHT_FLUSH: 4,
    Category.FOUR_OF_A_KIND: 1 * 4,
    Category.FULL_HOUSE: comb(4, 3) * comb(4, 2),
    Category.FLUSH: 4,
    Category.STRAIGHT: 4**5 - 4,
    Category.THREE_OF_A_KIND: comb(4, 3) * 4 * 4,
    Category.TWO_PAIR: comb(4, 2) * comb(4, 2) * 4,
    Category.PAIR: comb(4, 2) * 4**3,
    Category.HIGH_CARD: 4**5 - 4,
}

# Strength -> category, as an array so that millions of strengths are classified at once.
CATEGORY_OF = np.array([-1] + [int(cls[0]) for cls in HIGH_CLASSES], dtype=np.int8)

# treys encodes cards its own way (Cactus Kev bit fields); ours are the index.
TREYS_CARD = [TreysCard.new(str(Card(c))) for c in range(52)]


def combinations_array(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n) as sorted uint8 rows, in lexicographic order, built in numpy.

    Each round appends to every row each value above its last one; itertools would take about
    ten times as long and a Python list of 2.6 million tuples most of a gigabyte.
    """
    combos = np.arange(n, dtype=np.int64)[:, None]
    for _ in range(k - 1):
        last = combos[:, -1]
        counts = n - 1 - last
        parent = np.repeat(np.arange(len(combos)), counts)
        starts = np.repeat(np.cumsum(counts) - counts, counts)
        following = np.repeat(last + 1, counts) + (np.arange(counts.sum()) - starts)
        combos = np.column_stack([combos[parent], following])
    return combos.astype(np.uint8)


def random_hands(count: int, size: int, seed: int) -> np.ndarray:
    """``count`` seeded random hands of ``size`` distinct cards (uint8 rows)."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :size].astype(np.uint8)


def completed_hands(cores: np.ndarray, size: int, per_core: int, seed: int) -> np.ndarray:
    """Each core hand, ``per_core`` times, with random distinct cards added up to ``size``."""
    rng = np.random.default_rng(seed)
    cores = np.repeat(cores, per_core, axis=0)
    order = rng.random((len(cores), 52))
    # Cards already held sort last, so the first free columns are fresh cards.
    np.put_along_axis(order, cores.astype(np.intp), 2.0, axis=1)
    extra = np.argsort(order, axis=1)[:, :size - cores.shape[1]]
    return np.hstack([cores, extra.astype(np.uint8)])


def per_hand(evaluate: Callable[[list[int]], int], hands: np.ndarray,
             chunk: int = 1 << 16) -> np.ndarray:
    """Call a one-hand evaluator on every row; chunks keep the Python lists small."""
    results = np.empty(len(hands), dtype=np.int64)
    for start in range(0, len(hands), chunk):
        rows = hands[start:start + chunk].tolist()
        results[start:start + len(rows)] = [evaluate(row) for row in rows]
    return results


def phevaluator_ranks(hands: np.ndarray) -> np.ndarray:
    # phevaluator's card ids are rank * 4 + suit with clubs, diamonds, hearts, spades: ours.
    return per_hand(lambda row: evaluate_cards(*row), hands)


def treys_ranks(hands: np.ndarray) -> np.ndarray:
    evaluator = TreysEvaluator()
    table = TREYS_CARD

    def rank(row: list[int]) -> int:
        cards = [table[c] for c in row]
        return evaluator.evaluate(cards[:2], cards[2:])

    return per_hand(rank, hands)


def examples(hands: np.ndarray, bad: np.ndarray, *columns: tuple[str, np.ndarray]) -> str:
    """The first few offending hands, readable, for an assertion message."""
    lines = []
    for i in np.flatnonzero(bad)[:5]:
        values = ", ".join(f"{name}={int(values[i])}" for name, values in columns)
        lines.append(f"{format_cards(hands[i].tolist())}: {values}")
    return f"{int(np.count_nonzero(bad))} hands differ, e.g.\n" + "\n".join(lines)


def assert_same_order(hands: np.ndarray, ours: np.ndarray, theirs: np.ndarray) -> None:
    """Ours (higher better) and theirs (lower better) rank these hands identically.

    Equal must map to equal both ways (a bijection between the values that occur) and better
    to better (sorted by ours, theirs strictly falls).
    """
    pairs = np.unique(np.column_stack([ours, theirs]), axis=0)
    ours_values, ours_first = np.unique(ours, return_index=True)
    theirs_values = np.unique(theirs)
    assert len(pairs) == len(ours_values), "one of our strengths has several reference ranks"
    assert len(pairs) == len(theirs_values), "one reference rank has several of our strengths"
    falls = np.diff(pairs[:, 1]) < 0
    if not falls.all():
        i = int(np.flatnonzero(~falls)[0])
        lo, hi = (int(ours_first[np.searchsorted(ours_values, pairs[j, 0])]) for j in (i, i + 1))
        pytest.fail(f"order differs: ours {format_cards(hands[lo].tolist())} < "
                    f"{format_cards(hands[hi].tolist())}, the reference says otherwise")


def assert_reference_ranks(hands: np.ndarray, ours: np.ndarray, theirs: np.ndarray) -> None:
    assert_same_order(hands, ours, theirs)
    bad = ours.astype(np.int64) != REFERENCE_TOP - theirs
    assert not bad.any(), examples(hands, bad, ("ours", ours), ("reference", theirs))


@pytest.fixture(scope="module")
def all_five() -> np.ndarray:
    return combinations_array(52, 5)


@pytest.fixture(scope="module")
def all_five_strengths(all_five: np.ndarray) -> np.ndarray:
    return high_strengths(all_five)


@pytest.fixture(scope="module")
def class_hands(all_five: np.ndarray, all_five_strengths: np.ndarray) -> np.ndarray:
    """One five-card hand of every class, weakest class first (row i has strength i + 1)."""
    strengths, first = np.unique(all_five_strengths, return_index=True)
    assert strengths.tolist() == list(range(1, DISTINCT_FIVE_CARD + 1))
    return all_five[first]


# -- every five-card hand ---------------------------------------------------------------------

def test_combinations_array_is_every_five_card_hand(all_five: np.ndarray) -> None:
    # Strictly increasing rows in strictly increasing lexicographic order, C(52, 5) of them,
    # can only be every five-card subset, each once.
    assert all_five.shape == (FIVE_CARD_HANDS, 5)
    assert all_five.dtype == np.uint8
    assert int(all_five.max()) == 51
    assert (np.diff(all_five.astype(np.int16), axis=1) > 0).all()
    codes = all_five.astype(np.int64) @ (52 ** np.arange(4, -1, -1, dtype=np.int64))
    assert (np.diff(codes) > 0).all()


def test_category_counts_of_all_five_card_hands(all_five_strengths: np.ndarray) -> None:
    categories = CATEGORY_OF[all_five_strengths]
    counts = np.bincount(categories, minlength=len(Category))
    assert {Category(c): int(n) for c, n in enumerate(counts) if n} == CATEGORY_COUNTS
    assert sum(CATEGORY_COUNTS.values()) == FIVE_CARD_HANDS


def test_all_five_card_hands_have_7462_dense_strengths(all_five_strengths: np.ndarray) -> None:
    assert all_five_strengths.dtype == np.uint16
    assert np.unique(all_five_strengths).tolist() == list(range(1, DISTINCT_FIVE_CARD + 1))
    # ... and every class holds exactly the hands its suits allow, so no class has swallowed
    # or lost a neighbour's hands even where the category totals would still add up.
    per_class = np.bincount(all_five_strengths, minlength=DISTINCT_FIVE_CARD + 1)[1:]
    expected = np.array([HANDS_PER_CLASS[HIGH_CLASS_OF[s][0]]
                         for s in range(1, DISTINCT_FIVE_CARD + 1)])
    wrong = np.flatnonzero(per_class != expected)
    assert wrong.size == 0, [(HIGH_CLASS_OF[s + 1], int(per_class[s])) for s in wrong[:5]]


def test_all_five_card_hands_rank_as_phevaluator(all_five: np.ndarray,
                                                 all_five_strengths: np.ndarray) -> None:
    theirs = phevaluator_ranks(all_five)
    # The relation found: phevaluator's five-card ranks are dense too, 1 (royal) .. 7462.
    assert int(theirs.min()) == 1
    assert int(theirs.max()) == DISTINCT_FIVE_CARD
    assert_reference_ranks(all_five, all_five_strengths, theirs)


def test_scalar_matches_batch_on_all_five_card_hands(all_five: np.ndarray,
                                                     all_five_strengths: np.ndarray) -> None:
    scalar = per_hand(high_strength, all_five)
    bad = scalar != all_five_strengths
    assert not bad.any(), examples(all_five, bad, ("scalar", scalar),
                                   ("batch", all_five_strengths))


# -- one hand of every class ------------------------------------------------------------------

def test_general_evaluator_on_one_hand_of_every_class(class_hands: np.ndarray) -> None:
    for strength, row in enumerate(class_hands.tolist(), start=1):
        hand = [Card(c) for c in row]
        value = evaluate_high(hand)
        category, ranks = HIGH_CLASS_OF[strength]
        assert (value.strength, value.category, value.ranks) == (strength, category, ranks), hand
        assert sorted(value.cards) == sorted(hand)
        assert high_strength(row) == strength


def test_every_class_ranks_as_treys(class_hands: np.ndarray) -> None:
    strengths = np.arange(1, DISTINCT_FIVE_CARD + 1)
    assert_reference_ranks(class_hands, strengths, treys_ranks(class_hands))


def test_seven_card_hands_around_every_class_rank_as_phevaluator(class_hands: np.ndarray) -> None:
    # Random seven-card hands hold a straight flush about once in 3,000; building them around
    # every five-card class puts every class, and its near misses, in front of the reference.
    hands = completed_hands(class_hands, 7, per_core=8, seed=7)
    ours = high_strengths(hands)
    assert_reference_ranks(hands, ours, phevaluator_ranks(hands))
    scalar = per_hand(high_strength, hands)
    assert not (bad := scalar != ours).any(), examples(hands, bad, ("scalar", scalar),
                                                       ("batch", ours))
    assert np.unique(CATEGORY_OF[ours]).tolist() == sorted(int(c) for c in CATEGORY_COUNTS)


# -- six and seven cards ----------------------------------------------------------------------

@pytest.mark.parametrize(("size", "seed"), [(6, 6), (7, 7)])
def test_random_hands_rank_as_phevaluator(size: int, seed: int) -> None:
    hands = random_hands(200_000, size, seed)
    ours = high_strengths(hands)
    assert_reference_ranks(hands, ours, phevaluator_ranks(hands))


@pytest.mark.parametrize(("size", "seed"), [(6, 16), (7, 17)])
def test_random_hands_rank_as_treys(size: int, seed: int) -> None:
    hands = random_hands(20_000, size, seed)
    ours = high_strengths(hands)
    assert_reference_ranks(hands, ours, treys_ranks(hands))


@pytest.mark.parametrize(("size", "seed"), [(5, 25), (6, 26), (7, 27)])
def test_scalar_matches_batch_on_random_hands(size: int, seed: int) -> None:
    hands = random_hands(300_000, size, seed)
    batch = high_strengths(hands)
    scalar = per_hand(high_strength, hands)
    bad = scalar != batch
    assert not bad.any(), examples(hands, bad, ("scalar", scalar), ("batch", batch))


@pytest.mark.parametrize(("size", "seed"), [(5, 35), (6, 36), (7, 37)])
def test_general_evaluator_matches_batch_on_random_hands(size: int, seed: int) -> None:
    hands = random_hands(7_000, size, seed)
    batch = high_strengths(hands)
    general = per_hand(lambda row: evaluate_high([Card(c) for c in row]).strength, hands)
    bad = general != batch
    assert not bad.any(), examples(hands, bad, ("evaluate_high", general), ("batch", batch))


@pytest.mark.parametrize("size", [6, 7])
def test_general_evaluator_best_five_are_worth_the_hand(size: int) -> None:
    # The five cards evaluate_high reports must themselves make the strength it reports.
    hands = random_hands(3_000, size, 40 + size)
    values = [evaluate_high([Card(c) for c in row]) for row in hands.tolist()]
    best = np.array([[int(c) for c in value.cards] for value in values], dtype=np.uint8)
    assert all(set(b) <= set(h) for b, h in zip(best.tolist(), hands.tolist(), strict=True))
    reported = np.array([value.strength for value in values])
    again = high_strengths(best)
    bad = again != reported
    assert not bad.any(), examples(hands, bad, ("reported", reported), ("best five", again))


# -- a few hands a dealer would check, for readable failures ------------------------------------

@pytest.mark.parametrize(("better", "worse"), [
    ("6c 5d 4h 3s 2c", "5c 4d 3h 2s Ad"),                # the wheel is the lowest straight
    ("5c 4c 3c 2c Ac", "Ks Kh Kd Kc Qs"),                # the steel wheel beats quads
    ("Ac Ad 3h 5s 7c", "4c 3d 2h Ac Ks"),                # 4-3-2-A-K is no straight
    ("Kc Kd Ks 2c 2d 2h 7c", "Qc Qd Qs Jc Jd Ah 2c"),    # two trips: kings full of deuces
    ("9h 8h 7h 6h 5h Ah 2c", "Ah Kh Qh Jh 9h 8h 2c"),    # the straight flush inside a flush
    ("Ac Ad Ah Kc Kd 2s 3s", "9h 8h 7h 6c 5h 2h Kd"),    # flush and straight, not together
])
def test_dealer_examples_order(better: str, worse: str) -> None:
    ours, theirs = _judged(better, worse)
    assert ours[0] > ours[1]
    assert theirs[0] < theirs[1], "the reference disagrees with the example itself"


@pytest.mark.parametrize(("one", "other"), [
    ("Ac Ad Kc Kd Qc Qd Jh", "Ah As Kh Ks Qh Qs 2c"),    # a third pair is only a kicker
    ("Ac Kd Qh Js 9c 3d 2h", "As Kc Qd Jh 9s 4c 3s"),    # only the best five count
])
def test_dealer_examples_tie(one: str, other: str) -> None:
    ours, theirs = _judged(one, other)
    assert ours[0] == ours[1]
    assert theirs[0] == theirs[1], "the reference disagrees with the example itself"


def _judged(*texts: str) -> tuple[list[int], list[int]]:
    """Our strength (all three evaluators, which must agree) and phevaluator's rank."""
    hands = [parse_cards(text) for text in texts]
    ours = [high_strength(hand) for hand in hands]
    assert [evaluate_high(hand).strength for hand in hands] == ours
    assert high_strengths(np.array(hands, dtype=np.uint8)).tolist() == ours
    return ours, [evaluate_cards(*map(int, hand)) for hand in hands]


def test_random_hands_are_distinct_cards() -> None:
    # The helpers above must deal real hands, or the comparisons prove less than they claim.
    rows = [*random_hands(1_000, 7, 1).tolist(),
            *completed_hands(np.arange(5, dtype=np.uint8)[None], 7, 1_000, 1).tolist()]
    assert all(len(set(row)) == 7 and max(row) <= 51 for row in rows)
