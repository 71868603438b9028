"""Replay PHH hands with tableside and with PokerKit in the same run, and compare the speed.

Both replay the same hands from the same file texts (read before any clock starts): each
parses the TOML and the actions with its own reader and plays every action under its rules.
Reported per engine: the whole pipeline (text to finished hand) and the replay alone (from
the parsed hand history; for PokerKit that is iterating its states, which also parses the
action strings). Both must reach the recorded finishing stacks; hands either engine cannot
replay are left out of the timing and counted. Best of ``--repeats`` runs, by the wall clock
and by CPU time.
"""

from __future__ import annotations

import argparse
import gc
import time
from pathlib import Path
from typing import Any

from tableside.benchmarks.common import machine_info, positive
from tableside.phh import PHHError, iter_phh_files, parse_phh_text
from tableside.phh.actions import clear_action_cache
from tableside.phh.events import clear_event_cache
from tableside.phh.replay import STACK_TOLERANCE, replay_record

SPEED_GOAL = 5.0  # tableside at least this many times faster than PokerKit


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH",
                        help="PHH files or folders (make bench passes the PHH sample folder)")
    parser.add_argument("--repeats", type=positive, default=5,
                        help="timed rounds; the best of each counts (default 5)")


def run(args: argparse.Namespace) -> dict[str, Any]:
    try:
        from pokerkit import HandHistory
    except ImportError as error:  # a test dependency, not a runtime one
        raise SystemExit("tableside bench replay needs PokerKit "
                         f"(pip install 'tableside[test]'): {error}") from error
    texts = [(str(path), path.read_text(encoding="utf-8")) for path in iter_phh_files(args.paths)
             if Path(path).suffix == ".phh"]
    usable, skipped = _usable(texts, HandHistory)
    repeats = args.repeats

    records = [parse_phh_text(text)[0] for text in usable]
    histories = [HandHistory.loads(text) for text in usable]
    # Finished hands are dropped at once, as a replay tool would, for both engines. The four
    # measurements take turns in every round, so that a slow moment of a shared machine hits
    # them alike; the best round of each counts. Before every measurement of every round the
    # PHH reader's caches are emptied (CLEARED), so that ours gains only from actions repeated
    # within the round, never from an earlier round.
    timings = _rounds(repeats, {
        "ours_total": lambda: _each(
            replay_record, (r for text in usable for r in parse_phh_text(text))),
        "theirs_total": lambda: _each(
            _pokerkit_replay, (HandHistory.loads(text) for text in usable)),
        "ours_replay": lambda: _each(replay_record, records),
        "theirs_replay": lambda: _each(_pokerkit_replay, histories),
    }, before=_clear_caches)
    hands = len(usable)

    def engine(side: str) -> dict[str, float]:
        total, replay = timings[f"{side}_total"], timings[f"{side}_replay"]
        return {"total_seconds": round(total["wall"], 4),
                "replay_seconds": round(replay["wall"], 4),
                "ms_per_hand": round(total["wall"] / hands * 1000, 4),
                "cpu_total_seconds": round(total["cpu"], 4),
                "cpu_replay_seconds": round(replay["cpu"], 4),
                "cpu_ms_per_hand": round(total["cpu"] / hands * 1000, 4)}

    def ratio(work: str, clock: str) -> float:
        return timings[f"theirs_{work}"][clock] / timings[f"ours_{work}"][clock]

    speedup = {"total": ratio("total", "wall"), "replay_only": ratio("replay", "wall"),
               "total_cpu": ratio("total", "cpu"), "replay_only_cpu": ratio("replay", "cpu")}
    return {
        "benchmark": "replay",
        "hands": hands,
        "skipped": skipped,
        "tableside": engine("ours"),
        "pokerkit": engine("theirs"),
        "speedup": {name: round(value, 2) for name, value in speedup.items()},
        "goal": {"target": SPEED_GOAL, "met_total": speedup["total"] >= SPEED_GOAL,
                 "met_total_cpu": speedup["total_cpu"] >= SPEED_GOAL,
                 "met_replay_only": speedup["replay_only"] >= SPEED_GOAL},
        "note": ("total: file text to finished hands, the like-for-like comparison. "
                 "replay_only: from each engine's parsed hand history; tableside parses the "
                 "action strings while reading, PokerKit while replaying, so this split "
                 "favours tableside. cpu: the same runs timed by this thread's CPU time, "
                 "which a busy machine disturbs far less than the wall clock."),
        "cleared_each_round": CLEARED,
        "machine": machine_info("pokerkit"),
    }


# What _clear_caches empties; the rest kept between rounds is fixed data (the card table, the
# variants, compiled patterns), the same for every input, as PokerKit keeps its own.
CLEARED = ["actions read (text -> PHHAction with its engine event)",
           "card lists read (text -> cards)",
           "events by action text (actions read with a commentary, 'sm -')"]


def _clear_caches() -> None:
    clear_action_cache()
    clear_event_cache()


def _each(function, items) -> None:
    for item in items:
        function(item)


def _pokerkit_replay(history):
    state = None
    for state in history:  # noqa: B007 - the last state is the finished hand
        pass
    return state


def _usable(texts: list[tuple[str, str]], history_type) -> tuple[list[str], dict[str, Any]]:
    """The hands both engines replay to the recorded stacks (or, unrecorded, to the end)."""
    usable, refused = [], {"tableside": [], "pokerkit": [], "disagree": []}
    for path, text in texts:
        try:
            ours = replay_record(parse_phh_text(text, source=path)[0])
        except PHHError as error:
            refused["tableside"].append(f"{path}: {error}")
            continue
        try:
            history = history_type.loads(text)
            theirs = _pokerkit_replay(history)
        except Exception as error:  # PokerKit raises several types for what it refuses
            refused["pokerkit"].append(f"{path}: {type(error).__name__}: {error}")
            continue
        recorded = history.finishing_stacks
        if recorded is not None and not all(
                abs(a - b) <= STACK_TOLERANCE for a, b in zip(ours.stacks, recorded, strict=True)):
            refused["disagree"].append(path)
            continue
        if recorded is not None and list(theirs.stacks) != list(recorded):
            refused["pokerkit"].append(f"{path}: stacks differ from the record")
            continue
        usable.append(text)
    return usable, {key: {"count": len(value), "examples": value[:3]}
                    for key, value in refused.items()}


def _rounds(repeats: int, works: dict, before) -> dict[str, dict[str, float]]:
    """Best wall-clock and best CPU time of each work over ``repeats`` rounds, with the cyclic
    garbage collector off while a work is timed (as ``timeit`` does), for both engines alike.

    The CPU time is this thread's (both engines run in it, single-threaded): a shared machine
    that gives the CPU to others now and then stretches the wall clock, not that.
    """
    best = {name: {"wall": float("inf"), "cpu": float("inf")} for name in works}
    for _ in range(repeats):
        for name, work in works.items():
            before()
            gc.collect()
            gc.disable()
            try:
                wall, cpu = time.perf_counter(), time.thread_time()
                work()
                cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
                best[name]["wall"] = min(best[name]["wall"], wall)
                best[name]["cpu"] = min(best[name]["cpu"], cpu)
            finally:
                gc.enable()
    return best
