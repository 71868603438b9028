"""Time our 7-card evaluators against treys and phevaluator on the same random hands.

One seeded deal of random 7-card hands is judged by our numpy batch evaluator (alone and split
across threads), our fast scalar ``high_strength`` and general ``evaluate_high`` one call per
hand, and the public per-hand calls of treys (``Evaluator.evaluate``) and phevaluator
(``evaluate_cards``). Card conversion happens before the clock starts, every evaluator is warmed
up first, and each time is the best of ``--repeats`` runs. The per-hand loops use the first
rows of the batch's hands, and the run checks that every evaluator orders those hands exactly
alike, so that the speeds compare the same work.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from tableside.benchmarks.common import machine_info, positive
from tableside.cards import Card
from tableside.evaluation import evaluate_high, high_strength
from tableside.evaluation.batch import high_strengths

HAND_SIZE = 7
WARMUP_HANDS = 2_000

# The goals on the 2-core development machine.
BATCH_RATE_GOAL = 15_000_000
BATCH_VS_PHEVALUATOR_GOAL = 10.0
SCALAR_VS_TREYS_GOAL = 4.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", type=positive, default=1_000_000,
                        help="random 7-card hands for the batch evaluator (default 1,000,000)")
    parser.add_argument("--loop-hands", type=positive, default=100_000,
                        help="of those, how many our scalar evaluator and phevaluator judge one "
                             "call at a time (default 100,000)")
    parser.add_argument("--slow-hands", type=positive, default=20_000,
                        help="of those, how many treys and evaluate_high judge (default 20,000)")
    parser.add_argument("--repeats", type=positive, default=3,
                        help="timed runs of each evaluator; the best counts (default 3)")
    parser.add_argument("--threads", type=positive, default=os.cpu_count() or 1,
                        help="threads for the threaded batch run (default: the CPU count)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the deal (default 7)")




def run(args: argparse.Namespace) -> dict[str, Any]:
    try:
        from phevaluator import evaluate_cards
        from treys import Card as TreysCard
        from treys import Evaluator as TreysEvaluator
    except ImportError as error:  # they are test dependencies, not runtime ones
        raise SystemExit(f"tableside bench evaluator needs treys and phevaluator "
                         f"(pip install 'tableside[test]'): {error}") from error

    hands = deal(args.hands, args.seed)
    loop_count = min(args.loop_hands, len(hands))
    slow_count = min(args.slow_hands, loop_count)
    repeats = args.repeats

    # Every input is built before any clock starts: each evaluator gets its own card encoding.
    loop_rows = hands[:loop_count].tolist()
    slow_rows = loop_rows[:slow_count]
    card_rows = [[Card(c) for c in row] for row in slow_rows]
    treys_of = [TreysCard.new(str(Card(c))) for c in range(52)]
    treys_rows = [([treys_of[c] for c in row[:2]], [treys_of[c] for c in row[2:]])
                  for row in slow_rows]
    chunks = np.array_split(hands, args.threads)

    setup = {}
    start = time.perf_counter()
    high_strengths(hands[:1])
    setup["batch_tables"] = time.perf_counter() - start
    start = time.perf_counter()
    high_strength(loop_rows[0])
    setup["scalar_tables"] = time.perf_counter() - start
    start = time.perf_counter()
    treys = TreysEvaluator()
    setup["treys_evaluator"] = time.perf_counter() - start
    treys_evaluate = treys.evaluate

    with ThreadPoolExecutor(max_workers=args.threads) as pool:
        def threaded() -> np.ndarray:
            return np.concatenate(list(pool.map(high_strengths, chunks)))

        high_strengths(hands[:WARMUP_HANDS])
        batch_time, batch = _best_time(lambda: high_strengths(hands), repeats)
        # The pool starts its threads on first use; that is not evaluation time.
        list(pool.map(high_strengths, [hands[:WARMUP_HANDS]] * args.threads))
        threaded_time, batch_threaded = _best_time(threaded, repeats)

    loops: dict[str, tuple[int, Callable[[int], list]]] = {
        "scalar": (loop_count, lambda n: [high_strength(row) for row in loop_rows[:n]]),
        "phevaluator": (loop_count, lambda n: [evaluate_cards(*row) for row in loop_rows[:n]]),
        "treys": (slow_count, lambda n: [treys_evaluate(h, b) for h, b in treys_rows[:n]]),
        "evaluate_high": (slow_count, lambda n: [evaluate_high(cards) for cards in card_rows[:n]]),
    }
    times: dict[str, float] = {}
    outputs: dict[str, list] = {}
    for name, (count, judge_rows) in loops.items():
        judge_rows(min(WARMUP_HANDS, count))
        # Slicing the prepared rows inside the timed call costs the same for every evaluator
        # and far less than one evaluation per hand.
        times[name], outputs[name] = _best_time(lambda j=judge_rows, n=count: j(n), repeats)

    general = np.array([value.strength for value in outputs["evaluate_high"]])
    consistency = {
        "batch_threaded_equals_batch": bool(np.array_equal(batch_threaded, batch)),
        "scalar_equals_batch": bool(np.array_equal(outputs["scalar"], batch[:loop_count])),
        "evaluate_high_equals_batch": bool(np.array_equal(general, batch[:slow_count])),
        "phevaluator_same_order": same_order(batch[:loop_count], outputs["phevaluator"]),
        "treys_same_order": same_order(batch[:slow_count], outputs["treys"]),
    }

    results = {
        "batch": _rate(len(hands), batch_time, threads=1),
        "batch_threaded": _rate(len(hands), threaded_time, threads=args.threads),
        "scalar": _rate(loop_count, times["scalar"]),
        "evaluate_high": _rate(slow_count, times["evaluate_high"]),
        "treys": _rate(slow_count, times["treys"]),
        "phevaluator": _rate(loop_count, times["phevaluator"]),
    }
    rate = {name: result["per_second"] for name, result in results.items()}
    best_batch = max(("batch", "batch_threaded"), key=rate.__getitem__)
    ratios = {
        "batch_vs_phevaluator": rate["batch"] / rate["phevaluator"],
        "batch_threaded_vs_phevaluator": rate["batch_threaded"] / rate["phevaluator"],
        "batch_threaded_vs_batch": rate["batch_threaded"] / rate["batch"],
        "scalar_vs_treys": rate["scalar"] / rate["treys"],
        "scalar_vs_phevaluator": rate["scalar"] / rate["phevaluator"],
        "evaluate_high_vs_treys": rate["evaluate_high"] / rate["treys"],
    }
    goals = {
        "batch_per_second": _goal(rate[best_batch], BATCH_RATE_GOAL, best_batch,
                                  single_thread=rate["batch"]),
        "batch_vs_phevaluator": _goal(rate[best_batch] / rate["phevaluator"],
                                      BATCH_VS_PHEVALUATOR_GOAL, best_batch,
                                      single_thread=ratios["batch_vs_phevaluator"]),
        "scalar_vs_treys": _goal(ratios["scalar_vs_treys"], SCALAR_VS_TREYS_GOAL, "scalar"),
    }
    return {
        "benchmark": "evaluator",
        "hand_size": HAND_SIZE,
        "seed": args.seed,
        "repeats": repeats,
        "hands": {name: result["hands"] for name, result in results.items()},
        "consistent": all(consistency.values()),
        "consistency": consistency,
        "results": results,
        "ratios": {name: round(value, 2) for name, value in ratios.items()},
        "goals": goals,
        "goals_met": all(goal["met"] for goal in goals.values()),
        "setup_seconds": {name: round(value, 4) for name, value in setup.items()},
        "machine": machine_info("treys", "phevaluator"),
    }


def deal(count: int, seed: int) -> np.ndarray:
    """``count`` random 7-card hands (uint8 rows of distinct cards), the same for a seed."""
    rng = np.random.default_rng(seed)
    decks = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (count, 1)), axis=1)
    # Contiguous, as an equity caller would hold them, so the batch is not timed on a view.
    return np.ascontiguousarray(decks[:, :HAND_SIZE])


def same_order(ours: np.ndarray, theirs_lower_better: list[int] | np.ndarray) -> bool:
    """Whether a reference (lower is better) ranks the hands exactly as our strengths do.

    Equal must be equal both ways (the values pair off one to one) and better must be better
    (sorted by our strength, theirs strictly falls).
    """
    ours = np.asarray(ours, dtype=np.int64)
    theirs = np.asarray(theirs_lower_better, dtype=np.int64)
    if ours.shape != theirs.shape:
        return False
    pairs = np.unique(np.column_stack([ours, theirs]), axis=0)
    one_to_one = len(pairs) == len(np.unique(ours)) == len(np.unique(theirs))
    return bool(one_to_one and (np.diff(pairs[:, 1]) < 0).all())




def _best_time(call: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    """The fastest of ``repeats`` timed calls (the caller has warmed up), and the last result."""
    result = None
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        result = call()
        best = min(best, time.perf_counter() - start)
    return best, result


def _rate(hands: int, seconds: float, threads: int | None = None) -> dict[str, Any]:
    result: dict[str, Any] = {
        "hands": hands,
        "seconds": round(seconds, 6),
        "per_second": round(hands / seconds),
        "us_per_hand": round(seconds / hands * 1e6, 4),
    }
    if threads is not None:
        result["threads"] = threads
    return result


def _goal(value: float, target: float, measured_by: str,
          single_thread: float | None = None) -> dict[str, Any]:
    goal: dict[str, Any] = {"target": target, "value": round(value, 2), "measured_by": measured_by,
                            "met": value >= target}
    if single_thread is not None:
        goal["single_thread_value"] = round(single_thread, 2)
        goal["met_single_thread"] = single_thread >= target
    return goal
