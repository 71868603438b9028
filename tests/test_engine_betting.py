"""Betting rules of the engine: limits, minimum raises, reopening, caps and table stakes.

Every example is small enough to check by hand. Players are numbered by position: player 0
sits left of the button (the small blind), the last player is the button. Messages name
players one-based ("player 3" is index 2).
"""

from __future__ import annotations

import pytest
from engine_helpers import (
    check_around,
    deal_board,
    refused,
    start,
)

from tableside.engine import (
    BetRaise,
    CheckCall,
    Fold,
    IllegalAction,
    Legal,
)

# ----------------------------------------------------------------------------- helpers


# ----------------------------------------------------------------------------- no-limit

NL_BLINDS = (200, 400, 0, 0)  # p0 small blind, p1 big blind, p2 first to act, p3 button


def test_no_limit_preflop_opens_with_a_call_of_the_big_blind_or_a_raise_to_twice_it():
    hand = start("NT", (10_000,) * 4, blinds=NL_BLINDS)
    assert hand.actor == 2
    assert hand.legal() == Legal(2, call=400, call_is_all_in=False, min_to=800, max_to=10_000,
                                 facing_bet=True)
    assert hand.legal().describe() == "fold, call 400, raise to 800-10,000"
    assert hand.legal().describe("de") == "Fold, Call 400, Raise auf 800-10.000"


def test_no_limit_raise_to_1000_makes_the_next_minimum_raise_1600():
    hand = start("NT", (10_000,) * 4, blinds=NL_BLINDS)
    hand.apply(BetRaise(2, 1_000))  # a raise of 600 over the big blind
    assert hand.legal() == Legal(3, call=1_000, call_is_all_in=False, min_to=1_600,
                                 max_to=10_000, facing_bet=True)
    refused(hand, BetRaise(3, 1_599))
    hand.apply(BetRaise(3, 1_600))
    # the small blind has 200 in: calling costs 1,400; the raise increment is still 600
    assert hand.legal() == Legal(0, call=1_400, call_is_all_in=False, min_to=2_200,
                                 max_to=10_000, facing_bet=True)
    hand.apply(BetRaise(0, 3_000))  # a raise of 1,400: the new minimum increment
    assert hand.legal() == Legal(1, call=2_600, call_is_all_in=False, min_to=4_400,
                                 max_to=10_000, facing_bet=True)


@pytest.mark.parametrize(("antes", "top"), [((), "10,000"), ((150,) * 4, "9,850")])
def test_no_limit_below_minimum_raise_is_refused_with_rule_and_legal_choices(antes, top):
    hand = start("NT", (10_000,) * 4, blinds=NL_BLINDS, antes=antes)
    hand.apply(BetRaise(2, 1_000))
    error = refused(hand, BetRaise(3, 1_500))
    assert error.rule == "below_min_bet"
    assert error.legal == hand.legal()
    assert str(error) == error.message("en") == (
        "raise to 1,500 is below the minimum raise to 1,600; "
        f"legal: fold, call 1,000, raise to 1,600-{top}")
    top_de = top.replace(",", ".")
    assert error.message("de") == (
        f"Raise auf 1.500 liegt unter dem Minimum 1.600; erlaubt: Fold, Call 1.000, "
        f"Raise auf 1.600-{top_de}")


def test_no_limit_minimum_bet_after_the_flop_is_the_big_blind():
    hand = start("NT", (10_000,) * 4, blinds=NL_BLINDS)
    check_around(hand)
    deal_board(hand)
    assert hand.actor == 0
    assert hand.legal() == Legal(0, call=0, call_is_all_in=False, min_to=400, max_to=9_600,
                                 facing_bet=False)
    error = refused(hand, BetRaise(0, 399))
    assert error.rule == "below_min_bet"
    assert error.message() == "bet 399 is below the minimum bet of 400; legal: check, bet 400-9,600"
    assert error.message("de") == (
        "Bet 399 liegt unter dem Minimum 400; erlaubt: Check, Bet 400-9.600")
    hand.apply(BetRaise(0, 400))
    # a bet of 400 is raised by at least 400
    assert hand.legal().min_to == 800


