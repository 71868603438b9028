"""Equity of each hand: exact enumeration when affordable, Monte Carlo otherwise."""

from __future__ import annotations

import os
import random
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from math import sqrt

import numpy as np

from tableside.equity.deals import Layout, exact_count, exact_deals, layout, random_deals
from tableside.equity.situation import Situation
from tableside.equity.strengths import hand_cost, hands_judged, strengths
from tableside.equity.tally import Tally, showdown

# Exact enumeration is chosen when its work is at most this many units: deals x players x
# the cost of one player's hand (1 in hold'em, stud and draw; 20 in four-card Omaha, 30 in
# Omaha hi-lo; see strengths.hand_cost). About 0.3 s on the development machine (2 cores),
# so heads-up preflop hold'em (3.4 million units) and stud from fifth street are exact, while
# preflop Omaha (43 million) and hands with many unknown cards use Monte Carlo.
EXACT_BUDGET = 20_000_000
# Asked for explicitly, exact enumeration still refuses beyond this (minutes of work).
EXACT_LIMIT = 50 * EXACT_BUDGET
DEFAULT_TRIALS = 100_000
DEFAULT_SEED = 1
# Hands judged per chunk of deals: large enough to amortise numpy's per-call cost, small enough to
# stay in cache-friendly memory (measured: 2^17-2^18 is fastest for hold'em).
CHUNK_EVALUATIONS = 1 << 18
METHODS = ("auto", "exact", "monte-carlo")


@dataclass(frozen=True, slots=True)
class PlayerEquity:
    """One hand's result. ``equity``: the average share of the pot (ties split, hi-lo halves
    worth half); ``win``: the average part of the pot won alone; ``tie``: the average part of
    the pot shared with others (so in hold'em ``win`` and ``tie`` are how often the hand
    wins alone and ties). ``scoop``: hi-lo only, how often it takes the whole pot alone.
    ``stderr``: Monte Carlo only, the standard error of ``equity``."""

    equity: float
    win: float
    tie: float
    scoop: float | None = None
    stderr: float | None = None


@dataclass(frozen=True, slots=True)
class EquityResult:
    game: str
    method: str  # "exact" or "monte-carlo"
    deals: int
    players: tuple[PlayerEquity, ...]


@dataclass(frozen=True, slots=True)
class Cost:
    """What exact enumeration of a situation takes: deals, and work (see EXACT_BUDGET)."""

    deals: int
    work: int


def exact_cost(situation: Situation) -> Cost:
    deals = exact_count(layout(situation))
    per_deal = len(situation.hands) * hand_cost(situation.rules, situation.hand_size)
    return Cost(deals, deals * per_deal)


def choose_method(situation: Situation, method: str = "auto", trials: int = DEFAULT_TRIALS,
                  budget: int = EXACT_BUDGET) -> str:
    """"exact" or "monte-carlo" for a situation (see :func:`equity`)."""
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}; choose one of {', '.join(METHODS)}")
    cost = exact_cost(situation)
    if method == "exact" and cost.work > EXACT_LIMIT:
        raise ValueError(f"exact enumeration would visit {cost.deals:,} deals, too many; "
                         f"use Monte Carlo")
    if method == "auto":
        # Monte Carlo with more trials than there are deals would only be worse.
        affordable = cost.work <= budget or cost.deals <= trials
        return "exact" if affordable else "monte-carlo"
    # Nothing left to deal: one deal, and sampling it would be pointless.
    return "exact" if cost.deals == 1 else method


def equity(situation: Situation, *, method: str = "auto", trials: int = DEFAULT_TRIALS,
           rng: np.random.Generator | random.Random | None = None,
           budget: int = EXACT_BUDGET, workers: int | None = None) -> EquityResult:
    """Each hand's equity in ``situation`` (from :func:`make_situation`).

    ``method``: "exact" enumerates every deal of the unseen cards; "monte-carlo" samples
    ``trials`` deals from ``rng`` (a numpy Generator, or a random.Random to seed one from;
    None means a Generator seeded with :data:`DEFAULT_SEED`, so results repeat); "auto" is
    exact when its work (:func:`exact_cost`) is at most ``budget``, or
    when there are no more deals than ``trials``; else Monte Carlo. ``workers`` threads
    judge chunks of deals in parallel (numpy releases the GIL); None: one per CPU, up to 4.
    """
    chosen = choose_method(situation, method, trials, budget)
    if chosen == "monte-carlo" and trials < 2:
        raise ValueError(f"Monte Carlo needs at least 2 trials, not {trials}")
    lay = layout(situation)
    per_deal = len(situation.hands) * hands_judged(situation.rules, situation.hand_size)
    chunk_rows = max(1, CHUNK_EVALUATIONS // per_deal)
    if chosen == "exact":
        deals = exact_count(lay)
        chunks = exact_deals(lay, chunk_rows)
    else:
        deals = trials
        chunks = random_deals(lay, trials, _generator(rng), chunk_rows)
    if deals <= chunk_rows:
        workers = 1  # one chunk: threads would only add their start-up
    tally = _run(situation, lay, chunks, workers)
    return _result(situation, chosen, tally)


def _generator(rng: np.random.Generator | random.Random | None) -> np.random.Generator:
    if rng is None:
        return np.random.default_rng(DEFAULT_SEED)
    if isinstance(rng, random.Random):
        return np.random.default_rng(rng.getrandbits(128))
    return rng


def _run(situation: Situation, lay: Layout, chunks: Iterator[np.ndarray],
         workers: int | None) -> Tally:
    def judge(deals: np.ndarray) -> Tally:
        return showdown(*strengths(situation.rules, lay, deals))

    total = Tally.empty(len(situation.hands))
    workers = workers if workers is not None else min(4, os.cpu_count() or 1)
    if workers <= 1:
        for deals in chunks:
            total.add(judge(deals))
        return total
    # A bounded window of chunks in flight keeps memory flat (Executor.map would draw every
    # chunk at once); adding results in submission order keeps the sums reproducible, and
    # random deals are drawn here, in order, whatever the number of threads.
    pending: deque[Future[Tally]] = deque()
    with ThreadPoolExecutor(workers) as pool:
        for deals in chunks:
            pending.append(pool.submit(judge, deals))
            if len(pending) > 2 * workers:
                total.add(pending.popleft().result())
        while pending:
            total.add(pending.popleft().result())
    return total


def _result(situation: Situation, method: str, tally: Tally) -> EquityResult:
    pot = tally.unit * tally.deals
    players = []
    for i in range(len(situation.hands)):
        stderr = None
        if method == "monte-carlo":
            n = tally.deals
            mean = tally.share[i] / n
            variance = max(0.0, (tally.share_squares[i] / n - mean * mean) * n / (n - 1))
            stderr = sqrt(variance / n) / tally.unit
        players.append(PlayerEquity(
            equity=float(tally.share[i] / pot),
            win=float(tally.won[i] / pot),
            tie=float(tally.tied[i] / pot),
            scoop=float(tally.scooped[i] / tally.deals) if situation.rules.hilo else None,
            stderr=stderr))
    return EquityResult(situation.game, method, tally.deals, tuple(players))
