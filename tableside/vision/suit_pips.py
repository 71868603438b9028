"""Pips beside an index: the first big pip next to a corner index names a black card's suit.

On a two-colour deck a small index's club and spade differ by a few pixels, and a card lying
under others, its index in view, is never a whole card whose pips are counted
(tableside/vision/pips.py). But on a number card from four to ten the first pip of the left
column is printed right beside the index, and a dealer reading a fan looks there: on the ten
shared decks and twelve decks drawn by code its centre lies 0.8 to 1.9 index spans (rank centre
to suit centre) across from the rank's centre and 0.4 to 1.6 down. A fan's next card covers from
farther right: its own first pip lies past that window, and its index is smaller than a pip.

An index read as a black four to ten has the marks in that window, compact and of a pip's
size, cut upright as the index stands and judged by the witness reader (``pip_witness.onnx``,
trained by scripts/train_pip_witness.py on such cuts from drawn scenes: the pips of the index's
own card by their suit, anything else there as no pip). When the witnesses sure of a suit all
name clubs, or all spades, the other black suit's cards are doubted as assembly.py's counted
pips doubt them. Only the black suits: red ones differ by ink as well as shape, which the suit
inks (tableside/vision/suit_colours.py) judge.

Measured with scripts/score_drawn_scenes.py --every-set (bar 0.8): decks drawn by code read
2,278 -> 2,280 of 2,293 (dev groups) and 2,311 -> 2,312 of 2,325 (studied groups), clubs the
index alone left at 0.57-0.71; every other group, every wrong report and the photographs
(scripts/score_photos.py) the same, scene by scene. 0.18 ms a frame on the bench's frames.
Measured and not kept, each on the dev groups or all six sets:
- the whole cards' pip reader alone on these cuts: dev shared decks 2,424 -> 2,423, drawn the
  same (two clubs gained, a club on its side read as a spade and a held-out tango ten lost);
- the witness reader alone: all sets +3 read but +1 wrong (an odd drawn spade it took for a
  club at 0.92; the pip reader says spade 0.98), and before TORN a 7c flipped to 7s by the pip
  of the 6s lying over it (untouched drawn decks 2,367 -> 2,365).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tableside.cards import Card
from tableside.vision.assembly import MIN_INDEX, PIP_DOUBT
from tableside.vision.candidates import Candidates
from tableside.vision.marks import Marks
from tableside.vision.networks import Network, softmax
from tableside.vision.pip_shapes import SUITS as PIP_SUITS
from tableside.vision.pip_shapes import PipReader, cut_pips_turned
from tableside.vision.pips import PIP_PASS, SHAPE_SURE

MODEL_PATH = Path(__file__).resolve().parent / "models" / "pip_witness.onnx"
# The witness reader's classes: the four suits, then "no pip".
CLASSES = "cdhs-"
# Where the first pip may lie, in spans from the rank's centre: across (to the index's right)
# and down; its size (square root of its area) in spans (the held-out tango deck's pips, 0.42,
# are smaller than its index: its suits are read surely from the index anyway); a pip fills
# PIP_FILL of its box at least, its box at most PIP_ASPECT times longer than wide.
ACROSS = (0.5, 2.1)
DOWN = (0.2, 1.8)
SIZE = (0.8, 2.2)
PIP_FILL = 0.4
PIP_ASPECT = 1.6
# A witness counts when the reader names a suit at least this surely.
WITNESS_SURE = 0.9
# Only readings torn between the two black suits are judged: the other black suit of their rank
# at least this share of the named card. A witness can be another card's pip (a card lying
# over this one): a reading sure of its suit is left to the index.
# Tried in session 61 and not kept: every small index (rank to suit under 12 px: cards of 60-75
# px) torn so between the black suits, of any rank, made unsure (the two suits' probabilities
# shared evenly): scripts/score_drawn_scenes.py --dev --card-width 60 75, shared decks 2,915 ->
# 2,914 of 2,945 (wrong 3 -> 1), drawn 2,791 -> 2,787 of 2,847 (wrong 20 -> 14); but at the
# tests' sizes the dev groups' shared decks 2,428 -> 2,427, and gnome-dondorf (--outside)
# 1,130 -> 1,129, wrong 7 -> 9 (an unsure corner let assembly take another reading).
TORN = 0.1
RANKS = "456789T"
BLACK = "cs"
_BLACK_NUMBERS = np.array([int(Card(rank + suit)) for rank in RANKS for suit in BLACK])
# Per card number: a black four to ten? (Looked up: np.isin sorted its arguments at each frame.)
_IS_BLACK_NUMBER = np.isin(np.arange(52), _BLACK_NUMBERS)


class WitnessReader:
    """Loads the witness network once; :meth:`classes` judges a batch of cut witnesses."""

    def __init__(self, model_path: str | Path = MODEL_PATH, *,
                 backend: str | None = None) -> None:
        self._network = Network(model_path, backend)

    def classes(self, patches: np.ndarray) -> np.ndarray:
        """N x 5 probabilities: clubs, diamonds, hearts, spades, no pip."""
        if len(patches) == 0:
            return np.zeros((0, len(CLASSES)), np.float32)
        return softmax(self._network(patches))


def judged_by_pips(marks: Marks, candidates: Candidates, probabilities: np.ndarray,
                   reader: WitnessReader, pip_reader: PipReader) -> np.ndarray:
    """A frame's readings (N x 53) with the other black suit doubted where the pips beside an
    index read as a black four to ten name clubs or spades surely, by both the witness reader
    and the whole cards' pip reader."""
    named = probabilities[:, :52].argmax(axis=1)
    # The same rank in the other black suit (tableside.cards numbers a card rank * 4 + suit,
    # clubs 0 and spades 3).
    twin = named ^ 3
    rows = np.arange(len(named))
    torn = probabilities[rows, twin] >= TORN * probabilities[rows, named]
    chosen = np.nonzero((1.0 - probabilities[:, 52] >= MIN_INDEX)
                        & _IS_BLACK_NUMBER[named] & torn)[0]
    result = probabilities.copy()
    if len(chosen) == 0:
        return result
    owners, pips, downs = witness_marks(marks, candidates.rank_points[chosen],
                                        candidates.suit_points[chosen])
    if len(pips) == 0:
        return result
    patches = cut_pips_turned(marks, marks.passes[PIP_PASS], pips, downs)
    said = reader.classes(patches)
    shapes = pip_reader.suits(patches)
    names = np.array(list(CLASSES))[said.argmax(axis=1)]
    # Both readers name the suit surely: each has its sure misreadings (an odd drawn spade, a
    # club seen on its side), seldom the other's.
    sure = ((said.max(axis=1) >= WITNESS_SURE) & (shapes.max(axis=1) >= SHAPE_SURE)
            & (np.array(list(PIP_SUITS))[shapes.argmax(axis=1)] == names))
    for row in np.unique(owners):
        votes = set(names[(owners == row) & sure].tolist()) - {"-"}
        if len(votes) != 1 or not votes <= set(BLACK):
            continue
        other = BLACK[1 - BLACK.index(votes.pop())]
        n = chosen[row]
        weights = np.ones(probabilities.shape[1])
        weights[CLASSES.index(other):52:4] = PIP_DOUBT
        weighted = result[n] * weights
        result[n] = weighted / weighted.sum()
    return result


