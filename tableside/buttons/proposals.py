"""What waits for the dealer's CONFIRM: one proposed table command at a time.

The chips in a zone (tableside.rfid's bet watcher), the camera or the console
:meth:`Proposals.offer` a command; CONFIRM on the pad (or its console twin) sends it. A new
offer replaces the old one (the chips moved again); :meth:`Proposals.withdraw` drops it.
``when_changed`` is called with the new proposal (or None), gpiozero style; the pad uses it
for the lamp beside CONFIRM.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Proposal:
    command: dict[str, Any]  # a table command (tableside.table.commands)
    source: str  # who proposed it: "chips", "camera", "console"
    texts: dict[str, str] = field(default_factory=dict)  # what it means, "en" and "de"


class Proposals:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._current: Proposal | None = None
        self.when_changed: Callable[[Proposal | None], None] | None = None

    @property
    def current(self) -> Proposal | None:
        return self._current

    def offer(self, command: dict[str, Any], source: str,
              texts: dict[str, str] | None = None) -> Proposal:
        proposal = Proposal(dict(command), source, dict(texts or {}))
        with self._lock:
            self._current = proposal
        self._changed(proposal)
        return proposal

    def withdraw(self, proposal: Proposal | None = None) -> None:
        """Drop the proposal (only ``proposal``, if given and still the current one)."""
        with self._lock:
            if self._current is None or (proposal is not None and self._current is not proposal):
                return
            self._current = None
        self._changed(None)

    def _changed(self, proposal: Proposal | None) -> None:
        if self.when_changed is not None:
            self.when_changed(proposal)
