"""Hand evaluation: every way the seeds' games judge a hand.

- :func:`evaluate_high`, :func:`evaluate_short_deck`, :func:`evaluate_a5_low`,
  :func:`evaluate_27_low`: full results (strength, category, best five, names in English and
  German), wild cards and the bug.
- :func:`evaluate_omaha`, :func:`evaluate_omaha_hilo`, :func:`evaluate_hilo`, :func:`judge`.
- :class:`Declaration`, :func:`evaluate_declared`: the house rule "declare your hand".
- :func:`high_strength`, :func:`short_deck_strength`: the fast scalar paths (strength only,
  5-7 natural cards).
- :mod:`tableside.evaluation.batch`: the numpy batch evaluator for equity.
"""

from tableside.evaluation.declared import Declaration, evaluate_declared
from tableside.evaluation.fast import high_strength, short_deck_strength
from tableside.evaluation.games import (
    JUDGES,
    evaluate_hilo,
    evaluate_omaha,
    evaluate_omaha_hilo,
    judge,
    omaha_low,
)
from tableside.evaluation.high import evaluate_high, evaluate_short_deck
from tableside.evaluation.low import evaluate_27_low, evaluate_a5_low
from tableside.evaluation.names import category_name, hand_name
from tableside.evaluation.strength import EIGHT_OR_BETTER, Category
from tableside.evaluation.value import Family, HandValue, SplitValue

__all__ = [
    "EIGHT_OR_BETTER", "JUDGES", "Category", "Declaration", "Family", "HandValue", "SplitValue",
    "category_name", "evaluate_27_low", "evaluate_a5_low", "evaluate_declared", "evaluate_high",
    "evaluate_hilo", "evaluate_omaha", "evaluate_omaha_hilo", "evaluate_short_deck", "hand_name",
    "high_strength", "judge", "omaha_low", "short_deck_strength",
]