def test_no_limit_explicit_min_bet_sets_the_smallest_bet_but_not_the_preflop_raise():
    hand = start("NT", (10_000,) * 3, blinds=(200, 400, 0), min_bet=100)
    assert hand.legal().min_to == 800
    check_around(hand)
    deal_board(hand)
    assert hand.legal().min_to == 100


def test_no_limit_minimum_bet_after_a_straddle_is_still_the_big_blind():
    # blinds 1/2 with a straddle of 4: after the flop the smallest bet is the big blind (2)
    hand = start("NT", (1_000,) * 6, blinds=(1, 2, 4, 0, 0, 0))
    check_around(hand)
    deal_board(hand)
    assert hand.actor == 0
    assert hand.legal().min_to == 2
    hand.apply(BetRaise(0, 2))


def test_short_all_in_does_not_reopen_the_betting_for_a_player_who_has_acted():
    # p2 raises to 1,000 (a raise of 600); p3 goes all-in for 1,400: only 400 more
    hand = start("NT", (10_000, 10_000, 10_000, 1_400, 10_000, 10_000),
                 blinds=(200, 400, 0, 0, 0, 0))
    hand.apply(BetRaise(2, 1_000))
    # p3 cannot make a full raise (to 1,600): the all-in is the only raise
    assert hand.legal() == Legal(3, call=1_000, call_is_all_in=False, min_to=1_400,
                                 max_to=1_400, facing_bet=True)
    hand.apply(BetRaise(3, 1_400))
    # players who have not acted yet may raise: at least 1,400 + 600
    assert hand.legal() == Legal(4, call=1_400, call_is_all_in=False, min_to=2_000,
                                 max_to=10_000, facing_bet=True)
    for player in (4, 5, 0):
        hand.apply(Fold(player))
    # the big blind has not acted voluntarily: the option to raise stays
    assert hand.legal() == Legal(1, call=1_000, call_is_all_in=False, min_to=2_000,
                                 max_to=10_000, facing_bet=True)
    hand.apply(CheckCall(1))
    # p2 already acted at 1,000 and faces only 400 more: call or fold
    assert hand.legal() == Legal(2, call=400, call_is_all_in=False, min_to=None, max_to=None,
                                 facing_bet=True)
    error = refused(hand, BetRaise(2, 3_000))
    assert error.rule == "not_reopened"
    assert error.message() == (
        "the betting was not reopened: an all-in for less than a full raise lets player 3 "
        "only call or fold; legal: fold, call 400")
    assert error.message("de") == (
        "die Runde wurde nicht wieder eröffnet: ein All-in unter einer vollen Erhöhung "
        "erlaubt Spieler 3 nur Call oder Fold; erlaubt: Fold, Call 400")
    hand.apply(CheckCall(2))
    assert hand.waiting_for() == "deal_board"


@pytest.mark.parametrize(("second_all_in", "reopened"), [(1_500, False), (1_600, True),
                                                         (1_700, True)])
def test_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting(second_all_in, reopened):
    # p2 raises to 1,000 (full raise 600); p3 all-in to 1,400, p4 all-in to second_all_in:
    # together 500 (no), 600 or 700 (yes) over p2's 1,000
    hand = start("NT", (10_000, 10_000, 10_000, 1_400, second_all_in, 10_000),
                 blinds=(200, 400, 0, 0, 0, 0))
    hand.apply(BetRaise(2, 1_000))
    hand.apply(BetRaise(3, 1_400))
    hand.apply(BetRaise(4, second_all_in))
    hand.apply(Fold(5))
    hand.apply(Fold(0))
    hand.apply(CheckCall(1))  # the big blind calls: somebody with chips is left to raise
    legal = hand.legal()
    assert legal.player == 2
    assert legal.call == second_all_in - 1_000
    if reopened:
        assert (legal.min_to, legal.max_to) == (second_all_in + 600, 10_000)
        hand.apply(BetRaise(2, second_all_in + 600))
    else:
        assert (legal.min_to, legal.max_to) == (None, None)
        assert refused(hand, BetRaise(2, 5_000)).rule == "not_reopened"


