#!/usr/bin/env python3
"""Train the paired quick look: one glance of a candidate judges it and its mate at once.

Most candidates come in both orders (tableside/vision/candidates.py: a pair of marks, or one
mark, read rank-then-suit and suit-then-rank; 86 % of the bench's), and the quick look
(tableside/vision/reader.py) glanced at both. This one has the quick look's layers but two
outputs: the chance that the glance shows an index as cut, and that its mate (the same marks,
the other way round: the glance turned half round, rank and suit planes swapped) does. So only
one glance of each pair is cut and judged.

Its examples are those of scripts/train_card_reader.py's quick look (the same scenes, labels,
shaken positives and thinned negatives), each with its mate's label beside its own (none for a
candidate without a mate, which is not learnt from); both orders of a pair are examples, so
either may be the one glanced at.

    .venv/bin/python scripts/train_paired_finder.py --extra-decks /work/training-decks \
        --scenes 5000 --epochs 8 --seed 777 --out /tmp/paired/card_finder.onnx

In the quick look's place it read no faster (measured with the reader of commit c8f20fd, whose
IndexReader.kept took a quick look with two outputs as paired; that code went when it was not
shipped):

Session 63 trained it so (566 s making 2,313,048 examples, 1,550 s training on 2 cores; on its
validation glances it keeps 0.9975 of the indices as cut and 0.9979 as mates, and 8.5 % and
6.8 % of the rest). On the bench's 40 frames (tableside bench vision) it glances at 290.8 of
the 510.6 candidates a frame, but keeps 79.4 where the shipped quick look keeps 58.0 (the
shipped sifter then passes 55.4 against 44.3; a sifter trained on what it keeps, with the
shipped sifter's recipe of scripts/train_card_reader.py --sifter-only --given-finder, 52.9).
Timed stage by stage in one process (three passes, alternated): the quick look 9.95 -> 6.59
ms a frame, the sifter 2.01 -> 2.75, the readers' judging 13.79 -> 14.75, so -1.66 ms; whole
frames alternated: median -0.22 ms, mean -0.87. scripts/score_drawn_scenes.py --every-set
--outside with it and that sifter: shared decks 18,913 -> 18,909 read over the six sets (wrong
9 -> 10), drawn decks 13,910 -> 13,907 (wrong 14 -> 16), outside 5,675 -> 5,676 (wrong 94 ->
93). Half as long a training (--scenes 2500 --epochs 4) kept 102.2 a frame and made a frame
0.9 ms slower. Judging both orders asks more of its 38,000 weights than one order did; a wider
one costs more a glance, which is what it was to save.

Tried as a screen before the quick look instead (session 63, not shipped): the paired one judges
one glance of each pair, and the quick look only what it keeps, each from its own glance (the
shipped sifter after them). At the quick look's bar (0.005) it lets 79.4 of the bench's 510.6
candidates a frame through to the quick look, the two keep 43.7 (the quick look alone 58.0) and
the sifter passes 37.8 (44.3); whole frames alternated in one process: median -3.22 ms, mean
-4.08, the bench's scenes read alike. But scripts/score_drawn_scenes.py --every-set read 5
shared cards fewer over the six sets (18,913 -> 18,908; wrong 9 and 14 as before; drawn
13,910 -> 13,908; outside and the photographs the same): the unseen groups' held-out decks
2,248 -> 2,245 of 2,256, all three GNOME's tango (its suit as big as its rank), one a 4c whose
index the quick look gives 0.88 and this one's mate output 0.00003. At a bar of 0.001 it lets
125.2 through, frames ran 1.26 ms faster (median; mean 1.66) and the tango group lost 2 of the
3; at 0.0003, 169.8 through and still the 4c lost. A deck with jumbo indices is what the issue
asks to read; not shipped. Trained with a share of big-suit decks (--big-suit-share) it might keep
them: not tried yet.

Needs (for training only): torch, onnx, Pillow.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import train_card_reader as training

from tableside.vision.candidates import Candidates, find_candidates
from tableside.vision.marks import find_marks
from tableside.vision.patches import GLANCE, GLANCE_CHANNELS, cut_glances
from tableside.vision.reader import FINDER_KEEPS, NO_INDEX

UNKNOWN = -1  # a target not learnt from: no mate, or an index partly hidden


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decks", type=Path, default=training.DEFAULT_DECKS)
    parser.add_argument("--extra-decks", type=Path, default=None)
    parser.add_argument("--scenes", type=int, default=5000)
    parser.add_argument("--validation-scenes", type=int, default=150)
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=777)
    parser.add_argument("--learning-rate", type=float, default=5e-3)
    parser.add_argument("--small-share", type=float, default=0.0,
                        help="as train_card_reader.py's: scenes whose cards are all small")
    parser.add_argument("--big-suit-share", type=float, default=0.0,
                        help="as train_card_reader.py's: drawn decks whose index suit is as "
                             "big as the rank (GNOME's tango), which session 63's paired quick "
                             "look, trained without, lost")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    started = time.perf_counter()
    names = sorted(p.name for p in args.decks.iterdir() if p.is_dir())
    decks = [args.decks / n for n in names if n not in training.HELD_OUT_DECKS]
    if args.extra_decks:
        decks += sorted(p for p in args.extra_decks.iterdir() if p.is_dir())
    data = make_examples(args, decks)
    made = time.perf_counter()
    print(f"examples: {len(data['train_targets'])} training, {len(data['val_targets'])} "
          f"validation, {made - started:.0f} s", flush=True)
    finder = build_paired_finder()
    train(args, finder, data)
    training.export(finder, args.out, (GLANCE_CHANNELS, GLANCE, GLANCE))
    figures = {"finder": "3 x 16 x 16 glance -> 2 logits: index as cut, index as its mate",
               "scenes": args.scenes, "epochs": args.epochs, "seed": args.seed,
               **({"small_share": args.small_share} if args.small_share else {}),
               **({"big_suit_share": args.big_suit_share} if args.big_suit_share else {}),
               "examples": len(data["train_targets"]),
               "seconds_making_examples": round(made - started),
               "seconds_training": round(time.perf_counter() - made),
               **keeps_figures(finder, data)}
    args.out.with_suffix(".json").write_text(json.dumps(figures, indent=2) + "\n")
    print(json.dumps(figures, indent=2))


def make_examples(args: argparse.Namespace, decks: list[Path]) -> dict[str, np.ndarray]:
    parts: dict[bool, list] = {True: [], False: []}
    for validation, arrays in training.scenes_examples(
            args, (decks, False, None, args.small_share, 0.0, args.big_suit_share),
            scene_examples):
        parts[validation].append(arrays)
    return {f"{prefix}_{kind}": np.concatenate([part[k] for part in parts[validation]])
            for validation, prefix in ((False, "train"), (True, "val"))
            for k, kind in enumerate(("glances", "targets"))}


def scene_examples(job) -> tuple[bool, np.ndarray, np.ndarray]:
    """A scene's glances (int8) and per glance two targets (1 index, 0 none, UNKNOWN): its
    own and its mate's."""
    seed, validation = job
    rng = random.Random(seed)
    scene = training.training_scene(rng)
    marks = find_marks(scene.image)
    candidates = find_candidates(marks, lone_ranks="all")
    labels = training.label_candidates(scene, candidates)
    own = targets_of(labels)
    mates = candidates.mates()
    mate = np.where(mates >= 0, own[np.maximum(mates, 0)], UNKNOWN)
    keep = (own != UNKNOWN) | (mate != UNKNOWN)
    # Easy negatives are many and alike: a third of them, as the quick look's own examples.
    negative = (own != 1) & (mate != 1)
    keep &= ~negative | np.array([rng.random() <= 0.35 for _ in range(len(own))], bool)
    # Positives (of either order) twice more with the points shaken a little.
    positive = np.nonzero((own == 1) | (mate == 1))[0]
    chosen = np.concatenate([np.nonzero(keep)[0], np.repeat(positive, 2)])
    examples = Candidates.join([candidates.subset(np.nonzero(keep)[0]),
                                training.shake(candidates, positive, rng)])
    glances = cut_glances(marks, examples)
    targets = np.stack([own[chosen], mate[chosen]], axis=1).astype(np.int8)
    return validation, (glances * 127).round().astype(np.int8), targets


