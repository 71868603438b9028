"""Train the pip witness reader that ships in tableside/vision/models/ (see suit_pips.py there).

Its examples are the marks that tableside/vision/suit_pips.py's witness_marks finds beside the
corner indices of drawn table scenes, cut as it cuts them (upright as the index stands), from
the indices' true rank and suit points a little shaken (turned up to a few degrees, the span off
by up to a tenth, moved a little), as a candidate's points are. Each is labelled by what lies
under it in the scene:
- a pip of the index's own number card (the face's ink shape there is pip-sized): its suit;
- a court card's own picture, or no face-up card at all (felt, a card's back, a chip): no pip;
- anything on another face-up card is left out: it may well be a pip, of another suit.
Half the scenes use the development decks (all but the held-out ones, as for the card reader),
half decks drawn on the fly in random styles (scripts/train_card_reader.py's), so that it learns
the shape of a suit, not of one deck's.

Needs (for training only, never at run time): torch, onnx, Pillow.

    .venv/bin/python scripts/train_pip_witness.py --scenes 2400 --validation-scenes 300 \\
        --epochs 12 --seed 5151 --workers 2 --threads 2
    # the shipped witness reader: 9.5 min making 12,719 examples (two workers, beside other
    # work), under a minute training; its validation figures are in pip_witness.json
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import train_card_reader as readers  # beside this script (it puts the repo on the path)
import train_pip_reader as pip_readers

from tableside.vision.decks import INK_SHARE
from tableside.vision.marks import find_marks
from tableside.vision.pip_shapes import PIP_PATCH, cut_pips_turned
from tableside.vision.pips import PIP_AREA, PIP_PASS
from tableside.vision.suit_pips import CLASSES, MODEL_PATH, witness_marks

NUMBER_RANKS = "23456789T"
COURT_RANKS = "JQK"
NO_PIP = CLASSES.index("-")
# Per worker: each face's pip mask, with the face (see _face_pips).
_FACE_PIPS: dict[int, tuple] = {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decks", type=Path, default=readers.DEFAULT_DECKS)
    parser.add_argument("--scenes", type=int, default=2400)
    parser.add_argument("--validation-scenes", type=int, default=300)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5151)
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    args = parser.parse_args()
    names = sorted(p.name for p in args.decks.iterdir() if p.is_dir())
    decks = [args.decks / n for n in names if n not in readers.HELD_OUT_DECKS]
    print(f"training decks: {[d.name for d in decks]}", flush=True)
    started = time.time()
    data = pip_readers.make_examples(args, decks, _scene_witnesses)
    making = time.time() - started
    counts = np.bincount(data["train_labels"], minlength=len(CLASSES)).tolist()
    print(f"{len(data['train_labels'])} witnesses to train on (per class {counts}), "
          f"{len(data['val_labels'])} to check ({making:.0f} s)", flush=True)
    started = time.time()
    network, figures = pip_readers.train(args, data, classes=len(CLASSES))
    readers.export(network, args.out, (1, PIP_PATCH, PIP_PATCH))
    meta = {"pip_witness": f"{args.out.name}: 1 x {PIP_PATCH} x {PIP_PATCH} mark beside an "
                           f"index (ink share, up as the index stands) -> 5 logits ({CLASSES}; "
                           f"- is no pip)",
            "trained_on": [d.name for d in decks], "held_out": list(readers.HELD_OUT_DECKS),
            "drawn_decks": "half the scenes, as scripts/train_card_reader.py draws them",
            "scenes": args.scenes, "epochs": args.epochs, "seed": args.seed,
            "examples": len(data["train_labels"]), "examples_per_class": counts,
            "seconds_making_examples": round(making),
            "seconds_training": round(time.time() - started), **figures}
    args.out.with_suffix(".json").write_text(json.dumps(meta, indent=2) + "\n")
    print(json.dumps(meta, indent=2))


def _scene_witnesses(job) -> tuple[bool, np.ndarray, np.ndarray]:
    seed, validation = job
    rng, deck, scene = pip_readers.training_scene(seed)
    marks = find_marks(scene.image)
    marks_pass = marks.passes[PIP_PASS]
    patches, labels = [], []
    for number, card in enumerate(scene.cards):
        if not card.face_up or card.name[0] == "A":
            continue
        face = deck.faces[card.name]
        to_face = cv2.getPerspectiveTransform(
            card.corners.astype(np.float32),
            np.float32([[0, 0], [face.size[0], 0], [face.size[0], face.size[1]],
                        [0, face.size[1]]]))
        for index in card.indices:
            if index.visible < 0.9:
                continue
            rank, suit = _shaken(rng, index.rank.mean(axis=0), index.suit.mean(axis=0))
            _, pips, downs = witness_marks(marks, rank[None], suit[None])
            for pip, down in zip(pips, downs, strict=True):
                label = _label(scene, number, face, to_face, marks_pass.centroids[pip])
                if label is None:
                    continue
                patches.append(cut_pips_turned(marks, marks_pass, np.array([pip]), down[None]))
                labels.append(label)
    if not patches:
        return validation, np.zeros((0, 1, PIP_PATCH, PIP_PATCH), np.uint8), np.zeros(0, np.int64)
    return validation, (np.concatenate(patches) * 255).round().astype(np.uint8), \
        np.array(labels, np.int64)


def _shaken(rng: random.Random, rank: np.ndarray, suit: np.ndarray
            ) -> tuple[np.ndarray, np.ndarray]:
    """An index's points as a candidate may give them: turned, scaled and moved a little."""
    down = suit - rank
    span = float(np.linalg.norm(down))
    turn = math.radians(rng.gauss(0.0, 4.0))
    cos, sin = math.cos(turn), math.sin(turn)
    down = np.array([cos * down[0] - sin * down[1], sin * down[0] + cos * down[1]])
    down *= rng.uniform(0.9, 1.1)
    rank = rank + np.array([rng.gauss(0.0, 0.05), rng.gauss(0.0, 0.05)]) * span
    return rank, rank + down


