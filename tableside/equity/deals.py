"""Deals: which stock cards complete the board and each hand, as rows of stock positions.

A deal is a row of ``width`` stock positions: the board's missing cards first, then each
player's, in :attr:`Layout.columns` order. Exact enumeration yields every deal once (each
combination of positions, shared out in every possible way); Monte Carlo yields random deals
from a numpy Generator the caller owns.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from math import comb

import numpy as np

from tableside.equity.combinations import assignments, combination_blocks, multinomial
from tableside.equity.situation import Situation


@dataclass(frozen=True, slots=True)
class Layout:
    """The cards of a situation as numpy arrays, and where each group's dealt cards go.

    ``groups[0]`` is the board, ``groups[1 + i]`` player i: (known cards, slice of the deal
    row holding the cards dealt to it).
    """

    stock: np.ndarray  # uint8 card numbers
    groups: tuple[tuple[np.ndarray, slice], ...]

    @property
    def width(self) -> int:
        return self.groups[-1][1].stop

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(s.stop - s.start for _, s in self.groups)

    def cards(self, deals: np.ndarray, group: int) -> np.ndarray:
        """The group's whole hand (known cards, then dealt ones) for each deal row."""
        known, dealt = self.groups[group]
        out = np.empty((len(deals), len(known) + dealt.stop - dealt.start), dtype=np.uint8)
        out[:, :len(known)] = known
        out[:, len(known):] = self.stock[deals[:, dealt]]
        return out


def layout(situation: Situation) -> Layout:
    groups = []
    start = 0
    for known, missing in ((situation.board, situation.board_missing),
                           *((h.known, m) for h, m in zip(situation.hands, situation.missing,
                                                          strict=True))):
        groups.append((np.array(known, dtype=np.uint8), slice(start, start + missing)))
        start += missing
    return Layout(np.array(situation.stock, dtype=np.uint8), tuple(groups))


def exact_count(lay: Layout) -> int:
    """How many distinct deals exact enumeration visits."""
    return comb(len(lay.stock), lay.width) * multinomial(lay.sizes)


def exact_deals(lay: Layout, chunk_rows: int) -> Iterator[np.ndarray]:
    """Every deal once, in chunks of at most ``chunk_rows`` rows."""
    shares = assignments(lay.sizes)
    plain = len(shares) == 1  # one group draws everything: the combinations are the deals
    for block in combination_blocks(len(lay.stock), lay.width):
        for share in shares:
            deals = block if plain else block[:, share]
            for start in range(0, len(deals), chunk_rows):
                yield deals[start:start + chunk_rows]


def random_deals(lay: Layout, trials: int, rng: np.random.Generator,
                 chunk_rows: int) -> Iterator[np.ndarray]:
    """``trials`` independent uniform deals, in chunks of at most ``chunk_rows`` rows."""
    n, width = len(lay.stock), lay.width
    for start in range(0, trials, chunk_rows):
        rows = min(chunk_rows, trials - start)
        # A partial Fisher-Yates shuffle of every row at once: the first ``width`` positions
        # end up a uniform random ordered sample without replacement.
        deck = np.tile(np.arange(n, dtype=np.uint8), (rows, 1))
        index = np.arange(rows)
        for column in range(width):
            other = rng.integers(column, n, size=rows)
            picked = deck[index, other]
            deck[index, other] = deck[:, column]
            deck[:, column] = picked
        yield deck[:, :width]
