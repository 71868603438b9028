"""Pot equity: each hand's share of the pot, over every way the unseen cards can fall.

Hold'em, Omaha (four to six cards, high and eight-or-better hi-lo), seven card stud (high,
hi-lo, razz) and five card draw (high, deuce-to-seven, ace-to-five). Known hands, unknown
hands or cards, the board so far and dead cards; exact enumeration when its work is within
:data:`EXACT_BUDGET` (about 0.3 s here), Monte Carlo with a standard error otherwise.

    >>> from tableside.equity import equity, make_situation
    >>> result = equity(make_situation("holdem", ["AsAh", "KsKd"]))
    >>> result.method, result.deals, round(result.players[0].equity, 4)
    ('exact', 1712304, 0.8195)

The engine does no I/O; Monte Carlo draws from the random source the caller passes in.
"""

from tableside.equity.engine import (
    DEFAULT_SEED,
    DEFAULT_TRIALS,
    EXACT_BUDGET,
    EXACT_LIMIT,
    METHODS,
    Cost,
    EquityResult,
    PlayerEquity,
    choose_method,
    equity,
    exact_cost,
)
from tableside.equity.games import GAMES, GameRules, game_rules
from tableside.equity.hand import Hand
from tableside.equity.notation import format_hand, parse_hand
from tableside.equity.situation import Situation, make_situation

__all__ = [
    "DEFAULT_SEED", "DEFAULT_TRIALS", "EXACT_BUDGET", "EXACT_LIMIT", "GAMES", "METHODS", "Cost",
    "EquityResult", "GameRules", "Hand", "PlayerEquity", "Situation", "choose_method", "equity",
    "exact_cost", "format_hand", "game_rules", "make_situation", "parse_hand",
]
