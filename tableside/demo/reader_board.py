"""The simulated chip reader board and tableside's real side of it.

The board is the firmware's own code (firmware/simulate.py, through firmware/sim's
BoardProcess) in a separate process, with simulated PN5180 modules, talking the protocol
over a real pseudo-terminal. tableside opens that terminal with pyserial in a
:class:`~tableside.rfid.link.BoardLink`, keeps the zones in a
:class:`~tableside.rfid.felt.Felt` (values from the :class:`~tableside.rfid.registry.ChipRegistry`)
and lets a :class:`~tableside.rfid.watch.BetWatcher` say what the chips in the actor's zone
mean. A bet it reads is offered to the dealer pad's :class:`~tableside.buttons.proposals.Proposals`
as a table command, for CONFIRM; a mismatch is shown instead.

The demo's only part here is the players' hands: putting chips in a zone, the dealer
sweeping the zones into the pot and pushing the pot to the winners.
"""

from __future__ import annotations

import importlib.util
import queue
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tableside
from tableside.buttons.proposals import Proposal as PadProposal
from tableside.buttons.proposals import Proposals
from tableside.demo.chipbox import ChipBox
from tableside.demo.summary import Tally
from tableside.rfid.bets import Mismatch, Proposal
from tableside.rfid.felt import Felt
from tableside.rfid.link import BoardLink
from tableside.rfid.protocol import Hello, Role, ZoneReport
from tableside.rfid.registry import ChipRegistry
from tableside.rfid.table_bets import table_command
from tableside.rfid.watch import BetWatcher

# The firmware folder of a source checkout (the board's code is not part of the package).
FIRMWARE = Path(tableside.__file__).resolve().parents[1] / "firmware"
BOARD_NAME = "usb-tableside-demo-board-if00"  # like a /dev/serial/by-id/ name
READ_TIMEOUT = 10.0  # seconds to wait for the board to report chips put down
FLICKER_EVERY = 29  # a flickering reader hears nothing in every 29th inventory
# Bytes that are no frame: a delimiter, junk, a frame's start cut off by the next delimiter.
NOISE = b"\x00\x07\x01\x00 line noise \x00\x03\x05\x01\x02"


class ChipsUnavailable(RuntimeError):
    """The simulated board cannot run here, in English and German."""

    def __init__(self, en: str, de: str):
        super().__init__(en)
        self.texts = {"en": en, "de": de}


@dataclass(frozen=True)
class BetReading:
    """What the board and the bet watcher made of chips put in a zone."""

    command: dict[str, Any] | None  # the table command the chips say (None: a mismatch)
    proposal: PadProposal | None  # offered for CONFIRM
    texts: dict[str, str] = field(default_factory=dict)  # what was read, English and German


