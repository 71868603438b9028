"""Indices placed by a whole card's corners: read where decks print them when marks fail.

Candidates come from marks (tableside/vision/candidates.py): a rank and a suit, each a
connected shape of ink. Where a rank runs into a large pip beside it, a court card's picture or
a chip's shadow, it is no mark of its own: the index has no candidate, or one whose points the
joined ink pulls off the rank, and a large, clear card goes unread. A whole card's corners
(tableside/vision/whole_cards.py) say where its indices are, whatever the ink: decks print the
index at much the same place near the top-left corner, and again turned half round at the
bottom-right. So each whole card on which no index was read surely is looked at there: a few
places around where decks print the index, each cut and judged as a candidate is; the quick
look picks the likeliest places of each corner, and the closer look reads them.

A place is only nearly where the index is, and the reader has not seen it through marks that
fit; so a corner counts only when its surest place is read surely and none of its other places
reads another card at least half surely (the surest of a few looks may be sure by chance: a
club read as a spade), and a card whose two corners are read as different cards (both at least
half sure) keeps neither: a whole card shows both its corners, so one of them is misread (a
decorated king read as an ace from a place a little off).

Measured against the marks alone (same frames, same reader, reports at 0.95): the tests' scenes
(seeds 5000/6000, 70 per group) 537 -> 540 and 543 -> 545 cards read; seeds 8000/9000 (120 per
group) 911 -> 921 and 930 -> 931; seeds 20000/21000 (150) 1155 -> 1166 and 1142 -> 1144; seeds
30000/31000 (120) 934 -> 940 and 883 -> 884; scenes of twelve decks drawn by code (150 at rng
seeds 77 and 78) 1119 -> 1136 and 1076 -> 1093; the shared photographs (train) 511 -> 512 of
527. Not one wrong report more on any of them. The bench's frames (40) read 277 -> 287 of 301;
the mean frame takes 3 ms more, the median 1-4 ms (a whole card is unread in 17 of the 40).
"""

from __future__ import annotations

import itertools

import cv2
import numpy as np

from tableside.vision.assembly import CONFIDENT, CONFLICT_SURE
from tableside.vision.candidates import Candidates
from tableside.vision.geometry import signed_area
from tableside.vision.marks import Marks
from tableside.vision.patches import cut_glances, cut_patches
from tableside.vision.reader import FINDER_KEEPS, NO_INDEX, IndexReader
from tableside.vision.whole_cards import side_pairs

# Where decks print the top-left index, in card widths from the card's corner: the rank's
# centre across and down, and the span down to the suit's centre. Measured on the ten shared
# decks and twelve drawn by code: across 0.08-0.17, down 0.12-0.18, span 0.11-0.24 (the reader
# reads an index a little off its place, so a few places cover them all).
ACROSS = (0.085, 0.12, 0.16)
DOWN = (0.125, 0.16)
SPANS = (0.125, 0.16, 0.2)
PLACES = tuple(itertools.product(ACROSS, DOWN, SPANS))
# Per corner, the places the quick look finds likeliest to show an index are read closely.
# Measured on single cards lying alone, the placed reading by itself (22 decks: the ten shared
# and twelve drawn by code, 52 cards each, 70-115 px wide; before parted cards and the rule on
# rival places): 1095 read right and 2 wrong with two places, 1107 and none wrong with three;
# scenes read the same with two, three or four. With both: 1105 of 1144, none wrong.
READ_CLOSELY = 3
# Marks under the places' points, for the reader's mark planes: from the first (loosest) pass.
MARK_PASS = 0
# A whole card whose marks cover more than this share of it is a card's back (its pattern), not
# looked at: the quick look would find no index there, but at a cost, and a table holds many
# face-down cards. Measured on drawn scenes (seeds 5000/6000, 40 per group, and 120 of decks
# drawn by code): faces 0.03-0.66 (court pictures the most), backs mostly 0.67-0.89.
BACK_INK = 0.72


def unread_cards(marks: Marks, cards: list[np.ndarray], candidates: Candidates,
                 probabilities: np.ndarray) -> list[np.ndarray]:
    """The whole cards (their corners, from whole_card_corners) on which no candidate's rank
    point shows an index read surely, and whose ink does not cover them as a card's back
    does."""
    sure = candidates.rank_points[probabilities[:, :NO_INDEX].max(axis=1) >= CONFIDENT]
    unread = []
    for corners in cards:
        outline = corners.astype(np.float32).reshape(-1, 1, 2)
        if not any(cv2.pointPolygonTest(outline, (float(x), float(y)), False) >= 0
                   for x, y in sure) and _ink_share(marks, corners) <= BACK_INK:
            unread.append(corners)
    return unread


def _ink_share(marks: Marks, corners: np.ndarray) -> float:
    """The share of the card that its marks (at the loosest ink threshold) cover."""
    height, width = marks.cards.shape
    x0, y0 = np.clip(np.floor(corners.min(axis=0)).astype(int), 0, [width, height])
    x1, y1 = np.clip(np.ceil(corners.max(axis=0)).astype(int) + 1, 0, [width, height])
    inside = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillConvexPoly(inside, np.round(corners - [x0, y0]).astype(np.int32), 1)
    ink = marks.passes[0].labels[y0:y1, x0:x1] > 0
    return float(ink[inside > 0].mean()) if inside.any() else 0.0


