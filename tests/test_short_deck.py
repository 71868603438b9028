"""Short-deck (six-plus) hold'em: the 36-card ranking, proved against its own combinatorics.

The rules: sixes to aces; a flush beats a full house; A-6-7-8-9 is the lowest straight (the ace
plays low below the six) and the lowest straight flush; otherwise as standard high poker, so
trips still lose to a straight. Order, best first: straight flush, quads, flush, full house,
straight, trips, two pair, pair, high card.

Every one of the C(36, 5) = 376,992 five-card hands is judged and checked against a reference
ranking written here from the rules alone (no engine code), and against category counts derived
by plain combinatorics. Seven- and eight-card hands are checked against the best of their
five-card subsets under that reference.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations, pairwise
from math import comb

import pytest

from tableside.cards import (
    ACE,
    EIGHT,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    SIX,
    Card,
    CardError,
    deck,
    format_cards,
    parse_cards,
)
from tableside.cli import main
from tableside.evaluation import (
    JUDGES,
    Category,
    Family,
    evaluate_high,
    evaluate_short_deck,
    judge,
    short_deck_strength,
)
from tableside.evaluation.high import search_short_deck
from tableside.evaluation.strength import (
    DISTINCT_FIVE_CARD_SHORT_DECK,
    SHORT_DECK_CLASS_OF,
    SHORT_DECK_CLASSES,
)

DECK = deck(short=True)
FIVE_CARD_HANDS = comb(36, 5)

# -- the reference ranking, from the rules alone ----------------------------------------------

# Categories weakest first, as short deck orders them (flush above full house).
REFERENCE_ORDER = (
    Category.HIGH_CARD, Category.PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND,
    Category.STRAIGHT, Category.FULL_HOUSE, Category.FLUSH, Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH,
)
_BY_SHAPE = {
    (4, 1): Category.FOUR_OF_A_KIND, (3, 2): Category.FULL_HOUSE,
    (3, 1, 1): Category.THREE_OF_A_KIND, (2, 2, 1): Category.TWO_PAIR,
    (2, 1, 1, 1): Category.PAIR, (1, 1, 1, 1, 1): Category.HIGH_CARD,
}
_ACE_LOW_STRAIGHT = [SIX, SEVEN, EIGHT, NINE, ACE]


def reference_class(five) -> tuple[Category, tuple[int, ...]]:
    """Category and tie-break ranks of five short-deck cards, straight from the rules."""
    ranks = [c >> 2 for c in five]
    flush = len({c & 3 for c in five}) == 1
    # Larger groups first, then higher ranks: "kings full of aces" is (K, A).
    groups = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    order = tuple(r for r, _ in groups)
    distinct = sorted(set(ranks))
    straight_high = None
    if len(distinct) == 5 and distinct[4] - distinct[0] == 4:
        straight_high = distinct[4]
    elif distinct == _ACE_LOW_STRAIGHT:
        straight_high = NINE
    if straight_high is not None:
        return (Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT), (straight_high,)
    if flush:
        return Category.FLUSH, order
    return _BY_SHAPE[shape], order


def reference_key(five) -> tuple[int, tuple[int, ...]]:
    category, ranks = reference_class(five)
    return REFERENCE_ORDER.index(category), ranks


def reference_best(cards) -> tuple[int, tuple[int, ...]]:
    """The reference key of the best five of any number of cards, by trying every five."""
    return max(reference_key(five) for five in combinations(cards, 5))


# -- counts by plain combinatorics ------------------------------------------------------------

RANKS = 9  # six .. ace
STRAIGHTS = 6  # ace-high .. ten-high, and A-6-7-8-9 (nine-high)
NO_PAIR_RANKS = comb(RANKS, 5) - STRAIGHTS  # five different ranks that are no straight
NOT_ALL_ONE_SUIT = 4**5 - 4

# Hands in one class of each category: the ways to suit its ranks.
HANDS_PER_CLASS = {
    Category.STRAIGHT_FLUSH: 4,
    Category.FOUR_OF_A_KIND: 1 * 4,
    Category.FLUSH: 4,
    Category.FULL_HOUSE: comb(4, 3) * comb(4, 2),
    Category.STRAIGHT: NOT_ALL_ONE_SUIT,
    Category.THREE_OF_A_KIND: comb(4, 3) * 4 * 4,
    Category.TWO_PAIR: comb(4, 2) * comb(4, 2) * 4,
    Category.PAIR: comb(4, 2) * 4**3,
    Category.HIGH_CARD: NOT_ALL_ONE_SUIT,
}
# Classes of each category: the ways to choose its ranks.
CLASSES = {
    Category.STRAIGHT_FLUSH: STRAIGHTS,
    Category.FOUR_OF_A_KIND: RANKS * (RANKS - 1),
    Category.FLUSH: NO_PAIR_RANKS,
    Category.FULL_HOUSE: RANKS * (RANKS - 1),
    Category.STRAIGHT: STRAIGHTS,
    Category.THREE_OF_A_KIND: RANKS * comb(RANKS - 1, 2),
    Category.TWO_PAIR: comb(RANKS, 2) * (RANKS - 2),
    Category.PAIR: RANKS * comb(RANKS - 1, 3),
    Category.HIGH_CARD: NO_PAIR_RANKS,
}
CATEGORY_COUNTS = {category: CLASSES[category] * HANDS_PER_CLASS[category]
                   for category in CLASSES}


def test_the_combinatorics_add_up():
    assert CATEGORY_COUNTS == {
        Category.STRAIGHT_FLUSH: 24,
        Category.FOUR_OF_A_KIND: 288,
        Category.FLUSH: 480,
        Category.FULL_HOUSE: 1_728,
        Category.STRAIGHT: 6_120,
        Category.THREE_OF_A_KIND: 16_128,
        Category.TWO_PAIR: 36_288,
        Category.PAIR: 193_536,
        Category.HIGH_CARD: 122_400,
    }
    assert sum(CATEGORY_COUNTS.values()) == FIVE_CARD_HANDS == 376_992
    assert sum(CLASSES.values()) == 1_404
    # The reason for the rule: with 36 cards a flush is rarer than a full house.
    assert CATEGORY_COUNTS[Category.FLUSH] < CATEGORY_COUNTS[Category.FULL_HOUSE]


# -- every five-card hand ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def all_five() -> list[tuple[tuple[int, ...], int]]:
    """Every five-card short-deck hand with its engine strength."""
    return [(five, short_deck_strength(five)) for five in combinations(DECK, 5)]


def test_every_five_card_hand_is_the_reference_class(all_five):
    assert len(all_five) == FIVE_CARD_HANDS
    # The class depends only on the ranks and on whether the suits are all alike.
    reference: dict[tuple, tuple[Category, tuple[int, ...]]] = {}
    wrong = []
    for five, strength in all_five:
        shape = (tuple(sorted(c >> 2 for c in five)), len({c & 3 for c in five}) == 1)
        expected = reference.get(shape)
        if expected is None:
            expected = reference[shape] = reference_class(five)
        if SHORT_DECK_CLASS_OF[strength] != expected:
            wrong.append((format_cards(five), SHORT_DECK_CLASS_OF[strength], expected))
    assert not wrong, wrong[:5]


def test_category_counts_of_all_five_card_hands(all_five):
    counts = Counter(SHORT_DECK_CLASS_OF[strength][0] for _, strength in all_five)
    assert counts == CATEGORY_COUNTS


def test_all_five_card_hands_have_1404_dense_strengths_in_reference_order(all_five):
    per_strength = Counter(strength for _, strength in all_five)
    assert sorted(per_strength) == list(range(1, DISTINCT_FIVE_CARD_SHORT_DECK + 1))
    assert DISTINCT_FIVE_CARD_SHORT_DECK == sum(CLASSES.values()) == 1_404
    # Every class holds exactly the hands its suits allow ...
    for strength, hands in per_strength.items():
        assert hands == HANDS_PER_CLASS[SHORT_DECK_CLASS_OF[strength][0]], strength
    # ... and the strengths climb exactly as the reference keys do.
    keys = [None] * (DISTINCT_FIVE_CARD_SHORT_DECK + 1)
    for five, strength in all_five:
        if keys[strength] is None:
            keys[strength] = reference_key(five)
    assert all(low < high for low, high in pairwise(keys[1:]))


def test_classes_are_those_of_ranks_six_to_ace():
    natural = [cls for cls in SHORT_DECK_CLASSES if cls[0] != Category.FIVE_OF_A_KIND]
    assert len(natural) == 1_404
    assert Counter(category for category, _ in natural) == CLASSES
    assert all(SIX <= rank <= ACE for _, ranks in SHORT_DECK_CLASSES for rank in ranks)
    # Five of a kind needs wild cards; it tops the ranking, sixes to aces.
    assert SHORT_DECK_CLASSES[-9:] == [(Category.FIVE_OF_A_KIND, (r,)) for r in range(SIX, ACE + 1)]
    # The weakest hand is J-9-8-7-6: with a ten on top, five ranks are a straight.
    assert SHORT_DECK_CLASSES[0] == (Category.HIGH_CARD, (JACK, NINE, EIGHT, SEVEN, SIX))


@pytest.fixture(scope="module")
def class_hands(all_five) -> list[tuple[int, ...]]:
    """One five-card hand of every class, weakest first."""
    first: dict[int, tuple[int, ...]] = {}
    for five, strength in all_five:
        first.setdefault(strength, five)
    return [first[s] for s in range(1, DISTINCT_FIVE_CARD_SHORT_DECK + 1)]


def test_general_evaluator_and_search_on_one_hand_of_every_class(class_hands):
    for strength, five in enumerate(class_hands, start=1):
        hand = [Card(c) for c in five]
        category, ranks = SHORT_DECK_CLASS_OF[strength]
        for value in (evaluate_short_deck(hand), search_short_deck(hand)):
            assert (value.strength, value.category, value.ranks) == (strength, category, ranks)
            assert value.family is Family.SHORT_DECK
            assert sorted(value.cards) == sorted(hand)
            assert value.stands_for == value.cards


# -- more than five cards ---------------------------------------------------------------------

def check_against_brute_force(cards: list[Card]) -> None:
    value = evaluate_short_deck(cards)
    best = reference_best(cards)
    assert reference_key(value.cards) == best, (cards, value)
    assert (REFERENCE_ORDER.index(value.category), value.ranks) == best, (cards, value)
    assert set(value.cards) <= set(cards)
    assert value.strength == short_deck_strength(value.cards)
    assert search_short_deck(cards).strength == value.strength, cards


@pytest.mark.parametrize("size", [6, 7])
def test_six_and_seven_card_hands_are_the_best_of_their_fives(size):
    rng = random.Random(size)
    for _ in range(1_000):
        check_against_brute_force(rng.sample(DECK, size))


def test_seven_card_hands_around_every_class(class_hands):
    # Random hands rarely hold a straight flush or quads; two cards added to one hand of each
    # class put every class and its near misses in front of the brute force.
    rng = random.Random(7)
    for five in class_hands:
        rest = [c for c in DECK if c not in five]
        check_against_brute_force([Card(c) for c in five] + rng.sample(rest, 2))


def test_eight_card_hands_take_the_search_and_rank_a_flush_over_a_full_house():
    rng = random.Random(8)
    for _ in range(200):
        check_against_brute_force(rng.sample(DECK, 8))
    both = parse_cards("Ah Kh 9h 7h 6h Kd Kc Ac")
    assert evaluate_short_deck(both).category is Category.FLUSH
    assert evaluate_high(both).category is Category.FULL_HOUSE
    check_against_brute_force(both)


# -- the rules, by example --------------------------------------------------------------------

def sd(text: str):
    return evaluate_short_deck(parse_cards(text))


def test_a_flush_beats_a_full_house():
    flush, full = sd("Ah Kh 9h 7h 6h"), sd("As Ad Ac Ks Kd")
    assert (flush.category, full.category) == (Category.FLUSH, Category.FULL_HOUSE)
    assert flush > full
    assert sd("9c 8c 7c 6c Jc") > full  # even the lowest flush
    # In standard poker the same two hands go the other way.
    assert evaluate_high(parse_cards("Ah Kh 9h 7h 6h")) < evaluate_high(parse_cards(
        "As Ad Ac Ks Kd"))


def test_a6789_is_the_lowest_straight_and_broadway_the_highest():
    lowest = sd("Ah 6c 7d 8s 9h")
    assert (lowest.category, lowest.ranks) == (Category.STRAIGHT, (NINE,))
    assert [str(c) for c in lowest.cards] == ["9h", "8s", "7d", "6c", "Ah"]
    assert lowest < sd("6c 7d 8s 9h Th") < sd("Ac Kd Qs Jh Th")
    assert lowest > sd("Ac Ad Ah Ks Qd")  # trips still lose to a straight
    straights = sorted({v.strength for v in (sd(t) for t in (
        "Ah 6c 7d 8s 9h", "6c 7d 8s 9h Th", "7d 8s 9h Th Jc", "8s 9h Th Jc Qd", "9h Th Jc Qd Ks",
        "Th Jc Qd Ks Ac"))})
    assert len(straights) == 6
    assert sd("Ah 6c 7d 8s 9h").strength == straights[0]
    assert sd("Th Jc Qd Ks Ac").strength == straights[-1]
    # The ace plays only at either end: no wrap-around.
    assert sd("Qh Kc Ad 6s 7h").category is Category.HIGH_CARD
    assert sd("Kh Ac 6d 7s 8h").category is Category.HIGH_CARD


def test_straight_flush_beats_quads_beats_flush_beats_full_house():
    steel = sd("9h 8h 7h 6h Ah")
    assert (steel.category, steel.ranks) == (Category.STRAIGHT_FLUSH, (NINE,))
    quads = sd("As Ad Ac Ah Ks")
    assert steel > quads > sd("Ah Kh Qh Jh 9h") > sd("As Ad Ac Ks Kd") > sd("Ac Kd Qs Jh Th")
    assert steel < sd("Th 9h 8h 7h 6h") < sd("As Ks Qs Js Ts")
    assert steel.name() == "Straight flush, nine high"


def test_seven_cards_prefer_the_flush_and_the_ace_low_straight():
    hand = sd("Ah Kh 9h 7h 6h Kd Kc")
    assert hand.category is Category.FLUSH
    assert [str(c) for c in hand.cards] == ["Ah", "Kh", "9h", "7h", "6h"]
    # Standard poker reads A-6-7-8-9 plus a pair of nines as a pair; short deck, a straight.
    assert sd("Ah 6c 7d 8s 9h 9c Kd").category is Category.STRAIGHT
    assert evaluate_high(parse_cards("Ah 6c 7d 8s 9h 9c Kd")).category is Category.PAIR


def test_cards_below_six_are_refused_naming_the_card():
    with pytest.raises(CardError, match="5c"):
        sd("5c 6c 7c 8c 9c")
    with pytest.raises(CardError, match="2d"):
        judge("short-deck", parse_cards("As Ks"), parse_cards("Qs Js 2d"))
    with pytest.raises(CardError, match="at least five"):
        sd("As Ks Qs Js")


def test_wild_cards_never_stand_below_six():
    # A joker with A-6-7-8 of hearts is the nine: the nine-high straight flush.
    value = sd("Xj Ah 6h 7h 8h")
    assert (value.category, value.ranks) == (Category.STRAIGHT_FLUSH, (NINE,))
    assert str(value.stands_for[0]) == "9h"
    # Quads, a flush and a full house are all within reach: quads win, then the flush.
    assert sd("Xj Kh Kd Ks Ah 9h 7h").category is Category.FOUR_OF_A_KIND
    assert sd("Xj Kh Kd Ah Ad 9h 7h").category is Category.FLUSH
    assert evaluate_high(parse_cards("Xj Kh Kd Ah Ad 9h 7h")).category is Category.FULL_HOUSE
    five = evaluate_short_deck(parse_cards("6c 6d 6h 6s Ac"), wild_ranks=(SIX,))
    assert (five.category, five.ranks) == (Category.FIVE_OF_A_KIND, (ACE,))
    bug = evaluate_short_deck(parse_cards("Xj Ks Qs Js 6h"), bug=True)
    assert bug.ranks == (ACE, KING, QUEEN, JACK, SIX)  # the bug is an ace


def test_short_deck_and_standard_hands_do_not_compare():
    with pytest.raises(TypeError):
        _ = sd("Ah 6c 7d 8s 9h") < evaluate_high(parse_cards("Ah 6c 7d 8s 9h"))


# -- names and the command line ---------------------------------------------------------------

@pytest.mark.parametrize(("text", "english", "german"), [
    ("Ah 6c 7d 8s 9h", "Straight, nine high", "Straße, Neun hoch"),
    ("9h 8h 7h 6h Ah", "Straight flush, nine high", "Straight Flush, Neun hoch"),
    ("As Ks Qs Js Ts", "Royal flush", "Royal Flush"),
    ("Ah Kh 9h 7h 6h", "Flush, ace high", "Flush, Ass hoch"),
    ("As Ad Ac Ks Kd", "Full house, aces full of kings", "Full House, Asse voll mit Königen"),
    ("Ac Kd 9s 7h 6h", "High card, ace", "Höhere Karte, Ass"),  # a high hand, not a low
])
def test_names_in_english_and_german(text, english, german):
    value = sd(text)
    assert value.name() == english
    assert value.name("de") == german


def test_cli_eval_short_deck(capsys):
    assert "short-deck" in JUDGES
    assert main(["eval", "--game", "short-deck", "Ah 6c 7d 8s 9h"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "strength": sd("Ah 6c 7d 8s 9h").strength, "category": "straight",
        "name": "Straight, nine high", "best": ["9h", "8s", "7d", "6c", "Ah"]}
    assert main(["eval", "--game", "short-deck", "--lang", "de",
                 "Ah Kh | 9h 7h 6h Kd Kc", "5c 6c 7c 8c 9c"]) == 1
    flush, refused = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert (flush["category"], flush["name"]) == ("flush", "Flush, Ass hoch")
    assert flush["best"] == ["Ah", "Kh", "9h", "7h", "6h"]
    assert refused["line"] == 2 and "5c" in refused["error"]
