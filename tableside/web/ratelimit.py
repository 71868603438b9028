"""Rate limiting of PIN attempts: a few free tries, then waits that double.

Each client address gets ``free`` failed attempts; after that every further attempt must
wait, from ``base`` seconds doubling up to ``ceiling``. All clients together get
``free_overall`` failures before the same waits apply to everyone, so that guessing from
many addresses is no faster. A correct PIN clears the count of its address and the overall
count. The clock is passed in (monotonic seconds), so the rule is tested without waiting.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

_EVERYONE = "*"


@dataclass(slots=True)
class _Failures:
    count: int = 0
    last: float = 0.0


class AttemptLimiter:
    def __init__(self, free: int = 5, free_overall: int = 20, base: float = 30.0,
                 ceiling: float = 3600.0, clock: Callable[[], float] = time.monotonic):
        self.free = free
        self.free_overall = free_overall
        self.base = base
        self.ceiling = ceiling
        self._clock = clock
        self._lock = threading.Lock()
        self._failures: dict[str, _Failures] = {}

    def _wait(self, key: str, free: int, now: float) -> float:
        failures = self._failures.get(key)
        if failures is None or failures.count < free:
            return 0.0
        delay = min(self.ceiling, self.base * 2 ** (failures.count - free))
        return max(0.0, failures.last + delay - now)

    def wait_time(self, client: str) -> float:
        """Seconds until ``client`` may try a PIN again (0: now)."""
        with self._lock:
            now = self._clock()
            return max(self._wait(client, self.free, now),
                       self._wait(_EVERYONE, self.free_overall, now))

    def failed(self, client: str) -> None:
        with self._lock:
            now = self._clock()
            for key in (client, _EVERYONE):
                failures = self._failures.setdefault(key, _Failures())
                failures.count += 1
                failures.last = now

    def succeeded(self, client: str) -> None:
        with self._lock:
            self._failures.pop(client, None)
            self._failures.pop(_EVERYONE, None)
