"""Corrections are events too: undo, a corrected card, a misdeal, a stack adjustment; engine
refusals come back in table words and change nothing."""

from __future__ import annotations

import pytest

from tableside.table import TableError
from tableside.table.practice import PracticeTable


def started() -> PracticeTable:
    """Three players, hand 1 dealt: Ben (seat 3) small blind, Cleo (5) big blind, Anna (1)
    on the button and first to act."""
    table = PracticeTable({"seats": 6, "blinds": [1, 2]})
    for seat, name in ((1, "Anna"), (3, "Ben"), (5, "Cleo")):
        table.do("sit", seat=seat, player=name, buy_in=200)
    table.do("start_hand")
    for seat, cards in ((3, "As Ad"), (5, "Kc Kd"), (1, "7c 2d")):
        table.do("deal", seat=seat, cards=cards)
    return table


def refused(rule: str, table: PracticeTable, kind: str, **fields) -> TableError:
    before = table.state.to_snapshot()
    with pytest.raises(TableError) as caught:
        table.do(kind, **fields)
    assert caught.value.rule == rule, caught.value.to_json()
    assert table.state.to_snapshot() == before
    return caught.value


def test_undo_takes_back_actions_and_says_so_in_the_history():
    table = started()
    table.do("bet_raise", to=6)  # Anna
    table.do("check_call")  # Ben
    hand = table.state.hand
    assert hand.hand.actor == 1  # Cleo, player 1 in position order
    table.do("undo", count=2, reason="Anna meant to fold")
    assert hand.hand.actor == 2 and hand.hand.bets == [1, 2, 0]
    bet, call, undo = hand.history[-3:]
    assert (bet["type"], call["type"], undo["type"]) == ("bet_raise", "check_call", "undo")
    assert undo["removed"] == [bet["seq"], call["seq"]] == [9, 10]
    table.do("fold")
    assert hand.history[-1] | {"at": 0} == {"type": "fold", "seat": 1, "seq": 12, "at": 0}
    refused("undo_range", table, "undo", count=99)


def test_undo_reopens_a_finished_hand_until_the_next_one_starts():
    table = started()
    table.do("fold")
    table.do("fold")
    assert table.state.hand.finished
    assert table.state.seats[5].stack == 201
    table.do("undo")
    assert not table.state.hand.finished and table.state.seats[5].stack == 200
    table.do("fold")
    table.do("start_hand")
    table.do("misdeal")
    refused("no_hand", table, "undo")


def test_a_rebuy_closes_the_finished_hand_for_corrections():
    table = started()
    table.do("fold")
    table.do("fold")
    table.do("rebuy", seat=1, amount=50)
    refused("no_hand", table, "undo")
    assert table.state.last_hand.finished


def test_a_misread_board_card_is_corrected_without_rewriting_the_history():
    table = started()
    table.do("fold")
    table.do("check_call")
    table.do("check_call")
    table.do("board", cards="Ah 9s 4c")
    table.do("correct_card", wrong="Ah", right="Ac")
    hand = table.state.hand
    assert [str(c) for c in hand.hand.board] == ["Ac", "9s", "4c"]
    assert hand.history[-2]["cards"] == ["Ah", "9s", "4c"]  # as it was read, kept
    assert hand.history[-1]["type"] == "correct_card"
    refused("duplicate_card", table, "correct_card", wrong="9s", right="Ad")  # Ben holds it
    refused("card_not_in_hand", table, "correct_card", wrong="Qh", right="Qd")


def test_a_corrected_hole_card_changes_the_showdown():
    table = started()
    table.do("fold")
    table.do("check_call")
    table.do("check_call")
    for board in ("Kh 9s 4c", "2h", "3h"):
        table.do("board", cards=board)
        table.do("check_call")
        table.do("check_call")
    table.do("show", seat=3, cards="As Ad")
    table.do("show", seat=5, cards="Kc Kd")
    assert table.state.seats[5].stack == 202  # trip kings win the pot of 4
    table.do("correct_card", wrong="Kh", right="Ah")
    assert table.state.seats[3].stack == 202  # now trip aces do
    assert table.state.seats[5].stack == 198


def test_misdeal_only_before_two_players_have_acted():
    table = started()
    table.do("fold")  # one action
    stacks = {n: s.stack for n, s in table.state.seats.items()}
    table.do("misdeal", reason="card exposed")
    assert table.state.hand is None and table.state.last_hand.voided
    assert {n: s.stack for n, s in table.state.seats.items()} == stacks
    table.do("start_hand")
    assert table.state.hand.number == 2
    assert table.state.hand.positions.button == 1  # dealt again with the same button
    for seat in table.state.hand.seats:
        table.do("deal", seat=seat, cards={3: "2c 3c", 5: "4c 5c", 1: "6c 7c"}[seat])
    table.do("check_call")
    table.do("check_call")
    refused("misdeal_too_late", table, "misdeal")


def test_misdeal_keeps_the_button_and_blinds_of_a_later_hand():
    table = started()
    table.do("fold")
    table.do("fold")
    table.do("start_hand")
    second = table.state.hand.positions
    table.do("misdeal")
    table.do("start_hand")
    assert table.state.hand.positions == second


def test_stack_adjustments_between_hands_with_a_reason():
    table = started()
    refused("between_hands", table, "adjust_stack", seat=1, amount=5, reason="miscount")
    table.do("fold")
    table.do("fold")
    table.do("adjust_stack", seat=1, amount=-5, reason="chips fell off the table")
    assert table.state.seats[1].stack == 195
    assert table.state.ledger[-1]["reason"] == "chips fell off the table"
    refused("negative_stack", table, "adjust_stack", seat=1, amount=-500, reason="x")
    refused("bad_command", table, "adjust_stack", seat=1, amount=5)  # no reason


def test_engine_refusals_name_seats_and_the_legal_range_in_both_languages():
    table = started()
    error = refused("not_your_turn", table, "check_call", seat=3)
    assert error.message("en") == "it is seat 1's turn, not seat 3's"
    assert error.message("de").startswith("Platz 1 ist am Zug, nicht Platz 3")
    error = refused("below_min_bet", table, "bet_raise", to=3)
    assert error.legal["seat"] == 1 and error.legal["min_to"] == 4
    assert "raise to 4-200" in error.message("en")
    assert "Raise auf 4-200" in error.message("de")
    refused("not_in_hand", table, "fold", seat=2)
    refused("no_hand", PracticeTable(), "fold")
