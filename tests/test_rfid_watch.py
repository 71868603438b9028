"""The bet watcher with a scripted felt and clock: proposals once the chips settle, only for
chips that changed during the turn, and the pot checked after the sweep."""

from __future__ import annotations

import sqlite3

from engine_helpers import deal_board, start

from tableside.engine import BetRaise, CheckCall
from tableside.rfid.felt import Felt
from tableside.rfid.protocol import Hello, Role, ZoneInfo, ZoneReport
from tableside.rfid.registry import ChipRegistry
from tableside.rfid.watch import SWEEP_GRACE, BetWatcher

CHIPS = {value: [f"E0040150{value:04X}{n:04X}" for n in range(10)] for value in (25, 100)}
POT = 9


class Scripted:
    def __init__(self) -> None:
        self.now = 0.0
        registry = ChipRegistry(sqlite3.connect(":memory:"))
        for value, tags in CHIPS.items():
            registry.enrol(tags, value, f"colour {value}")
        self.felt = Felt(registry, settle=0.5, clock=lambda: self.now)
        self.felt.describe(Hello((1, 0, 0), 1, 7, 0, (
            ZoneInfo(0, Role.SEAT, 1), ZoneInfo(1, Role.SEAT, 2), ZoneInfo(2, Role.SEAT, 3),
            ZoneInfo(POT, Role.POT, 0))))
        self.proposals, self.mismatches, self.pots = [], [], []
        self.watcher = BetWatcher(self.felt, on_proposal=self.proposals.append,
                                  on_mismatch=self.mismatches.append,
                                  on_pot_checked=self.pots.append)

    def zone(self, zone: int, *tags: str, wait: float = 0.6) -> None:
        self.felt.update(ZoneReport(zone, tags))
        self.watcher.check()
        self.now += wait
        self.watcher.check()


def test_settled_chips_become_a_proposal_once() -> None:
    table = Scripted()
    hand = start("NT", (1000, 1000, 1000), blinds=(25, 50, 0))
    table.watcher.follow(hand, {0: 2, 1: 3, 2: 1})  # the button sits in seat 1, zone 0
    table.zone(1, CHIPS[25][0])
    table.zone(2, *CHIPS[25][1:3])
    table.watcher.check()
    table.felt.update(ZoneReport(0, (CHIPS[100][0], CHIPS[25][3])))
    table.watcher.check()
    assert table.proposals == []  # still moving
    table.now += 0.6
    table.watcher.check()
    table.watcher.check()
    assert [p.event for p in table.proposals] == [BetRaise(2, 125)]


def test_a_declared_raise_turns_an_oversized_chip_into_a_raise() -> None:
    table = Scripted()
    hand = start("NT", (1000, 1000, 1000), blinds=(25, 50, 0))
    table.watcher.follow(hand, {0: 2, 1: 3, 2: 1})
    table.watcher.check()
    table.zone(0, CHIPS[100][0])
    assert [p.event for p in table.proposals] == [CheckCall(2)]
    table.watcher.declare_raise()
    table.watcher.check()
    assert [p.event for p in table.proposals] == [CheckCall(2), BetRaise(2, 100)]


def test_chips_left_from_the_last_street_are_not_a_bet_and_the_pot_is_checked() -> None:
    table = Scripted()
    hand = start("NT", (1000, 1000, 1000), blinds=(25, 50, 0))
    table.watcher.follow(hand, {0: 2, 1: 3, 2: 1})
    hand.apply(CheckCall(2))
    hand.apply(CheckCall(0))
    hand.apply(CheckCall(1))
    table.zone(0, CHIPS[25][0], CHIPS[25][1])  # the chips of preflop, not yet swept
    assert table.proposals == [] and table.pots == []
    table.zone(0)
    table.zone(POT, *CHIPS[25][2:8])  # 150 swept in, but the blinds are still out
    assert table.pots == [] and table.mismatches == []
    table.zone(1)
    table.zone(2)
    assert table.pots == [150]
    deal_board(hand)
    table.zone(1, CHIPS[100][1])  # the small blind bets 100 on the flop
    assert [p.event for p in table.proposals] == [BetRaise(0, 100)]


def test_a_pot_that_does_not_add_up_is_shown() -> None:
    table = Scripted()
    hand = start("NT", (1000, 1000, 1000), blinds=(25, 50, 0))
    table.watcher.follow(hand, {0: 2, 1: 3, 2: 1})
    for player in (2, 0, 1):
        hand.apply(CheckCall(player))
    for zone in (0, 1, 2):
        table.zone(zone)  # swept
    table.zone(POT, *CHIPS[25][:5], CHIPS[100][9])
    assert [m.message("en") for m in table.mismatches] == [
        "the pot zone holds 225, the pot is 150"]


def test_the_last_streets_pot_is_not_called_wrong_before_the_sweep_reaches_it() -> None:
    # A slow reader reports the emptied zones settled before the pot zone: the pot there is
    # still the last street's. It is checked once the swept chips arrive; a pot that never
    # changes is shown as wrong once the sweep has had SWEEP_GRACE to reach it.
    for arrives in (True, False):
        table = Scripted()
        hand = start("NT", (1000, 1000, 1000), blinds=(25, 50, 0))
        table.watcher.follow(hand, {0: 2, 1: 3, 2: 1})
        table.zone(POT, *CHIPS[25][:2])  # the last street's pot, long settled
        for player in (2, 0, 1):
            hand.apply(CheckCall(player))
        for zone in (0, 1, 2):
            table.zone(zone)  # swept
        assert table.mismatches == [] and table.pots == []
        if arrives:
            table.zone(POT, *CHIPS[25][:6])
            assert table.pots == [150] and table.mismatches == []
        else:
            table.now += SWEEP_GRACE
            table.watcher.check()
            assert [m.message("en") for m in table.mismatches] == [
                "the pot zone holds 50, the pot is 150"]
