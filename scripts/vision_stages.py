#!/usr/bin/env python3
"""Where a frame's reading time goes: per stage of recognition and per network, on the bench's
frames (drawn decks, seed 11, 1280 x 720, as `tableside bench vision` reads them).

`tableside bench vision` gives the median frame and scripts/ab_vision.py the difference two
trees make; this script says which part of the frame a change should go after. Each stage is
timed by wrapping its function where the recogniser calls it (a wrapper costs about a
microsecond a call), so a stage's time includes what it calls: the readers' networks are inside
"judge", which is inside "read_placed" and "read_corners" too. Each network is timed apart by
wrapping its runs, with the glances or patches it took.

    .venv/bin/python scripts/vision_stages.py                 # 40 frames, read twice
    .venv/bin/python scripts/vision_stages.py --frames 10 --passes 1

Prints JSON: the mean frame, and per stage and per network the milliseconds a frame (and for
networks the calls, the items and the microseconds an item), largest first.
"""

from __future__ import annotations

import argparse
import collections
import functools
import json
import time
from collections.abc import Callable
from pathlib import Path

import cv2

from tableside.benchmarks.vision import bench_scenes
from tableside.vision import reader as reader_module
from tableside.vision import recognizer as recognizer_module
from tableside.vision.networks import Network
from tableside.vision.reader import IndexReader
from tableside.vision.recognizer import CardRecognizer

# The stages, as the recogniser and the reader call them: (module or class, name).
STAGES = (
    (recognizer_module, "find_marks"), (recognizer_module, "find_candidates"),
    (recognizer_module, "whole_cards"), (recognizer_module, "read_placed"),
    (recognizer_module, "paper_corner_array"), (recognizer_module, "read_corners"),
    (recognizer_module, "judged_by_ink"), (recognizer_module, "pip_counts"),
    (recognizer_module, "assemble"), (reader_module, "cut_glances"),
    (reader_module, "cut_patches"), (IndexReader, "glance"), (IndexReader, "sift"),
    (IndexReader, "judge"), (IndexReader, "_recheck"),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=40)
    parser.add_argument("--passes", type=int, default=2, help="times each frame is read")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.frames, args.passes, args.seed), indent=1))
    return 0


def measure(frames: int, passes: int, seed: int) -> dict:
    cv2.setNumThreads(1)
    _, scenes = bench_scenes(frames, seed)
    stage_seconds: dict[str, float] = collections.defaultdict(float)
    # Per network file: calls, items, seconds.
    network_use: dict[str, list[float]] = collections.defaultdict(lambda: [0, 0, 0.0])
    undo = [_wrapped(owner, name, stage_seconds) for owner, name in STAGES]
    undo.append(_networks_wrapped(network_use))
    try:
        recognizer = CardRecognizer()
        recognizer.recognize(scenes[0].image)  # load and warm up outside the clock
        stage_seconds.clear()
        network_use.clear()
        total = 0.0
        for _ in range(passes):
            for scene in scenes:
                started = time.perf_counter()
                recognizer.recognize(scene.image)
                total += time.perf_counter() - started
    finally:
        for restore in undo:
            restore()
    read = frames * passes
    return {
        "frames": frames, "passes": passes, "seed": seed,
        "frame_ms": round(total * 1000 / read, 2),
        "stages_ms": {name: round(seconds * 1000 / read, 2) for name, seconds in
                      sorted(stage_seconds.items(), key=lambda item: -item[1])},
        "networks": {name: {"ms": round(seconds * 1000 / read, 2),
                            "calls": round(calls / read, 1), "items": round(items / read, 1),
                            "us_an_item": round(seconds * 1e6 / max(items, 1), 1)}
                     for name, (calls, items, seconds) in
                     sorted(network_use.items(), key=lambda item: -item[1][2])},
    }


def _wrapped(owner, name: str, seconds: dict[str, float]) -> Callable[[], None]:
    """Time ``owner.name`` into ``seconds[name]``; returns what puts it back."""
    original = getattr(owner, name)

    @functools.wraps(original)
    def timed(*args, **kwargs):
        started = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            seconds[name] += time.perf_counter() - started

    setattr(owner, name, timed)
    return lambda: setattr(owner, name, original)


def _networks_wrapped(use: dict[str, list[float]]) -> Callable[[], None]:
    """Time every network's runs by the file it was loaded from; returns what undoes it."""
    original_init, original_run = Network.__init__, Network._run

    def init(self, path, backend=None) -> None:
        original_init(self, path, backend)
        self.timed_name = Path(path).name

    def run(self, batch):
        started = time.perf_counter()
        outputs = original_run(self, batch)
        entry = use[getattr(self, "timed_name", "?")]
        entry[0] += 1
        entry[1] += len(batch)
        entry[2] += time.perf_counter() - started
        return outputs

    Network.__init__, Network._run = init, run

    def undo() -> None:
        Network.__init__, Network._run = original_init, original_run

    return undo


if __name__ == "__main__":
    raise SystemExit(main())
