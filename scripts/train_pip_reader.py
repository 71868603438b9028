"""Train the pip reader that ships in tableside/vision/models/ (see tableside/vision/pip_shapes.py).

Its examples are the pips of whole number cards in drawn table scenes, found and cut by the very
code that finds and cuts them at run time (tableside/vision/pips.py, pip_shapes.py), each
labelled with its card's suit where the pips counted match the card's rank. Half the scenes use
the development decks (all but the held-out ones, as for the card reader) and the decks given
by --extra-decks, half decks drawn on the fly in random styles (scripts/train_card_reader.py's:
suit symbols from every usable font and drawn shapes), so that it learns the shape of a suit,
not of one deck's.

Needs (for training only, never at run time): torch, onnx, Pillow.

    .venv/bin/python scripts/train_pip_reader.py --extra-decks /work/training-decks \\
        --scenes 3000 --validation-scenes 400 --epochs 12 --seed 4242 --workers 1 --threads 1
    # the shipped pip reader: 17 min making examples (one worker, beside another training),
    # 1 min training
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import train_card_reader as readers  # beside this script (it puts the repo on the path)

from tableside.vision.decks import Deck, load_deck
from tableside.vision.marks import find_marks
from tableside.vision.pip_shapes import MODEL_PATH, PIP_PATCH, SUITS, cut_pips
from tableside.vision.pips import PIP_PASS, number_card_pips
from tableside.vision.scenes import Scene, SceneOptions, draw_scene
from tableside.vision.scoring import lies_on
from tableside.vision.whole_cards import whole_cards

RANK_VALUES = {str(n): n for n in range(2, 10)} | {"T": 10}
_WORKER: dict = {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decks", type=Path, default=readers.DEFAULT_DECKS)
    parser.add_argument("--extra-decks", type=Path)
    parser.add_argument("--scenes", type=int, default=3000)
    parser.add_argument("--validation-scenes", type=int, default=400)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=4242)
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    args = parser.parse_args()
    names = sorted(p.name for p in args.decks.iterdir() if p.is_dir())
    decks = [args.decks / n for n in names if n not in readers.HELD_OUT_DECKS]
    if args.extra_decks:
        decks += sorted(p for p in args.extra_decks.iterdir() if p.is_dir())
    print(f"training decks: {[d.name for d in decks]}", flush=True)
    started = time.time()
    data = make_examples(args, decks)
    making = time.time() - started
    print(f"{len(data['train_labels'])} pips to train on, {len(data['val_labels'])} to check "
          f"({making:.0f} s)", flush=True)
    started = time.time()
    network, figures = train(args, data)
    readers.export(network, args.out, (1, PIP_PATCH, PIP_PATCH))
    meta = {"pip_reader": f"{args.out.name}: 1 x {PIP_PATCH} x {PIP_PATCH} pip (ink share, "
                          f"up along the card) -> 4 suit logits ({SUITS})",
            "trained_on": [d.name for d in decks], "held_out": list(readers.HELD_OUT_DECKS),
            "drawn_decks": "half the scenes, as scripts/train_card_reader.py draws them",
            "scenes": args.scenes, "epochs": args.epochs, "seed": args.seed,
            "examples": len(data["train_labels"]),
            "seconds_making_examples": round(making),
            "seconds_training": round(time.time() - started), **figures}
    args.out.with_suffix(".json").write_text(json.dumps(meta, indent=2) + "\n")
    print(json.dumps(meta, indent=2))


def make_examples(args: argparse.Namespace, decks: list[Path],
                  scene_examples=None) -> dict[str, np.ndarray]:
    """Train and validation patches and labels, from --scenes and --validation-scenes scenes,
    each made by ``scene_examples`` (job: seed and whether for validation; returns that flag,
    uint8 patches and labels), by default this script's pips of whole cards."""
    jobs = [(args.seed + n, n < args.validation_scenes)
            for n in range(args.scenes + args.validation_scenes)]
    parts: dict[bool, list] = {True: [], False: []}
    with multiprocessing.get_context("fork").Pool(args.workers, initializer=_init_worker,
                                                  initargs=(decks,)) as pool:
        for n, (validation, patches, labels) in enumerate(
                pool.imap_unordered(scene_examples or _scene_pips, jobs, chunksize=8)):
            parts[validation].append((patches, labels))
            if n % 500 == 0:
                print(f"  scene {n}/{len(jobs)}", flush=True)
    result = {}
    for validation, prefix in ((False, "train"), (True, "val")):
        result[f"{prefix}_patches"] = np.concatenate([p for p, _ in parts[validation]])
        result[f"{prefix}_labels"] = np.concatenate([q for _, q in parts[validation]])
    return result