def board_process_class() -> type:
    """firmware/sim/board_process.py's BoardProcess, loaded from the checkout."""
    path = FIRMWARE / "sim" / "board_process.py"
    if not path.is_file():
        raise ChipsUnavailable(f"the simulated reader board needs {path} (a source checkout)",
                               f"das simulierte Lesegerät braucht {path} (ein Quell-Checkout)")
    spec = importlib.util.spec_from_file_location("tableside_demo_board_process", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.BoardProcess


class SimulatedChips:
    def __init__(self, database: Path, workdir: Path, proposals: Proposals, tally: Tally, *,
                 settle: float = 0.6, scan_period_ms: int = 10):
        self.proposals = proposals
        self.tally = tally
        self.box = ChipBox()
        # The registry lives in the table's database, as it does on the Pi.
        self._connection = sqlite3.connect(database)
        self.registry = ChipRegistry(self._connection)
        if any(self.registry.get(tag) is None for tag in self.box.value_of):
            self.box.enrol(self.registry)  # the demo's chips, once per database
        self.felt = Felt(self.registry, settle=settle)
        self.watcher = BetWatcher(self.felt, on_proposal=self._proposed,
                                  on_mismatch=self._mismatched, on_pot_checked=self._pot_checked)
        self.lock = self.watcher.lock  # whoever changes the hand holds it
        self.port = workdir / BOARD_NAME
        self.board = board_process_class()(self.port, scan_period_ms=scan_period_ms)
        self.link = BoardLink(str(self.port), on_message=self._message,
                              on_tick=self.watcher.check)
        self.zones: dict[int, list[str]] = {}  # what the players put in each zone
        self.pot: list[str] = []
        self._bets: queue.Queue[BetReading] = queue.Queue()
        self._pots: queue.Queue[Mismatch | int] = queue.Queue()
        self._seat_of: dict[int, int] = {}

    # ------------------------------------------------------------------ life cycle
    def start(self, flickering: Sequence[int] = (), timeout: float = 15.0) -> None:
        """Power the board and open the link; returns once the board has said HELLO and
        reported every zone (empty, at first). The readers of the ``flickering`` seats miss
        a scan now and then, as hobby readers do (the firmware's debounce absorbs it)."""
        self.board.plug()
        self.link.start()
        deadline = time.monotonic() + timeout
        while not (self.link.online and self.felt.zones and all(
                self.felt.state(zone) is not None for zone in self.felt.zones)):
            if time.monotonic() > deadline:
                raise ChipsUnavailable("the simulated reader board never said HELLO",
                                       "das simulierte Lesegerät hat sich nie gemeldet (HELLO)")
            time.sleep(0.02)
        for seat in flickering:
            self.board.flicker(self._zone(seat), FLICKER_EVERY)

    def line_noise(self) -> None:
        """A burst of noise on the serial line between two frames (a motor starting up
        nearby): the decoder must drop it and carry on."""
        self.board.garbage(NOISE)

    def figures(self) -> dict[str, int]:
        """What the link saw: frames dropped as damaged, and times it (re)connected."""
        return {"bad_frames": self.link.bad_frames, "connects": self.link.connects}

    def close(self) -> None:
        self.link.stop()
        self.board.unplug()
        self._connection.close()

    def follow(self, table_hand: Any) -> None:
        """A new hand object is in play (called with the lock held)."""
        if table_hand is None:
            return
        self._seat_of = dict(enumerate(table_hand.seats))
        self.watcher.follow(table_hand.hand, self._seat_of)

    # ------------------------------------------------------------------ the players' hands
    def forced_bets(self, bets: dict[int, int], pot: int) -> None:
        """Blinds in front of their players, antes (and a carried pot) in the pot zone."""
        for seat, amount in bets.items():
            self._put(seat, amount)
        self._set_pot(pot)

    def bet(self, seat: int, total: int) -> BetReading:
        """The player makes the chips in their zone worth ``total``; what the board reads."""
        while not self._bets.empty():
            self._bets.get_nowait()
        # The watcher notes whose turn it is and what lies in the zone before the chips go
        # down (a hand takes longer than its tick; a simulated one may not).
        self.watcher.check()
        self._put(seat, total)
        try:
            return self._bets.get(timeout=READ_TIMEOUT)
        except queue.Empty:
            texts = {"en": "the board read nothing", "de": "das Board hat nichts gelesen"}
            return BetReading(None, None, texts)

    def sweep(self, pot: int, wait: bool) -> None:
        """The zones into the pot (coloured up to the fewest chips worth ``pot``); with
        ``wait``, until the board has counted the pot against the table's."""
        while not self._pots.empty():
            self._pots.get_nowait()
        for zone_tags in self.zones.values():
            self.box.give_back(zone_tags)
        for seat in list(self.zones):
            self.zones[seat] = []
            self.board.place(self._zone(seat), [])
        self._set_pot(pot)
        if not wait:
            return
        try:
            outcome = self._pots.get(timeout=READ_TIMEOUT)
        except queue.Empty:
            return
        self.tally.pot_checks += 1
        if isinstance(outcome, Mismatch):
            self.tally.pot_mismatches.append({"pot": pot, "text": {
                "en": outcome.message("en"), "de": outcome.message("de")}})

    def pot_to_winners(self, left: int) -> None:
        """The winners take the pot; ``left`` chips stay (a pot carried to the next deal).
        Returns once the board shows every betting zone empty, as the dealer checks on the
        display before the next deal."""
        for seat in list(self.zones):
            self.box.give_back(self.zones.pop(seat))
            self.board.place(self._zone(seat), [])
        self._set_pot(left)
        deadline = time.monotonic() + READ_TIMEOUT
        while time.monotonic() < deadline and any(
                state is None or state.tags
                for state in map(self.felt.state, self.felt.seat_zones())):
            time.sleep(0.01)

    # ------------------------------------------------------------------ helpers
    def _put(self, seat: int, total: int) -> None:
        tags = self.zones.setdefault(seat, [])
        added = total - self.box.worth(tags)
        if added < 0:
            raise ValueError(f"seat {seat} cannot take chips back out of the zone")
        # One chip put in facing a bet reads as a call (the house rule for an oversized chip):
        # players put in two chips or more, so a raise reads as a raise.
        tags += self.box.take(added, pieces=2 if added > 1 else 1)
        self.board.place(self._zone(seat), tags)

    def _set_pot(self, amount: int) -> None:
        self.box.give_back(self.pot)
        self.pot = self.box.take(amount) if amount else []
        self.board.place(self.felt.zone_with_role(Role.POT), self.pot)

    def _zone(self, seat: int) -> int:
        return self.felt.zone_of_seat(seat)

    def _message(self, message: object) -> None:
        if isinstance(message, Hello):
            self.felt.describe(message)
        elif isinstance(message, ZoneReport) and self.felt.update(message):
            self.watcher.check()

    def _proposed(self, proposal: Proposal) -> None:
        command, texts = table_command(proposal, self._seat_of[proposal.player])
        offered = self.proposals.offer(command, "chips", texts)
        self._bets.put(BetReading(command, offered, texts))

    def _mismatched(self, mismatch: Mismatch) -> None:
        texts = {"en": mismatch.message("en"), "de": mismatch.message("de")}
        if mismatch.reason == "pot_mismatch":
            self._pots.put(mismatch)
        else:
            self._bets.put(BetReading(None, None, texts))

    def _pot_checked(self, total: int) -> None:
        self._pots.put(total)