def test_full_raise_after_a_short_all_in_reopens_the_betting():
    hand = start("NT", (10_000, 10_000, 10_000, 1_400, 10_000),
                 blinds=(200, 400, 0, 0, 0))
    hand.apply(BetRaise(2, 1_000))
    hand.apply(BetRaise(3, 1_400))  # short all-in
    hand.apply(BetRaise(4, 2_000))  # a full raise of 600 over 1,400
    hand.apply(Fold(0))
    hand.apply(Fold(1))
    assert hand.legal() == Legal(2, call=1_000, call_is_all_in=False, min_to=2_600,
                                 max_to=10_000, facing_bet=True)


def test_table_stakes_nobody_bets_more_than_their_stack():
    hand = start("NT", (10_000,) * 4, blinds=NL_BLINDS)
    error = refused(hand, BetRaise(2, 10_001))
    assert error.rule == "more_than_stack"
    assert error.message() == (
        "player 3 has only 10,000 left: raise to 10,001 is more than that (table stakes); "
        "legal: fold, call 400, raise to 800-10,000")
    hand.apply(BetRaise(2, 10_000))
    assert hand.stacks[2] == 0
    assert hand.bets[2] == 10_000


def test_a_short_call_is_all_in():
    hand = start("NT", (10_000, 10_000, 10_000, 300), blinds=NL_BLINDS)
    hand.apply(CheckCall(2))
    # p3 has 300 behind and faces 400: calling is all-in for 300, no raise possible
    assert hand.legal() == Legal(3, call=300, call_is_all_in=True, min_to=None, max_to=None,
                                 facing_bet=True)
    assert hand.legal().describe() == "fold, call 300 (all-in)"
    assert refused(hand, BetRaise(3, 800)).rule == "more_than_stack"
    hand.apply(CheckCall(3))
    assert hand.stacks[3] == 0
    assert hand.bets[3] == 300
    assert hand.contributed[3] == 300


def test_an_all_in_below_the_minimum_raise_is_allowed():
    hand = start("NT", (10_000, 10_000, 10_000, 1_000), blinds=NL_BLINDS)
    hand.apply(BetRaise(2, 800))
    # p3 can reach only 1,000, less than the minimum raise to 1,200: all-in is the raise
    assert hand.legal() == Legal(3, call=800, call_is_all_in=False, min_to=1_000,
                                 max_to=1_000, facing_bet=True)
    assert hand.legal().describe() == "fold, call 800, raise to 1,000"
    assert refused(hand, BetRaise(3, 900)).rule == "below_min_bet"
    hand.apply(BetRaise(3, 1_000))
    assert hand.stacks[3] == 0


def test_no_raise_when_every_opponent_is_all_in():
    # heads-up: p0 big blind (100 chips), p1 the button and small blind (50 chips)
    hand = start("NT", (100, 50), blinds=(2, 1))
    assert hand.actor == 1
    hand.apply(BetRaise(1, 50))  # all-in
    assert hand.legal() == Legal(0, call=48, call_is_all_in=False, min_to=None, max_to=None,
                                 facing_bet=True)
    error = refused(hand, BetRaise(0, 100))
    assert error.rule == "no_raise_all_in"
    assert error.message() == (
        "every opponent is all-in, so player 1 can only call or fold; legal: fold, call 48")


def test_no_raise_is_offered_when_nobody_can_call_more_than_the_current_bet():
    # p0 has 1 chip behind its small blind, p1 is all-in on the big blind: nobody can call a
    # raise above 2, so p2 may call or fold; a "raise" to 2 would not raise anything
    hand = start("NT", (2, 2, 20), blinds=(1, 2, 0))
    legal = hand.legal()
    assert (legal.player, legal.call) == (2, 2)
    assert legal.min_to is None or legal.min_to > 2
    assert refused(hand, BetRaise(2, 2)).rule == "raise_not_above_bet"


def test_a_raise_must_go_above_the_current_bet():
    hand = start("NT", (10_000,) * 4, blinds=NL_BLINDS)
    error = refused(hand, BetRaise(2, 400))
    assert error.rule == "raise_not_above_bet"
    assert error.message() == (
        "400 does not raise: the bet is already 400; legal: fold, call 400, "
        "raise to 800-10,000")


def test_a_check_is_free_and_describes_itself():
    hand = start("NT", (10_000,) * 4, blinds=NL_BLINDS)
    check_around(hand)
    deal_board(hand)
    legal = hand.legal()
    assert legal.can_check
    assert legal.describe() == "check, bet 400-9,600"
    assert legal.describe("de") == "Check, Bet 400-9.600"


