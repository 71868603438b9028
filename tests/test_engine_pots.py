"""Pots and settlement: side pots, dead antes, uncalled bets, ties and odd chips, hi-lo halves,
rake. Every example is small enough to check by hand.

Players are numbered by position: player 0 sits left of the button, the last is the button.
"""

from __future__ import annotations

import pytest
from engine_helpers import (
    cards,
    check_around,
    deal_board,
    run_out,
    show_all,
    start,
)

from tableside.engine import (
    BetRaise,
    CheckCall,
    DealBoard,
    Fold,
    Hand,
    IllegalAction,
    Phase,
    Pot,
    Rake,
    Show,
    build_pots,
    split,
)

# ----------------------------------------------------------------------------- helpers


def assert_consistent(hand: Hand, total: int) -> None:
    """Every chip is accounted for and every pot's shares add up."""
    result = hand.result
    assert result is not None
    assert sum(result.stacks) + result.rake == total
    assert result.stacks == tuple(hand.stacks)
    for pot in result.pots:
        assert sum(a.amount for a in pot.awards) == pot.amount
        for award in pot.awards:
            assert sum(award.shares.values()) == award.amount
            assert set(award.shares) == set(award.winners)
    won = [0] * hand.players
    for pot in result.pots:
        for award in pot.awards:
            for player, share in award.shares.items():
                won[player] += share
    assert tuple(won) == result.won


# ----------------------------------------------------------------------------- build_pots, split


def test_build_pots_main_and_side_pots_from_contributions():
    pots = build_pots([100, 300, 300], [True, True, True])
    assert pots == [Pot(300, (0, 1, 2)), Pot(400, (1, 2))]


def test_build_pots_three_levels():
    pots = build_pots([50, 200, 500, 500], [True, True, True, True])
    assert pots == [Pot(200, (0, 1, 2, 3)), Pot(450, (1, 2, 3)), Pot(600, (2, 3))]


def test_build_pots_folded_chips_stay_in_the_pots():
    # p0 folded after 5, p3 folded after 50; p1 and p2 put in 150 each
    assert build_pots([5, 150, 150, 50], [False, True, True, False]) == [Pot(355, (1, 2))]
    # a folded player who put in more than an all-in player feeds both pots
    assert build_pots([100, 300, 300], [True, False, True]) == [
        Pot(300, (0, 2)), Pot(400, (2,))]


def test_build_pots_antes_are_dead_money_in_the_main_pot():
    # antes of 10 each, then 50 more from every player: one pot
    assert build_pots([60, 60, 60], [True] * 3, dead=[10, 10, 10]) == [Pot(180, (0, 1, 2))]
    # p0 all-in for 30 after the ante: the main pot holds all antes
    assert build_pots([40, 110, 110], [True] * 3, dead=[10, 10, 10]) == [
        Pot(120, (0, 1, 2)), Pot(140, (1, 2))]


def test_build_pots_big_blind_ante_gives_its_payer_no_side_pot():
    # p1 posted a big-blind ante of 100 and is all-in on a blind of 50; p0 and p2 put in 300
    pots = build_pots([300, 150, 300], [True] * 3, dead=[0, 100, 0])
    assert pots == [Pot(250, (0, 1, 2)), Pot(500, (0, 2))]


def test_split_evenly():
    assert split(300, [2, 0, 1]) == ({0: 100, 1: 100, 2: 100}, ())


def test_split_fourteen_four_ways_is_4_4_3_3_with_odd_chips_to_the_lowest_positions():
    shares, odd = split(14, [3, 0, 2, 1])
    assert shares == {0: 4, 1: 4, 2: 3, 3: 3}
    assert odd == (0, 1)


def test_split_odd_chip_to_the_first_winner_left_of_the_button():
    assert split(7, [4, 2]) == ({2: 4, 4: 3}, (2,))


# ----------------------------------------------------------------------------- side pots


