"""Tournament basics: eliminations, finishing order, levels from the next hand, the clock."""

from __future__ import annotations

import pytest

from tableside.table import TableError
from tableside.table.practice import PracticeTable
from tableside.table.views import public_state

LEVELS = [{"small_blind": 10, "big_blind": 20, "minutes": 15},
          {"small_blind": 20, "big_blind": 40, "ante": 5, "minutes": 15},
          {"is_break": True, "minutes": 10},
          {"small_blind": 50, "big_blind": 100, "minutes": 15}]


def tournament(**settings) -> PracticeTable:
    table = PracticeTable({"mode": "tournament", "starting_stack": 1000, "rebuys": False,
                           "levels": LEVELS, **settings})
    return table


def refused(rule: str, table: PracticeTable, kind: str, **fields) -> None:
    before = table.state.to_snapshot()
    with pytest.raises(TableError) as caught:
        table.do(kind, **fields)
    assert caught.value.rule == rule, caught.value.to_json()
    assert table.state.to_snapshot() == before


def all_in_showdown(table: PracticeTable, holes: dict[int, str], board: str) -> None:
    """Everyone all-in preflop, the board, then every hand shown."""
    for seat in table.state.hand.seats:
        table.do("deal", seat=seat, cards=holes[seat])
    hand = table.state.hand.hand
    while hand.actor is not None:
        legal = hand.legal()
        if legal.min_to is not None:
            table.do("bet_raise", to=legal.max_to)
        else:
            table.do("check_call")
    cards = board.split()
    for count in (3, 1, 1):
        table.do("board", cards=cards[:count])
        cards = cards[count:]
    for player in list(hand.showdown_order()):
        seat = table.state.hand.seats[player]
        table.do("show", seat=seat, cards=holes[seat])


def test_players_out_in_one_hand_finish_by_their_starting_chips_and_the_last_one_wins():
    table = tournament()
    table.do("sit", seat=1, player="Anna", buy_in=3000)
    table.do("sit", seat=2, player="Ben", buy_in=1000)
    table.do("sit", seat=3, player="Cleo")  # the starting stack
    table.do("start_hand")
    all_in_showdown(table, {1: "As Ah", 2: "Kc Kd", 3: "Qc Qd"}, "2s 7h 9d 3c 4h")
    # The hand is over but still open to corrections: the places show as they stand.
    order = table.state.finishing_order()
    assert [(p["player"], p["place"]) for p in order] == [("Anna", 1), ("Ben", 2), ("Cleo", 2)]
    assert public_state(table.state)["tournament"]["winner"] == "Anna"
    refused("tournament_over", table, "start_hand")


def test_the_shorter_stack_finishes_lower():
    table = tournament()
    table.do("sit", seat=1, player="Anna", buy_in=3000)
    table.do("sit", seat=2, player="Ben", buy_in=1000)
    table.do("sit", seat=3, player="Cleo", buy_in=500)
    table.do("sit", seat=4, player="Dora", buy_in=3000)
    table.do("sit_out", seat=4)
    table.do("start_hand")
    all_in_showdown(table, {1: "As Ah", 2: "Kc Kd", 3: "Qc Qd"}, "2s 7h 9d 3c 4h")
    table.do("sit_in", seat=4)
    table.do("start_hand")  # closes the hand: Ben and Cleo are out
    assert [(e["player"], e["place"]) for e in table.state.eliminated] == [("Cleo", 4),
                                                                          ("Ben", 3)]
    assert sorted(table.state.seats) == [1, 4]
    refused("eliminated", table, "sit", seat=2, player="Ben")


def test_level_changes_take_effect_at_the_next_hand():
    table = tournament()
    for seat in (1, 2, 3):
        table.do("sit", seat=seat, player=f"P{seat}")
    table.do("start_hand")
    assert table.state.hand.config.blinds == (10, 20, 0)
    table.do("set_level", level=2)
    assert table.state.hand.config.blinds == (10, 20, 0)
    table.do("misdeal")
    table.do("start_hand")
    config = table.state.hand.config
    assert config.blinds == (20, 40, 0) and config.antes == (5, 5, 5)
    assert table.state.hand.level == 2
    table.do("misdeal")  # a misdeal puts the level back as it was before the hand
    assert (table.state.level, table.state.next_level) == (1, 2)
    table.do("set_level", level=3)
    refused("break", table, "start_hand")
    refused("no_level", table, "set_level", level=9)


