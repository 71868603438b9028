"""The dealer's console of the demo, and the one door to the table service.

Every command of the demo reaches the service through :class:`DemoTable`: the simulated
dealer typing on the console, the dealer pad's presses, a proposal confirmed. It takes the
reader board's lock while the service changes the hand (the board's thread reads that hand)
and tells the chip and camera sides when a new hand object is in play.

:class:`DealerConsole` is the dealer typing a command, exactly what the console page posts
to ``POST /api/<type>``; each one is counted for the summary.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from tableside.demo.summary import Tally
from tableside.table.service import Acknowledgement, TableService


class DemoTable:
    """The table service behind one lock, with listeners for a new hand object; the web app
    takes it for the service (commands from the dealer's console page pass the lock too)."""

    def __init__(self, service: TableService, lock: threading.RLock | None = None):
        self.service = service
        self.lock = lock or threading.RLock()
        self.hand_listeners: list[Callable[[Any], None]] = []
        self._followed: Any = None

    def execute(self, command: dict[str, Any]) -> Acknowledgement:
        with self.lock:
            ack = self.service.execute(command)
            table_hand = self.service.state.hand
            hand = table_hand.hand if table_hand is not None else None
            if hand is not self._followed:  # a new hand, or one rebuilt by a correction
                self._followed = hand
                for listener in self.hand_listeners:
                    listener(table_hand)
            return ack

    def __getattr__(self, name: str) -> Any:
        # Everything but execute is the service's own (the web app reads its store, version,
        # public and dealer states and subscribes to it).
        return getattr(self.service, name)


class DealerConsole:
    def __init__(self, table: DemoTable, tally: Tally):
        self.table = table
        self.tally = tally

    def send(self, command: dict[str, Any]) -> Acknowledgement:
        """Type ``command``; TableError if the table refuses it (nothing is counted then)."""
        ack = self.table.execute(command)
        self.tally.console_commands[command["type"]] += 1
        return ack
