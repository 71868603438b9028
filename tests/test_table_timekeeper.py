"""The action timer's keeper: a thread that checks or folds for a player whose time is up,
with the table's own writer deciding (a player who acted in time is left alone)."""

from __future__ import annotations

import threading

from tableside.table import TableService
from tableside.table.timekeeper import ActionTimekeeper


class Clock:
    def __init__(self, start: float = 1000.0):
        self.now = start

    def __call__(self) -> float:
        return self.now


def dealt(tmp_path, clock) -> TableService:
    service = TableService.open(tmp_path / "t.db", clock=clock)
    service.execute({"type": "settings", "changes": {"action_seconds": 60,
                                                     "action_warning": 10}})
    for seat, name in ((1, "Anna"), (2, "Ben")):
        service.execute({"type": "sit", "seat": seat, "player": name, "buy_in": 100})
    service.execute({"type": "start_hand"})
    service.execute({"type": "deal", "seat": 1, "cards": "As Ks"})
    service.execute({"type": "deal", "seat": 2, "cards": "2c 7d"})
    return service


def test_the_keeper_folds_for_a_player_out_of_time_and_not_before(tmp_path):
    clock = Clock()
    service = dealt(tmp_path, clock)
    acted = []
    done = threading.Event()

    def expired(ack):
        acted.append(ack.command)
        done.set()
    with ActionTimekeeper(service, clock=clock, when_expired=expired) as keeper:
        clock.now += 59
        keeper.check()
        assert not done.wait(0.3)  # a second left: nothing happens
        public = service.public_state()["action_timer"]
        assert public["seat"] == 1 and public["expires_at"] == 1060.0
        clock.now += 1
        keeper.check()
        assert done.wait(5)
    assert acted == [{"type": "fold", "seat": 1}]  # a call was owed
    assert service.state.hand.finished
    service.close()


def test_a_paused_timer_is_left_alone(tmp_path):
    clock = Clock()
    service = dealt(tmp_path, clock)
    clock.now += 55
    service.execute({"type": "timer", "action": "pause"})
    timer = service.public_state()["action_timer"]
    assert timer["paused"] and timer["expires_at"] is None
    assert timer["remaining"] == 5 and timer["warned"]  # paused inside the warning
    acted = threading.Event()
    with ActionTimekeeper(service, clock=clock, when_expired=lambda ack: acted.set()) as keeper:
        clock.now += 600
        keeper.check()
        assert not acted.wait(0.3)
    assert service.state.hand.in_progress
    service.close()