def test_three_way_all_in_main_and_side_pot_with_uncalled_chips_returned():
    hand = start("NT", (100, 300, 500), ["AsAh", "KsKh", "QsQh"], blinds=(5, 10, 0))
    hand.apply(BetRaise(2, 500))  # all-in
    hand.apply(CheckCall(0))  # all-in for 100
    hand.apply(CheckCall(1))  # all-in for 300
    # 200 of p2's 500 is called by nobody and goes back
    assert hand.contributed == [100, 300, 300]
    assert hand.stacks == [0, 0, 200]
    assert hand.pots() == [Pot(300, (0, 1, 2)), Pot(400, (1, 2))]
    # nobody can bet: the board is dealt without betting
    for text in ("2c7d9h", "Jc", "3s"):
        assert hand.waiting_for() == "deal_board"
        assert hand.actor is None
        deal_board(hand, text)
    assert hand.phase == Phase.SHOWDOWN
    show_all(hand)
    result = hand.result
    assert [(p.index, p.amount, p.eligible) for p in result.pots] == [
        (0, 300, (0, 1, 2)), (1, 400, (1, 2))]
    assert result.pots[0].awards[0].winners == (0,)
    assert result.pots[1].awards[0].winners == (1,)
    assert result.won == (300, 400, 0)
    assert result.stacks == (300, 400, 200)
    assert result.rake == 0
    assert_consistent(hand, 900)


def test_side_pot_goes_to_the_best_hand_among_its_eligible_players():
    # the short stack has the worst hand: main pot to p2, side pot to p2 as well
    hand = start("NT", (100, 300, 500), ["7c2d", "KsKh", "AsAh"], blinds=(5, 10, 0))
    hand.apply(BetRaise(2, 500))
    hand.apply(CheckCall(0))
    hand.apply(CheckCall(1))
    for text in ("3c8d9h", "Jc", "4s"):
        deal_board(hand, text)
    show_all(hand)
    assert hand.result.won == (0, 0, 700)
    assert hand.result.stacks == (0, 0, 900)
    assert_consistent(hand, 900)


def test_folded_chips_stay_in_the_pot():
    hand = start("NT", (1_000,) * 4, ["2c3d", "AsAh", "KsKh", "4c5d"], blinds=(5, 10, 0, 0))
    hand.apply(BetRaise(2, 50))
    hand.apply(CheckCall(3))
    hand.apply(Fold(0))  # 5 dead
    hand.apply(CheckCall(1))
    deal_board(hand, "2h7d9c")
    hand.apply(BetRaise(1, 100))
    hand.apply(CheckCall(2))
    hand.apply(Fold(3))  # 50 dead
    assert hand.pots() == [Pot(355, (1, 2))]
    deal_board(hand, "Jc")
    check_around(hand)
    deal_board(hand, "3s")
    check_around(hand)
    show_all(hand)
    assert hand.result.won == (0, 355, 0, 0)
    assert hand.result.stacks == (995, 1_205, 850, 950)
    assert_consistent(hand, 4_000)


def test_antes_are_dead_money_in_the_main_pot_of_a_hand():
    # antes 10; p0 goes all-in for 40 more; p1 and p2 bet on
    hand = start("NT", (50, 500, 500), ["AsAh", "KsKh", "QsQh"], antes=(10, 10, 10),
                 blinds=(5, 10, 0))
    hand.apply(BetRaise(2, 100))
    hand.apply(CheckCall(0))  # all-in: 40 in front
    hand.apply(CheckCall(1))
    assert hand.pots() == [Pot(150, (0, 1, 2)), Pot(120, (1, 2))]
    run_out(hand, "2c7d9h", "Jc", "3s")
    show_all(hand)
    assert hand.result.won == (150, 120, 0)
    assert_consistent(hand, 1_050)


