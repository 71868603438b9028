"""Live equity on the display: each player's share of the pot once the hands are face up.

When every player still in has tabled (an all-in with the action closed) and cards are
still to come, the display shows each hand's equity from :mod:`tableside.equity`. It is
computed in one background thread, never in the thread that publishes states (the stream
must not wait for it), and published as the hub's ``equity`` event for the state version it
belongs to. A newer state replaces a computation still waiting; results are cached by
situation, so later versions of the same situation (a timer, a seat change) cost nothing.

Only public cards go in: the tabled hands, the board, and folded players' shown cards (as
dead cards, when they were shown); never anything else.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from tableside.cards import parse_card
from tableside.engine import variant
from tableside.equity import GAMES, equity, make_situation
from tableside.web.hub import StateHub

UNKNOWN = "??"
# Monte Carlo deals when exact enumeration is too dear (multiway preflop Omaha): enough for
# a display rounded to whole percent, quick on a Pi.
TRIALS = 20_000
CACHE_SIZE = 64


def equity_game(code: str) -> str | None:
    """The equity engine's game for an engine variant, or None when it has none (draw
    games, short deck, wild cards)."""
    game = variant(code)
    if game.short_deck or game.jokers or game.wild_ranks or game.widow:
        return None
    has_board = any(street.board for street in game.streets)
    if has_board:
        return {"high": "holdem" if game.hole_count == 2 else None, "omaha": "omaha",
                "omaha-hilo8": "omaha-hilo8"}.get(game.judge)
    if any(street.draw for street in game.streets) or game.hole_count != 7:
        return None
    return {"high": "stud", "hilo8": "stud-hilo8", "a5-low": "razz"}.get(game.judge)


def situation_key(state: dict[str, Any]) -> tuple | None:
    """What equity depends on, when the display should show it; None otherwise."""
    hand = state.get("hand")
    if not hand or hand.get("finished") or hand.get("voided") or hand.get("actor") is not None:
        return None
    if len(hand.get("boards") or []) > 1:
        return None  # run twice: each run is settled by its own board at once
    game = equity_game(hand["game"])
    if game is None:
        return None
    live = [p for p in hand["players"] if not p["folded"]]
    if len(live) < 2 or sum(not p["all_in"] for p in live) > 1:
        return None  # more than one player can still bet: the action is not closed
    if any(not p["cards"] or UNKNOWN in p["cards"] for p in live):
        return None
    board = tuple(hand.get("board") or ())
    if game in ("holdem", "omaha", "omaha-hilo8") and len(board) >= 5:
        return None  # nothing left to come
    if not GAMES[game].board and all(len(p["cards"]) >= 7 for p in live):
        return None  # stud: every card is out
    dead = tuple(c for p in hand["players"] if p["folded"] for c in p["cards"] if c != UNKNOWN)
    return (game, tuple((p["seat"], tuple(p["cards"])) for p in live), board, dead)


def compute(key: tuple) -> dict[str, Any]:
    game, hands, board, dead = key
    situation = make_situation(game, ["".join(cards) for _, cards in hands],
                               board=[parse_card(c) for c in board],
                               dead=[parse_card(c) for c in dead])
    result = equity(situation, trials=TRIALS, workers=1)
    return {"method": result.method, "deals": result.deals,
            "players": {str(seat): {"equity": round(p.equity, 4), "win": round(p.win, 4),
                                    "tie": round(p.tie, 4)}
                        for (seat, _), p in zip(hands, result.players, strict=True)}}


class LiveEquity:
    def __init__(self, hub: StateHub):
        self._hub = hub
        self._wake = threading.Condition()
        self._pending: tuple[int, tuple] | None = None
        self._cache: OrderedDict[tuple, dict[str, Any]] = OrderedDict()
        self._closed = False
        self._thread: threading.Thread | None = None

    def consider(self, state: dict[str, Any]) -> None:
        """Called with each new public state (in the publishing thread: quick)."""
        try:
            key = situation_key(state)
        except (KeyError, TypeError, ValueError):
            return  # a state shape this version does not know: no equity rather than a crash
        if key is None:
            return
        version = state["version"]
        with self._wake:
            cached = self._cache.get(key)
            if cached is None:
                self._pending = (version, key)
                self._start()
                self._wake.notify()
                return
        self._hub.publish_extra("equity", version, cached)

    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="live-equity", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            with self._wake:
                self._wake.wait_for(lambda: self._closed or self._pending is not None)
                if self._closed:
                    return
                version, key = self._pending
                self._pending = None
                cached = self._cache.get(key)
            if cached is not None:
                self._hub.publish_extra("equity", version, cached)
                continue
            try:
                result = compute(key)
            except (ValueError, KeyError):
                continue  # a situation the equity engine refuses: show none
            with self._wake:
                self._cache[key] = result
                while len(self._cache) > CACHE_SIZE:
                    self._cache.popitem(last=False)
            self._hub.publish_extra("equity", version, result)

    def close(self) -> None:
        with self._wake:
            self._closed = True
            self._wake.notify()
