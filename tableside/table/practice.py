"""A table in memory, without a database: for trying rules out, demos and tests.

    table = PracticeTable({"seats": 6, "blinds": [1, 2]})
    table.do("sit", seat=1, player="Anna", buy_in=200)
    table.state.seats[1].stack                  # 200

Its clock ticks one second per command from ``start``, so the same commands always give the
same state, as they would from the log.
"""

from __future__ import annotations

from typing import Any

from tableside.table.commands import normalize
from tableside.table.state import TableState


class PracticeTable:
    def __init__(self, settings: dict[str, Any] | None = None, start: float = 1_700_000_000.0):
        self.state = TableState()
        self.log: list[tuple[dict[str, Any], float]] = []  # every accepted command, timed
        self._clock = start
        self.do("open", settings=settings or {})

    def do(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Apply one command (TableError if refused, nothing changed); returns it as logged."""
        command = normalize({"type": kind, **fields})
        at = self._clock + 1.0
        self.state.apply(command, at)
        self._clock = at
        self.log.append((command, at))
        return command

    def replayed(self) -> TableState:
        """A fresh fold of everything accepted so far."""
        return TableState.replay(self.log)
