"""The action timer: time left, the warning, the dealer's pauses, and the default action on
expiry, applied to real engine hands."""

from __future__ import annotations

import random

import pytest
from engine_helpers import deal_board, deal_holes, new, start

from tableside.engine import BetRaise, BringIn, CheckCall, Fold
from tableside.table.action_timer import (
    ActionTimer,
    TimerSettings,
    default_action,
    describe_default,
)
from tableside.table.errors import TableError

T0 = 1_700_000_000.0


# ----------------------------------------------------------------------------- the timer


def test_the_house_rule_is_two_minutes_with_a_warning_twenty_seconds_before_the_end():
    timer = ActionTimer(T0)
    assert (timer.settings.seconds, timer.settings.warn_before) == (120, 20)
    assert timer.expires_at() == T0 + 120
    assert timer.warns_at() == T0 + 100


def test_the_reading_counts_down_warns_and_expires():
    timer = ActionTimer(T0, settings=TimerSettings(seconds=60, warn_before=15))
    early = timer.reading(T0 + 20)
    assert (early.remaining, early.warned, early.expired) == (40, False, False)
    assert early.describe("en") == "0:40 left"
    assert early.describe("de") == "noch 0:40"
    warned = timer.reading(T0 + 45)
    assert (warned.remaining, warned.warned, warned.expired) == (15, True, False)
    assert warned.describe("en") == "0:15 left - hurry up"
    assert warned.describe("de") == "noch 0:15 - bitte entscheiden"
    over = timer.reading(T0 + 61)
    assert (over.remaining, over.warned, over.expired) == (0, True, True)
    assert over.describe("en") == "time is up"
    assert over.describe("de") == "Zeit abgelaufen"
    assert timer.reading(T0 + 60).expired


def test_a_paused_timer_keeps_its_time_until_the_dealer_resumes_it():
    timer = ActionTimer(T0).pause(T0 + 30)
    assert timer.paused and timer.expires_at() is None and timer.warns_at() is None
    for later in (30, 300, 3000):
        reading = timer.reading(T0 + later)
        assert reading.paused and reading.remaining == 90 and not reading.expired
    assert timer.reading(T0 + 300).describe("en") == "1:30 left (paused)"
    assert timer.reading(T0 + 300).describe("de") == "noch 1:30 (angehalten)"
    resumed = timer.resume(T0 + 500)
    assert not resumed.paused
    assert resumed.expires_at() == T0 + 500 + 90
    assert resumed.reading(T0 + 510).remaining == 80
    twice = resumed.pause(T0 + 560).resume(T0 + 600)
    assert twice.reading(T0 + 600).remaining == 30  # 30 s, then 60 s more after resuming
    assert twice.expires_at() == T0 + 630
    assert twice.reading(T0 + 630).expired


def test_random_pauses_never_change_the_time_used_outside_them():
    rng = random.Random(3)
    for _ in range(50):
        timer, at, stopped = ActionTimer(T0), T0, 0.0
        for _ in range(rng.randint(0, 5)):
            at += rng.uniform(0, 20)
            timer = timer.pause(at)
            pause = rng.uniform(0, 100)
            stopped += pause
            at += pause
            timer = timer.resume(at)
        later = at + rng.uniform(0, 200)
        assert timer.used(later) == pytest.approx(later - T0 - stopped)


@pytest.mark.parametrize(("steps", "rule"), [
    (["pause", "pause"], "timer_paused"),
    (["resume"], "timer_running"),
])
def test_pausing_twice_or_resuming_a_running_timer_is_refused(steps, rule):
    timer = ActionTimer(T0)
    for step in steps[:-1]:
        timer = getattr(timer, step)(T0 + 1)
    with pytest.raises(TableError) as refused:
        getattr(timer, steps[-1])(T0 + 2)
    assert refused.value.rule == rule
    assert refused.value.message("en") != refused.value.message("de")


def test_timer_events_in_the_past_are_refused():
    with pytest.raises(TableError) as refused:
        ActionTimer(T0).pause(T0 - 5)
    assert refused.value.rule == "timer_time_backwards"


def test_impossible_settings_are_refused():
    with pytest.raises(ValueError):
        TimerSettings(seconds=0)
    with pytest.raises(ValueError):
        TimerSettings(seconds=30, warn_before=40)


# ----------------------------------------------------------------------------- on expiry


def test_the_big_blind_with_the_option_checks():
    hand = start("NT", (1_000,) * 3, blinds=(5, 10, 0))
    hand.apply(CheckCall(2))
    hand.apply(CheckCall(0))
    assert default_action(hand) == CheckCall(1)
    hand.apply(default_action(hand))
    assert hand.waiting_for() == "deal_board"


def test_a_player_facing_a_bet_folds():
    hand = start("NT", (1_000,) * 3, blinds=(5, 10, 0))
    hand.apply(BetRaise(2, 30))
    assert default_action(hand) == Fold(0)  # the small blind owes 25: not free
    hand.apply(default_action(hand))
    assert default_action(hand) == Fold(1)


def test_a_player_first_to_act_after_the_flop_checks():
    hand = start("NT", (1_000,) * 3, blinds=(5, 10, 0))
    for _ in range(3):
        hand.apply(CheckCall(hand.actor))
    deal_board(hand)
    assert default_action(hand) == CheckCall(0)


def test_a_short_stack_facing_an_all_in_call_folds():
    hand = start("NT", (1_000, 1_000, 40), blinds=(5, 10, 0))
    hand.apply(BetRaise(2, 40))  # all-in
    hand.apply(BetRaise(0, 1_000))
    assert hand.legal().call_is_all_in
    assert default_action(hand) == Fold(1)


def test_the_stud_bring_in_is_forced_not_folded():
    hand = deal_holes(new("F7S", (100,) * 3, antes=(1,) * 3, bring_in=1, small_bet=2,
                          big_bet=4))
    assert hand.legal().bring_in is not None
    action = default_action(hand)
    assert action == BringIn(hand.actor)
    hand.apply(action)


def test_nobody_to_act_means_no_default_action():
    assert default_action(new("NT", (1_000,) * 3, blinds=(5, 10, 0))) is None  # dealing


@pytest.mark.parametrize("seed", range(8))
def test_timing_out_every_player_plays_any_hand_to_its_end(seed):
    """Whatever happened before, the default action is legal: a hand where, after some
    random raises, everyone times out reaches the end."""
    rng = random.Random(seed)
    players = rng.randint(2, 9)
    hand = start("NT", tuple(rng.randint(50, 500) for _ in range(players)),
                 blinds=(5, 10) + (0,) * (players - 2))
    while not hand.is_over:
        if hand.waiting_for() == "deal_board":
            deal_board(hand)
            continue
        if hand.waiting_for() != "betting":
            break  # a showdown: not the timer's business
        legal = hand.legal()
        if legal.min_to is not None and rng.random() < 0.3:
            hand.apply(BetRaise(hand.actor, rng.randint(legal.min_to, legal.max_to)))
            continue
        hand.apply(default_action(hand))
    assert hand.waiting_for() in ("over", "showdown")


def test_the_display_names_the_default_action():
    assert describe_default(Fold(0), "Anna", "en") == "Anna's time is up: fold"
    assert describe_default(Fold(0), "Anna", "de") == "Zeit von Anna abgelaufen: Fold"
    assert describe_default(CheckCall(0), "Ben", "en") == "Ben's time is up: check"
    assert describe_default(CheckCall(0), "Ben", "de") == "Zeit von Ben abgelaufen: Check"
    assert describe_default(BringIn(0), "Cleo", "de") == "Zeit von Cleo abgelaufen: Bring-in"