def test_big_blind_ante_payer_all_in_wins_only_the_main_pot():
    # big-blind ante of 100: p1 has 150, posts the ante first and is all-in on a 50 blind
    hand = start("NT", (1_000, 150, 1_000), ["QsQh", "AsAh", "KsKh"], antes=(0, 100, 0),
                 blinds=(50, 100, 0))
    assert hand.contributed == [50, 150, 0]
    assert hand.stacks == [950, 0, 1_000]
    assert hand.legal().call == 100  # the short blind is called in full (card-room rule)
    hand.apply(BetRaise(2, 300))
    hand.apply(CheckCall(0))
    # the main pot: 50 from each player plus the dead ante; p0 and p2 contest the rest
    assert hand.pots() == [Pot(250, (0, 1, 2)), Pot(500, (0, 2))]
    run_out(hand, "2c7d9h", "Jc", "3s")
    show_all(hand)
    assert [p.amount for p in hand.result.pots] == [250, 500]
    assert hand.result.won == (0, 250, 500)
    assert hand.result.stacks == (700, 250, 1_200)
    assert_consistent(hand, 2_150)


def test_player_all_in_for_part_of_the_ante_wins_only_what_they_matched():
    # antes of 10; p0 has only 5 and is all-in for part of the ante: p0 can win 5 from
    # each player (15), the other 10 of the antes goes to the better of p1 and p2
    hand = start("NT", (5, 1_000, 1_000), ["AsAh", "KsKh", "2c7d"], antes=(10, 10, 10),
                 min_bet=20)
    assert hand.contributed == [5, 10, 10]
    run_out(hand, "AdKd3s", "8h", "9c")
    show_all(hand)
    # p0 has three aces, p1 three kings, p2 nothing
    assert hand.result.won == (15, 10, 0)
    assert hand.result.stacks == (15, 1_000, 990)
    assert_consistent(hand, 2_005)


# ----------------------------------------------------------------------------- uncalled bets


def test_uncalled_part_of_a_bet_goes_back_when_the_caller_is_short():
    # heads-up: p0 big blind 10, p1 button and small blind 5
    hand = start("NT", (1_000, 300), ["2c7d", "AsAh"], blinds=(10, 5))
    hand.apply(CheckCall(1))
    hand.apply(CheckCall(0))
    deal_board(hand, "3c8d9h")
    hand.apply(BetRaise(0, 600))
    hand.apply(CheckCall(1))  # all-in for 290
    assert hand.contributed == [300, 300]
    assert hand.stacks == [700, 0]
    assert hand.pots() == [Pot(600, (0, 1))]
    deal_board(hand, "Jc")
    deal_board(hand, "4s")
    show_all(hand)
    assert hand.result.stacks == (700, 600)
    assert_consistent(hand, 1_300)


def test_everyone_folds_to_a_raise_settles_at_once_without_a_showdown():
    hand = start("NT", (1_000,) * 3, ["2c7d", "AsAh", "KsKh"], blinds=(100, 200, 0))
    hand.apply(BetRaise(2, 600))
    hand.apply(Fold(0))
    hand.apply(Fold(1))
    # the uncalled 400 goes back; the pot is the blinds and 200 of the raise
    assert hand.phase == Phase.COMPLETE
    assert hand.waiting_for() == "over"
    assert hand.actor is None
    assert hand.needs_board_cards() == 0
    result = hand.result
    assert len(result.pots) == 1
    assert result.pots[0].amount == 500
    (award,) = result.pots[0].awards
    assert award.winners == (2,)
    assert award.shares == {2: 500}
    assert award.hands == {}
    assert result.stacks == (900, 800, 1_300)
    assert result.won == (0, 0, 500)
    assert_consistent(hand, 3_000)
    with pytest.raises(IllegalAction) as info:
        hand.apply(DealBoard(cards("3c8d9h")))
    assert info.value.rule == "unexpected_deal"


def test_fold_on_the_river_after_a_bet_returns_the_bet():
    hand = start("NT", (1_000,) * 2, ["2c7d", "AsAh"], blinds=(10, 5))
    for text in ("3c8d9h", "Jc", "4s"):
        check_around(hand)
        deal_board(hand, text)
    hand.apply(BetRaise(0, 500))
    hand.apply(Fold(1))
    assert hand.result.stacks == (1_010, 990)
    assert_consistent(hand, 2_000)


