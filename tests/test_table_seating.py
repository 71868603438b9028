"""Seats, buy-ins, stacks from hand to hand, blinds as players come and go, game settings."""

from __future__ import annotations

import random

import pytest

from tableside.table import TableError
from tableside.table.practice import PracticeTable
from tableside.table.simulate import next_command


def three_handed(**settings) -> PracticeTable:
    table = PracticeTable({"seats": 6, "blinds": [1, 2], **settings})
    for seat, name in ((1, "Anna"), (3, "Ben"), (5, "Cleo")):
        table.do("sit", seat=seat, player=name, buy_in=200)
    return table


def deal_all(table: PracticeTable, holes: dict[int, str]) -> None:
    for seat in table.state.hand.seats:
        table.do("deal", seat=seat, cards=holes[seat])


def refused(rule: str, table: PracticeTable, kind: str, **fields) -> TableError:
    before = table.state.to_snapshot()
    with pytest.raises(TableError) as caught:
        table.do(kind, **fields)
    assert caught.value.rule == rule, caught.value.to_json()
    assert table.state.to_snapshot() == before  # a refusal changes nothing
    assert caught.value.message("en") != caught.value.message("de")
    return caught.value


def test_buy_ins_follow_the_minimum_and_maximum():
    table = PracticeTable({"seats": 6, "blinds": [1, 2], "max_buy_in": 300})
    assert table.state.minimum_buy_in() == 40  # 20 big blinds
    error = refused("buy_in_too_small", table, "sit", seat=1, player="Anna", buy_in=39)
    assert "40" in error.message("en") and "40" in error.message("de")
    refused("buy_in_too_large", table, "sit", seat=1, player="Anna", buy_in=301)
    refused("buy_in_needed", table, "sit", seat=1, player="Anna")
    table.do("sit", seat=1, player="Anna", buy_in=40)
    refused("seat_taken", table, "sit", seat=1, player="Ben", buy_in=100)
    refused("already_seated", table, "sit", seat=2, player="Anna", buy_in=100)
    refused("no_such_seat", table, "sit", seat=7, player="Ben", buy_in=100)
    assert table.state.ledger[-1] | {"at": 0} == {"seq": 2, "at": 0, "seat": 1,
                                                  "player": "Anna", "kind": "buy_in",
                                                  "amount": 40}


def test_minimum_buy_in_is_configurable():
    table = PracticeTable({"blinds": [5, 10], "buy_in_multiple": 10})
    assert table.state.minimum_buy_in() == 100
    assert PracticeTable({"min_buy_in": 77}).state.minimum_buy_in() == 77


def test_rebuys_and_add_ons_only_between_hands_and_within_the_maximum():
    table = three_handed(max_buy_in=250)
    table.do("start_hand")
    refused("between_hands", table, "rebuy", seat=1, amount=50)
    table.do("misdeal")
    table.do("rebuy", seat=1, amount=50)
    assert table.state.seats[1].stack == 250
    refused("buy_in_too_large", table, "add_on", seat=1, amount=1)
    table.do("add_on", seat=3, amount=10)
    assert [e["kind"] for e in table.state.ledger[-2:]] == ["rebuy", "add_on"]


def test_stacks_carry_from_hand_to_hand():
    table = three_handed()
    table.do("start_hand")
    hand = table.state.hand
    assert hand.seats == (3, 5, 1)  # Anna's button, Ben small blind, Cleo big blind
    deal_all(table, {3: "As Ad", 5: "Kc Kd", 1: "7c 2d"})
    table.do("fold")  # Anna
    table.do("bet_raise", to=10)  # Ben
    table.do("check_call")  # Cleo
    table.do("board", cards="Ah 5s 9c")
    table.do("bet_raise", to=20)
    table.do("check_call")
    table.do("board", cards="2h")
    table.do("check_call")
    table.do("check_call")
    table.do("board", cards="3s")
    table.do("check_call")
    table.do("check_call")
    table.do("show", seat=3, cards="As Ad")
    table.do("show", seat=5, cards=None)
    assert {n: s.stack for n, s in table.state.seats.items()} == {1: 200, 3: 230, 5: 170}
    table.do("start_hand")
    assert table.state.hand.config.stacks == (170, 200, 230)  # Cleo SB, Anna BB, Ben button
    assert table.state.hand.seats == (5, 1, 3)


def test_sitting_out_and_coming_back():
    table = three_handed()
    table.do("sit", seat=6, player="Dora", buy_in=200)
    table.do("start_hand")  # everyone in: the first hand starts afresh
    assert table.state.hand.seats == (3, 5, 6, 1)
    table.do("sit_out", seat=3)  # during a hand: from the next one
    table.do("misdeal")
    table.do("start_hand")
    assert 3 not in table.state.hand.seats
    table.do("misdeal")
    table.do("sit_in", seat=3)
    table.do("start_hand")
    assert 3 in table.state.hand.seats  # the big blind has not passed Ben: back at once
    table.do("sit_out", seat=1)
    refused("already_out", table, "sit_out", seat=1)
    refused("not_out", table, "sit_in", seat=5)


def test_leaving_cashes_out_and_waits_for_the_hand():
    table = three_handed()
    table.do("sit", seat=2, player="Dora", buy_in=100)
    table.do("sit_out", seat=2)
    table.do("start_hand")
    refused("in_hand", table, "leave", seat=1)
    table.do("leave", seat=2)  # not in the hand: may go
    assert table.state.ledger[-1]["kind"] == "cash_out"
    assert table.state.ledger[-1]["amount"] == 100
    assert 2 not in table.state.seats


