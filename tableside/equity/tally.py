"""Who wins each deal, and running totals over many deals.

Pot shares are counted in integer units so that exact enumeration gives exact sums: a pot is
``unit = 2 * lcm(1..players)`` units, so every half pot split any number of ways is a whole
number of units. In hi-lo each half is worth half the pot; without a qualifying low the high
half takes the whole pot.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import lcm

import numpy as np


def pot_unit(players: int) -> int:
    return 2 * lcm(*range(1, players + 1))


@dataclass
class Tally:
    """Totals over the deals seen so far, per player, in pot units.

    ``won``: pots (and half pots) won alone; ``tied``: pots shared with others (counted in
    full); ``share``: what the player actually gets; ``scooped``: deals where the player got
    the whole pot alone (only meaningful in hi-lo). ``share_squares`` (float) gives the
    variance for Monte Carlo's standard error.
    """

    unit: int
    deals: int
    share: np.ndarray
    share_squares: np.ndarray
    won: np.ndarray
    tied: np.ndarray
    scooped: np.ndarray

    @classmethod
    def empty(cls, players: int) -> Tally:
        zeros = [np.zeros(players, dtype=np.int64) for _ in range(4)]
        return cls(pot_unit(players), 0, zeros[0], np.zeros(players), *zeros[1:])

    def add(self, other: Tally) -> None:
        self.deals += other.deals
        for name in ("share", "share_squares", "won", "tied", "scooped"):
            mine = getattr(self, name)
            np.add(mine, getattr(other, name), out=mine)


def showdown(high: np.ndarray, low: np.ndarray | None) -> Tally:
    """Totals of one chunk of deals; ``high``/``low`` as from
    :func:`tableside.equity.strengths.strengths` (players, deals)."""
    players, deals = high.shape
    unit = pot_unit(players)
    high_winners = high == high.max(axis=0)
    high_count = high_winners.sum(axis=0)
    if low is None:
        high_pot = np.int64(unit)
        low_pot = low_winners = low_count = None
    else:
        best_low = low.max(axis=0)
        has_low = best_low > 0
        low_winners = (low == best_low) & has_low
        low_count = np.maximum(low_winners.sum(axis=0), 1)
        high_pot = np.where(has_low, unit // 2, unit)
        low_pot = unit // 2
    share = np.where(high_winners, high_pot // high_count, 0)
    won = np.where(high_winners & (high_count == 1), high_pot, 0)
    tied = np.where(high_winners & (high_count > 1), high_pot, 0)
    if low is not None:
        share += np.where(low_winners, low_pot // low_count, 0)
        won += np.where(low_winners & (low_count == 1), low_pot, 0)
        tied += np.where(low_winners & (low_count > 1), low_pot, 0)
    return Tally(unit, deals,
                 share=share.sum(axis=1, dtype=np.int64),
                 share_squares=np.square(share, dtype=np.float64).sum(axis=1),
                 won=won.sum(axis=1, dtype=np.int64),
                 tied=tied.sum(axis=1, dtype=np.int64),
                 scooped=(share == unit).sum(axis=1, dtype=np.int64))