def test_with_rebuys_open_a_busted_player_stays_until_rebuy_or_elimination():
    table = tournament(rebuys=True)
    table.do("sit", seat=1, player="Anna", buy_in=3000)
    table.do("sit", seat=2, player="Ben")
    table.do("sit", seat=3, player="Cleo")
    table.do("start_hand")
    all_in_showdown(table, {1: "As Ah", 2: "Kc Kd", 3: "Qc Qd"}, "2s 7h 9d 3c 4h")
    table.do("rebuy", seat=2)
    assert table.state.seats[2].stack == 1000
    refused("has_chips", table, "eliminate", seat=2)
    table.do("eliminate", seat=3)
    assert table.state.eliminated[-1]["player"] == "Cleo"
    assert table.state.eliminated[-1]["place"] == 3
    refused("tournament_leave", table, "leave", seat=2)


def test_the_clock_starts_pauses_and_resumes_in_order():
    table = tournament()
    refused("clock_not_started", table, "clock", action="pause")
    table.do("clock", action="start")
    table.do("clock", action="pause")
    refused("clock_paused", table, "clock", action="pause")
    table.do("clock", action="resume")
    assert [c["action"] for c in table.state.clock] == ["start", "pause", "resume"]
    assert all(isinstance(c["at"], float) for c in table.state.clock)


def test_a_running_clock_sets_the_level_of_each_new_hand():
    # The practice table's clock ticks one second per command: level 1 lasts 6 commands.
    table = tournament(levels=[{"small_blind": 10, "big_blind": 20, "minutes": 0.1},
                               {"small_blind": 20, "big_blind": 40, "minutes": 15},
                               {"is_break": True, "minutes": 5},
                               {"small_blind": 50, "big_blind": 100}])
    for seat in (1, 2, 3):
        table.do("sit", seat=seat, player=f"P{seat}")
    table.do("clock", action="start")
    table.do("start_hand")
    assert table.state.hand.config.blinds == (10, 20, 0)
    for _ in range(3):
        table.do("sit_out", seat=3)
        table.do("sit_in", seat=3)
    # Level 2 began during the hand; the hand goes on at level 1, the next one is at level 2.
    assert table.state.tournament_clock().reading(table.state.last_at).stage_index == 1
    assert table.state.hand.config.blinds == (10, 20, 0)
    table.do("misdeal")
    table.do("start_hand")
    assert table.state.hand.config.blinds == (20, 40, 0) and table.state.hand.level == 2
    table.do("misdeal")
    table.do("set_level", level=4)  # the dealer moves the clock on
    table.do("start_hand")
    assert table.state.hand.config.blinds == (50, 100, 0) and table.state.hand.level == 4
    table.do("misdeal")
    table.do("set_level", level=3)
    refused("break", table, "start_hand")


def test_the_dealer_pauses_a_players_action_timer():
    table = tournament(action_seconds=120, action_warning=20)
    for seat in (1, 2):
        table.do("sit", seat=seat, player=f"P{seat}")
    refused("no_timer", table, "timer", action="pause")
    table.do("start_hand")
    table.do("deal", seat=2, cards="As Ks")
    table.do("deal", seat=1, cards="2c 2d")
    turn_began = table.state.last_at
    timer = table.state.action_timer()
    assert timer.started_at == turn_began and timer.expires_at() == turn_began + 120
    table.do("timer", action="pause")
    refused("timer_paused", table, "timer", action="pause")
    table.do("timer", action="resume")
    assert table.state.action_timer().expires_at() == turn_began + 121
    table.do("check_call")
    assert table.state.action_timer().started_at == table.state.last_at  # a new turn


def test_cash_tables_have_no_eliminations():
    table = PracticeTable()
    table.do("sit", seat=1, player="Anna", buy_in=100)
    refused("not_tournament", table, "eliminate", seat=1)