# ----------------------------------------------------------------------------- pot-limit

PL_BLINDS = (1, 2, 0)  # p0 small blind, p1 big blind, p2 the button


def test_pot_limit_first_to_act_may_raise_to_seven_with_blinds_one_two():
    hand = start("PT", (1_000,) * 3, blinds=PL_BLINDS)
    assert hand.legal() == Legal(2, call=2, call_is_all_in=False, min_to=4, max_to=7,
                                 facing_bet=True)
    error = refused(hand, BetRaise(2, 8))
    assert error.rule == "above_max_bet"
    assert error.message() == (
        "raise to 8 is above the pot-limit maximum 7; legal: fold, call 2, raise to 4-7")
    assert error.message("de") == (
        "Raise auf 8 liegt über dem Maximum 7 (Pot-Limit); erlaubt: Fold, Call 2, "
        "Raise auf 4-7")


def test_pot_limit_maximum_is_the_pot_after_calling():
    hand = start("PT", (1_000,) * 3, blinds=PL_BLINDS)
    hand.apply(BetRaise(2, 7))
    # small blind: call 6 makes the pot 16, raise 16 more: to 23; minimum 7 + 5
    assert hand.legal() == Legal(0, call=6, call_is_all_in=False, min_to=12, max_to=23,
                                 facing_bet=True)
    hand.apply(BetRaise(0, 23))
    # big blind: pot 2 + 7 + 23 = 32, call 21 makes 53: to 23 + 53 = 76; minimum 23 + 16
    assert hand.legal() == Legal(1, call=21, call_is_all_in=False, min_to=39, max_to=76,
                                 facing_bet=True)


def test_pot_limit_small_blind_after_a_limp():
    hand = start("PT", (1_000,) * 3, blinds=PL_BLINDS)
    hand.apply(CheckCall(2))
    # pot 5, call 1 makes 6: raise to 2 + 6 = 8
    assert hand.legal() == Legal(0, call=1, call_is_all_in=False, min_to=4, max_to=8,
                                 facing_bet=True)


def test_pot_limit_after_the_flop_bets_up_to_the_pot():
    hand = start("PT", (1_000,) * 3, blinds=PL_BLINDS)
    check_around(hand)
    deal_board(hand)
    assert hand.legal() == Legal(0, call=0, call_is_all_in=False, min_to=2, max_to=6,
                                 facing_bet=False)
    hand.apply(BetRaise(0, 6))
    # pot 12, call 6 makes 18: raise to 6 + 18 = 24
    assert hand.legal() == Legal(1, call=6, call_is_all_in=False, min_to=12, max_to=24,
                                 facing_bet=True)


def test_pot_limit_counts_antes_in_the_pot():
    hand = start("PO", (1_000,) * 3, blinds=PL_BLINDS, antes=(1, 1, 1))
    # pot 3 antes + 3 blinds = 6, call 2 makes 8: raise to 2 + 8 = 10
    assert hand.legal() == Legal(2, call=2, call_is_all_in=False, min_to=4, max_to=10,
                                 facing_bet=True)


def test_pot_limit_maximum_is_capped_by_the_stack():
    hand = start("PT", (1_000, 1_000, 5), blinds=PL_BLINDS)
    assert hand.legal() == Legal(2, call=2, call_is_all_in=False, min_to=4, max_to=5,
                                 facing_bet=True)


# ----------------------------------------------------------------------------- fixed limit

FL = {"blinds": (1, 2, 0), "small_bet": 2, "big_bet": 4}


def test_fixed_limit_the_big_blind_is_the_opening_bet_and_raises_are_exact():
    hand = start("FT", (1_000,) * 3, **FL)
    assert hand.legal() == Legal(2, call=2, call_is_all_in=False, min_to=4, max_to=4,
                                 facing_bet=True)
    assert hand.legal().describe() == "fold, call 2, raise to 4"
    for wrong in (3, 5, 6):
        error = refused(hand, BetRaise(2, wrong))
        assert error.rule == "fixed_amount"
        assert "4" in error.message() and str(wrong) in error.message()
    hand.apply(BetRaise(2, 4))
    assert hand.legal() == Legal(0, call=3, call_is_all_in=False, min_to=6, max_to=6,
                                 facing_bet=True)


