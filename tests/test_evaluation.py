"""The seeds' rules of hand evaluation, each as an example a dealer could check by hand."""

import pytest

from tableside.cards import EIGHT, parse_cards
from tableside.evaluation import (
    Category,
    evaluate_27_low,
    evaluate_a5_low,
    evaluate_high,
    evaluate_hilo,
    evaluate_omaha,
    evaluate_omaha_hilo,
    high_strength,
    judge,
)


def high(text, **wild):
    return evaluate_high(parse_cards(text), **wild)


def a5(text, **options):
    return evaluate_a5_low(parse_cards(text), **options)


def low27(text, **options):
    return evaluate_27_low(parse_cards(text), **options)


def cards(text):
    return tuple(parse_cards(text))


# The seed's worked examples: (better, worse) under each judge.
@pytest.mark.parametrize(("better", "worse"), [
    ("4c 4d 4h 7s 7d", "2c 2d 2h Ks Kd"),
    ("5c 5d 5h 9s 9d", "5c 5d 5s 6h 6d"),
    ("Kc Kd 2h 2s Ad", "7c 7d 3h 3s Qd"),
    ("7c 7d 3h 3s Qd", "7h 7s 2h 2s Ad"),
    ("Ac Kd 8h 3s 2d", "Ah Ks 7h 6s 5d"),
    ("6c 5d 4h 3s 2d", "5h 4s 3h 2s Ad"),
])
def test_seed_examples_high(better, worse):
    assert high(better).strength > high(worse).strength


def test_seed_example_low():
    assert a5("8c 6d 5h 4s 3c").strength > a5("8d 7h 4c 3s 2d").strength


def test_seed_example_bug_flush():
    # A-K-J-4-2 of one suit beats A-T-9-8-joker: the joker is the highest missing card (king).
    with_bug = high("As Ts 9s 8s Xj", bug=True)
    assert with_bug.category == Category.FLUSH
    assert [str(c) for c in with_bug.stands_for] == ["As", "Ks", "Ts", "9s", "8s"]
    assert high("Ah Kh Jh 4h 2h").strength > with_bug.strength


@pytest.mark.parametrize(("text", "category"), [
    ("As Ks Qs Js Ts", Category.STRAIGHT_FLUSH),
    ("9c 9d 9h 9s 2d", Category.FOUR_OF_A_KIND),
    ("9c 9d 9h 2s 2d", Category.FULL_HOUSE),
    ("Ac 9c 7c 4c 2c", Category.FLUSH),
    ("5c 4d 3h 2s Ad", Category.STRAIGHT),
    ("9c 9d 9h 5s 2d", Category.THREE_OF_A_KIND),
    ("9c 9d 5h 5s 2d", Category.TWO_PAIR),
    ("9c 9d 6h 5s 2d", Category.PAIR),
    ("4h 3d 2c As Kd", Category.HIGH_CARD),  # 4-3-2-A-K is no straight
    ("Qh Kd Ac 2s 3d", Category.HIGH_CARD),  # nor is Q-K-A-2-3
])
def test_categories(text, category):
    assert high(text).category == category


def test_best_five_of_seven_and_more():
    value = high("As Ah Kd Ks Kh 7c 2d")
    assert value.category == Category.FULL_HOUSE
    assert value.ranks == (11, 12)  # kings full of aces
    assert sorted(map(str, value.cards)) == sorted(["Kd", "Ks", "Kh", "As", "Ah"])
    # Eight and more cards (draw and stud situations): still the best five.
    many = high("2c 3c 4c 5c 7d 8d 9h Jh Qs Kc")
    assert many.category == Category.FLUSH and many.ranks == (11, 3, 2, 1, 0)


def test_wheel_is_five_high_and_loses_to_six_high():
    wheel, six = high("5c 4d 3h 2s Ad"), high("6c 5d 4h 3s 2d")
    assert wheel.ranks == (3,) and six.ranks == (4,)
    assert six.strength > wheel.strength


def test_ties_have_equal_strength():
    assert high("Ac Kd Qh Js 9d").strength == high("Ad Kc Qs Jh 9c").strength


def test_fast_scalar_agrees_with_the_full_evaluator():
    for text in ["As Ks Qs Js Ts 2c 3d", "2c 3c 4c 5c 7d 8d 9h", "Ac Ad Ah Kc Kd",
                 "5c 4d 3h 2s Ad 9c"]:
        assert high_strength(cards(text)) == high(text).strength


