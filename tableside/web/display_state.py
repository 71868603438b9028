"""What the display adds to the table's public state, computed from it alone.

The stream and ``GET /api/state`` send the service's public state with one more key,
``display``:

- ``shown``: every tabled hand judged (name and best five) for ``hand`` and ``last_hand``
  (:mod:`tableside.web.shown_hands`);
- ``timer``: the action timer of the player to act: since when it runs and how long it is;
- ``clock``: the blind clock's schedule (:mod:`tableside.web.blind_clock`);
- ``games``: facts about the games of ``hand`` and ``last_hand`` (``hilo``).

Everything here is derived from public information only, so it cannot leak a hidden card.
"""

from __future__ import annotations

from typing import Any

from tableside.engine import variant
from tableside.web.blind_clock import blind_clock
from tableside.web.shown_hands import shown_values

# Judges that split a pot into a high and a low half.
HILO_JUDGES = frozenset({"omaha-hilo8", "hilo8"})


def action_timer(hand: dict[str, Any] | None, seconds: float,
                 warn_before: float) -> dict[str, Any] | None:
    """The running action timer: the player's turn began with the hand's last command."""
    if not hand or hand.get("actor") is None or not hand.get("history") or seconds <= 0:
        return None
    return {"seat": hand["actor"], "started_at": hand["history"][-1]["at"],
            "seconds": seconds, "warn_before": warn_before}


def game_facts(code: str) -> dict[str, Any]:
    """What the display needs to know about a hand's game: whether pots split high and low."""
    return {"hilo": variant(code).judge in HILO_JUDGES}


def display_additions(state: dict[str, Any], now: float, *, action_seconds: float = 120,
                      warn_before: float = 20) -> dict[str, Any]:
    shown, games = {}, {}
    for key in ("hand", "last_hand"):
        hand = state.get(key)
        if hand:
            shown[key] = shown_values(hand)
            games[key] = game_facts(hand["game"])
    return {"shown": shown, "games": games,
            "timer": action_timer(state.get("hand"), action_seconds, warn_before),
            "clock": blind_clock(state.get("tournament"), now)}


def with_display(state: dict[str, Any], now: float, **timer: float) -> dict[str, Any]:
    """A new dict: the public state (left as it is: the service caches it) and ``display``."""
    return {**state, "display": display_additions(state, now, **timer)}