def _label(scene, number: int, face, to_face: np.ndarray, point: np.ndarray) -> int | None:
    """What a witness at ``point`` is (a class of CLASSES), or None when it is not known: on
    the index's own card, its pip's suit or no pip; on no face-up card, no pip; on another
    face-up card, not known."""
    on = _top_card(scene, point)
    if on is None:
        return NO_PIP
    if on != number:
        return None
    card = scene.cards[number]
    if card.name[0] in COURT_RANKS:
        return NO_PIP
    x, y = cv2.perspectiveTransform(point.reshape(1, 1, 2).astype(np.float64),
                                    to_face.astype(np.float64)).reshape(2)
    pips = _face_pips(face)
    height, width = pips.shape
    column, row = round(float(x)), round(float(y))
    if not (0 <= column < width and 0 <= row < height):
        return None
    return CLASSES.index(card.name[1]) if pips[row, column] else NO_PIP


def _top_card(scene, point: np.ndarray) -> int | None:
    """The scene card on top at a point (cards are painted in order), if a face-up one."""
    for number in range(len(scene.cards) - 1, -1, -1):
        corners = scene.cards[number].corners.astype(np.float32).reshape(-1, 1, 2)
        if cv2.pointPolygonTest(corners, (float(point[0]), float(point[1])), False) >= 0:
            return number if scene.cards[number].face_up else None
    return None


def _face_pips(face) -> np.ndarray:
    """A mask of a number card face's pip-sized ink shapes (grown by two pixels), cached."""
    # (By identity, with the face kept: a drawn deck's faces are made anew each scene.)
    cache = _FACE_PIPS
    key = id(face)
    if key not in cache or cache[key][0] is not face:
        image = face.image
        darkness = image[..., :3].min(axis=2).astype(np.float32)
        paper = float(np.percentile(darkness, 90))
        ink = (darkness < INK_SHARE * paper).astype(np.uint8)
        if image.shape[2] == 4:
            ink &= (image[..., 3] > 0).astype(np.uint8)
        count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, 8)
        height, width = ink.shape
        sized = np.zeros(count, bool)
        sized[1:] = ((stats[1:, 4] >= PIP_AREA[0] * width * height)
                     & (stats[1:, 4] <= PIP_AREA[1] * width * height))
        mask = sized[labels].astype(np.uint8)
        cache[key] = (face, cv2.dilate(mask, np.ones((5, 5), np.uint8)) > 0)
    return cache[key][1]


if __name__ == "__main__":
    sys.exit(main())