# Wild cards and the bug.
def test_five_of_a_kind_beats_a_royal_flush():
    five_aces = high("As Ah Ad Ac Xj", bug=True)
    assert five_aces.category == Category.FIVE_OF_A_KIND
    assert five_aces.strength > high("As Ks Qs Js Ts").strength
    assert five_aces.strength == max(high(t, wild_ranks=[0]).strength
                                     for t in ["2c 2d 2h 2s Ac", "Kc Kd Kh 2s 2c"])


def test_wild_card_never_duplicates_a_held_card_in_a_flush():
    # Deuces wild: As Ks 9s 4s + 2c is an ace-king-queen flush, not a second ace of spades.
    value = high("As Ks 9s 4s 2c", wild_ranks=[0])
    assert value.category == Category.FLUSH
    assert [str(c) for c in value.stands_for] == ["As", "Ks", "Qs", "9s", "4s"]


def test_wild_cards_make_the_best_hand():
    assert high("2c 2d 2h 2s Kc", wild_ranks=[0]).ranks == (11,)  # five kings
    assert high("9h 8h 7h 6h 2c", wild_ranks=[0]).ranks == (8,)  # ten-high straight flush
    assert high("Kc Kd 7h 4s 2c", wild_ranks=[0]).category == Category.THREE_OF_A_KIND
    # A rank chosen at the table (wild widow): sevens wild.
    assert high("7c Ks Kd Kh 3c", wild_ranks=[5]).category == Category.FOUR_OF_A_KIND


def test_the_bug_is_an_ace_or_completes_a_straight_or_flush():
    assert high("Ks Qd 7h 4c Xj", bug=True).ranks == (12, 11, 10, 5, 2)  # ace high, no pair
    assert high("As Ad 7h 4c Xj", bug=True).category == Category.THREE_OF_A_KIND
    assert high("Ks Kd 7h 7c Xj", bug=True).category == Category.TWO_PAIR  # not a full house
    assert high("9c 8d 7h 6s Xj", bug=True).ranks == (8,)  # ten-high straight
    assert high("9h 8h 7h 6h Xj", bug=True).category == Category.STRAIGHT_FLUSH
    # Without --bug a joker is fully wild: kings full.
    assert high("Ks Kd 7h 7c Xj").category == Category.FULL_HOUSE


# Lows.
def test_ace_to_five_ignores_straights_and_flushes():
    wheel = a5("5s 4s 3s 2s As")
    assert wheel.category == Category.HIGH_CARD and wheel.strength == max_a5()
    assert a5("6c 4d 3h 2s Ad").strength < wheel.strength


def max_a5():
    return a5("5c 4d 3h 2s Ad").strength


def test_razz_pairs_as_few_and_low_as_possible():
    value = a5("Ac Ad 2c 2d 3h 3s Kh")
    assert value.category == Category.PAIR and value.ranks == (12, 11, 1, 0)  # aces, K-3-2
    assert a5("Ac 2d 2h 5s 7c 9d Kh").ranks == (7, 5, 3, 0, 12)  # 9-7-5-2-A


def test_eight_or_better_qualifier():
    assert a5("8c 7d 6h 5s 4c", qualifier=EIGHT) is not None
    assert a5("9c 7d 6h 5s 4c", qualifier=EIGHT) is None
    assert a5("8c 8d 6h 5s 4c", qualifier=EIGHT) is None
    assert a5("Kc Qd 8h 5s 4c 3d Ah", qualifier=EIGHT).ranks == (6, 3, 2, 1, 12)


def test_joker_in_lowball_is_the_lowest_card_not_held():
    value = a5("Kc Qd Jh 9s Xj", bug=True)
    assert [str(c) for c in value.stands_for][-1] == "Ac"
    assert a5("As 2c 3d 4h Xj", bug=True).strength == max_a5()


def test_deuce_to_seven():
    best = low27("7c 5d 4h 3s 2c")
    assert best.strength == 7462
    ace_high = low27("As 2c 3d 4h 5s")
    assert ace_high.category == Category.HIGH_CARD  # A-2-3-4-5 is no straight here
    assert low27("6c 5d 4h 3s 2c").category == Category.STRAIGHT
    assert low27("8c 6c 5c 4c 3c").category == Category.FLUSH
    assert best.strength > low27("8c 6d 5h 4s 3c").strength > low27("9c 6c 5c 4c 3c").strength
    assert low27("8c 6d 5h 4s 3c").strength > ace_high.strength
    assert low27("3c 4d 5h 6s Xj", bug=True).stands_for[0] == parse_cards("8c")[0]


