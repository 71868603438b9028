"""The dead button rule as a pure function: who has the button and posts the blinds."""

from __future__ import annotations

import random

from tableside.table.blinds import Marks, plan_hand
from tableside.table.practice import PracticeTable
from tableside.table.simulate import next_command

NOTHING_YET = Marks()


def plan(in_game, last=NOTHING_YET, waiting=(), out=(), seats=9, blinds=True, button=None):
    return plan_hand(seats, in_game, waiting, out, last, blinds=blinds, button=button)


def seats_of(positions):
    return positions.button, positions.small_blind, positions.big_blind, positions.order


def test_first_hand_starts_afresh_left_of_the_button():
    first = plan([1, 3, 5, 7])
    assert seats_of(first) == (1, 3, 5, (3, 5, 7, 1))
    assert first.fresh and not first.dead_button
    assert seats_of(plan([1, 3, 5, 7], button=5)) == (5, 7, 1, (7, 1, 3, 5))


def test_the_big_blind_moves_one_player_and_the_others_follow():
    nxt = plan([1, 3, 5, 7], Marks(1, 3, 5))
    assert seats_of(nxt) == (3, 5, 7, (5, 7, 1, 3))
    assert nxt.marks == Marks(3, 5, 7) and not nxt.fresh


def test_big_blind_leaving_makes_a_dead_small_blind_then_a_dead_button():
    # Seat 5 (last big blind) has left: 7 posts the big blind, nobody the small blind.
    first = plan([1, 3, 7, 8], Marks(1, 3, 5))
    assert seats_of(first) == (3, None, 7, (7, 8, 1, 3))
    # Next hand the button goes to seat 5's empty chair: a dead button.
    second = plan([1, 3, 7, 8], first.marks)
    assert seats_of(second) == (5, 7, 8, (7, 8, 1, 3))
    assert second.dead_button


def test_small_blind_leaving_makes_a_dead_button():
    after = plan([1, 5, 7, 8], Marks(1, 3, 5))
    assert seats_of(after) == (3, 5, 7, (5, 7, 8, 1))
    assert after.dead_button


def test_newcomers_wait_for_the_big_blind():
    # Seat 6 sat down between the big blind and the next player: the big blind comes to them.
    joined = plan([1, 3, 5, 6, 7], Marks(1, 3, 5), waiting=[6])
    assert seats_of(joined) == (3, 5, 6, (5, 6, 7, 1, 3))
    # Seat 2 sat down behind the blinds: not dealt in until the big blind reaches them.
    behind = plan([1, 2, 3, 5, 7], Marks(1, 3, 5), waiting=[2])
    assert 2 not in behind.order and behind.big_blind == 7


def test_a_player_sitting_out_misses_the_big_blind_that_passes_them():
    passed = plan([1, 3, 5, 7], Marks(1, 3, 5), out=[6, 2])
    assert passed.big_blind == 7 and passed.missed == (6,)


def test_heads_up_the_button_posts_the_small_blind_and_the_blinds_alternate():
    first = plan([2, 6])
    assert seats_of(first) == (2, 2, 6, (6, 2))
    second = plan([2, 6], first.marks)
    assert seats_of(second) == (6, 6, 2, (2, 6))


def test_from_heads_up_to_three_nobody_posts_the_big_blind_twice():
    grows = plan([1, 4, 7], Marks(1, 1, 4))
    assert seats_of(grows) == (1, 4, 7, (4, 7, 1))
    # The newcomer sits between the button and the big blind: the button cannot stay on the
    # last big blind's right, so it goes to the seat right before the small blind.
    squeezed = plan([1, 2, 4], Marks(1, 1, 4))
    assert seats_of(squeezed) == (3, 4, 1, (4, 1, 2))
    assert squeezed.dead_button


def test_blinds_start_afresh_when_too_few_could_be_dealt_in():
    # Only seat 1 is in without waiting; the big blind (seat 1) alone cannot make a hand.
    again = plan([1, 4], Marks(1, 3, 5), waiting=[4])
    assert again.fresh
    assert seats_of(again) == (4, 4, 1, (1, 4))


def test_games_without_blinds_deal_everyone_and_move_the_button():
    first = plan([1, 3, 5], blinds=False)
    assert seats_of(first) == (1, None, None, (3, 5, 1))
    second = plan([1, 3, 5, 6], first.marks, waiting=[6], blinds=False)
    assert seats_of(second) == (3, None, None, (5, 6, 1, 3))
    assert second.marks.big_blind is None


def test_fewer_than_two_players_make_no_hand():
    assert plan([4]) is None
    assert plan([]) is None


def test_joins_leaves_and_sit_outs_keep_the_rule_over_many_hands():
    """A long random evening: whatever happens, the big blind moves to the next player in
    the game, nobody posts it twice in a row, waiting players come in only as the big blind,
    and the engine posts the blinds where the table says."""
    rng = random.Random(7)
    table = PracticeTable({"seats": 9, "blinds": [1, 2]})
    names = iter(f"P{i}" for i in range(1000))
    for seat in (1, 4, 6):
        table.do("sit", seat=seat, player=next(names), buy_in=200)
    previous = None
    checked = 0
    while table.state.hands_started < 250:
        state = table.state
        if state.hand_in_progress():
            table.do(**_as_fields(next_command(state, rng)))
            continue
        _change_seats(table, rng, names)
        if len(state.in_game()) < 2:
            continue
        waiting_before = {n for n, s in state.seats.items() if s.waiting}
        in_game = state.in_game()
        command = next_command(state, rng)
        table.do(**_as_fields(command))
        if command["type"] != "start_hand":  # a rebuy for a player without chips
            continue
        hand = state.hand
        positions = hand.positions
        config = hand.config
        big_index = positions.order.index(positions.big_blind)
        assert config.blinds[big_index] == 2
        if len(positions.order) > 2 and positions.small_blind is not None:
            assert positions.order[0] == positions.small_blind
            assert config.blinds[0] == 1
        if not positions.fresh:
            for seat in waiting_before & set(positions.order):
                assert seat == positions.big_blind
            if previous is not None:
                assert positions.big_blind != previous.big_blind
                ahead = sorted(in_game, key=lambda s: (s - previous.big_blind - 1) % 9)
                assert positions.big_blind == ahead[0]
            checked += 1
        previous = positions
    assert checked > 150


def _as_fields(command):
    return {"kind": command["type"], **{k: v for k, v in command.items() if k != "type"}}


def _change_seats(table, rng, names):
    state = table.state
    roll = rng.random()
    empty = [n for n in range(1, 10) if n not in state.seats]
    if roll < 0.15 and empty:
        table.do("sit", seat=rng.choice(empty), player=next(names), buy_in=200)
    elif roll < 0.25 and len(state.seats) > 3:
        table.do("leave", seat=rng.choice(sorted(state.seats)))
    elif roll < 0.35:
        seat = state.seats[rng.choice(sorted(state.seats))]
        table.do("sit_in" if seat.sitting_out else "sit_out", seat=seat.seat)
