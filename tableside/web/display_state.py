"""What the display adds to the table's public state, computed from it alone.

The stream and ``GET /api/state`` send the service's public state with one more key,
``display``:

- ``clock``: the blind clock's running time and schedule, with each level's stakes in words
  (:mod:`tableside.web.blind_clock`);
- ``games``: facts about the games of ``hand`` and ``last_hand`` (``hilo``).

The rest the display reads from the public state itself: each shown hand's value (name and
best five) in ``players[].value``, the action timer in ``action_timer``. Everything here is
derived from public information only, so it cannot leak a hidden card.
"""

from __future__ import annotations

from typing import Any

from tableside.engine import variant
from tableside.web.blind_clock import blind_clock

# Judges that split a pot into a high and a low half.
HILO_JUDGES = frozenset({"omaha-hilo8", "hilo8"})


def game_facts(code: str) -> dict[str, Any]:
    """What the display needs to know about a hand's game: whether pots split high and low."""
    return {"hilo": variant(code).judge in HILO_JUDGES}


def display_additions(state: dict[str, Any], now: float) -> dict[str, Any]:
    games = {key: game_facts(state[key]["game"]) for key in ("hand", "last_hand")
             if state.get(key)}
    return {"games": games, "clock": blind_clock(state.get("tournament"), now)}


def with_display(state: dict[str, Any], now: float) -> dict[str, Any]:
    """A new dict: the public state (left as it is: the service caches it) and ``display``."""
    return {**state, "display": display_additions(state, now)}