def witness_marks(marks: Marks, rank_points: np.ndarray, suit_points: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The compact, pip-sized marks (of pass PIP_PASS) where the first pip of the index with
    these rank and suit points (N x 2 each) would be: per such mark, the index's row, the
    mark's number, and the index's down (unit vector)."""
    marks_pass = marks.passes[PIP_PASS]
    rank = np.asarray(rank_points, np.float64)
    down = np.asarray(suit_points, np.float64) - rank
    spans = np.maximum(np.linalg.norm(down, axis=1), 1e-6)
    down /= spans[:, None]
    right = np.stack([down[:, 1], -down[:, 0]], axis=1)
    boxes = marks_pass.boxes
    fill = marks_pass.areas / np.maximum(boxes[:, 2] * boxes[:, 3], 1)
    compact = (fill >= PIP_FILL) & (np.maximum(boxes[:, 2], boxes[:, 3])
                                    <= PIP_ASPECT * np.minimum(boxes[:, 2], boxes[:, 3]))
    way = marks_pass.centroids[None] - rank[:, None]  # indices x marks x 2
    across = np.einsum("imk,ik->im", way, right) / spans[:, None]
    along = np.einsum("imk,ik->im", way, down) / spans[:, None]
    size = np.sqrt(marks_pass.areas.astype(np.float64))[None] / spans[:, None]
    inside = ((across >= ACROSS[0]) & (across <= ACROSS[1]) & (along >= DOWN[0])
              & (along <= DOWN[1]) & (size >= SIZE[0]) & (size <= SIZE[1]) & compact[None])
    rows, pips = np.nonzero(inside)
    return rows, pips, down[rows]
