"""Whole cards: paper regions that are one card, square on or at a slant, and their corners.

A card lying alone is one paper region with four long straight sides; the camera's slant makes
it a trapezium rather than a rectangle, and its rounded corners are short sides of its outline.
Its four corners place everything printed on it: the pips in its middle (tableside/vision/
pips.py) and its corner indices (tableside/vision/placed_indices.py). A court card whose picture
runs from edge to edge and touches the index is two paper regions, neither one a card: the two
together are (parted_cards), for reading its indices.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from tableside.vision.geometry import following, length
from tableside.vision.marks import Marks

# A whole card's outline: points closer than SIDE_TOLERANCE of its perimeter to a straight
# line are one side; its four longest sides make at least SIDES_SHARE of the perimeter (the
# rest are the rounded corners); it fills at least QUAD_FILL of the four-sided shape their
# lines make (a region with a bite out of it, or two cards in an L, does not); and that shape's
# long sides over its short ones are within SIDE_RATIO (a card is 1.4; a slant foreshortens:
# the tests' perspective stretches a card past 1.9, and an index printed to the
# corner's edges shortens its outline's sides). Of the four-sided outlines whole_cards finds
# (200 scenes of the shared decks and 200 of four outside designs, from seeds 300000 and
# 310000), those whose corners are one card's / others: 1.15-1.9 1,588 / 331, 1.9-2.0 13 / 25,
# 2.0-2.2 3 / 54, 2.2-4 1 / 383. 1.9 -> 2.0 (session 84): scripts/score_drawn_scenes.py
# --every-set read and erred the same in every group; the outside designs 13,291 read, wrong
# 60 -> 59, at the study seeds (--outside-seed 180000) 13,382 -> 13,384 (npm-svg-cards);
# scripts/score_pip_counts.py 504 -> 508 right (5 wrong), --outside 1,635 -> 1,683 (2 wrong);
# the photographs as before.
SIDE_TOLERANCE = 0.01
SIDES_SHARE = 0.8
QUAD_FILL = 0.93
SIDE_RATIO = (1.15, 2.0)
# A card's opposite sides are nearly parallel (the cosine of their angle at least PARALLEL: 18
# degrees; a camera's slant tilts them a few). A court card's paper that its picture parts
# along a diagonal is two four-sided halves, one side of each the diagonal, and two cards
# overlapping can make one four-sided region: the pips in it still say something (the top
# card's), but its corners are no card's.
PARALLEL = 0.95
# Two pieces of paper are one card parted by its picture only when each is at least
# PARTED_PIECE of the card and together at least PARTED_PAPER (kde-standard's court cards: two
# triangles of 0.4 each, or two strips of 0.15 and more; the light specks of a card's back
# pattern, 0.05 each, are not).
PARTED_PIECE = 0.1
PARTED_PAPER = 0.2


def whole_cards(marks: Marks) -> list[np.ndarray | None]:
    """Per card outline of the frame: its four corners (4 x 2, in order round it) when it is
    one whole card, else None."""
    height, width = marks.cards.shape
    return [None if _cut_by_frame(outline, width, height) else card_corners(outline)
            for outline in marks.outlines]


def squared_wholes(wholes: list[np.ndarray | None]) -> list[np.ndarray | None]:
    """Per card outline: its four corners where it is a whole card with parallel sides, else
    None. ``wholes`` is whole_cards(marks)."""
    return [corners if corners is not None and parallel_sides(corners) else None
            for corners in wholes]


def whole_card_corners(marks: Marks, wholes: list[np.ndarray | None],
                       squared: list[np.ndarray | None] | None = None) -> list[np.ndarray]:
    """The corners of every whole card of the frame, to place its indices by: the whole
    cards with parallel sides, and the parted ones. ``wholes`` is whole_cards(marks);
    ``squared``, when given, squared_wholes(wholes)."""
    # Which are parallel, once for both (parallel_sides took 0.15 ms a frame each time).
    if squared is None:
        squared = squared_wholes(wholes)
    cards = [corners for corners in squared if corners is not None]
    return cards + parted_cards(marks, wholes, [corners is not None for corners in squared])


def parted_cards(marks: Marks, wholes: list[np.ndarray | None],
                 parallel: list[bool] | None = None) -> list[np.ndarray]:
    """Whole cards whose paper a picture parts in two (a court card's picture running from
    edge to edge leaves a strip of paper at each end, or a triangle either side of its
    diagonal, each an outline of its own): the corners of each pair of outlines, neither one
    whole card with parallel sides, that together make one.
    ``wholes`` is whole_cards(marks); ``parallel``, when given, whether each is a whole card
    with parallel sides."""
    height, width = marks.cards.shape
    if parallel is None:
        parallel = [corners is not None and parallel_sides(corners) for corners in wholes]
    parts = [outline for outline, kept in zip(marks.outlines, parallel, strict=True)
             if not kept and not _cut_by_frame(outline, width, height)]
    cards = []
    for a, b in _near_pairs(parts):
        both = np.concatenate([parts[a], parts[b]])
        hull = cv2.convexHull(both.astype(np.float32)).reshape(-1, 2)
        pieces = [cv2.contourArea(parts[n].astype(np.float32)) for n in (a, b)]
        area = cv2.contourArea(hull)
        if min(pieces) < PARTED_PIECE * area or sum(pieces) < PARTED_PAPER * area:
            continue
        corners = card_corners(hull)
        if corners is not None:
            cards.append(corners)
    return cards


def _near_pairs(parts: list[np.ndarray]) -> list[tuple[int, int]]:
    """The pairs of outlines (a before b, in order) whose boxes lie close enough to be the
    strips of one card: a picture's length apart at most, about their width (the larger of
    the two boxes' larger sides), across and down.

    All pairs at once: a patterned tablecloth's light squares are paper, up to hundreds of
    outlines a frame, and a pair at a time took 180 ms a frame there, all at once 5.6 (the
    mean of ten frames drawn on a red and white gingham, 4 to 489 outlines each)."""
    if len(parts) < 2:
        return []
    boxes = np.array([cv2.boundingRect(outline) for outline in parts], np.int64)
    low, size = boxes[:, :2], boxes[:, 2:] - 1
    high = low + size
    larger = size.max(axis=1)
    reach = np.maximum(larger[:, None], larger[None, :])
    gaps = (np.maximum(low[:, None], low[None, :]) - np.minimum(high[:, None], high[None, :]))
    near = np.triu((gaps <= reach[:, :, None]).all(axis=2), k=1)
    return list(zip(*(index.tolist() for index in np.nonzero(near)), strict=True))


def parallel_sides(corners: np.ndarray) -> bool:
    """Whether a whole card's opposite sides are nearly parallel, as a card's are."""
    sides = following(corners) - corners
    sides /= np.linalg.norm(sides, axis=1, keepdims=True)
    return min(abs(float(sides[0] @ sides[2])), abs(float(sides[1] @ sides[3]))) >= PARALLEL


def _cut_by_frame(outline: np.ndarray, width: int, height: int) -> bool:
    # A card running off the frame's edge is cut there, however whole it looks. (Outlines
    # are whole-number points, int32 (Marks.outlines): their box is exactly their least and
    # greatest x and y, in a tenth of the time of three reductions: 0.04 -> 0.005 ms a frame,
    # the bench's.)
    x, y, w, h = cv2.boundingRect(outline)
    return x <= 1 or y <= 1 or x + w - 1 >= width - 2 or y + h - 1 >= height - 2


def card_corners(outline: np.ndarray) -> np.ndarray | None:
    """The four corners (4 x 2, in order round it) of the outline if its paper region is one
    whole card, seen square on or at a slant (a camera not straight above the table makes a
    card a trapezium); else None. The corners are where the lines of its four longest sides
    meet (the rounded corners of a card are short sides of its outline)."""
    hull = outline.astype(np.float32).reshape(-1, 1, 2)
    perimeter = cv2.arcLength(hull, True)
    points = cv2.approxPolyDP(hull, SIDE_TOLERANCE * perimeter, True).reshape(-1, 2)
    points = points.astype(np.float64)
    if len(points) < 4:
        return None
    edges = following(points) - points
    lengths = np.linalg.norm(edges, axis=1)
    sides = np.sort(np.argsort(lengths)[-4:])
    if lengths[sides].sum() < SIDES_SHARE * perimeter:
        return None
    # Where each side's line meets the next one's: p_a + u e_a = p_b + v e_b (the four at
    # once, each as alone).
    a, b = sides, following(sides)
    matrices = np.empty((len(a), 2, 2))
    matrices[:, :, 0] = edges[a]
    matrices[:, :, 1] = -edges[b]
    if (np.abs(np.linalg.det(matrices)) < 1e-6 * lengths[a] * lengths[b]).any():
        return None
    u = np.linalg.solve(matrices, (points[b] - points[a])[:, :, None])[:, 0, 0]
    corners = points[a] + u[:, None] * edges[a]
    area = cv2.contourArea(hull)
    if not QUAD_FILL * cv2.contourArea(corners.astype(np.float32)) <= area:
        return None
    width, height = card_sides(corners)
    if width < 1 or not SIDE_RATIO[0] <= height / width <= SIDE_RATIO[1]:
        return None
    return corners


def card_sides(corners: np.ndarray) -> tuple[float, float]:
    """The card's width and height (its short and long side)."""
    lengths = sorted(side_pairs(corners))
    return lengths[0], lengths[1]


@dataclass(frozen=True)
class CardFrame:
    """What looking at a whole card's middle needs of its corners, worked out once: their
    perspective onto the unit square (float64), their side_pairs and their area. (Counting a
    card's pips and cutting them asked for these four times over: pip_counts 0.97 -> 0.87 ms
    a frame of the bench's.)"""

    onto: np.ndarray
    sides: tuple[float, float]
    area: float

    @staticmethod
    def of(corners: np.ndarray) -> CardFrame:
        outline = corners.astype(np.float32)
        onto = cv2.getPerspectiveTransform(outline, _UNIT_SQUARE).astype(np.float64)
        return CardFrame(onto, side_pairs(corners), float(cv2.contourArea(outline)))


_UNIT_SQUARE = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)


def side_pairs(corners: np.ndarray) -> tuple[float, float]:
    """The mean length of the sides from corner 0 to 1 and 3 to 2, and of those from 0 to 3
    and 1 to 2."""
    first = length(corners[1] - corners[0]) + length(corners[2] - corners[3])
    second = length(corners[3] - corners[0]) + length(corners[2] - corners[1])
    return float(first) / 2, float(second) / 2
