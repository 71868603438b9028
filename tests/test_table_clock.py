"""The tournament clock (a fold over start, pause, resume and move events, read at any time),
the blind structures, and payouts by place with the finishing order and its ties."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from tableside.table.clock import (
    DEFAULT_STRUCTURE,
    PAYOUT_TABLE,
    BlindStructure,
    Break,
    Clock,
    ClockMoved,
    ClockPaused,
    ClockResumed,
    ClockStarted,
    Elimination,
    Finish,
    Level,
    clock_text,
    finishing_order,
    payout_percentages,
    payouts,
    place_label,
    prizes,
    standard_structure,
)
from tableside.table.errors import TableError

T0 = 1_700_000_000.0
SMALL = BlindStructure((Level(10, 20, minutes=10), Level(20, 40, minutes=10), Break(5),
                        Level(30, 60, 5, minutes=12)))


def started(structure: BlindStructure = SMALL, at: float = T0) -> Clock:
    return Clock.replay(structure, [ClockStarted(at)])


# ----------------------------------------------------------------------------- structures


def test_the_default_structure_is_a_dealer_clock_of_fifteen_minute_levels_with_breaks():
    levels = [s for s in DEFAULT_STRUCTURE.stages if isinstance(s, Level)]
    breaks = [s for s in DEFAULT_STRUCTURE.stages if isinstance(s, Break)]
    assert all(level.minutes == 15 for level in levels)
    assert len(levels) >= 12 and breaks
    assert all(a.big_blind < b.big_blind for a, b in pairwise(levels))
    assert all(level.small_blind * 2 == level.big_blind for level in levels)
    # A break after every fourth level, never at the end.
    for index, stage in enumerate(DEFAULT_STRUCTURE.stages):
        if isinstance(stage, Break):
            assert DEFAULT_STRUCTURE.level_number(index) % 4 == 0
    assert isinstance(DEFAULT_STRUCTURE.stages[-1], Level)


@pytest.mark.parametrize("minutes", [10, 12, 15])
def test_standard_structures_take_the_level_length_and_the_break_rhythm(minutes):
    structure = standard_structure(minutes=minutes, break_every=3, break_minutes=5)
    assert {s.minutes for s in structure.stages if isinstance(s, Level)} == {minutes}
    assert {s.minutes for s in structure.stages if isinstance(s, Break)} == {5}
    assert isinstance(structure.stages[3], Break)
    assert not any(isinstance(s, Break) for s in standard_structure(break_every=0).stages)


def test_impossible_levels_and_structures_are_refused():
    with pytest.raises(ValueError):
        Level(20, 10)
    with pytest.raises(ValueError):
        Level(10, 20, minutes=0)
    with pytest.raises(ValueError):
        Break(0)
    with pytest.raises(ValueError):
        BlindStructure((Break(5),))


def test_stakes_are_written_in_each_language():
    level = Level(1_000, 2_000, 300)
    assert level.stakes("en") == "1,000/2,000, ante 300"
    assert level.stakes("de") == "1.000/2.000, Ante 300"
    assert Level(25, 50).stakes("en") == "25/50"


# ----------------------------------------------------------------------------- the clock


def test_a_clock_not_started_shows_the_first_level():
    reading = Clock(SMALL).reading(T0)
    assert not reading.started and not reading.paused
    assert reading.level == SMALL.stages[0]
    assert reading.describe("en") == "Clock not started - level 1: 10/20"
    assert reading.describe("de") == "Uhr nicht gestartet - Stufe 1: 10/20"


def test_the_running_clock_moves_through_the_levels_and_the_break():
    clock = started()
    starts = SMALL.starts()
    first, second, pause, third = SMALL.stages
    reading = clock.reading(T0 + 125)
    assert (reading.stage_index, reading.level_number) == (0, 1)
    assert reading.remaining == first.seconds - 125
    assert reading.next_level == second
    assert reading.to_next_level == starts[1] - 125
    assert reading.to_break == starts[2] - 125
    reading = clock.reading(T0 + starts[1])
    assert (reading.stage_index, reading.level, reading.remaining) == (1, second, second.seconds)
    reading = clock.reading(T0 + starts[2] + 60)
    assert reading.on_break and reading.stage == pause
    assert reading.remaining == pause.seconds - 60
    assert reading.level == third  # on a break, the level that comes next
    assert reading.to_break is None


def test_the_last_level_stays_after_the_structure_ends():
    clock = started()
    end = SMALL.starts()[-1] + SMALL.stages[-1].seconds
    for later in (SMALL.starts()[-1] + 1, end, end + 10 * 3600):
        reading = clock.reading(T0 + later)
        assert reading.level == SMALL.stages[-1]
        assert reading.remaining is None and reading.next_level is None
        assert reading.to_next_level is None and reading.to_break is None
    assert clock.reading(T0 + end).describe("en") == "Level 3: 30/60, ante 5"


def test_a_trailing_break_ends_into_the_last_level_for_good():
    structure = BlindStructure((Level(10, 20, minutes=1), Break(1)))
    clock = started(structure)
    assert clock.reading(T0 + 30).to_break == 30
    assert clock.reading(T0 + 90).on_break
    after = clock.reading(T0 + 500)
    assert (after.stage_index, after.remaining) == (0, None)


def test_pausing_stops_the_time_and_resuming_goes_on_where_it_stopped():
    clock = started()
    paused = clock.apply(ClockPaused(T0 + 100))
    assert clock.running and not paused.running  # apply leaves the clock it was called on
    for later in (100, 500, 5000):
        reading = paused.reading(T0 + later)
        assert reading.paused
        assert reading.remaining == SMALL.stages[0].seconds - 100
    resumed = paused.apply(ClockResumed(T0 + 1000))
    assert resumed.reading(T0 + 1050).remaining == SMALL.stages[0].seconds - 150
    assert resumed.elapsed(T0 + 1050) == 150


def test_a_clock_replayed_from_its_events_reads_the_same():
    rng = random.Random(5)
    events, at, running = [ClockStarted(T0)], T0, True
    for _ in range(40):
        at += rng.uniform(0, 400)
        if rng.random() < 0.15:
            events.append(ClockMoved(at, rng.randrange(len(SMALL.stages))))
            continue
        events.append(ClockPaused(at) if running else ClockResumed(at))
        running = not running
    clock = Clock(SMALL)
    for event in events:
        clock = clock.apply(event)
    again = Clock.replay(SMALL, events)
    assert again == clock
    for later in (0, 60, 3600):
        assert again.reading(at + later) == clock.reading(at + later)


def test_the_dealer_can_move_the_clock_to_a_stage():
    clock = started().apply(ClockMoved(T0 + 30, 1))
    reading = clock.reading(T0 + 90)
    assert (reading.stage_index, reading.remaining) == (1, SMALL.stages[1].seconds - 60)
    paused = started().apply(ClockPaused(T0 + 10)).apply(ClockMoved(T0 + 20, 3))
    assert paused.reading(T0 + 999).paused
    assert paused.reading(T0 + 999).remaining is None  # the last level
    back = clock.apply(ClockMoved(T0 + 100, 0))
    assert back.reading(T0 + 100).remaining == SMALL.stages[0].seconds


@pytest.mark.parametrize(("events", "rule"), [
    ([ClockPaused(T0)], "clock_not_started"),
    ([ClockStarted(T0), ClockStarted(T0 + 1)], "clock_started"),
    ([ClockStarted(T0), ClockResumed(T0 + 1)], "clock_running"),
    ([ClockStarted(T0), ClockPaused(T0 + 1), ClockPaused(T0 + 2)], "clock_paused"),
    ([ClockStarted(T0), ClockPaused(T0 - 1)], "clock_time_backwards"),
    ([ClockStarted(T0), ClockMoved(T0, 9)], "clock_no_stage"),
])
def test_impossible_clock_events_are_refused_in_both_languages(events, rule):
    clock = Clock.replay(SMALL, events[:-1])
    with pytest.raises(TableError) as refused:
        clock.apply(events[-1])
    assert refused.value.rule == rule
    assert refused.value.message("en") != refused.value.message("de")


def test_a_hand_is_played_at_the_level_of_its_start():
    clock = started()
    level_ends = T0 + SMALL.starts()[1]
    assert clock.level_for_hand(level_ends - 1) == SMALL.stages[0]
    assert clock.level_for_hand(level_ends) == SMALL.stages[1]
    on_break = T0 + SMALL.starts()[2] + 1
    assert clock.level_for_hand(on_break) == SMALL.stages[3]
    assert Clock(SMALL).level_for_hand(T0) == SMALL.stages[0]


def test_the_clock_line_in_english_and_german():
    clock = started()
    reading = clock.reading(T0 + 275)
    assert reading.describe("en") == "Level 1: 10/20 - 5:25 left - next 20/40 - break in 15:25"
    assert reading.describe("de") == (
        "Stufe 1: 10/20 - noch 5:25 - danach 20/40 - Pause in 15:25")
    on_break = clock.reading(T0 + SMALL.starts()[2])
    assert on_break.describe("en") == "Break - 5:00 left - next 30/60, ante 5"
    assert on_break.describe("de") == "Pause - noch 5:00 - danach 30/60, Ante 5"
    paused = clock.apply(ClockPaused(T0 + 275)).reading(T0 + 900)
    assert paused.describe("en").startswith("PAUSED - Level 1: 10/20 - 5:25 left")
    assert paused.describe("de").startswith("ANGEHALTEN - Stufe 1: 10/20 - noch 5:25")


@pytest.mark.parametrize(("seconds", "text"), [
    (0, "0:00"), (0.2, "0:01"), (59, "0:59"), (60, "1:00"), (725, "12:05"), (3725, "1:02:05"),
    (-3, "0:00"),
])
def test_clock_text(seconds, text):
    assert clock_text(seconds) == text


# ----------------------------------------------------------------------------- payouts


@pytest.mark.parametrize("entrants", range(1, 31))
def test_payout_percentages_by_number_of_entrants(entrants):
    split = payout_percentages(entrants)
    assert sum(split) == 100
    assert list(split) == sorted(split, reverse=True)
    places = 1 if entrants <= 5 else 2 if entrants <= 10 else 3
    assert len(split) == places
    assert split == next(s for most, s in PAYOUT_TABLE if most is None or entrants <= most)


def test_payout_percentages_follow_a_custom_table():
    table = ((3, (100,)), (None, (60, 25, 15)))
    assert payout_percentages(3, table) == (100,)
    assert payout_percentages(4, table) == (60, 25, 15)
    with pytest.raises(ValueError):
        payout_percentages(0)


@pytest.mark.parametrize("unit", [1, 50, 100])
def test_prizes_add_up_to_the_pool_exactly(unit):
    rng = random.Random(unit)
    for _ in range(300):
        pool = rng.randint(0, 500_000)
        split = payout_percentages(rng.randint(1, 20))
        won = prizes(pool, split, unit)
        assert sum(won) == pool
        assert list(won) == sorted(won, reverse=True)
        assert all(w % unit == 0 for w in won[1:])  # only first place takes the odd cents
        for share, percent in zip(won[1:], split[1:], strict=True):
            assert abs(share - pool * percent / 100) < unit


def test_prizes_round_to_whole_euros_and_give_the_rest_to_first_place():
    assert prizes(10_000, (50, 30, 20)) == (5_000, 3_000, 2_000)
    assert prizes(10_001, (50, 30, 20)) == (5_001, 3_000, 2_000)
    assert prizes(13_550, (65, 35), unit=100) == (8_850, 4_700)
    with pytest.raises(ValueError):
        prizes(100, (60, 30))


@pytest.mark.parametrize(("place", "en", "de"), [
    (1, "1st", "1."), (2, "2nd", "2."), (3, "3rd", "3."), (4, "4th", "4."), (11, "11th", "11."),
    (12, "12th", "12."), (13, "13th", "13."), (21, "21st", "21."), (22, "22nd", "22."),
])
def test_place_labels(place, en, de):
    assert place_label(place, "en") == en
    assert place_label(place, "de") == de


def test_the_finishing_order_is_the_reverse_of_the_eliminations():
    entrants = ["Anna", "Ben", "Cleo", "Dora"]
    out = [Elimination("Ben", 12, 300), Elimination("Dora", 30, 900),
           Elimination("Anna", 41, 2_000)]
    assert finishing_order(entrants, out) == [
        Finish(1, ("Cleo",)), Finish(2, ("Anna",)), Finish(3, ("Dora",)), Finish(4, ("Ben",))]


def test_two_out_in_the_same_hand_finish_by_their_stacks_at_its_start():
    entrants = ["Anna", "Ben", "Cleo", "Dora", "Emil"]
    out = [Elimination("Emil", 5, 100), Elimination("Ben", 20, 400),
           Elimination("Dora", 20, 1_500), Elimination("Cleo", 20, 700)]
    assert finishing_order(entrants, out) == [
        Finish(1, ("Anna",)), Finish(2, ("Dora",)), Finish(3, ("Cleo",)), Finish(4, ("Ben",)),
        Finish(5, ("Emil",))]


def test_equal_stacks_out_in_the_same_hand_share_the_places_and_their_prizes():
    entrants = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Finn", "Gina"]
    out = [Elimination("Gina", 3, 500), Elimination("Finn", 9, 500),
           Elimination("Emil", 9, 800), Elimination("Dora", 15, 600),
           Elimination("Ben", 22, 1_000), Elimination("Cleo", 22, 1_000)]
    finishes = finishing_order(entrants, out)
    assert finishes[:3] == [Finish(1, ("Anna",)), Finish(2, ("Ben", "Cleo")),
                            Finish(4, ("Dora",))]
    assert [f.label("en") for f in finishes[:2]] == ["1st", "2nd-3rd"]
    assert [f.label("de") for f in finishes[:2]] == ["1.", "2.-3."]
    pool = 7 * 2_000 + 1
    won = prizes(pool, (50, 30, 20))
    paid = payouts(finishes, won)
    assert sum(paid.values()) == pool
    assert paid["Anna"] == won[0]
    assert {paid["Ben"], paid["Cleo"]} == {(won[1] + won[2]) // 2,
                                          (won[1] + won[2] + 1) // 2}
    assert paid["Dora"] == paid["Emil"] == paid["Finn"] == paid["Gina"] == 0


def test_players_still_in_share_the_top_places():
    finishes = finishing_order(["Anna", "Ben", "Cleo"], [Elimination("Cleo", 4, 10)])
    assert finishes == [Finish(1, ("Anna", "Ben")), Finish(3, ("Cleo",))]
    assert payouts(finishes, (700, 300)) == {"Anna": 500, "Ben": 500, "Cleo": 0}


@pytest.mark.parametrize(("out", "rule"), [
    ([Elimination("Zoe", 1, 10)], "not_entered"),
    ([Elimination("Ben", 1, 10), Elimination("Ben", 2, 10)], "eliminated_twice"),
    ([Elimination("Ben", 5, 10), Elimination("Anna", 2, 10)], "eliminations_out_of_order"),
])
def test_impossible_eliminations_are_refused(out, rule):
    with pytest.raises(TableError) as refused:
        finishing_order(["Anna", "Ben", "Cleo"], out)
    assert refused.value.rule == rule
    assert refused.value.message("en") != refused.value.message("de")
