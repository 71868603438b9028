"""How each game judges a showdown, by name: the judges that variants refer to.

``high``: best five of all cards; ``omaha``: exactly two hole cards and three board cards;
``omaha-hilo8`` and ``hilo8``: a high half and an eight-or-better ace-to-five low half (each
half chosen independently); ``a5-low`` (razz, A-5 lowball) and ``27-low`` (deuce-to-seven);
``short-deck``: best five of all cards from the 36-card six-plus deck (a flush beats a full
house, A-6-7-8-9 is the lowest straight).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations

from tableside.cards import EIGHT, Card, CardError, check_distinct
from tableside.evaluation.fast import high_strength
from tableside.evaluation.high import evaluate_high, evaluate_short_deck
from tableside.evaluation.low import evaluate_27_low, evaluate_a5_low
from tableside.evaluation.tables import RANK_KEYS, rank_strengths
from tableside.evaluation.value import HandValue, SplitValue

Value = HandValue | SplitValue


def omaha_combos(hole: Sequence[Card], board: Sequence[Card]):
    """Every five-card hand of exactly two hole cards and three board cards."""
    if len(hole) < 2:
        raise CardError(f"Omaha needs at least two hole cards, got {len(hole)}")
    if len(board) < 3:
        raise CardError(f"Omaha needs at least three board cards, got {len(board)}")
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            yield two + three


def evaluate_omaha(hole: Sequence[Card], board: Sequence[Card], *,
                   wild_ranks: Iterable[int] = (), bug: bool = False) -> HandValue:
    """Best Omaha high hand: exactly two of the hole cards with exactly three of the board."""
    check_distinct([*hole, *board])
    wild_ranks = tuple(wild_ranks)
    combos = list(omaha_combos(tuple(hole), tuple(board)))
    if wild_ranks or any(c.is_joker for c in (*hole, *board)):
        return max((evaluate_high(c, wild_ranks=wild_ranks, bug=bug) for c in combos),
                   key=lambda v: v.strength)
    best = max(combos, key=high_strength)
    return evaluate_high(best)


def omaha_low(hole: Sequence[Card], board: Sequence[Card],
              qualifier: int | None = EIGHT) -> HandValue | None:
    """Best Omaha ace-to-five low (two hole cards, three board cards), or None."""
    check_distinct([*hole, *board])
    table = rank_strengths(5, "a5")
    best, best_strength = None, -1
    for combo in omaha_combos(tuple(hole), tuple(board)):
        strength = table[sum(RANK_KEYS[c >> 2] for c in combo)]
        if strength > best_strength:
            best, best_strength = combo, strength
    return evaluate_a5_low(best, qualifier=qualifier)


def evaluate_omaha_hilo(hole: Sequence[Card], board: Sequence[Card],
                        qualifier: int = EIGHT) -> SplitValue:
    return SplitValue(evaluate_omaha(hole, board), omaha_low(hole, board, qualifier))


def evaluate_hilo(cards: Sequence[Card], *, qualifier: int = EIGHT,
                  wild_ranks: Iterable[int] = (), bug: bool = False) -> SplitValue:
    """Stud hi-lo and similar: best high of any five, best qualifying low of any five."""
    wild_ranks = tuple(wild_ranks)
    return SplitValue(evaluate_high(cards, wild_ranks=wild_ranks, bug=bug),
                      evaluate_a5_low(cards, qualifier=qualifier, wild_ranks=wild_ranks, bug=bug))


def _high(hole, board, **wild):
    return evaluate_high([*hole, *board], **wild)


def _short_deck(hole, board, **wild):
    return evaluate_short_deck([*hole, *board], **wild)


def _a5(hole, board, **wild):
    return evaluate_a5_low([*hole, *board], **wild)


def _27(hole, board, **wild):
    return evaluate_27_low([*hole, *board], **wild)


def _hilo8(hole, board, **wild):
    return evaluate_hilo([*hole, *board], **wild)


def _omaha(hole, board, **wild):
    return evaluate_omaha(hole, board, **wild)


def _omaha_hilo8(hole, board, **wild):
    if wild.get("wild_ranks") or wild.get("bug"):
        raise CardError("wild cards are not played in Omaha hi-lo")
    return evaluate_omaha_hilo(hole, board)


JUDGES: dict[str, Callable[..., Value]] = {
    "high": _high,
    "omaha": _omaha,
    "omaha-hilo8": _omaha_hilo8,
    "a5-low": _a5,
    "27-low": _27,
    "hilo8": _hilo8,
    "short-deck": _short_deck,
}


def judge(game: str, hole: Sequence[Card], board: Sequence[Card] = (), *,
          wild_ranks: Iterable[int] = (), bug: bool = False) -> Value:
    """Judge a hand by the named game's rules (see :data:`JUDGES`)."""
    try:
        judge_fn = JUDGES[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(JUDGES)}") from None
    return judge_fn(tuple(hole), tuple(board), wild_ranks=tuple(wild_ranks), bug=bug)