# ----------------------------------------------------------------------------- ties, odd chips


def test_fourteen_chip_pot_split_four_ways_pays_4_4_3_3():
    # 5 players, blinds 2/3: the small blind folds (2 dead), four players put in 3 each
    hand = start("NT", (100,) * 5, ["2c3d", "2d3c", "4c5d", "4d5c", "6c7d"],
                 blinds=(2, 3, 0, 0, 0))
    hand.apply(CheckCall(2))
    hand.apply(CheckCall(3))
    hand.apply(CheckCall(4))
    hand.apply(Fold(0))
    hand.apply(CheckCall(1))
    run_out(hand, "AsKsQs", "Js", "Ts")  # a royal flush on board: everybody plays it
    show_all(hand)
    (pot,) = hand.result.pots
    assert pot.amount == 14
    (award,) = pot.awards
    assert award.winners == (1, 2, 3, 4)
    assert award.shares == {1: 4, 2: 4, 3: 3, 4: 3}
    assert award.odd_chips == (1, 2)
    assert hand.result.won == (0, 4, 4, 3, 3)
    assert_consistent(hand, 500)


def test_odd_chip_of_a_split_goes_to_the_first_winner_left_of_the_button():
    # p0 folds the small blind; p1 and p2 (the button) split a 5-chip pot
    hand = start("NT", (100,) * 3, ["2c3d", "AsKd", "AhKc"], blinds=(1, 2, 0))
    hand.apply(CheckCall(2))
    hand.apply(Fold(0))
    hand.apply(CheckCall(1))
    run_out(hand, "Qs7h8c", "2s", "9d")
    show_all(hand)
    (award,) = hand.result.pots[0].awards
    assert award.winners == (1, 2)
    assert award.shares == {1: 3, 2: 2}
    assert award.odd_chips == (1,)
    assert_consistent(hand, 300)


def test_winning_hand_is_reported():
    hand = start("NT", (100,) * 2, ["AsAh", "KsKh"], blinds=(2, 1))
    run_out(hand, "2c7d9h", "Jc", "3s")
    show_all(hand)
    (award,) = hand.result.pots[0].awards
    assert award.winners == (0,)
    assert set(award.hands) == {0}
    assert hand.result.stacks == (102, 98)


def test_mucked_hand_cannot_win():
    hand = start("NT", (100,) * 2, ["AsAh", "KsKh"], blinds=(2, 1))
    run_out(hand, "2c7d9h", "Jc", "3s")
    hand.apply(Show(1, cards("KsKh")))
    hand.apply(Show(0, None))  # the better hand is mucked
    assert hand.result.stacks == (98, 102)


def test_side_pot_goes_to_the_last_player_left_in_it_when_the_other_mucks():
    # main pot: p0 (all-in), p1, p2; side pot: p1 and p2. p1 mucks, so p2 alone holds the
    # side pot; p2 then mucks against p0's main pot but keeps the side pot
    hand = start("NT", (100, 500, 500), ["AsAh", "KsKh", "QcQd"], blinds=(5, 10, 0))
    hand.apply(BetRaise(2, 100))
    hand.apply(CheckCall(0))
    hand.apply(CheckCall(1))
    deal_board(hand, "2c3d7h")
    hand.apply(BetRaise(1, 200))
    hand.apply(CheckCall(2))
    deal_board(hand, "8s")
    check_around(hand)
    deal_board(hand, "9s")
    check_around(hand)
    assert hand.pots() == [Pot(300, (0, 1, 2)), Pot(400, (1, 2))]
    hand.apply(Show(1, None))
    assert hand.phase == Phase.SHOWDOWN  # p0 and p2 still contest the main pot
    hand.apply(Show(2, None))
    assert hand.phase == Phase.COMPLETE
    assert hand.result.won == (300, 0, 400)
    assert hand.result.stacks == (300, 200, 600)
    assert_consistent(hand, 1_100)


# ----------------------------------------------------------------------------- hi-lo

