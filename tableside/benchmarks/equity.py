"""Time heads-up preflop hold'em equity, exact over all boards, beside phevaluator.

Each matchup is enumerated exactly over all 1,712,304 boards of the 48 unseen cards by
``tableside.equity`` - cold (a fresh interpreter's first call, tables and combination arrays
built inside it; the import is timed apart) and warm (the best of ``--repeats`` calls) - and
by a plain loop over ``itertools.combinations`` of the same 48 cards calling phevaluator's
public ``evaluate_cards`` for both hands. ``--peer-boards N`` times phevaluator on the first N
boards only and extrapolates its full time (labelled as such; its equity then covers only
those boards and is not compared). Both equities are reported so they can be compared.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from itertools import combinations, islice
from math import comb
from typing import Any

import numpy as np

from tableside.benchmarks.common import machine_info, positive
from tableside.cards import parse_cards
from tableside.equity import EXACT_BUDGET, equity, make_situation

MATCHUPS = (("AsAh", "KsKd"), ("AhKh", "7c7d"))
GOAL_SECONDS = 0.3  # the goal, warm, on the 2-core development machine
BOARDS = comb(48, 5)

# Runs in a fresh interpreter so that nothing is cached yet: prints the import time, the first
# call's time and the equities as JSON.
_COLD = """
import json, sys, time
start = time.perf_counter()
from tableside.equity import equity, make_situation
imported = time.perf_counter()
result = equity(make_situation("holdem", sys.argv[1:]), method="exact")
done = time.perf_counter()
print(json.dumps({"import_seconds": imported - start, "first_call_seconds": done - imported,
                  "equity": [p.equity for p in result.players]}))
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--repeats", type=positive, default=5,
                        help="warm runs of tableside per matchup; the best counts (default 5)")
    parser.add_argument("--peer-boards", type=positive, default=None, metavar="N",
                        help="time phevaluator on the first N boards and extrapolate "
                             "(default: all 1,712,304)")
    parser.add_argument("--workers", type=positive, default=None,
                        help="threads for tableside (default: one per CPU, up to 4)")




def run(args: argparse.Namespace) -> dict[str, Any]:
    try:
        from phevaluator import evaluate_cards
    except ImportError as error:  # a test dependency, not a runtime one
        raise SystemExit(f"tableside bench equity needs phevaluator "
                         f"(pip install 'tableside[test]'): {error}") from error
    _check_encoding(evaluate_cards)
    matchups = [_matchup(hands, args, evaluate_cards) for hands in MATCHUPS]
    return {
        "benchmark": "equity",
        "goal": f"heads-up preflop hold'em, exact over all {BOARDS:,} boards, "
                f"in at most {GOAL_SECONDS} s (warm)",
        "goal_seconds": GOAL_SECONDS,
        "goal_met": all(m["goal_met"] for m in matchups),
        "exact_budget": EXACT_BUDGET,
        "matchups": matchups,
        "machine": machine_info("phevaluator"),
    }


def _matchup(hands: tuple[str, str], args: argparse.Namespace, evaluate_cards) -> dict[str, Any]:
    cold = _cold(hands)
    situation = make_situation("holdem", hands)
    result = equity(situation, method="exact", workers=args.workers)  # warm-up
    warm = []
    for _ in range(args.repeats):
        start = time.perf_counter()
        result = equity(situation, method="exact", workers=args.workers)
        warm.append(time.perf_counter() - start)
    ours = [p.equity for p in result.players]
    peer = _phevaluator(hands, args.peer_boards, evaluate_cards)
    best = min(warm)
    report: dict[str, Any] = {
        "hands": list(hands),
        "boards": result.deals,
        "tableside": {
            "method": result.method,
            "cold_seconds": round(cold["first_call_seconds"], 4),
            "cold_import_seconds": round(cold["import_seconds"], 4),
            "warm_seconds": round(best, 4),
            "warm_runs": [round(t, 4) for t in warm],
            "equity": ours,
            "win": [p.win for p in result.players],
            "tie": [p.tie for p in result.players],
        },
        "phevaluator": peer,
        "speedup_warm": round(peer["full_seconds"] / best, 1),
        "speedup_cold": round(peer["full_seconds"] / cold["first_call_seconds"], 1),
        "goal_met": best <= GOAL_SECONDS,
        "cold_goal_met": cold["first_call_seconds"] <= GOAL_SECONDS,
    }
    if peer["equity"] is not None:
        report["equities_agree"] = bool(np.allclose(ours, peer["equity"], rtol=0, atol=1e-12))
    report["cold_matches_warm"] = bool(np.allclose(ours, cold["equity"], rtol=0, atol=1e-12))
    return report


def _cold(hands: tuple[str, str]) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", _COLD, *hands], capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout)


def _phevaluator(hands: tuple[str, str], limit: int | None, evaluate_cards) -> dict[str, Any]:
    """A plain enumeration: every board, both hands judged by phevaluator, ties split."""
    first, second = (tuple(parse_cards(h)) for h in hands)
    stock = [c for c in range(52) if c not in first + second]
    a1, a2 = first
    b1, b2 = second
    wins_first = wins_second = ties = boards = 0
    start = time.perf_counter()
    for board in islice(combinations(stock, 5), limit):
        mine = evaluate_cards(*board, a1, a2)
        theirs = evaluate_cards(*board, b1, b2)
        if mine < theirs:  # phevaluator: lower is better
            wins_first += 1
        elif theirs < mine:
            wins_second += 1
        else:
            ties += 1
        boards += 1
    seconds = time.perf_counter() - start
    complete = boards == BOARDS
    rate = boards / seconds
    share = [(wins_first + ties / 2) / boards, (wins_second + ties / 2) / boards]
    return {
        "boards_timed": boards,
        "seconds": round(seconds, 4),
        "boards_per_second": round(rate),
        "full_seconds": round(seconds if complete else BOARDS / rate, 4),
        "extrapolated": not complete,
        "equity": share if complete else None,
        **({} if complete else {"equity_of_boards_timed": share,
                                "note": f"timed on the first {boards:,} boards only; full time "
                                        f"extrapolated, equity not comparable"}),
    }


def _check_encoding(evaluate_cards) -> None:
    """phevaluator numbers cards rank * 4 + suit (clubs, diamonds, hearts, spades) as we do;
    the plain loop passes our numbers, so make sure."""
    hand = "As Kd 7h 7c 2s Ts 3d"
    ours = [int(c) for c in parse_cards(hand)]
    if evaluate_cards(*ours) != evaluate_cards(*hand.split()):
        raise SystemExit("phevaluator's card numbers differ from tableside's")