def read_placed(reader: IndexReader, marks: Marks,
                cards: list[np.ndarray]) -> tuple[Candidates, np.ndarray]:
    """The sure readings of the cards' index corners: per corner read surely, the place read
    surest as a candidate, and its probabilities (N x 53, as IndexReader.judge gives)."""
    places = placed_candidates(marks, cards)
    if len(places) == 0:
        return places, np.zeros((0, NO_INDEX + 1), np.float32)
    chosen, probabilities, rivals = surest_places(reader, marks, places, len(PLACES),
                                                  READ_CLOSELY, FINDER_KEEPS)
    named = probabilities[:, :NO_INDEX].argmax(axis=1).reshape(-1, 2)
    confidence = probabilities[:, :NO_INDEX].max(axis=1).reshape(-1, 2)
    # A whole card shows both its corners: one read as another card is a misreading in one.
    misread = (named[:, 0] != named[:, 1]) & (confidence.min(axis=1) >= CONFLICT_SURE)
    keep = ((confidence >= CONFIDENT) & ~misread[:, None]).ravel() & ~rivals
    return places.subset(chosen[keep]), probabilities[keep]


def surest_places(reader: IndexReader, marks: Marks, places: Candidates, group: int,
                  closely: int, likely: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per group of ``group`` places in a row (one corner's), the ``closely`` ones the quick
    look finds likeliest read closely (those at least ``likely`` an index: as in
    IndexReader.read, what it plainly takes for none, a card's back or a corner under another
    card, is not): the surest one's number in ``places``, its probabilities (as
    IndexReader.judge gives), and whether another of them reads another card at least half
    surely (the surest of a few looks may be sure by chance: a club read as a spade)."""
    chance = reader.glance(cut_glances(marks, places)).reshape(-1, group)
    likeliest = np.argsort(-chance, axis=1, kind="stable")[:, :closely]
    worth = np.take_along_axis(chance, likeliest, axis=1).ravel() >= likely
    likeliest += group * np.arange(len(likeliest))[:, None]
    judged = np.zeros((likeliest.size, NO_INDEX + 1), np.float32)
    judged[:, NO_INDEX] = 1.0
    judged[worth] = reader.judge(cut_patches(marks, places.subset(likeliest.ravel()[worth])))
    judged = judged.reshape(len(likeliest), closely, -1)
    surest = judged[:, :, :NO_INDEX].max(axis=2).argmax(axis=1)
    groups = np.arange(len(judged))
    probabilities = judged[groups, surest]
    named = probabilities[:, :NO_INDEX].argmax(axis=1)
    rivals = ((judged[:, :, :NO_INDEX].argmax(axis=2) != named[:, None])
              & (judged[:, :, :NO_INDEX].max(axis=2) >= CONFLICT_SURE)).any(axis=1)
    return likeliest[groups, surest], probabilities, rivals


def placed_candidates(marks: Marks, cards: list[np.ndarray]) -> Candidates:
    """Per card, per index corner (top-left, then the one turned half round), a candidate at
    each of PLACES, in that order."""
    on_card = np.array([[[across, down], [across, down + span]]
                        for across, down, span in PLACES], np.float64).reshape(-1, 1, 2)
    ranks, suits = [], []
    for corners in cards:
        for card_to_frame in _index_corners(corners):
            points = cv2.perspectiveTransform(on_card, card_to_frame).reshape(-1, 2, 2)
            ranks.append(points[:, 0])
            suits.append(points[:, 1])
    if not ranks:
        return placed_at(marks, np.zeros((0, 2)), np.zeros((0, 2)))
    return placed_at(marks, np.concatenate(ranks), np.concatenate(suits))


def placed_at(marks: Marks, rank_points: np.ndarray, suit_points: np.ndarray) -> Candidates:
    """Candidates at places (N x 2 rank and suit points) that no mark made: the marks under
    their points, for the reader's mark planes, are MARK_PASS's."""
    rank_points = rank_points.astype(np.float32).reshape(-1, 2)
    suit_points = suit_points.astype(np.float32).reshape(-1, 2)
    marks_pass = marks.passes[MARK_PASS]
    return Candidates(rank_points, suit_points,
                      marks_pass.marks_at(rank_points).astype(np.int32),
                      marks_pass.marks_at(suit_points).astype(np.int32),
                      np.full(len(rank_points), MARK_PASS, np.int32))


def _index_corners(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The perspective maps from the card's own coordinates (card widths, from the top-left
    corner, y down the long side) to the frame, for the card upright and turned half round:
    its two index corners at the top-left."""
    corners = corners.astype(np.float64)
    if signed_area(corners) < 0:
        corners = corners[::-1]  # clockwise on screen: top-left, top-right, ...
    first, second = side_pairs(corners)
    # The top side (from the top-left corner clockwise) is a short one.
    start, aspect = (0, second / first) if first <= second else (1, first / second)
    card = np.float32([[0, 0], [1, 0], [1, aspect], [0, aspect]])
    return tuple(cv2.getPerspectiveTransform(card, np.roll(corners, -turn, axis=0)
                                             .astype(np.float32))
                 for turn in (start, start + 2))
