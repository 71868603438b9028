"""What the display derives from the public state: the blind clock's schedule from the
table's folded clock, and live equity (only from public cards); shown hands are judged and
the action timer published by the table itself (tests/test_table_declared.py,
tests/test_table_timekeeper.py)."""

from __future__ import annotations

import pytest

from tableside.engine import variant
from tableside.equity import equity, make_situation
from tableside.table import TableService
from tableside.web.blind_clock import blind_clock, level_stakes
from tableside.web.display_state import with_display
from tableside.web.live_equity import compute, equity_game, situation_key


def hand(players, board=("2c", "7d", "9s"), game="NT", **extra):
    data = {"game": game, "board": list(board), "boards": [list(board)], "finished": False,
            "voided": False, "actor": None, "players": players, "history": []}
    data.update(extra)
    return data


def player(seat, cards, shown=False, folded=False, all_in=False):
    return {"seat": seat, "cards": list(cards), "shown": shown, "folded": folded,
            "all_in": all_in}


LEVELS = [{"small_blind": 25, "big_blind": 50, "minutes": 10},
          {"is_break": True, "minutes": 5},
          {"small_blind": 50, "big_blind": 100, "ante": 10, "minutes": 10}]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def tournament_table(tmp_path, clock: Clock) -> TableService:
    service = TableService.open(tmp_path / "t.db", clock=clock)
    service.execute({"type": "settings", "changes": {"mode": "tournament", "levels": LEVELS,
                                                     "starting_stack": 1000}})
    return service


def test_blind_clock_counts_running_time_only(tmp_path):
    clock = Clock()
    service = tournament_table(tmp_path, clock)
    assert blind_clock(service.public_state()["tournament"], clock.now)["started"] is False
    service.execute({"type": "clock", "action": "start"})
    clock.now = 1060.0
    service.execute({"type": "clock", "action": "pause"})
    clock.now = 2000.0
    service.execute({"type": "clock", "action": "resume"})
    shown = blind_clock(service.public_state()["tournament"], now=2030.0)
    assert shown["started"] and shown["running"]
    assert shown["elapsed"] == 90.0 and shown["at"] == 2030.0
    assert [s["start"] for s in shown["stages"]] == [0.0, 600.0, 900.0]
    assert [s["number"] for s in shown["stages"]] == [1, 1, 2]
    assert shown["stages"][2]["stakes"] == {"en": "50/100, ante 10", "de": "50/100, Ante 10"}
    assert shown["stages"][1]["stakes"] is None
    assert blind_clock({"levels": [], "clock": [], "clock_state": None}, 0.0) is None
    assert level_stakes({"small_bet": 10, "big_bet": 20}, "de") == "10/20 Limit"
    service.close()


def test_the_dealer_moving_the_clock_to_a_level_is_counted_from_there(tmp_path):
    # The table logs {"action": "move", "stage": i} when the dealer sets a level on a
    # started clock; the display follows the table's fold of it.
    clock = Clock()
    service = tournament_table(tmp_path, clock)
    service.execute({"type": "clock", "action": "start"})
    clock.now = 1030.0
    service.execute({"type": "set_level", "level": 3})
    tournament = service.public_state()["tournament"]
    assert tournament["clock"][-1] == {"action": "move", "stage": 2, "at": 1030.0}
    shown = blind_clock(tournament, now=1090.0)
    assert shown["running"] and shown["elapsed"] == 900.0 + 60.0  # stage 3 starts at 900 s
    display = with_display(service.public_state(), 1090.0)["display"]
    assert display["clock"] == shown
    service.close()


def test_display_additions_leave_the_service_state_as_it_was():
    state = {"version": 3, "hand": None, "last_hand": None, "tournament": None}
    shown = with_display(state, 100.0)
    assert shown["display"] == {"games": {}, "clock": None}
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
