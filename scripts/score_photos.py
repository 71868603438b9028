#!/usr/bin/env python3
"""Score card recognition on the shared photographs, both splits, by rank (as
tests/test_vision_photos.py scores the test split).

Each split prints its figures (asked, read, reported, wrong, and reported cards in no labelled
box) and its mistakes; ``--json`` writes them too. The training split has been studied for
many sessions, so report it beside the test split, never alone.

    .venv/bin/python scripts/score_photos.py            # about a minute on one core
    .venv/bin/python scripts/score_photos.py --splits test --json /tmp/photos.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2

from tableside.vision.recognizer import CardRecognizer
from tableside.vision.scoring import Score, photo_labels, score_photo

PHOTOS = Path(__file__).resolve().parents[2] / "shared" / "data" / "photos" / "edje-real-photos"


def score_split(recognizer: CardRecognizer, folder: Path, split: str) -> Score:
    total = Score()
    for name, boxes in sorted(photo_labels(folder / f"{split}_labels.csv").items()):
        frame = cv2.imread(str(folder / split / name), cv2.IMREAD_COLOR)
        if frame is None:
            raise SystemExit(f"cannot read {folder / split / name}")
        total.add(score_photo(boxes, recognizer.recognize(frame).cards, name))
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--photos", type=Path, default=PHOTOS,
                        help="the folder holding train/, test/ and their label tables")
    parser.add_argument("--splits", nargs="+", default=["test", "train"])
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    recognizer = CardRecognizer()
    figures = {}
    for split in args.splits:
        score = score_split(recognizer, args.photos, split)
        figures[split] = {**score.to_json(), "mistakes": score.mistakes}
        print(f"{split}: read {score.read} of {score.asked}, reported {score.reported}, "
              f"wrong {score.wrong}, in no box {score.unmatched}")
        for mistake in score.mistakes:
            print(f"  {mistake}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
