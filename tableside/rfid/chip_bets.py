"""Bets read from the chips, for the table being served: what a player puts in their zone
becomes a proposal for the dealer's CONFIRM (the pad's button or the console's).

The reader board's serial link (:class:`~tableside.rfid.link.BoardLink`) runs in its own
thread; the zones are kept in a :class:`~tableside.rfid.felt.Felt` (chip values from the
:class:`~tableside.rfid.registry.ChipRegistry` in the table's own database) and a
:class:`~tableside.rfid.watch.BetWatcher` says what the chips in the actor's zone mean.

The hand belongs to the table service's writer, so the watcher reads it only while the
service holds its state still (:meth:`TableService.read`), and it follows each new hand
object from a subscriber (which runs while the writer holds the state). A bet the chips say
is offered to the :class:`~tableside.buttons.proposals.Proposals` as a table command; a
mismatch (chips that make no legal bet, unknown chips) goes to ``when_mismatch``.

    chips = ChipBets(service, "/dev/serial/by-id/usb-MicroPython_Board_...", proposals)
    chips.start()
    ...
    chips.close()
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tableside.buttons.proposals import Proposals
from tableside.rfid.bets import Mismatch, Proposal
from tableside.rfid.felt import SETTLE_SECONDS, Felt
from tableside.rfid.link import BoardLink
from tableside.rfid.protocol import Hello, ZoneReport
from tableside.rfid.registry import ChipRegistry
from tableside.rfid.table_bets import table_command
from tableside.rfid.watch import BetWatcher


class ChipBets:
    def __init__(self, service: Any, port: str, proposals: Proposals, *,
                 registry_path: str | Path | None = None, settle: float = SETTLE_SECONDS,
                 when_mismatch: Callable[[dict[str, str]], None] | None = None,
                 **link_options: Any):
        """Bets for ``service``'s table from the board at ``port``, offered to
        ``proposals``. The chip registry is read from ``registry_path`` (default: the
        table's database). ``link_options`` go to the :class:`BoardLink`."""
        self.service = service
        self.proposals = proposals
        self.when_mismatch = when_mismatch
        path = registry_path if registry_path is not None else service.store.path
        # The link's thread values the chips: the connection is shared with it.
        self._connection = sqlite3.connect(path, check_same_thread=False)
        self.registry = ChipRegistry(self._connection)
        self.felt = Felt(self.registry, settle=settle)
        self.watcher = BetWatcher(self.felt, on_proposal=self._proposed,
                                  on_mismatch=self._mismatched)
        self.link = BoardLink(port, on_message=self._message, on_tick=self._check,
                              **link_options)
        self._seat_of: dict[int, int] = {}
        self._followed: object = None
        service.read(self._follow)
        self._unsubscribe = service.subscribe(self._table_changed)

    # ------------------------------------------------------------------ life cycle
    def start(self) -> ChipBets:
        self.link.start()
        return self

    def close(self) -> None:
        self._unsubscribe()
        self.link.stop()
        self._connection.close()

    def __enter__(self) -> ChipBets:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def online(self) -> bool:
        """The board is connected and talking (its heartbeat arrives)."""
        return self.link.online

    # ------------------------------------------------------------------ the table
    def _table_changed(self, _ack: Any) -> None:
        # In the writer's thread, the state held still: follow a new hand object.
        self.service.read(self._follow)

    def _follow(self, state: Any) -> None:
        table_hand = state.hand
        hand = table_hand.hand if table_hand is not None and table_hand.in_progress else None
        if hand is self._followed:
            return
        self._followed = hand
        self._seat_of = dict(enumerate(table_hand.seats)) if hand is not None else {}
        # No hand in play (none yet, over, voided): the watcher follows nothing.
        self.watcher.follow(hand, self._seat_of)

    # ------------------------------------------------------------------ the board
    def _message(self, message: object) -> None:
        if isinstance(message, Hello):
            self.felt.describe(message)
        elif isinstance(message, ZoneReport) and self.felt.update(message):
            self._check()

    def _check(self) -> None:
        self.service.read(lambda _state: self.watcher.check())

    def _proposed(self, proposal: Proposal) -> None:
        command, texts = table_command(proposal, self._seat_of[proposal.player])
        self.proposals.offer(command, "chips", texts)

    def _mismatched(self, mismatch: Mismatch) -> None:
        if self.when_mismatch is not None:
            self.when_mismatch({"en": mismatch.message("en"), "de": mismatch.message("de")})
