"""The action timer's keeper: a thread that acts for the player whose time is up.

The action timer is a value in the table's state (:mod:`tableside.table.action_timer`): when
it runs out, nothing happens unless someone asks. The keeper sleeps until the running
timer's end, or until the table changes (a new turn, the dealer's pause), and then calls
:meth:`TableService.expire_action`, which checks or folds for the player (the table's writer
decides, from the state at its turn, so a player who acted meanwhile is left alone).

    keeper = ActionTimekeeper(service)      # running; the server starts one per table
    keeper.when_expired = lambda ack: print(ack.command)
    keeper.close()
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

# The longest the keeper sleeps without looking again (the wall clock may be set meanwhile).
LONGEST_SLEEP = 1.0
# After an expiry the table did not take (its clock a little behind ours), look again soon.
RETRY_SLEEP = 0.05


class ActionTimekeeper:
    def __init__(self, service: Any, *, clock: Callable[[], float] = time.time,
                 when_expired: Callable[[Any], None] | None = None):
        """Start keeping the time of ``service`` (a :class:`TableService`, or anything with
        its ``public_state()``, ``expire_action()`` and ``subscribe(callback)``)."""
        self.service = service
        self.when_expired = when_expired
        self._clock = clock
        self._wake = threading.Event()
        self._stopped = False
        self._unsubscribe = service.subscribe(self._table_changed)
        self._thread = threading.Thread(target=self._run, name="action-timekeeper",
                                        daemon=True)
        self._thread.start()

    def check(self) -> None:
        """Look at the timer now (the table changes wake the keeper by themselves)."""
        self._wake.set()

    def close(self) -> None:
        self._stopped = True
        self._unsubscribe()
        self._wake.set()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    def __enter__(self) -> ActionTimekeeper:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _table_changed(self, _ack: Any) -> None:
        self._wake.set()  # runs in the table's writer thread: only a signal, no waiting

    def _run(self) -> None:
        while not self._stopped:
            self._wake.clear()
            timer = self.service.public_state().get("action_timer")
            expires = timer.get("expires_at") if timer else None  # None: none, or paused
            left = LONGEST_SLEEP if expires is None else expires - self._clock()
            if left > 0:
                self._wake.wait(min(left, LONGEST_SLEEP))
                continue
            try:
                ack = self.service.expire_action()
            except Exception:  # the table refused or could not write: try again later
                log.exception("action timer: acting for the player failed")
                self._wake.wait(LONGEST_SLEEP)
                continue
            if ack is None:
                self._wake.wait(RETRY_SLEEP)
            elif self.when_expired is not None:
                self.when_expired(ack)
