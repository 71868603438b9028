"""Scores of recognition against the truth: drawn scenes, and labelled photographs (rank only).

For a drawn scene, every face-up card with a corner index wholly in view and not washed out
by glare must be read; a reported card is right when that card lies there (its centre inside
the true card), and wrong otherwise, including a correct name in the wrong place. Cards whose
indices are all hidden may be read (right ones are not held against the reader) but are not
asked for.

For a photograph labelled with boxes and ranks, a box is read when a reported card with that
rank has its centre in the box; a reported card in a box of another rank is wrong, and one in
no box at all is counted apart (labels can miss a card).
"""

from __future__ import annotations

import csv
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from tableside.vision.assembly import CardSighting
from tableside.vision.scenes import Scene

# How far outside the true card's outline a reported centre may fall (share of its size).
GROW = 1.1
# The shared photographs' rank labels (the class of each box in their label tables).
PHOTO_RANKS = {"nine": "9", "ten": "T", "jack": "J", "queen": "Q", "king": "K", "ace": "A"}


@dataclass
class Score:
    asked: int = 0  # cards that had to be read
    read: int = 0  # of those, read right
    reported: int = 0  # cards reported
    wrong: int = 0  # reported cards that were wrong
    unmatched: int = 0  # photographs: reported cards in no labelled box
    mistakes: list[str] = field(default_factory=list)

    @property
    def read_rate(self) -> float:
        return self.read / self.asked if self.asked else 1.0

    @property
    def wrong_rate(self) -> float:
        return self.wrong / self.reported if self.reported else 0.0

    def add(self, other: Score) -> None:
        self.asked += other.asked
        self.read += other.read
        self.reported += other.reported
        self.wrong += other.wrong
        self.unmatched += other.unmatched
        self.mistakes.extend(other.mistakes)

    def to_json(self) -> dict:
        return {"asked": self.asked, "read": self.read, "read_rate": round(self.read_rate, 5),
                "reported": self.reported, "wrong": self.wrong,
                "wrong_rate": round(self.wrong_rate, 5), "unmatched": self.unmatched}


def score_scene(scene: Scene, reported: Sequence[CardSighting], label: str = "") -> Score:
    score = Score(asked=sum(card.readable for card in scene.cards), reported=len(reported))
    truth = {card.name: card for card in scene.cards if card.face_up}
    found = set()
    for sighting in reported:
        name = str(sighting.card)
        card = truth.get(name)
        if card is not None and lies_on(sighting.centre, card.corners):
            found.add(name)
            continue
        score.wrong += 1
        score.mistakes.append(f"{label} reported {name} at {np.round(sighting.centre)}"
                              + ("" if card is None else " (that card lies elsewhere)"))
    for card in scene.cards:
        if card.readable:
            if card.name in found:
                score.read += 1
            else:
                score.mistakes.append(f"{label} missed {card.name} ({card.width:.0f} px wide)")
    return score


def photo_labels(table: Path) -> dict[str, list[tuple[str, tuple[float, float, float, float]]]]:
    """Per photograph of a labels table (``train_labels.csv``: filename, class, xmin, ymin,
    xmax, ymax), its boxes as score_photo takes them: (rank letter, (x0, y0, x1, y1))."""
    boxes = defaultdict(list)
    with table.open(newline="") as rows:
        for row in csv.DictReader(rows):
            box = tuple(float(row[k]) for k in ("xmin", "ymin", "xmax", "ymax"))
            boxes[row["filename"]].append((PHOTO_RANKS[row["class"]], box))
    return dict(boxes)


def score_photo(boxes: Iterable[tuple[str, tuple[float, float, float, float]]],
                reported: Sequence[CardSighting], label: str = "") -> Score:
    """``boxes``: (rank letter, (x0, y0, x1, y1)) per labelled card."""
    boxes = list(boxes)
    score = Score(asked=len(boxes), reported=len(reported))
    read_boxes = set()
    for sighting in reported:
        x, y = sighting.centre
        rank = str(sighting.card)[0]
        inside = [n for n, (_, (x0, y0, x1, y1)) in enumerate(boxes)
                  if x0 <= x <= x1 and y0 <= y <= y1]
        if not inside:
            score.unmatched += 1
            continue
        right = [n for n in inside if boxes[n][0] == rank]
        if right:
            read_boxes.update(right)
        else:
            score.wrong += 1
            score.mistakes.append(f"{label} read {rank} in a box of {boxes[inside[0]][0]}")
    score.read = len(read_boxes)
    for n, (rank, _) in enumerate(boxes):
        if n not in read_boxes:
            score.mistakes.append(f"{label} missed a {rank}")
    return score


def lies_on(point: np.ndarray, corners: np.ndarray) -> bool:
    """Whether a reported centre lies on the card with these corners (grown by GROW)."""
    centre = corners.mean(axis=0)
    grown = ((corners - centre) * GROW + centre).astype(np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(grown, (float(point[0]), float(point[1])), False) >= 0
