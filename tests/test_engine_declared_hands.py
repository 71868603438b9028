"""Declare your hand: the house rule of wild-card games, from the judge of a declaration to
the showdown that pays the hands as declared (a misdeclared hand loses)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from engine_helpers import cards, check_around, new, refused

from tableside.cards import ACE, FIVE, KING, NINE, QUEEN, SEVEN, TEN, TREY, Card, deck
from tableside.engine import DealHole, Discard, HandConfig, Show, variant
from tableside.evaluation import Category, Declaration, evaluate_declared, evaluate_high
from tableside.evaluation.declared import NAMING_RANKS
from tableside.evaluation.strength import HIGH_STRENGTH

DEUCES = (0,)  # deuces wild
THREE_KINGS = Declaration(Category.THREE_OF_A_KIND, (KING,))


def test_a_declaration_names_its_hand_in_english_and_german():
    full = Declaration(Category.FULL_HOUSE, (KING, FIVE))
    assert full.name() == "Full house, kings full of fives"
    assert full.name("de") == "Full House, Könige voll mit Fünfen"
    assert THREE_KINGS.name("de") == "Drilling, Könige"
    assert Declaration(Category.STRAIGHT_FLUSH, (ACE,)).name() == "Royal flush"


@pytest.mark.parametrize("category, ranks", [
    (Category.THREE_OF_A_KIND, (KING, QUEEN)),  # trips are named by one rank
    (Category.TWO_PAIR, (FIVE, KING)),  # the higher pair first
    (Category.STRAIGHT, (TREY,)),  # no straight is three high
    (Category.FLUSH, (FIVE,)),  # no flush is five high
])
def test_a_declaration_must_name_a_hand_that_exists(category, ranks):
    with pytest.raises(ValueError):
        Declaration(category, ranks)


def test_the_cards_make_the_declared_hand_with_the_wild_cards_standing_in():
    held = cards("Ks Kd 2c 7h 4s")
    made = evaluate_declared(held, THREE_KINGS, wild_ranks=DEUCES)
    assert made.name() == "Three of a kind, kings"
    assert made.stands_for[2] == Card("Kh")  # the deuce is the third king
    # declaring less binds: the deuce makes an ace kicker, not a third king
    pair = evaluate_declared(held, Declaration(Category.PAIR, (KING,)), wild_ranks=DEUCES)
    assert pair.name() == "Pair of kings" and pair.ranks == (KING, ACE, SEVEN, 2)
    # more than the cards make is misdeclared
    assert evaluate_declared(held, Declaration(Category.FOUR_OF_A_KIND, (KING,)),
                             wild_ranks=DEUCES) is None
    assert evaluate_declared(held, Declaration(Category.HIGH_CARD, (KING,)),
                             wild_ranks=DEUCES) is None  # the natural pair is there


def test_the_bug_is_only_an_ace_unless_it_fills_a_straight_or_flush():
    held = cards("Qs Qd 9c 7h Xj")
    assert evaluate_declared(held, Declaration(Category.PAIR, (QUEEN,)), bug=True).ranks == (
        QUEEN, ACE, NINE, SEVEN)
    assert evaluate_declared(held, Declaration(Category.THREE_OF_A_KIND, (QUEEN,)),
                             bug=True) is None
    straight = cards("9s 8d 7c 6h Xj")
    made = evaluate_declared(straight, Declaration(Category.STRAIGHT, (TEN,)), bug=True)
    assert made.name() == "Straight, ten high"


def readings(held: list[Card], wild: tuple[int, ...], bug: bool) -> dict[tuple, int]:
    """Every hand class five cards can be read as, found by trying every card each wild card
    could stand for: the reference the declared-hand judge is held against."""
    naturals = [c for c in held if not c.is_joker and c.rank not in wild]
    jokers = [c for c in held if c not in naturals]
    free = [c for c in deck() if c not in naturals]
    classes = {}
    for stands in combinations(free, len(jokers)):
        for order in {tuple(stands)} if len(stands) < 2 else {stands, stands[::-1]}:
            value = evaluate_high([*naturals, *order])
            bug_ok = all(not j.is_joker or not bug or s.rank == ACE or value.category in (
                Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH)
                for j, s in zip(jokers, order, strict=True))
            if bug_ok:
                classes[(value.category, value.ranks)] = value.strength
    ranks = {c.rank for c in naturals}
    if len(ranks) == 1 and (not bug or ranks == {ACE} or not any(j.is_joker for j in jokers)):
        rank = ranks.pop()  # wild cards may repeat a card only to make five of a kind
        five = (Category.FIVE_OF_A_KIND, (rank,))
        classes[five] = HIGH_STRENGTH[five]
    return classes


@pytest.mark.parametrize("wild, bug, jokers", [(DEUCES, False, 0), ((), True, 1), ((), False, 1)])
def test_declarations_are_judged_as_every_reading_of_the_wild_cards_allows(wild, bug, jokers):
    rng = random.Random(20_240_601 + jokers + bug)
    pack = deck(jokers=jokers)
    checked = 0
    while checked < 40:
        held = rng.sample(pack, 5)
        wilds = sum(c.is_joker or c.rank in wild for c in held)
        if not 1 <= wilds <= 2:
            continue
        checked += 1
        reachable = readings(held, wild, bug)
        named = {(c, r[:NAMING_RANKS[c]]) for c, r in reachable}
        # the declarations the cards make, and a few they cannot
        tries = named | {(c, r[:NAMING_RANKS[c]]) for c, r in rng.sample(sorted(HIGH_STRENGTH), 5)}
        for category, ranks in tries:
            declared = Declaration(category, ranks)
            best = max((s for (c, r), s in reachable.items()
                        if c == category and r[:len(ranks)] == ranks), default=None)
            made = evaluate_declared(held, declared, wild_ranks=wild, bug=bug)
            assert (made.strength if made else None) == best, (held, declared.name())


# ----------------------------------------------------------------------------- at the table


def declared_showdown(holes: list[str], declarations: list[Declaration | None], **options):
    """Deuces wild, everyone checks and stands pat; then each shows with a declaration."""
    hand = new("F5DW", (100,) * len(holes), antes=(1,) * len(holes), small_bet=2, big_bet=4,
               declare_hands=True, **options)
    for player, text in enumerate(holes):
        hand.apply(DealHole(player, cards(text)))
    check_around(hand)
    for player in range(len(holes)):
        hand.apply(Discard(player, ()))
    check_around(hand)
    for player in hand.showdown_order():
        hand.apply(Show(player, tuple(hand.hole[player]), declared=declarations[player]))
    return hand


HOLES = ["Ks Kd 2c 7h 4s", "Qs Qd Qh 8c 3d"]  # three kings (with the deuce), three queens
THREE_QUEENS = Declaration(Category.THREE_OF_A_KIND, (QUEEN,))


def test_a_hand_declared_as_the_cards_make_it_wins():
    hand = declared_showdown(HOLES, [THREE_KINGS, THREE_QUEENS])
    award = hand.result.pots[0].awards[0]
    assert award.winners == (0,) and award.hands[0].name() == "Three of a kind, kings"


def test_a_hand_declared_as_more_than_the_cards_make_loses():
    four_kings = Declaration(Category.FOUR_OF_A_KIND, (KING,))
    hand = declared_showdown(HOLES, [four_kings, THREE_QUEENS])
    assert hand.misdeclared(0) and not hand.misdeclared(1)
    assert hand.result.won == (0, 2)


def test_a_hand_declared_as_less_counts_only_as_declared():
    hand = declared_showdown(HOLES, [Declaration(Category.PAIR, (KING,)), THREE_QUEENS])
    assert hand.value_of(0).name() == "Pair of kings"
    assert hand.result.won == (0, 2)


def test_when_every_hand_is_misdeclared_the_cards_speak_among_them():
    aces = Declaration(Category.FIVE_OF_A_KIND, (ACE,))
    hand = declared_showdown(HOLES, [aces, aces])
    assert hand.misdeclared(0) and hand.misdeclared(1)
    assert hand.result.won == (2, 0)  # three kings beat three queens


def test_at_a_declaring_table_the_showdown_needs_a_declaration():
    hand = new("F5DW", (100, 100), antes=(1, 1), small_bet=2, big_bet=4, declare_hands=True)
    for player, text in enumerate(HOLES):
        hand.apply(DealHole(player, cards(text)))
    check_around(hand)
    for player in (0, 1):
        hand.apply(Discard(player, ()))
    check_around(hand)
    error = refused(hand, Show(0, tuple(hand.hole[0])))
    assert error.rule == "must_declare"
    assert error.message() == "hands are declared at this table: player 1 must call the hand shown"
    assert "muss die gezeigte Hand ansagen" in error.message("de")
    hand.apply(Show(0, None))  # mucking needs no declaration
    assert hand.result.won == (0, 2)


def test_where_the_cards_speak_a_declaration_is_refused():
    hand = new("F5DW", (100, 100), antes=(1, 1), small_bet=2, big_bet=4)
    for player, text in enumerate(HOLES):
        hand.apply(DealHole(player, cards(text)))
    check_around(hand)
    for player in (0, 1):
        hand.apply(Discard(player, ()))
    check_around(hand)
    error = refused(hand, Show(0, tuple(hand.hole[0]), declared=THREE_KINGS))
    assert error.rule == "no_declaring"
    assert error.message("de") == "an diesem Tisch werden keine Hände angesagt: die Karten sprechen"


def test_declaring_is_a_house_rule_of_wild_card_games_only():
    with pytest.raises(ValueError, match="wild-card games"):
        HandConfig(variant("F5D"), (100, 100), antes=(1, 1), small_bet=2, big_bet=4,
                   declare_hands=True)