def test_fixed_limit_small_bet_on_the_flop_and_big_bet_on_turn_and_river():
    hand = start("FT", (1_000,) * 3, **FL)
    check_around(hand)
    deal_board(hand)  # flop
    assert (hand.legal().min_to, hand.legal().max_to) == (2, 2)
    hand.apply(BetRaise(0, 2))
    assert (hand.legal().min_to, hand.legal().max_to) == (4, 4)
    check_around(hand)
    deal_board(hand)  # turn
    assert (hand.legal().min_to, hand.legal().max_to) == (4, 4)
    hand.apply(BetRaise(0, 4))
    assert (hand.legal().min_to, hand.legal().max_to) == (8, 8)
    check_around(hand)
    deal_board(hand)  # river
    assert (hand.legal().min_to, hand.legal().max_to) == (4, 4)


def test_fixed_limit_preflop_is_capped_after_four_raises_over_the_blind():
    hand = start("FT", (1_000,) * 3, **FL)
    hand.apply(BetRaise(2, 4))
    hand.apply(BetRaise(0, 6))
    hand.apply(BetRaise(1, 8))
    hand.apply(BetRaise(2, 10))
    assert hand.legal() == Legal(0, call=4, call_is_all_in=False, min_to=None, max_to=None,
                                 facing_bet=True)
    error = refused(hand, BetRaise(0, 12))
    assert error.rule == "raise_capped"
    assert error.message() == (
        "the betting is capped at 4 bets and raises this round; legal: fold, call 4")
    assert error.message("de") == (
        "die Einsätze sind bei 4 Bets und Raises in dieser Runde gedeckelt; "
        "erlaubt: Fold, Call 4")


def test_fixed_limit_flop_cap_counts_the_bet():
    hand = start("FT", (1_000,) * 3, **FL)
    check_around(hand)
    deal_board(hand)
    hand.apply(BetRaise(0, 2))
    hand.apply(BetRaise(1, 4))
    hand.apply(BetRaise(2, 6))
    hand.apply(BetRaise(0, 8))
    assert hand.legal() == Legal(1, call=4, call_is_all_in=False, min_to=None, max_to=None,
                                 facing_bet=True)


@pytest.mark.parametrize("cap", [1, 2, 3])
def test_fixed_limit_raise_cap_is_configurable(cap):
    hand = start("FT", (1_000,) * 3, raise_cap=cap, **FL)
    for i in range(cap):
        hand.apply(BetRaise(hand.actor, 2 + 2 * (i + 1)))
    assert hand.legal().min_to is None


def test_fixed_limit_without_a_cap():
    hand = start("FT", (1_000,) * 3, raise_cap=None, **FL)
    for to in range(4, 40, 2):
        hand.apply(BetRaise(hand.actor, to))
    assert hand.legal().min_to == 40


@pytest.mark.parametrize("uncapped", [False, True])
def test_fixed_limit_uncapped_heads_up_lifts_the_cap_for_two_players(uncapped):
    hand = start("FT", (1_000,) * 3, uncapped_heads_up=uncapped, **FL)
    hand.apply(Fold(2))
    hand.apply(BetRaise(0, 4))
    hand.apply(BetRaise(1, 6))
    hand.apply(BetRaise(0, 8))
    hand.apply(BetRaise(1, 10))
    legal = hand.legal()
    assert legal.player == 0
    assert legal.min_to == (12 if uncapped else None)


def test_fixed_limit_cap_stays_with_three_players_even_if_uncapped_heads_up():
    hand = start("FT", (1_000,) * 3, uncapped_heads_up=True, **FL)
    for to in (4, 6, 8, 10):
        hand.apply(BetRaise(hand.actor, to))
    assert hand.legal().min_to is None


def test_fixed_limit_short_stack_may_raise_all_in_for_less():
    hand = start("FT", (1_000, 1_000, 3), **FL)
    assert hand.legal() == Legal(2, call=2, call_is_all_in=False, min_to=3, max_to=3,
                                 facing_bet=True)


