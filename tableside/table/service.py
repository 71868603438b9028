"""The table service: the one writer of a table, between its callers and the log.

    service = TableService.open("evening.db")            # the latest table, or a new one
    service.when_changed = lambda ack: print(ack.seq)    # gpiozero style; or subscribe(fn)
    ack = service.execute({"type": "sit", "seat": 3, "player": "Anna", "buy_in": 200})
    service.public_state()                               # what the TV shows, versioned

:meth:`TableService.execute` takes one command (:mod:`.commands`), stamps it with the wall
clock, validates it by folding it into the state (a refusal raises :class:`TableError` and
changes nothing, and nothing is logged), appends it to the log and syncs, and only then
acknowledges it and tells the subscribers. One lock makes the service the single writer
among threads; another process writing the same table is caught up with before each
command (the log decides the order, never a stale copy in memory).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tableside.engine import BringIn, CheckCall, Fold
from tableside.table.action_timer import default_action
from tableside.table.commands import normalize
from tableside.table.errors import StoreError, TableError
from tableside.table.settings import TableSettings
from tableside.table.state import TableState
from tableside.table.store import Store
from tableside.table.views import dealer_state, public_state

# Bump when the fold or the snapshot layout changes: older snapshots are then ignored and the
# state is rebuilt from the log alone.
SNAPSHOT_FORMAT = "state-1"
SNAPSHOT_EVERY = 500  # commands between snapshots

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Acknowledgement:
    """A command accepted and synced to disk: its number in the log and its time."""

    seq: int
    at: float
    command: dict[str, Any]

    @property
    def version(self) -> int:
        """The version of the public state that includes this command."""
        return self.seq

    def to_json(self) -> dict[str, Any]:
        return {"ok": True, "seq": self.seq, "at": self.at, "command": self.command}


class TableService:
    def __init__(self, store: Store, table_id: int, *,
                 clock: Callable[[], float] = time.time, snapshot_every: int = SNAPSHOT_EVERY):
        if not store.has_table(table_id):
            raise TableError("no_table", f"there is no table {table_id}",
                             f"es gibt keinen Tisch {table_id}")
        self.store = store
        self.table_id = table_id
        self._clock = clock
        self.snapshot_every = snapshot_every
        self._lock = threading.RLock()
        self._subscribers: list[Callable[[Acknowledgement], None]] = []
        self.when_changed: Callable[[Acknowledgement], None] | None = None
        self._public: tuple[int, dict[str, Any]] | None = None
        self.state = self.rebuild()

    # ------------------------------------------------------------------ opening
    @classmethod
    def open(cls, path: str | Path | None = None, table_id: int | None = None, *,
             clock: Callable[[], float] = time.time,
             snapshot_every: int = SNAPSHOT_EVERY) -> TableService:
        """The service of table ``table_id`` (default: the latest) in the database at
        ``path`` (default: the user's data folder); a new table if the database has none."""
        store = Store(path)
        try:
            if table_id is None:
                table_id = store.latest_table()
            if table_id is None:
                table_id = create_table(store, TableSettings(), clock())
            return cls(store, table_id, clock=clock, snapshot_every=snapshot_every)
        except BaseException:
            store.close()
            raise

    def close(self) -> None:
        with self._lock:
            self.store.close()

    def __enter__(self) -> TableService:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ the state
    def rebuild(self) -> TableState:
        """The state from the latest snapshot and the commands after it."""
        snapshot = self.store.latest_snapshot(self.table_id, SNAPSHOT_FORMAT)
        state = TableState()
        if snapshot is not None:
            try:
                state = TableState.from_snapshot(snapshot[1])
            except Exception:  # a snapshot is only a shortcut: the log decides
                log.exception("snapshot %s of table %s unusable, replaying the whole log",
                              snapshot[0], self.table_id)
                state = TableState()
        return _fold(state, self.store, self.table_id)

    def replay_all(self) -> TableState:
        """The state from the whole log, without snapshots (to check them)."""
        return _fold(TableState(), self.store, self.table_id)

    @property
    def version(self) -> int:
        return self.state.seq

    def public_state(self) -> dict[str, Any]:
        """What everyone may see (no hidden card), with ``version``; cached per version:
        treat it as read-only."""
        with self._lock:
            cached = self._public
            if cached is None or cached[0] != self.state.seq:
                cached = self._public = (self.state.seq, public_state(self.state))
            return cached[1]

    def dealer_state(self) -> dict[str, Any]:
        """Everything, hole cards and the ledger included: for the dealer's screen only."""
        with self._lock:
            return dealer_state(self.state)

    # ------------------------------------------------------------------ commands
    def execute(self, command: dict[str, Any]) -> Acknowledgement:
        """Validate, log (synced), apply and publish one command; TableError if refused."""
        with self._lock:
            command = normalize(command)
            self._catch_up()
            state = self.state
            # A clock set back (a Pi without a real-time clock before NTP) never reorders the log.
            at = max(self._clock(), state.last_at)
            state.apply(command, at)
            seq = state.seq
            snapshot = None
            if seq % self.snapshot_every == 0:
                snapshot = (SNAPSHOT_FORMAT, state.to_snapshot())
            try:
                self.store.append(self.table_id, seq, at, command, snapshot)
            except BaseException:
                # Not logged, so not accepted: the state goes back to what the log says.
                self.state = self.rebuild()
                raise
            ack = Acknowledgement(seq, at, command)
            self._publish(ack)
            return ack

    def expire_action(self, now: float | None = None) -> Acknowledgement | None:
        """When the player to act has run out of time (the action timer), act for them: check
        when checking is free, otherwise fold (stud: the bring-in). Call it from a timer
        thread or a polling loop; None when nobody's time is up."""
        with self._lock:
            self._catch_up()
            timer = self.state.action_timer()
            now = self._clock() if now is None else now
            if timer is None or not timer.reading(now).expired:
                return None
            hand = self.state.hand
            action = default_action(hand.hand)
            kind = {BringIn: "bring_in", CheckCall: "check_call", Fold: "fold"}[type(action)]
            return self.execute({"type": kind, "seat": hand.seat_of(action.player)})

    def _catch_up(self) -> None:
        if self.store.last_seq(self.table_id) != self.state.seq:
            self.state = _fold(self.state, self.store, self.table_id)

    # ------------------------------------------------------------------ subscribers
    def subscribe(self, callback: Callable[[Acknowledgement], None]) -> Callable[[], None]:
        """Call ``callback(ack)`` after every accepted command; returns the unsubscriber.
        Callbacks run in the writer's thread, in log order: keep them short."""
        with self._lock:
            self._subscribers.append(callback)

        def unsubscribe() -> None:
            with self._lock:
                if callback in self._subscribers:
                    self._subscribers.remove(callback)
        return unsubscribe

    def _publish(self, ack: Acknowledgement) -> None:
        for callback in [*self._subscribers, self.when_changed]:
            if callback is None:
                continue
            try:
                callback(ack)
            except Exception:  # the command is accepted and logged whatever a viewer does
                log.exception("subscriber %r failed on command %s", callback, ack.seq)


def create_table(store: Store, settings: TableSettings, at: float) -> int:
    """A new table in ``store`` with ``settings``; its first command opens it."""
    command = normalize({"type": "open", "settings": settings.to_json()})
    TableState().apply(command, at)  # refuses bad settings before anything is written
    return store.create_table(settings.name, at, command)


def _fold(state: TableState, store: Store, table_id: int) -> TableState:
    for seq, at, command in store.commands(table_id, state.seq):
        if seq != state.seq + 1:
            raise StoreError("gap", f"table {table_id}: command {state.seq + 1} is missing "
                             "from the log", f"Tisch {table_id}: Befehl {state.seq + 1} fehlt "
                             "im Log")
        try:
            state.apply(command, at)
        except TableError as error:
            raise StoreError("replay", f"table {table_id}: logged command {seq} is refused on "
                             f"replay ({error.message('en')})", f"Tisch {table_id}: der "
                             f"gespeicherte Befehl {seq} wird beim Nachspielen abgelehnt "
                             f"({error.message('de')})") from None
    return state