HILO_CONFIGS = {
    "FO/8": {"blinds": (1, 2, 0), "small_bet": 2, "big_bet": 4},
    "PO/8": {"blinds": (1, 2, 0)},
}
# board 2c 4d 7h Kd Qs: three low cards, so a low can qualify
HILO_BOARD = ("2c4d7h", "Kd", "Qs")


def _hilo_limp_pot(code: str, holes) -> Hand:
    """p2 calls, p0 folds the small blind, p1 checks: a 5-chip pot, checked down."""
    hand = start(code, (100,) * 3, holes, **HILO_CONFIGS[code])
    hand.apply(CheckCall(2))
    hand.apply(Fold(0))
    hand.apply(CheckCall(1))
    run_out(hand, *HILO_BOARD)
    show_all(hand)
    return hand


@pytest.mark.parametrize("code", sorted(HILO_CONFIGS))
def test_hilo_high_and_low_split_with_the_odd_chip_to_the_high_half(code):
    # p1: three kings (high), no low; p2: a pair of nines and the low 7-4-3-2-A
    hand = _hilo_limp_pot(code, ["5h6hThJh", "KhKcJdJs", "As3s9c9d"])
    (pot,) = hand.result.pots
    assert pot.amount == 5
    high, low = pot.awards
    assert (high.half, high.amount, high.winners) == ("high", 3, (1,))
    assert (low.half, low.amount, low.winners) == ("low", 2, (2,))
    assert hand.result.won == (0, 3, 2)
    assert hand.result.stacks == (99, 101, 100)
    assert_consistent(hand, 300)


@pytest.mark.parametrize("code", sorted(HILO_CONFIGS))
def test_hilo_tied_low_is_quartered(code):
    # p1: three kings and the low 7-4-3-2-A; p2 the same low; p0 a pair of jacks, no low
    hand = start(code, (100,) * 3, ["TcThJcJh", "AhKhKc3h", "As3s9c9d"],
                 **HILO_CONFIGS[code])
    check_around(hand)  # 6 in
    deal_board(hand, HILO_BOARD[0])
    hand.apply(BetRaise(0, 2))
    hand.apply(CheckCall(1))
    hand.apply(CheckCall(2))  # 12 in
    deal_board(hand, HILO_BOARD[1])
    check_around(hand)
    deal_board(hand, HILO_BOARD[2])
    check_around(hand)
    show_all(hand)
    (pot,) = hand.result.pots
    assert pot.amount == 12
    high, low = pot.awards
    assert (high.half, high.amount, high.winners, high.shares) == ("high", 6, (1,), {1: 6})
    assert (low.half, low.amount, low.winners, low.shares) == ("low", 6, (1, 2),
                                                               {1: 3, 2: 3})
    assert hand.result.won == (0, 9, 3)
    assert_consistent(hand, 300)


@pytest.mark.parametrize("code", sorted(HILO_CONFIGS))
def test_hilo_tied_low_with_odd_chips(code):
    # 5-chip pot: high 3 to p1; low 2 split 1-1 between p1 and p2
    hand = _hilo_limp_pot(code, ["TcThJcJh", "AhKhKc3h", "As3s9c9d"])
    high, low = hand.result.pots[0].awards
    assert (high.amount, high.shares) == (3, {1: 3})
    assert (low.amount, low.shares) == (2, {1: 1, 2: 1})
    assert hand.result.won == (0, 4, 1)


@pytest.mark.parametrize("code", sorted(HILO_CONFIGS))
def test_hilo_without_a_qualifying_low_the_high_hand_scoops(code):
    # board 9c Td 2h Kd Qs: one low card, so nobody can make eight or better
    hand = start(code, (100,) * 3, ["5h6hJh7h", "AhKh3c4c", "As3s5c6c"],
                 **HILO_CONFIGS[code])
    hand.apply(CheckCall(2))
    hand.apply(Fold(0))
    hand.apply(CheckCall(1))
    run_out(hand, "9cTd2h", "Kd", "Qs")
    show_all(hand)
    (pot,) = hand.result.pots
    (award,) = pot.awards
    assert award.half in ("all", "high")
    assert (award.amount, award.winners, award.shares) == (5, (1,), {1: 5})
    assert hand.result.stacks == (99, 103, 98)
    assert_consistent(hand, 300)


