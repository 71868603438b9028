"""Whole cards: paper regions that are one card, square on or at a slant, and their corners.

A card lying alone is one paper region with four long straight sides; the camera's slant makes
it a trapezium rather than a rectangle, and its rounded corners are short sides of its outline.
Its four corners place everything printed on it: the pips in its middle (tableside/vision/
pips.py) and its corner indices (tableside/vision/placed.py).
"""

from __future__ import annotations

import cv2
import numpy as np

from tableside.vision.marks import Marks

# A whole card's outline: points closer than SIDE_TOLERANCE of its perimeter to a straight
# line are one side; its four longest sides make at least SIDES_SHARE of the perimeter (the
# rest are the rounded corners); it fills at least QUAD_FILL of the four-sided shape their
# lines make (a region with a bite out of it, or two cards in an L, does not); and that shape's
# long sides over its short ones are within SIDE_RATIO (a card is 1.4; a slant foreshortens).
SIDE_TOLERANCE = 0.01
SIDES_SHARE = 0.8
QUAD_FILL = 0.93
SIDE_RATIO = (1.15, 1.9)


def whole_cards(marks: Marks) -> list[np.ndarray | None]:
    """Per card outline of the frame: its four corners (4 x 2, in order round it) when it is
    one whole card, else None."""
    height, width = marks.cards.shape
    wholes = []
    for outline in marks.outlines:
        # A card running off the frame's edge is cut there, however whole it looks.
        cut = (outline.min(axis=0) <= 1).any() or outline[:, 0].max() >= width - 2 \
            or outline[:, 1].max() >= height - 2
        wholes.append(None if cut else card_corners(outline))
    return wholes


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
    edges = np.roll(points, -1, axis=0) - points
    lengths = np.linalg.norm(edges, axis=1)
    sides = np.sort(np.argsort(lengths)[-4:])
    if lengths[sides].sum() < SIDES_SHARE * perimeter:
        return None
    corners = []
    for a, b in zip(sides, np.roll(sides, -1), strict=True):
        # Where side a's line meets side b's: p_a + u e_a = p_b + v e_b.
        matrix = np.stack([edges[a], -edges[b]], axis=1)
        if abs(np.linalg.det(matrix)) < 1e-6 * lengths[a] * lengths[b]:
            return None
        u, _ = np.linalg.solve(matrix, points[b] - points[a])
        corners.append(points[a] + u * edges[a])
    corners = np.array(corners)
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


def side_pairs(corners: np.ndarray) -> tuple[float, float]:
    """The mean length of the sides from corner 0 to 1 and 3 to 2, and of those from 0 to 3
    and 1 to 2."""
    first = np.linalg.norm(corners[1] - corners[0]) + np.linalg.norm(corners[2] - corners[3])
    second = np.linalg.norm(corners[3] - corners[0]) + np.linalg.norm(corners[2] - corners[1])
    return float(first) / 2, float(second) / 2
