"""Score the pip counts (tableside/vision/pips.py) of whole cards in drawn table scenes.

Each whole card whose middle is counted is matched to the scene's card nearest its outline's
centre; its count is right when it is the card's rank (an ace: one). A wrong count makes the
card's index readings of that rank far less likely, so wrong counts should be none.

    .venv/bin/python scripts/score_pip_counts.py          # ~1 min
    .venv/bin/python scripts/score_pip_counts.py --wrong  # and list the wrong counts
    .venv/bin/python scripts/score_pip_counts.py --outside /work/outside-decks \
        /work/outside-later /work/outside-third /work/outside-fourth   # ~3 min

With --outside, the designs in the folders (scripts/render_outside_decks.py) are scored instead,
each on OUTSIDE_SCENES scenes of its own, from the seed scripts/score_drawn_scenes.py gives it
(outside_groups) counting from --outside-seed (default 180000, its study seeds).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import numpy as np
from score_drawn_scenes import outside_groups

from tableside.vision.decks import load_deck
from tableside.vision.drawn import drawn_deck
from tableside.vision.marks import find_marks
from tableside.vision.pips import number_card_pips
from tableside.vision.reader import MODEL_PATH
from tableside.vision.scenes import draw_scene
from tableside.vision.whole_cards import whole_cards

DECKS = Path(__file__).resolve().parents[2] / "shared" / "data" / "decks"
# (group, first seed, scenes), as scripts/score_drawn_scenes.py draws them.
GROUPS = (("shared", 5000, 60), ("shared", 21000, 60), ("drawn", 77000, 80))
OUTSIDE_SCENES = 50
DRAWN_DECK_SEEDS = range(500, 512)
RANKS = "A23456789T"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wrong", action="store_true", help="list each wrong count")
    parser.add_argument("--outside", type=Path, nargs="+", metavar="FOLDER",
                        help="score the designs in these folders instead, one group each")
    parser.add_argument("--outside-seed", type=int, default=180000, metavar="SEED")
    args = parser.parse_args(argv)
    if args.outside:
        designs = outside_groups(args.outside, args.outside_seed)
        decks = {name: [load_deck(folder / name)] for _, _, _, name, folder in designs}
        groups = [(name, seed, OUTSIDE_SCENES) for _, seed, _, name, _ in designs]
    else:
        record = json.loads(MODEL_PATH.with_suffix(".json").read_text())
        decks = {"shared": [load_deck(DECKS / name)
                            for name in record["trained_on"] + record["held_out"]],
                 "drawn": [drawn_deck(random.Random(seed)) for seed in DRAWN_DECK_SEEDS]}
        groups = GROUPS
    all_right = all_wrong = 0
    for group, first, count in groups:
        right = wrong = 0
        for seed in range(first, first + count):
            scene = draw_scene(random.Random(seed), decks[group])
            marks = find_marks(scene.image)
            for corners in whole_cards(marks):
                if corners is None or (found := number_card_pips(marks, corners)) is None:
                    continue
                centre = corners.mean(axis=0)
                card = min(scene.cards,
                           key=lambda c: float(np.linalg.norm(c.corners.mean(axis=0) - centre)))
                if RANKS.find(card.name[0]) + 1 == len(found):
                    right += 1
                else:
                    wrong += 1
                    if args.wrong:
                        print(f"  scene {seed}: {card.name} counted {len(found)}")
        print(f"{group:7} {first}: {count} scenes, counted right {right}, wrong {wrong}",
              flush=True)
        all_right += right
        all_wrong += wrong
    print(f"all: counted right {all_right}, wrong {all_wrong}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
