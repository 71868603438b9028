"""Index arrays of combinations and of ways to share chosen cards out, built with numpy.

Exact enumeration deals every set of cards from the stock once: a sorted combination of
stock positions, then every way to hand those positions to the board and the players.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations as _combinations
from math import comb, factorial, prod

import numpy as np

# Bigger combination arrays are produced in blocks so that no cache entry holds more rows.
MAX_BLOCK_ROWS = comb(52, 5)


@cache
def combinations(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n) as sorted rows in lexicographic order, uint8 (C(n, k), k).

    Built from the arrays for smaller n and k (a row starting with ``first`` continues with a
    (k-1)-subset of the positions after it), so shared sub-arrays are made once. Read-only,
    because the cache hands the same array to every caller.
    """
    if k == 0:
        rows = np.zeros((1, 0), dtype=np.uint8)
    elif k > n:
        rows = np.zeros((0, k), dtype=np.uint8)
    else:
        rows = np.empty((comb(n, k), k), dtype=np.uint8)
        start = 0
        for first in range(n - k + 1):
            rest = combinations(n - first - 1, k - 1)
            rows[start:start + len(rest), 0] = first
            rows[start:start + len(rest), 1:] = rest + np.uint8(first + 1)
            start += len(rest)
    rows.flags.writeable = False
    return rows


def combination_blocks(n: int, k: int, max_rows: int = MAX_BLOCK_ROWS) -> Iterator[np.ndarray]:
    """The rows of :func:`combinations`, in the same order, in blocks of at most ``max_rows``
    (more or less: a block is one cached array or a slice of one)."""
    if comb(n, k) <= max_rows or k == 0:
        table = combinations(n, k)
        for start in range(0, len(table), max_rows):
            yield table[start:start + max_rows]
        return
    for first in range(n - k + 1):
        for block in combination_blocks(n - first - 1, k - 1, max_rows):
            rows = np.empty((len(block), k), dtype=np.uint8)
            rows[:, 0] = first
            rows[:, 1:] = block + np.uint8(first + 1)
            yield rows


def multinomial(sizes: tuple[int, ...]) -> int:
    """The number of ways to share sum(sizes) distinct cards into groups of these sizes."""
    return factorial(sum(sizes)) // prod(factorial(s) for s in sizes)


def assignments(sizes: tuple[int, ...]) -> np.ndarray:
    """Every way to share positions 0..sum(sizes)-1 into consecutive groups of these sizes.

    Each row lists the positions group by group (sorted within a group), so that
    ``chosen[:, row]`` puts the first group's cards first. (multinomial(sizes), sum(sizes)).
    """
    total = sum(sizes)
    rows: list[tuple[int, ...]] = [()]
    for size in sizes:
        grown = []
        for row in rows:
            free = [p for p in range(total) if p not in row]
            grown.extend(row + group for group in _combinations(free, size))
        rows = grown
    return np.array(rows, dtype=np.intp).reshape(len(rows), total)
