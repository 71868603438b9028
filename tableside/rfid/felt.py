"""What lies in each zone of the felt, valued, and since when it has not changed.

The board reports whole snapshots, again and again; :class:`Felt` keeps the latest per zone
and the time its tags last changed, so "stable for a short time" is a question of the clock.
Zones are described by the board's HELLO (which zone is which seat, the pot, the pad).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from tableside.rfid.protocol import Hello, Role, ZoneInfo, ZoneReport
from tableside.rfid.registry import ChipRegistry, Valued

SETTLE_SECONDS = 0.6  # chips unchanged this long are a bet, not a hand still moving them


@dataclass(frozen=True, slots=True)
class ZoneState:
    zone: int
    tags: frozenset[str]
    valued: Valued
    since: float  # when the tags last changed (clock seconds)
    reader_fault: bool = False
    overflow: bool = False

    @property
    def total(self) -> int:
        return self.valued.total


class Felt:
    def __init__(self, registry: ChipRegistry, *, settle: float = SETTLE_SECONDS,
                 clock: Callable[[], float] = time.monotonic):
        self.registry = registry
        self.settle = settle
        self.clock = clock
        self.zones: dict[int, ZoneInfo] = {}
        self._states: dict[int, ZoneState] = {}
        self._lock = threading.Lock()

    def describe(self, hello: Hello) -> None:
        """Learn the zones from the board's HELLO."""
        with self._lock:
            self.zones = {info.zone: info for info in hello.zones}

    def update(self, report: ZoneReport) -> bool:
        """Take a zone's snapshot; True if its tags (or its health) changed."""
        tags = frozenset(report.tags)
        with self._lock:
            old = self._states.get(report.zone)
            if (old is not None and old.tags == tags and old.reader_fault == report.reader_fault
                    and old.overflow == report.overflow):
                return False
            since = old.since if old is not None and old.tags == tags else self.clock()
            self._states[report.zone] = ZoneState(
                report.zone, tags, self.registry.value(tags), since, report.reader_fault,
                report.overflow)
            return True

    def revalue(self) -> None:
        """Value every zone again (after an enrolment changed what tags are)."""
        with self._lock:
            for zone, state in self._states.items():
                self._states[zone] = ZoneState(zone, state.tags, self.registry.value(state.tags),
                                               state.since, state.reader_fault, state.overflow)

    def state(self, zone: int) -> ZoneState | None:
        return self._states.get(zone)

    def stable(self, zone: int, now: float | None = None) -> ZoneState | None:
        """The zone's contents if they have not changed for the settle time, else None."""
        state = self._states.get(zone)
        if state is None or state.reader_fault:
            return None
        now = self.clock() if now is None else now
        return state if now - state.since >= self.settle else None

    def zone_of_seat(self, seat: int) -> int | None:
        return next((z.zone for z in self.zones.values()
                     if z.role == Role.SEAT and z.seat == seat), None)

    def zone_with_role(self, role: Role) -> int | None:
        return next((z.zone for z in self.zones.values() if z.role == role), None)

    def seat_zones(self) -> list[int]:
        return sorted(z.zone for z in self.zones.values() if z.role == Role.SEAT)
