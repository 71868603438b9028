"""What the display derives from the public state: shown hands judged, the blind clock's
schedule, the action timer and live equity (only from public cards)."""

from __future__ import annotations

import pytest

from tableside.cards import parse_cards
from tableside.engine import variant
from tableside.equity import equity, make_situation
from tableside.evaluation import judge
from tableside.web.blind_clock import blind_clock, level_stakes
from tableside.web.display_state import action_timer, with_display
from tableside.web.live_equity import compute, equity_game, situation_key
from tableside.web.shown_hands import shown_values


def hand(players, board=("2c", "7d", "9s"), game="NT", **extra):
    data = {"game": game, "board": list(board), "boards": [list(board)], "finished": False,
            "voided": False, "actor": None, "players": players, "history": []}
    data.update(extra)
    return data


def player(seat, cards, shown=False, folded=False, all_in=False):
    return {"seat": seat, "cards": list(cards), "shown": shown, "folded": folded,
            "all_in": all_in}


def test_every_shown_hand_is_judged_with_its_best_five():
    board = ("Ah", "Kh", "7h", "2s", "3d")
    view = hand([player(1, ["Qh", "Jh"], shown=True), player(2, ["??", "??"]),
                 player(3, ["7c", "7s"], shown=True), player(4, ["Ad", "Ac"], folded=True)],
                board=board)
    values = shown_values(view)
    assert set(values) == {"1", "3"}  # unshown and folded hands are not judged
    flush = values["1"][0]["en"]
    expected = judge("high", parse_cards("QhJh"), parse_cards("AhKh7h2s3d")).to_json("en")
    assert flush == expected and flush["category"] == "flush"
    assert set(flush["best"]) == {"Ah", "Kh", "Qh", "Jh", "7h"}
    assert values["3"][0]["de"]["name"].startswith("Drilling")


def test_hi_lo_and_two_boards():
    boards = [["2c", "3d", "8h", "Kd", "Qs"], ["2c", "3d", "8h", "9c", "Ts"]]
    view = hand([player(1, ["As", "4s", "Kc", "Kh"], shown=True)], game="PO/8",
                board=boards[0], boards=boards)
    runs = shown_values(view)["1"]
    assert len(runs) == 2
    assert runs[0]["en"]["high"]["category"] == "three_of_a_kind"
    assert runs[0]["en"]["low"]["best"] is not None


def test_a_hand_shown_before_the_flop_waits_for_the_board():
    view = hand([player(1, ["As", "Ad"], shown=True, all_in=True)], board=())
    assert shown_values(view) == {}


def test_blind_clock_counts_running_time_only():
    levels = [{"small_blind": 25, "big_blind": 50, "minutes": 10},
              {"is_break": True, "minutes": 5},
              {"small_blind": 50, "big_blind": 100, "ante": 10, "minutes": 10}]
    clock = blind_clock({"levels": levels, "clock": [
        {"action": "start", "at": 1000.0}, {"action": "pause", "at": 1060.0},
        {"action": "resume", "at": 2000.0}]}, now=2030.0)
    assert clock["started"] and clock["running"]
    assert clock["elapsed"] == 90.0 and clock["at"] == 2030.0
    assert [s["start"] for s in clock["stages"]] == [0.0, 600.0, 900.0]
    assert [s["number"] for s in clock["stages"]] == [1, 1, 2]
    assert clock["stages"][2]["stakes"] == {"en": "50/100, ante 10", "de": "50/100, Ante 10"}
    assert clock["stages"][1]["stakes"] is None
    assert blind_clock({"levels": [], "clock": []}, 0.0) is None
    assert level_stakes({"small_bet": 10, "big_bet": 20}, "de") == "10/20 Limit"


def test_the_action_timer_starts_with_the_last_command():
    view = hand([], actor=3, history=[{"type": "deal", "at": 5.0}, {"type": "fold", "at": 9.5}])
    assert action_timer(view, 120, 20) == {"seat": 3, "started_at": 9.5, "seconds": 120,
                                           "warn_before": 20}
    assert action_timer(hand([], actor=None), 120, 20) is None


def test_display_additions_leave_the_service_state_as_it_was():
    state = {"version": 3, "hand": None, "last_hand": None, "tournament": None}
    shown = with_display(state, 100.0)
    assert "display" not in state and shown["display"]["clock"] is None
    assert {k: v for k, v in shown.items() if k != "display"} == state


@pytest.mark.parametrize(("code", "game"), [
    ("NT", "holdem"), ("PO", "omaha"), ("FO/8", "omaha-hilo8"), ("F7S", "stud"),
    ("F7S/8", "stud-hilo8"), ("FR", "razz"), ("NS", None), ("F5D", None), ("F5DW", None)])
def test_equity_games(code, game):
    variant(code)
    assert equity_game(code) == game


def test_live_equity_only_when_the_hands_are_face_up_and_the_action_closed():
    tabled = [player(1, ["As", "Ad"], shown=True, all_in=True),
              player(2, ["Kc", "Kd"], shown=True), player(3, ["??", "??"], folded=True)]
    key = situation_key({"hand": hand(tabled)})
    assert key == ("holdem", ((1, ("As", "Ad")), (2, ("Kc", "Kd"))), ("2c", "7d", "9s"), ())
    result = compute(key)
    reference = equity(make_situation("holdem", ["AsAd", "KcKd"], board="2c7d9s"))
    assert result["players"]["1"]["equity"] == round(reference.players[0].equity, 4)
    hidden = [player(1, ["As", "Ad"], all_in=True), player(2, ["??", "??"], all_in=True)]
    assert situation_key({"hand": hand(hidden)}) is None
    betting = [player(1, ["As", "Ad"]), player(2, ["Kc", "Kd"])]
    assert situation_key({"hand": hand(betting)}) is None  # both can still bet
    assert situation_key({"hand": hand(tabled, actor=2)}) is None
    river = ("2c", "7d", "9s", "Th", "3c")
    assert situation_key({"hand": hand(tabled, board=river)}) is None
