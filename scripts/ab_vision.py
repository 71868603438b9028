#!/usr/bin/env python3
"""Time card recognition of two trees of tableside against each other, frame by frame.

`tableside bench vision` times one tree, and on a shared machine its median drifts by several
milliseconds within minutes (session 32 saw one tree's median at 83 to 121 ms over a few
minutes; machines differ between sessions too: the bench's template baseline took 4.5-4.9 ms
in session 30 and 5.6-8.6 ms in session 32), which hides a change of one or two. This script
reads the same frames
(the bench's: drawn decks, seed 11, 1280 x 720) with two trees, each in a worker process of
its own, both pinned to the same core and taking turns frame by frame, so that whatever the
machine does meanwhile falls on both alike; it prints the median and mean of the per-frame
differences (B minus A, in ms) and whether the two trees reported the same cards with the same
corners and confidences (an exact change should: "same" means bitwise).

    .venv/bin/python scripts/ab_vision.py --a REF_OR_PATH --b REF_OR_PATH [--passes 3]

A tree is a folder holding the ``tableside`` package, or a git commit of this repository
(checked out into a temporary worktree, removed afterwards); --b defaults to this checkout.
A run of a tree against itself (A/A) shows the noise: differences under about half a
millisecond are not to be read as a change. Run a change both ways round (--a old --b new, then
--a new --b old) and take the mean of the two: in session 44 the tree given as --b came out
ahead either way (57dce80 against f9c382f: median -3.96 ms with the new tree as --b, +1.16
with it as --a, so about -2.6), while an A/A run gave +0.61: a run's figure swings by about
1.5 ms with the machine's state. `tableside bench vision` alternated five times each gave the
two trees 71.3 and 70.5 ms on average.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

# What each worker runs: it builds the frames, then times one frame per line it is sent.
WORKER = r"""
import hashlib, json, random, sys, time
import cv2
cv2.setNumThreads(1)
from tableside.vision.drawn import drawn_deck
from tableside.vision.recognizer import CardRecognizer
from tableside.vision.scenes import SceneOptions, draw_scene

seed, count = int(sys.argv[1]), int(sys.argv[2])
decks = [drawn_deck(random.Random(seed + n), name=f"drawn-{n}") for n in range(3)]
rng = random.Random(seed)
scenes = [draw_scene(rng, [rng.choice(decks)], SceneOptions()) for _ in range(count)]
recognizer = CardRecognizer()
recognizer.recognize(scenes[0].image)
print("ready", flush=True)
for line in sys.stdin:
    frame = scenes[int(line)].image
    started = time.perf_counter()
    recognition = recognizer.recognize(frame)
    milliseconds = (time.perf_counter() - started) * 1000
    digest = hashlib.sha1()
    for kind, sightings in (("sure", recognition.cards), ("unsure", recognition.unsure)):
        for sighting in sightings:
            digest.update(f"{kind} {sighting.card} {sighting.confidence!r} "
                          f"{sighting.problem}".encode())
            digest.update(sighting.corners.tobytes())
    print(json.dumps([milliseconds, digest.hexdigest()]), flush=True)
"""


def tree(spec: str, scratch: Path) -> Path:
    """A folder holding the tableside package: ``spec`` itself, or a worktree of commit spec."""
    path = Path(spec)
    if (path / "tableside").is_dir():
        return path.resolve()
    target = scratch / spec.replace("/", "_")
    subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", "-f", str(target),
                    spec], check=True, capture_output=True)
    return target


def start(folder: Path, core: int, seed: int, frames: int) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(folder))
    worker = subprocess.Popen([sys.executable, "-c", WORKER, str(seed), str(frames)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                              env=env, cwd=folder, preexec_fn=lambda: os.sched_setaffinity(
                                  0, {core}))
    if worker.stdout.readline().strip() != "ready":
        raise SystemExit(f"the worker for {folder} did not start")
    return worker


def timed(worker: subprocess.Popen, frame: int) -> tuple[float, str]:
    worker.stdin.write(f"{frame}\n")
    worker.stdin.flush()
    milliseconds, digest = json.loads(worker.stdout.readline())
    return milliseconds, digest


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", required=True, help="the tree to compare against")
    parser.add_argument("--b", default=str(HERE), help="the tree measured (this checkout)")
    parser.add_argument("--passes", type=int, default=3, help="rounds over the frames (3)")
    parser.add_argument("--frames", type=int, default=40, help="frames (40, as the bench)")
    parser.add_argument("--seed", type=int, default=11, help="the scenes' seed (11)")
    parser.add_argument("--core", type=int, default=min(os.sched_getaffinity(0)),
                        help="the core both run on (the first this process may use)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folders = [tree(spec, Path(scratch)) for spec in (args.a, args.b)]
        try:
            workers = [start(folder, args.core, args.seed, args.frames) for folder in folders]
            differences, times, same = [], ([], []), True
            for round_number in range(args.passes):
                for frame in range(args.frames):
                    # Each frame in turn, who goes first alternating.
                    order = (0, 1) if (frame + round_number) % 2 == 0 else (1, 0)
                    results = {}
                    for side in order:
                        results[side] = timed(workers[side], frame)
                    times[0].append(results[0][0])
                    times[1].append(results[1][0])
                    differences.append(results[1][0] - results[0][0])
                    same &= results[0][1] == results[1][1]
            for worker in workers:
                worker.stdin.close()
                worker.wait()
        finally:
            for folder in folders:
                if Path(scratch) in folder.parents:
                    subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force",
                                    str(folder)], check=False, capture_output=True)
    print(json.dumps({
        "a": args.a, "b": args.b, "frames": args.frames, "passes": args.passes,
        "a_median_ms": round(statistics.median(times[0]), 2),
        "b_median_ms": round(statistics.median(times[1]), 2),
        "median_difference_ms": round(statistics.median(differences), 2),
        "mean_difference_ms": round(statistics.fmean(differences), 2),
        "same_outputs": same}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
