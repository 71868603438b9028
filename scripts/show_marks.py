#!/usr/bin/env python3
"""Draw what the marks make of a drawn scene around one card, to see why it was missed.

Three panels side by side, around the card (or the whole frame): the scene; the marks of one
ink pass (tableside/vision/marks.py), each mark in a colour of its own, with the paper regions'
outlines (green) and the square paper corners read_corners looks at (red dots); and the mask of
the card outlines, where marks may lie. A miss listed by scripts/score_drawn_scenes.py --why as
"[no candidate]" shows here as an index joined to something else or outside every outline.

    .venv/bin/python scripts/show_marks.py --group drawn --seed 67010 --card 5c --out /tmp/m.png
    .venv/bin/python scripts/show_marks.py --outside /work/outside-decks/kde-penguins \\
        --seed 132021 --card 3h --out /tmp/m.png

The scene is draw_scene(random.Random(SEED), decks), as score_drawn_scenes.py draws scene
SEED (a group's seed plus the scene's number) of the group's decks.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import cv2
import numpy as np
from score_drawn_scenes import DECKS, DRAWN_DECK_SEEDS

from tableside.vision.corner_indices import paper_corner_array
from tableside.vision.decks import load_deck
from tableside.vision.drawn import drawn_deck
from tableside.vision.marks import find_marks
from tableside.vision.reader import MODEL_PATH
from tableside.vision.scenes import draw_scene

MARGIN = 20  # pixels around the card


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    decks = parser.add_mutually_exclusive_group(required=True)
    decks.add_argument("--group", choices=("trained", "held", "drawn"),
                       help="the decks of score_drawn_scenes.py's groups of this kind")
    decks.add_argument("--outside", type=Path, metavar="DECK",
                       help="one deck's folder (an outside design)")
    parser.add_argument("--seed", type=int, required=True, help="the scene's seed")
    parser.add_argument("--card", help="crop around this card (e.g. Kd): the whole frame else")
    parser.add_argument("--pass", dest="pass_number", type=int, default=0,
                        help="the ink pass whose marks are drawn (0: the first)")
    parser.add_argument("--out", type=Path, required=True, help="the PNG to write")
    args = parser.parse_args(argv)
    scene = draw_scene(random.Random(args.seed), _decks(args.group, args.outside))
    marks = find_marks(scene.image)
    labels = marks.passes[args.pass_number].labels.astype(np.int64)
    colours = np.random.default_rng(1).integers(60, 256, (int(labels.max()) + 1, 3), np.uint8)
    colours[0] = 0
    drawn = colours[labels]
    cv2.polylines(drawn, [paper.reshape(-1, 1, 2) for paper in marks.papers], True,
                  (0, 200, 0), 1)
    for point in paper_corner_array(marks)[:, 0]:
        cv2.circle(drawn, (round(point[0]), round(point[1])), 2, (0, 0, 255), -1)
    panels = [scene.image, drawn, cv2.cvtColor(marks.cards, cv2.COLOR_GRAY2BGR)]
    rows, columns = slice(None), slice(None)
    if args.card:
        card = next((c for c in scene.cards if c.name == args.card), None)
        if card is None:
            parser.error(f"scene {args.seed} holds no {args.card} (it holds "
                         f"{', '.join(c.name for c in scene.cards if c.face_up)})")
        height, width = scene.image.shape[:2]
        left, top = np.maximum(card.corners.min(axis=0).astype(int) - MARGIN, 0)
        right, bottom = card.corners.max(axis=0).astype(int) + MARGIN
        rows, columns = slice(top, min(bottom, height)), slice(left, min(right, width))
    picture = np.hstack([panel[rows, columns] for panel in panels])
    # Small crops enlarged (nearest neighbour: pixels stay pixels) to about 900 px across.
    scale = max(1, 900 // picture.shape[1])
    picture = cv2.resize(picture, None, fx=scale, fy=scale, interpolation=cv2.INTER_NEAREST)
    if not cv2.imwrite(str(args.out), picture):
        parser.error(f"cannot write {args.out}")
    print(f"{args.out}: scene {args.seed} of {scene.deck}"
          + (f", {args.card} {card.width:.0f} px wide" if args.card else ""))
    return 0


def _decks(group: str | None, outside: Path | None) -> list:
    if outside is not None:
        return [load_deck(outside)]
    if group == "drawn":
        return [drawn_deck(random.Random(seed)) for seed in DRAWN_DECK_SEEDS]
    meta = json.loads(MODEL_PATH.with_suffix(".json").read_text())
    return [load_deck(DECKS / name)
            for name in meta["trained_on" if group == "trained" else "held_out"]]


if __name__ == "__main__":
    sys.exit(main())