def test_settings_change_at_the_next_hand():
    table = three_handed()
    table.do("start_hand")
    table.do("settings", changes={"blinds": [5, 10]})
    assert table.state.hand.config.blinds == (1, 2, 0)
    table.do("misdeal")
    table.do("start_hand")
    assert table.state.hand.config.blinds == (5, 10, 0)
    refused("settings", table, "settings", changes={"seats": 11})
    refused("seat_taken", table, "settings", changes={"seats": 4})


def test_straddles_only_where_allowed():
    table = three_handed()
    table.do("sit", seat=6, player="Dora", buy_in=200)
    refused("no_straddles", table, "start_hand", straddles=1)
    table.do("settings", changes={"straddles": True})
    table.do("start_hand", straddles=1)
    hand = table.state.hand
    assert hand.seats == (3, 5, 6, 1) and hand.config.blinds == (1, 2, 4, 0)
    deal_all(table, {3: "2c 3c", 5: "4c 5c", 6: "6c 7c", 1: "8c 9c"})
    assert table.state.hand.hand.actor == 3  # the button (Anna, seat 1) acts first


def test_heads_up_the_button_posts_the_small_blind():
    table = PracticeTable({"blinds": [1, 2]})
    table.do("sit", seat=2, player="Anna", buy_in=100)
    table.do("sit", seat=7, player="Ben", buy_in=100)
    table.do("start_hand")
    hand = table.state.hand
    assert hand.positions.button == 2 and hand.seats == (7, 2)
    assert hand.config.blinds == (2, 1)


def test_the_dealer_places_the_first_button_and_a_misdeal_keeps_it():
    table = three_handed()
    refused("button_moves", table, "start_hand", button=2)  # an empty seat
    table.do("start_hand", button=3)
    assert table.state.hand.seats == (5, 1, 3)
    table.do("misdeal")
    table.do("start_hand")
    assert table.state.hand.positions.button == 3
    _finish(table)
    refused("button_moves", table, "start_hand", button=5)
    table.do("start_hand")
    assert table.state.hand.positions.button == 5


def test_stud_posts_antes_and_a_bring_in():
    table = PracticeTable({"game": "F7S", "unit": 5})
    for seat in (1, 2, 3):
        table.do("sit", seat=seat, player=f"P{seat}", buy_in=500)
    table.do("start_hand")
    config = table.state.hand.config
    assert config.antes == (5, 5, 5) and config.bring_in == 5
    assert (config.small_bet, config.big_bet) == (10, 20) and not config.blinds


def test_horse_rotates_games_by_orbit():
    table = PracticeTable({"rotation": "HORSE"})
    for seat in (1, 2, 3):
        table.do("sit", seat=seat, player=f"P{seat}", buy_in=200)
    games = []
    for _ in range(7):
        table.do("start_hand")
        games.append(table.state.hand.game)
        _finish(table)
    assert games == ["FT"] * 3 + ["FO/8"] * 3 + ["FR"]
    assert table.state.turn.banner("de").startswith("H.O.R.S.E.: ")


def test_dealers_choice_needs_the_game():
    table = PracticeTable({"rotation": "dealers_choice", "games": ["NT", "PO"]})
    for seat in (1, 2):
        table.do("sit", seat=seat, player=f"P{seat}", buy_in=200)
    refused("game", table, "start_hand")
    refused("game", table, "start_hand", game="FT")
    table.do("start_hand", game="PO")
    assert table.state.hand.game == "PO"


def test_money_in_equals_money_out_and_on_the_table():
    rng = random.Random(3)
    table = PracticeTable({"blinds": [1, 2], "rake_percent": 5, "rake_cap": 3})
    for seat in (1, 2, 4, 6):
        table.do("sit", seat=seat, player=f"P{seat}", buy_in=60)
    rake = 0
    while table.state.hands_started < 120:
        command = next_command(table.state, rng)
        table.do(command.pop("type"), **command)
        hand = table.state.hand
        if hand is not None and hand.finished and hand.history[-1]["seq"] == table.state.seq:
            rake += hand.hand.result.rake
        if rng.random() < 0.01 and not table.state.hand_in_progress():
            seat = rng.choice(sorted(table.state.seats))
            table.do("leave", seat=seat)
            table.do("sit", seat=seat, player=f"Q{table.state.seq}", buy_in=80)
    ledger = table.state.ledger
    money_in = sum(e["amount"] for e in ledger if e["kind"] in ("buy_in", "rebuy", "add_on"))
    money_out = sum(e["amount"] for e in ledger if e["kind"] == "cash_out")
    # During a hand the seats keep the stacks it started with: the pot is still in them.
    on_table = sum(s.stack for s in table.state.seats.values())
    assert rake > 0
    assert money_in == money_out + on_table + rake + table.state.carried_pot


def _finish(table: PracticeTable) -> None:
    rng = random.Random(table.state.seq)
    while table.state.hand_in_progress():
        command = next_command(table.state, rng)
        table.do(command.pop("type"), **command)


def test_limits_follow_the_blinds_unless_set():
    table = PracticeTable({"game": "FT", "blinds": [5, 10]})
    for seat in (1, 2, 3):
        table.do("sit", seat=seat, player=f"P{seat}", buy_in=500)
    table.do("start_hand")
    config = table.state.hand.config
    assert (config.small_bet, config.big_bet, config.blinds) == (10, 20, (5, 10, 0))
    table.do("settings", changes={"small_bet": 10, "big_bet": 30, "game": "ST"})
    table.do("misdeal")
    table.do("start_hand")
    config = table.state.hand.config
    assert config.variant.code == "ST" and (config.small_bet, config.big_bet) == (10, 30)