def targets_of(labels: np.ndarray) -> np.ndarray:
    """1 for an index, 0 for none, UNKNOWN for a partly hidden one (training's IGNORE)."""
    return np.where(labels == training.IGNORE, UNKNOWN, (labels != NO_INDEX).astype(np.int64))


def build_paired_finder():
    """The quick look's layers (train_card_reader.build_finder), two outputs."""
    import torch.nn as nn

    finder = training.build_finder()
    finder[-1] = nn.Linear(finder[-1].in_features, 2)
    return finder


def train(args: argparse.Namespace, finder, data: dict[str, np.ndarray]) -> None:
    import torch
    import torch.nn.functional as functional

    torch.set_num_threads(args.threads)
    generator = training.seeded(args)
    targets = torch.from_numpy(data["train_targets"].astype(np.float32))

    def loss_of(out, rows):
        wanted = targets[rows]
        known = wanted >= 0
        return functional.binary_cross_entropy_with_logits(out[known], wanted[known])

    training.fit(finder, data["train_glances"], loss_of, args.epochs, generator, "paired finder",
                 report=lambda: keeps_figures(finder, data), learning_rate=args.learning_rate)


def chances(finder, glances: np.ndarray) -> np.ndarray:
    import torch

    with torch.no_grad():
        return np.concatenate([torch.sigmoid(finder(training.as_float(glances[i:i + 4096])))
                               .numpy() for i in range(0, len(glances), 4096)])


def keeps_figures(finder, data: dict[str, np.ndarray]) -> dict:
    """Per output, the shares of the validation glances' indices and others it keeps."""
    kept = chances(finder, data["val_glances"]) >= FINDER_KEEPS
    figures = {}
    for column, name in enumerate(("own", "mate")):
        wanted = data["val_targets"][:, column]
        figures[f"{name}_keeps_indices"] = round(float(kept[wanted == 1, column].mean()), 5)
        figures[f"{name}_keeps_others"] = round(float(kept[wanted == 0, column].mean()), 4)
    return figures


if __name__ == "__main__":
    main()