def _init_worker(decks: list[Path]) -> None:
    cv2.setNumThreads(1)
    _WORKER["decks"] = [load_deck(folder) for folder in decks]
    # The card reader's script draws random decks from the fonts it finds there.
    readers._WORKER["fonts"] = readers.usable_fonts()
    readers._WORKER["suit_fonts"] = [f for f in readers._WORKER["fonts"] if readers.has_suits(f)]


def training_scene(seed: int) -> tuple[random.Random, Deck, Scene]:
    """A scene to train on (in a worker): of the development decks or of a deck drawn in a
    random style, half and half; its random generator, to go on with, and its deck."""
    rng = random.Random(seed)
    decks = _WORKER["decks"] if rng.random() < 0.5 else [readers.random_drawn_deck(rng)]
    options = SceneOptions(card_width=(54.0, 170.0), blur=rng.choice([1.0, 1.0, 1.3, 1.6]),
                           noise=rng.choice([6.0, 9.0]))
    scene = draw_scene(rng, decks, options)
    return rng, next(deck for deck in decks if deck.name == scene.deck), scene


def _scene_pips(job) -> tuple[bool, np.ndarray, np.ndarray]:
    seed, validation = job
    _, _, scene = training_scene(seed)
    marks = find_marks(scene.image)
    patches, labels = [], []
    for corners in whole_cards(marks):
        if corners is None:
            continue
        found = number_card_pips(marks, corners)
        if found is None:
            continue
        centre = corners.mean(axis=0)
        under = [card for card in scene.cards if card.face_up and lies_on(centre, card.corners)]
        # Only a card whose pips were all counted, alone under the outline, is a sure label.
        if len(under) != 1 or RANK_VALUES.get(under[0].name[0]) != len(found):
            continue
        patches.append(cut_pips(marks, marks.passes[PIP_PASS], found, corners))
        labels.append(np.full(len(found), SUITS.index(under[0].name[1]), np.int64))
    if not patches:
        return validation, np.zeros((0, 1, PIP_PATCH, PIP_PATCH), np.uint8), np.zeros(0, np.int64)
    return validation, (np.concatenate(patches) * 255).round().astype(np.uint8), \
        np.concatenate(labels)


def train(args: argparse.Namespace, data: dict[str, np.ndarray], classes: int = len(SUITS)):
    import torch
    from torch import nn

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    network = nn.Sequential(
        nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Flatten(), nn.Linear(32 * (PIP_PATCH // 4) ** 2, 64), nn.ReLU(),
        nn.Linear(64, classes))
    patches = torch.from_numpy(data["train_patches"].astype(np.float32) / 255)
    labels = torch.from_numpy(data["train_labels"])
    optimiser = torch.optim.Adam(network.parameters(), lr=2e-3)
    schedule = torch.optim.lr_scheduler.OneCycleLR(
        optimiser, max_lr=2e-3, total_steps=args.epochs * (len(labels) // 256 + 1))
    loss = nn.CrossEntropyLoss()
    for epoch in range(args.epochs):
        network.train()
        order = torch.randperm(len(labels))
        total = 0.0
        for start in range(0, len(labels), 256):
            chosen = order[start:start + 256]
            batch = _augment(patches[chosen])
            optimiser.zero_grad()
            value = loss(network(batch), labels[chosen])
            value.backward()
            optimiser.step()
            schedule.step()
            total += float(value) * len(chosen)
        figures = evaluate(network, data)
        print(f"epoch {epoch + 1}: loss {total / len(labels):.4f} {figures}", flush=True)
    return network, figures


def _augment(batch):
    """Pips turned half round (a card's lower half), mirrored (suits are symmetric), with a
    little noise and weaker contrast."""
    import torch

    turned = torch.rand(len(batch)) < 0.5
    batch = torch.where(turned[:, None, None, None], batch.flip(2, 3), batch)
    mirrored = torch.rand(len(batch)) < 0.5
    batch = torch.where(mirrored[:, None, None, None], batch.flip(3), batch)
    contrast = 0.6 + 0.4 * torch.rand(len(batch), 1, 1, 1)
    return (batch * contrast + 0.04 * torch.randn_like(batch)).clamp(0, 1)


def evaluate(network, data: dict[str, np.ndarray]) -> dict[str, float]:
    import torch

    network.eval()
    with torch.no_grad():
        logits = network(torch.from_numpy(data["val_patches"].astype(np.float32) / 255))
    probabilities = torch.softmax(logits, dim=1).numpy()
    said, labels = probabilities.argmax(axis=1), data["val_labels"]
    sure = probabilities.max(axis=1) >= 0.9
    return {"validation_pips": len(labels),
            "right": round(float((said == labels).mean()), 4),
            "sure_at_0.9": round(float(sure.mean()), 4),
            "wrong_at_0.9": round(float((sure & (said != labels)).sum() / max(1, sure.sum())),
                                  5)}


if __name__ == "__main__":
    sys.exit(main())
