"""``tableside bench evaluator``: the JSON it prints, and that its comparison is honest.

Speeds are not asserted (they depend on the machine); the structure and the consistency flag
(every evaluator orders the benchmark hands alike) are.
"""

from __future__ import annotations

import argparse
import json

import numpy as np

from tableside.benchmarks import evaluator
from tableside.cli import main

EVALUATORS = ("batch", "batch_threaded", "scalar", "evaluate_high", "treys", "phevaluator")
CONSISTENCY = ("batch_threaded_equals_batch", "scalar_equals_batch",
               "evaluate_high_equals_batch", "phevaluator_same_order", "treys_same_order")
GOALS = ("batch_per_second", "batch_vs_phevaluator", "scalar_vs_treys")


def check_report(report: dict, hands: dict[str, int]) -> None:
    assert report["benchmark"] == "evaluator"
    assert report["hand_size"] == 7
    assert report["hands"] == hands
    assert report["consistency"] == dict.fromkeys(CONSISTENCY, True)
    assert report["consistent"] is True
    assert set(report["results"]) == set(EVALUATORS)
    for name, result in report["results"].items():
        assert result["hands"] == hands[name]
        assert result["seconds"] > 0
        assert result["per_second"] > 0
        assert result["us_per_hand"] > 0
    assert report["results"]["batch"]["threads"] == 1
    assert set(report["ratios"]) == {
        "batch_vs_phevaluator", "batch_threaded_vs_phevaluator", "batch_threaded_vs_batch",
        "scalar_vs_treys", "scalar_vs_phevaluator", "evaluate_high_vs_treys"}
    assert all(ratio > 0 for ratio in report["ratios"].values())
    assert set(report["goals"]) == set(GOALS)
    for goal in report["goals"].values():
        assert goal["met"] is (goal["value"] >= goal["target"])
        assert goal["measured_by"] in EVALUATORS
    assert report["goals_met"] is all(goal["met"] for goal in report["goals"].values())
    machine = report["machine"]
    assert machine["cpu_count"] >= 1
    assert machine["numpy"] == np.__version__
    assert machine["treys"] and machine["phevaluator"]
    assert {"machine", "python"} <= set(machine)


def test_bench_evaluator_prints_json(capsys) -> None:
    # Fewer hands than the per-hand loops' defaults: every evaluator then judges all of them.
    assert main(["bench", "evaluator", "--hands", "3000"]) == 0
    report = json.loads(capsys.readouterr().out)
    check_report(report, dict.fromkeys(EVALUATORS, 3000))
    assert report["repeats"] == 3


def test_bench_evaluator_counts_and_threads() -> None:
    parser = argparse.ArgumentParser()
    evaluator.add_arguments(parser)
    args = parser.parse_args(["--hands", "5000", "--loop-hands", "1,000", "--slow-hands", "300",
                              "--threads", "3", "--repeats", "1", "--seed", "11"])
    report = evaluator.run(args)
    check_report(report, {"batch": 5000, "batch_threaded": 5000, "scalar": 1000,
                          "phevaluator": 1000, "treys": 300, "evaluate_high": 300})
    assert report["results"]["batch_threaded"]["threads"] == 3
    assert report["seed"] == 11


def test_deal_is_seeded_random_distinct_cards() -> None:
    hands = evaluator.deal(20_000, seed=3)
    assert hands.shape == (20_000, 7)
    assert hands.dtype == np.uint8
    assert hands.flags.c_contiguous
    assert np.array_equal(hands, evaluator.deal(20_000, seed=3))
    assert not np.array_equal(hands, evaluator.deal(20_000, seed=4))
    ordered = np.sort(hands, axis=1)
    assert (np.diff(ordered.astype(np.int16), axis=1) > 0).all()
    assert int(hands.max()) == 51
    # Every card turns up about equally often (7/52 of the slots each).
    counts = np.bincount(hands.ravel(), minlength=52)
    assert counts.min() > 0.9 * counts.mean()


def test_same_order_catches_any_disagreement() -> None:
    # The consistency flag is only worth something if it can be false.
    ours = np.array([5, 9, 9, 1, 7])
    assert evaluator.same_order(ours, 7463 - ours)
    assert evaluator.same_order(ours, [50, 10, 10, 99, 20])    # any falling relabelling
    assert not evaluator.same_order(ours, [50, 10, 11, 99, 20])  # a tie split
    assert not evaluator.same_order(ours, [50, 10, 10, 99, 50])  # different hands tied
    assert not evaluator.same_order(ours, [20, 10, 10, 99, 50])  # two hands swapped
    assert not evaluator.same_order(ours, [50, 10, 10, 99])      # a hand missing
