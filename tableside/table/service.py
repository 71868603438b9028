"""The table service: the one writer of a table, between its callers and the log.

    service = TableService.open("evening.db")            # the latest table, or a new one
    service.when_changed = lambda ack: print(ack.seq)    # gpiozero style; or subscribe(fn)
    ack = service.execute({"type": "sit", "seat": 3, "player": "Anna", "buy_in": 200})
    service.public_state()                               # what the TV shows, versioned

:meth:`TableService.execute` takes one command (:mod:`.commands`), stamps it with the wall
clock, validates it by folding it into the state (a refusal raises :class:`TableError` and
changes nothing, and nothing is logged), appends it to the log and syncs, and only then
acknowledges it and tells the subscribers. Another process writing the same table is caught
up with before each write (the log decides the order, never a stale copy in memory).

Group commit: callers in several threads (the web's requests, the RFID reader, the buttons)
queue their commands (:meth:`TableService.submit` gives a :class:`Ticket`); whichever caller
finds the writer free becomes the writer for everything queued so far. It folds the commands
in the order they came, each against the state the ones before it left (a refused one is
refused alone: it is not logged and the ones after it never see it), appends the accepted
ones in ONE transaction and commits (one fsync: WAL with ``synchronous=FULL``), and only then
tells the subscribers and wakes the callers. So one sync of the disk serves every command
waiting for it, and nothing is acknowledged, shown or published before it is on disk:
readers (:meth:`~TableService.public_state`, :meth:`~TableService.dealer_state`) wait for
the writer and never see a command that is not committed.
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
SNAPSHOT_FORMAT = "state-2"  # 2: passed-out deals are redealt
SNAPSHOT_EVERY = 500  # commands between snapshots
# The longest a writer waits for more commands before a commit (see TableService._gather).
GATHER_SECONDS = 0.005

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


class Ticket:
    """A command queued for the writer (:meth:`TableService.submit`); :meth:`result` waits
    for it to be committed (or refused) and returns its acknowledgement."""

    __slots__ = ("_service", "ack", "command", "decide", "done", "error")

    def __init__(self, service: TableService, command: dict[str, Any] | None,
                 decide: Callable[[TableState, float], dict[str, Any] | None] | None = None):
        self._service = service
        self.command = command
        # Instead of a command: what to do, decided by the writer from the state at its turn.
        self.decide = decide
        self.done = False
        self.ack: Acknowledgement | None = None
        self.error: BaseException | None = None

    def result(self) -> Acknowledgement | None:
        """The acknowledgement once the command is on disk; raises the refusal
        (:class:`TableError`) or the failure to write. None only for a decided command the
        writer found nothing to do for."""
        if not self.done:
            self._service._wait(self)
        if self.error is not None:
            raise self.error
        return self.ack

    def _finish(self, ack: Acknowledgement | None = None,
                error: BaseException | None = None) -> None:
        self.ack, self.error, self.done = ack, error, True


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
        # Held by the writer for a whole batch (fold, commit, announcements) and by readers,
        # who therefore never see a command that is not on disk yet.
        self._lock = threading.RLock()
        # The queue of tickets, and whether some caller is writing them right now.
        queue_lock = threading.Lock()
        self._queue = threading.Condition(queue_lock)  # a batch is done
        self._arrived = threading.Condition(queue_lock)  # a ticket is queued
        self._pending: list[Ticket] = []
        self._writing = False
        self._gathering = False  # the writer waits for more tickets (see _gather)
        self._waiters = 0  # callers waiting for the writer
        # Callers in flight at the end of the last batch (its own, which usually come back
        # with their next command, and those queued meanwhile), and that batch's commit time.
        self._expected = 1
        self._last_commit = 0.0
        self._writer: int | None = None  # the writing thread's ident
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

    def read(self, function: Callable[[TableState], Any]) -> Any:
        """``function(state)`` with the state held still (the writer waits meanwhile), for
        what needs more than the public or the dealer's state (the books); it must not
        change the state."""
        with self._lock:
            return function(self.state)

    # ------------------------------------------------------------------ commands
    def execute(self, command: dict[str, Any]) -> Acknowledgement:
        """Validate, log (synced), apply and publish one command; TableError if refused.
        Safe from any thread: concurrent callers share one commit (see the module's doc)."""
        self._refuse_writer_thread()
        return self.submit(command).result()

    def submit(self, command: dict[str, Any]) -> Ticket:
        """Queue one command without waiting; commands are folded in the order they were
        submitted. A malformed command is refused here (TableError), before it is queued."""
        return self._enqueue(Ticket(self, normalize(command)))

    def expire_action(self, now: float | None = None) -> Acknowledgement | None:
        """When the player to act has run out of time (the action timer), act for them: check
        when checking is free, otherwise fold (stud: the bring-in). Call it from a timer
        thread or a polling loop; None when nobody's time is up. The writer decides at its
        turn, from the state as the commands queued before leave it."""
        def decide(state: TableState, at: float) -> dict[str, Any] | None:
            timer = state.action_timer()
            if timer is None or not timer.reading(at if now is None else now).expired:
                return None
            hand = state.hand
            action = default_action(hand.hand)
            kind = {BringIn: "bring_in", CheckCall: "check_call", Fold: "fold"}[type(action)]
            return {"type": kind, "seat": hand.seat_of(action.player)}
        self._refuse_writer_thread()
        return self._enqueue(Ticket(self, None, decide)).result()

    def _enqueue(self, ticket: Ticket) -> Ticket:
        with self._queue:
            self._pending.append(ticket)
            if self._gathering:
                self._arrived.notify()
        return ticket

    def _wait(self, ticket: Ticket) -> None:
        """Wait until ``ticket`` is written; whenever the writer is free, become it. A caller
        whose ticket is written also writes what is left queued if nobody waits for it (a
        ticket submitted and let go)."""
        self._refuse_writer_thread()
        queue = self._queue
        with queue:
            while True:
                if not self._writing and self._pending and (
                        not ticket.done or self._waiters == 0):
                    self._writing = True
                    written = 0
                    queue.release()  # callers queue more while this batch is written
                    try:
                        written = self._write(gather=not ticket.done)
                    finally:
                        queue.acquire()
                        self._writing = False
                        self._expected = max(1, written + len(self._pending))
                        queue.notify_all()
                    continue
                if ticket.done:
                    return
                self._waiters += 1
                try:
                    queue.wait()
                finally:
                    self._waiters -= 1

    def _refuse_writer_thread(self) -> None:
        if self._writer == threading.get_ident():
            # A subscriber of this very batch waiting for a command queued behind it would
            # wait for itself.
            raise RuntimeError("a table subscriber may not wait for a command: it runs in "
                               "the writer's thread (submit it and let it go)")

    def _take(self) -> list[Ticket]:
        with self._queue:
            tickets, self._pending = self._pending, []
        return tickets

    def _write(self, gather: bool) -> int:
        """Write one batch: what is queued, folded in order, then (``gather``) what the
        callers of the last batch queue within a moment, folded as it comes; then one
        commit, the announcements, the acknowledgements. Returns the tickets written."""
        with self._lock:
            self._writer = threading.get_ident()
            batch = _Batch(self, self._take())
            try:
                self._catch_up()
                batch.fold(batch.tickets)
                if gather:
                    self._gather(batch)
                batch.commit()
            except BaseException as error:  # whatever went wrong, no caller waits forever
                batch.fail(error)
                if not isinstance(error, Exception):
                    raise
            finally:
                self._writer = None
            return len(batch.tickets)

    def _gather(self, batch: _Batch) -> None:
        """Before the commit, give the callers of the last batch a moment to queue their
        next command (each waits for its acknowledgement before sending the next: without
        this, every other commit would carry half of them), folding each as it comes. Never
        longer than half the last commit took (at most GATHER_SECONDS); a lone caller is
        not waited for."""
        deadline = time.monotonic() + min(GATHER_SECONDS, self._last_commit / 2)
        while len(batch.tickets) < self._expected:
            with self._queue:
                if not self._pending:
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        return
                    self._gathering = True
                    try:
                        self._arrived.wait(remaining)
                    finally:
                        self._gathering = False
                tickets, self._pending = self._pending, []
            batch.tickets.extend(tickets)
            batch.fold(tickets)

    def _catch_up(self) -> None:
        if self.store.last_seq(self.table_id) != self.state.seq:
            self.state = _fold(self.state, self.store, self.table_id)

    # ------------------------------------------------------------------ subscribers
    def subscribe(self, callback: Callable[[Acknowledgement], None]) -> Callable[[], None]:
        """Call ``callback(ack)`` after every accepted command; returns the unsubscriber.
        Callbacks run in the writer's thread, in log order, once the command's batch is on
        disk (the state they read may be a few commands further): keep them short, and
        never wait there for a command (submit it)."""
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


class _Batch:
    """The tickets one writer turn folds and commits together (see TableService._write)."""

    def __init__(self, service: TableService, tickets: list[Ticket]):
        self.service = service
        self.tickets = tickets
        self.first_seq = service.state.seq
        self.applied: list[tuple[dict[str, Any], float]] = []
        self.accepted: list[tuple[Ticket, Acknowledgement]] = []

    def fold(self, tickets: list[Ticket]) -> None:
        """Fold each ticket's command into the state, in order; a refused one is refused
        alone (the state is as it was)."""
        service = self.service
        state = service.state
        for ticket in tickets:
            # A clock set back (a Pi without a real-time clock before NTP) never reorders
            # the log.
            at = max(service._clock(), state.last_at)
            try:
                command = ticket.command
                if command is None:
                    decided = ticket.decide(state, at)
                    if decided is None:
                        ticket._finish()
                        continue
                    command = ticket.command = normalize(decided)
                state.apply(command, at)
            except TableError as refusal:
                ticket._finish(error=refusal)
                continue
            except Exception as fault:
                # A fault of the fold itself may leave the state half changed: back to the
                # log and the commands of this batch accepted so far.
                log.exception("table %s: command %r failed", service.table_id, ticket.command)
                service.state = state = service.rebuild()
                for done, done_at in self.applied:
                    state.apply(done, done_at)
                ticket._finish(error=fault)
                continue
            self.applied.append((command, at))
            self.accepted.append((ticket, Acknowledgement(state.seq, at, command)))

    def commit(self) -> None:
        """Append the accepted commands in one transaction (one fsync), then announce and
        acknowledge each; if the write fails, none is accepted."""
        if not self.accepted:
            return
        service = self.service
        state = service.state
        snapshot = None
        every = service.snapshot_every
        if state.seq // every != self.first_seq // every:
            snapshot = (SNAPSHOT_FORMAT, state.to_snapshot())
        rows = [(ack.seq, ack.at, ack.command) for _, ack in self.accepted]
        started = time.monotonic()
        try:
            service.store.append_many(service.table_id, rows, snapshot)
        except BaseException:
            # Not logged, so not accepted: the state goes back to what the log says.
            service.state = service.rebuild()
            raise
        service._last_commit = time.monotonic() - started
        for ticket, ack in self.accepted:
            service._publish(ack)
            ticket._finish(ack)

    def fail(self, error: BaseException) -> None:
        for ticket in self.tickets:
            if not ticket.done:
                ticket._finish(error=error)


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
