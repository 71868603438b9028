"""The hand history view: every finished hand of the night, as everyone may see it.

Each hand is the table's own public view of it (:func:`tableside.table.views.hand_state`
without ``reveal``: cards only as they became public), rebuilt from the log through a
connection of our own, and kept until the table changes.
"""

from __future__ import annotations

import json
import threading
from typing import Any

from tableside.table.export import finished_hands
from tableside.table.views import hand_state
from tableside.web.exports import reading


class PublicHistory:
    def __init__(self, service: Any):
        self._service = service
        self._lock = threading.Lock()
        self._cached: tuple[int, str] | None = None

    def json(self) -> str:
        """``{"version", "hands": [hand, ...]}``, newest hand first."""
        version = self._service.version
        with self._lock:
            if self._cached is None or self._cached[0] != version:
                with reading(self._service) as store:
                    hands = [hand_state(table_hand, reveal=False) for _, table_hand
                             in finished_hands(store, self._service.table_id)]
                hands.reverse()
                data = {"version": version, "hands": hands}
                self._cached = (version, json.dumps(data, ensure_ascii=False))
            return self._cached[1]