def test_fixed_limit_raise_is_one_amount_even_when_the_opponents_are_short():
    # both blinds can reach only 3 chips; p2 is deep. A fixed-limit raise has one size
    # (to 4, or capped at what the opponents can call): never a choice of sizes.
    hand = start("FT", (3, 3, 1_000), **FL)
    legal = hand.legal()
    assert (legal.player, legal.call) == (2, 2)
    assert legal.min_to is not None
    assert legal.min_to == legal.max_to, legal.describe()


# ----------------------------------------------------------------------------- spread limit

SPREAD = {"blinds": (1, 2, 0), "small_bet": 2, "big_bet": 6}


def test_spread_limit_preflop_raise_between_small_and_big_bet():
    hand = start("ST", (1_000,) * 3, **SPREAD)
    assert hand.legal() == Legal(2, call=2, call_is_all_in=False, min_to=4, max_to=8,
                                 facing_bet=True)


def test_spread_limit_flop_bets_anything_from_small_to_big_bet():
    hand = start("ST", (1_000,) * 3, **SPREAD)
    check_around(hand)
    deal_board(hand)
    assert hand.legal() == Legal(0, call=0, call_is_all_in=False, min_to=2, max_to=6,
                                 facing_bet=False)
    error = refused(hand, BetRaise(0, 7))
    assert error.rule == "above_max_bet"
    assert error.message() == (
        "bet 7 is above the spread-limit maximum 6; legal: check, bet 2-6")
    assert refused(hand, BetRaise(0, 1)).rule == "below_min_bet"
    hand.apply(BetRaise(0, 3))
    # a raise is at least the last bet (3) and at most the big bet (6)
    assert hand.legal() == Legal(1, call=3, call_is_all_in=False, min_to=6, max_to=9,
                                 facing_bet=True)


@pytest.mark.parametrize("street", ["turn", "river"])
def test_spread_limit_turn_and_river_use_the_same_spread(street):
    hand = start("ST", (1_000,) * 3, **SPREAD)
    check_around(hand)
    deal_board(hand)  # flop
    check_around(hand)
    deal_board(hand)  # turn
    if street == "river":
        check_around(hand)
        deal_board(hand)
    assert hand.legal() == Legal(0, call=0, call_is_all_in=False, min_to=2, max_to=6,
                                 facing_bet=False)
    hand.apply(CheckCall(0))
    hand.apply(BetRaise(1, 2))
    # a bet of 2 may be raised by 2 to 6: to 4-8
    assert hand.legal() == Legal(2, call=2, call_is_all_in=False, min_to=4, max_to=8,
                                 facing_bet=True)
    hand.apply(CheckCall(2))
    # p0 checked before the bet: a bet is not a short all-in, so p0 may raise too
    assert hand.legal() == Legal(0, call=2, call_is_all_in=False, min_to=4, max_to=8,
                                 facing_bet=True)
    hand.apply(BetRaise(0, 5))


# ----------------------------------------------------------------------------- refusal texts


def _not_reopened() -> IllegalAction:
    hand = start("NT", (10_000, 10_000, 10_000, 1_400), blinds=NL_BLINDS)
    hand.apply(BetRaise(2, 1_000))
    hand.apply(BetRaise(3, 1_400))
    hand.apply(Fold(0))
    hand.apply(CheckCall(1))
    return refused(hand, BetRaise(2, 3_000))


def _capped() -> IllegalAction:
    hand = start("FT", (1_000,) * 3, **FL)
    for to in (4, 6, 8, 10):
        hand.apply(BetRaise(hand.actor, to))
    return refused(hand, BetRaise(0, 12))


def _all_in() -> IllegalAction:
    hand = start("NT", (100, 50), blinds=(2, 1))
    hand.apply(BetRaise(1, 50))
    return refused(hand, BetRaise(0, 100))


def _below_minimum() -> IllegalAction:
    hand = start("NT", (10_000,) * 4, blinds=NL_BLINDS)
    hand.apply(BetRaise(2, 1_000))
    return refused(hand, BetRaise(3, 1_500))


@pytest.mark.parametrize("make", [_below_minimum, _not_reopened, _capped, _all_in])
def test_refusal_text_is_the_english_message_with_the_legal_choices(make):
    error = make()
    assert error.legal is not None
    assert error.message().endswith("; legal: " + error.legal.describe())
    assert error.message("de").endswith("; erlaubt: " + error.legal.describe("de"))
    assert str(error) == error.message("en")
