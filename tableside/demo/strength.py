"""How good a simulated player's cards are, between 0 and 1: their pot equity against one
random hand (tableside.equity, a quick Monte Carlo), where equity knows the game; otherwise
a rough count of high cards and pairs. Only the simulated players use it, to act plausibly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from tableside.cards import Card
from tableside.engine import Variant
from tableside.equity import Hand as EquityHand
from tableside.equity import equity, make_situation

TRIALS = 120  # enough to tell a good hand from a bad one; a player decides in milliseconds

# The equity game of each judge, for the variants that equity plays exactly: no wild cards,
# jokers, short deck or widow.
_BOARD_GAMES = {"high": "holdem", "omaha": "omaha", "omaha-hilo8": "omaha-hilo8"}
_STUD_GAMES = {"high": "stud", "hilo8": "stud-hilo8", "a5-low": "razz"}
_DRAW_GAMES = {"high": "draw", "a5-low": "draw-a5", "27-low": "draw-27"}
_LOW_JUDGES = ("a5-low", "27-low")


def equity_game(variant: Variant) -> str | None:
    """The tableside.equity game that plays like ``variant``, or None."""
    if variant.jokers or variant.wild_ranks or variant.bug or variant.short_deck \
            or variant.widow or variant.if_unopened is not None:
        return None
    streets = variant.streets
    hole = sum(s.hole + s.up for s in streets)
    if any(s.board for s in streets):
        game = _BOARD_GAMES.get(variant.judge)
        if game == "holdem" and hole != 2:
            return None
        return game
    if any(s.up for s in streets):
        return _STUD_GAMES.get(variant.judge) if hole == 7 else None
    if any(s.draw for s in streets) and hole == 5:
        return _DRAW_GAMES.get(variant.judge)
    return None


def hand_strength(variant: Variant, hole: Sequence[Card], board: Sequence[Card],
                  rng: random.Random) -> float:
    """The strength of ``hole`` (with ``board``) in ``variant``, from 0 to 1."""
    game = equity_game(variant)
    if game is not None and len(board) in (0, 3, 4, 5):
        try:
            situation = make_situation(game, [EquityHand(tuple(hole), 0 if _full(game) else None),
                                              EquityHand((), None)], board=list(board))
            result = equity(situation, method="monte-carlo", trials=TRIALS, rng=rng, workers=1)
            return float(result.players[0].equity)
        except ValueError:
            pass  # a shape equity does not take (a stud hand cut short): judge roughly
    return _rough(variant, hole, board)


def _full(game: str) -> bool:
    """Board games name every hole card; the others deal the rest from the stock."""
    return game in ("holdem", "omaha", "omaha-hilo8")


def _rough(variant: Variant, hole: Sequence[Card], board: Sequence[Card]) -> float:
    """Pairs and high cards (low cards in lowball), for games equity does not play."""
    ranks = [c.rank for c in (*hole, *board) if not c.is_joker]
    jokers = sum(c.is_joker for c in (*hole, *board))
    if not ranks:
        return 0.5
    counts = Counter(ranks)
    if variant.judge in _LOW_JUDGES:
        ace_low = variant.judge == "a5-low"
        lowest = sorted(-1 if ace_low and r == 12 else r for r in counts)[:5]
        average = (sum(lowest) / len(lowest) + 1) / 13  # 0: all aces, 1: all kings
        paired = 1 - len(counts) / len(ranks)
        return max(0.0, min(1.0, 1 - average - 0.5 * paired))
    best = max(counts.values()) + jokers
    high = max(ranks) / 12
    return max(0.0, min(1.0, 0.2 * high + 0.25 * (best - 1) + 0.1 * (len(counts) < len(ranks))))