# Omaha and hi-lo.
def test_omaha_uses_exactly_two_hole_cards():
    # All four spades in the hand and one on the board make no flush, and no broadway.
    value = evaluate_omaha(cards("As Ks Qs Js"), cards("Ts 2c 3d 4h 8h"))
    assert value.category == Category.HIGH_CARD
    # Four of a suit on the board and one in the hand: no flush either.
    assert evaluate_omaha(cards("Ah Kc 7d 7c"), cards("2h 5h 9h Jh 3c")).category == Category.PAIR
    # Quads on the board: only three of them play, with two hole cards.
    assert evaluate_omaha(cards("Ac Kd 2h 3s"), cards("9c 9d 9h 9s Qd")).category == \
        Category.THREE_OF_A_KIND


def test_omaha_hilo_halves():
    split = evaluate_omaha_hilo(cards("Ah 2h Kc Kd"), cards("3s 5c 8d Kh Qs"))
    assert split.high.category == Category.THREE_OF_A_KIND
    assert split.low.ranks == (6, 3, 1, 0, 12)  # 8-5-3-2-A
    no_low = evaluate_omaha_hilo(cards("Ah 2h 3c 4d"), cards("9s Tc Jd Kh Qs"))
    assert no_low.low is None


def test_stud_hilo_halves_are_chosen_independently():
    split = evaluate_hilo(cards("Ah 2h 3h 4h 5h Kd Kc"))
    assert split.high.category == Category.STRAIGHT_FLUSH
    assert split.low.strength == max_a5()


def test_judge_by_name_and_unknown_game():
    assert judge("high", cards("As Ks"), cards("Qs Js Ts")).strength == 7462
    with pytest.raises(ValueError, match="unknown game"):
        judge("canasta", cards("As Ks Qs Js Ts"))


def test_values_of_different_families_do_not_compare():
    with pytest.raises(TypeError):
        _ = high("As Ks Qs Js Ts") < a5("5c 4d 3h 2s Ad")


def test_names_in_english_and_german():
    full = high("5c 5d 5h Ks Kd")
    assert full.name() == "Full house, fives full of kings"
    assert full.name("de") == "Full House, Fünfen voll mit Königen"
    expected = {
        "9c 9d 9h 9s 2d": ("Four of a kind, nines", "Vierer, Neunen"),
        "9c 9d 9h 5s 2d": ("Three of a kind, nines", "Drilling, Neunen"),
        "Kc Kd 2h 2s 5d": ("Two pair, kings and twos", "Zwei Paare, Könige und Zweien"),
        "Jc Jd 6h 5s 2d": ("Pair of jacks", "Paar, Buben"),
        "Ac 9d 6h 5s 2d": ("High card, ace", "Höhere Karte, Ass"),
        "Tc 9d 8h 7s 6d": ("Straight, ten high", "Straße, Zehn hoch"),
        "As Ks Qs Js Ts": ("Royal flush", "Royal Flush"),
    }
    for text, (english, german) in expected.items():
        assert (high(text).name("en"), high(text).name("de")) == (english, german)
    assert a5("8c 6d 5h 4s 3c").name() == "Eight-six low, 8-6-5-4-3"
    assert a5("8c 6d 5h 4s 3c").name("de") == "Acht-Sechs-Low, 8-6-5-4-3"
    with pytest.raises(ValueError, match="unknown language"):
        full.name("fr")


def test_json_shape():
    data = high("2c 2h 9s 9d Kc", wild_ranks=[0]).to_json()
    assert set(data) == {"strength", "category", "name", "best", "stands_for"}
    assert data["category"] == "four_of_a_kind" and len(data["best"]) == 5


def test_rule_search_agrees_with_the_tables_on_natural_hands():
    # evaluate_high takes natural hands of up to seven cards from the tables; the rule-by-rule
    # search (wild cards, eight or more cards) must reach the same strength and the same cards.
    import random

    from tableside.cards import deck
    from tableside.evaluation.high import search_high

    rng = random.Random(3)
    for size in (5, 6, 7):
        for _ in range(3000):
            hand = rng.sample(deck(), size)
            searched, looked_up = search_high(hand), evaluate_high(hand)
            assert searched.strength == looked_up.strength, " ".join(map(str, hand))
            assert sorted(searched.cards) == sorted(looked_up.cards)


def test_a5_low_of_seven_is_the_best_of_its_fives():
    import random
    from itertools import combinations

    from tableside.cards import deck

    rng = random.Random(8)
    for _ in range(500):
        hand = rng.sample(deck(), 7)
        best = max(evaluate_a5_low(five).strength for five in combinations(hand, 5))
        assert evaluate_a5_low(hand).strength == best