def test_hilo_one_player_wins_both_halves():
    # p2 has the high (trip kings) and the only low
    hand = _hilo_limp_pot("FO/8", ["5h6hThJh", "QhQcJdJs", "AsKhKc3s"])
    awards = hand.result.pots[0].awards
    assert [(a.half, a.amount, a.winners) for a in awards] == [
        ("high", 3, (2,)), ("low", 2, (2,))]
    assert hand.result.won == (0, 0, 5)


# ----------------------------------------------------------------------------- rake


def _rake_hand(rake: Rake) -> Hand:
    # p0 all-in for 10 (main pot 30), p1 and p2 at 100 (side pot 180); 210 in all
    hand = start("NT", (10, 100, 100), ["AsAh", "KsKh", "QsQh"], blinds=(1, 2, 0), rake=rake)
    hand.apply(BetRaise(2, 100))
    hand.apply(CheckCall(0))
    hand.apply(CheckCall(1))
    for text in ("2c7d9h", "Jc", "3s"):
        deal_board(hand, text)
    show_all(hand)
    return hand


def test_rake_is_a_percentage_taken_from_the_main_pot_first():
    hand = _rake_hand(Rake(percent=5, cap=100))
    result = hand.result
    assert result.rake == 10  # 5% of 210
    assert [p.amount for p in result.pots] == [20, 180]
    assert result.won == (20, 180, 0)
    assert result.stacks == (20, 180, 0)
    assert_consistent(hand, 210)


def test_rake_is_capped():
    hand = _rake_hand(Rake(percent=10, cap=5))
    assert hand.result.rake == 5
    assert [p.amount for p in hand.result.pots] == [25, 180]
    assert_consistent(hand, 210)


def test_rake_larger_than_the_main_pot_continues_into_the_side_pot():
    hand = _rake_hand(Rake(percent=50, cap=1_000))
    assert hand.result.rake == 105
    assert [p.amount for p in hand.result.pots] == [0, 105]
    assert hand.result.stacks == (0, 105, 0)
    assert_consistent(hand, 210)


def test_rake_rounds_down():
    assert Rake(percent=5, cap=100).of(199, flop_seen=True) == 9
    assert Rake(percent=2.5, cap=100).of(100, flop_seen=True) == 2
    assert Rake(percent=5, cap=100).of(1_000, flop_seen=False) == 0
    assert Rake(percent=5, cap=100, no_flop_no_drop=False).of(1_000, flop_seen=False) == 50


@pytest.mark.parametrize(("no_flop_no_drop", "rake"), [(True, 0), (False, 25)])
def test_no_flop_no_drop(no_flop_no_drop, rake):
    hand = start("NT", (1_000,) * 3, ["2c7d", "AsAh", "KsKh"], blinds=(100, 200, 0),
                 rake=Rake(percent=5, cap=100, no_flop_no_drop=no_flop_no_drop))
    hand.apply(BetRaise(2, 600))
    hand.apply(Fold(0))
    hand.apply(Fold(1))
    assert hand.result.rake == rake
    assert hand.result.stacks == (900, 800, 1_300 - rake)
    assert_consistent(hand, 3_000)


def test_hand_that_ends_by_a_fold_after_the_flop_is_raked():
    hand = start("NT", (1_000,) * 3, ["2c7d", "AsAh", "KsKh"], blinds=(100, 200, 0),
                 rake=Rake(percent=5, cap=100))
    check_around(hand)  # 600 in the pot
    deal_board(hand, "3c8d9h")
    hand.apply(BetRaise(0, 200))
    hand.apply(Fold(1))
    hand.apply(Fold(2))
    assert hand.result.rake == 30
    assert hand.result.stacks == (1_370, 800, 800)
    assert_consistent(hand, 3_000)
