"""The table's slant guessed from whole cards (tableside/vision/slant.py)."""

from __future__ import annotations

import random

import cv2
import numpy as np

from tableside.vision.slant import GUESSED_SLANTED, guessed_plane
from tableside.vision.straight_view import StraightView, _stretch

FRAME = (1280, 720)


def cards_on_table(count: int, seed: int, *, turned: bool = True) -> list[np.ndarray]:
    """Corners (4 x 2, round each card) of cards 63 x 88 units lying about a 1280 x 720 table,
    each turned any way (or all square on)."""
    rng = random.Random(seed)
    cards = []
    for _ in range(count):
        centre = np.array([rng.uniform(150, 1130), rng.uniform(120, 600)])
        angle = rng.uniform(0, np.pi) if turned else 0.0
        across, down = np.array([np.cos(angle), np.sin(angle)]), np.array([-np.sin(angle),
                                                                             np.cos(angle)])
        cards.append(np.array([centre + sx * 31.5 * across + sy * 44.0 * down
                               for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]))
    return cards


def seen(cards: list[np.ndarray], table_to_frame: np.ndarray) -> list[np.ndarray]:
    return [cv2.perspectiveTransform(card.reshape(-1, 1, 2), table_to_frame).reshape(-1, 2)
            for card in cards]


def slant(plane: np.ndarray, point: tuple[float, float]) -> float:
    """How many times more the plane stretches one way than the other at a point."""
    larger, smaller = np.linalg.svd(_stretch(plane, np.array(point, float)), compute_uv=False)
    return float(larger / smaller)


# A camera at a slant: the table's corners moved by up to a fifth of the frame.
SLANTED_CAMERA = cv2.getPerspectiveTransform(
    np.float32([[0, 0], [1280, 0], [1280, 720], [0, 720]]),
    np.float32([[180, 90], [1150, -60], [1400, 760], [-120, 650]])).astype(np.float64)


def test_whole_cards_turned_about_the_table_give_its_plane():
    frame_cards = seen(cards_on_table(8, seed=1), SLANTED_CAMERA)
    plane = guessed_plane(frame_cards, FRAME)
    assert plane is not None
    true_plane = np.linalg.inv(SLANTED_CAMERA)
    # Up to a turn and a scale, the guess is the plane: from the guessed plane to the true
    # one nothing is stretched one way more than the other.
    guessed_to_true = true_plane @ np.linalg.inv(plane)
    for point in [(640, 360), (100, 100), (1180, 620)]:
        assert slant(true_plane, point) > 1.15
        there = cv2.perspectiveTransform(np.float64([[point]]), plane).reshape(2)
        assert slant(guessed_to_true, tuple(there)) < 1.03
    assert StraightView.of(plane, FRAME, GUESSED_SLANTED) is not None


def test_cards_seen_square_on_show_no_slant():
    plane = guessed_plane(cards_on_table(6, seed=2), FRAME)
    assert plane is not None
    assert StraightView.of(plane, FRAME, GUESSED_SLANTED) is None


def test_no_cards_or_no_rectangles_guess_nothing():
    assert guessed_plane([], FRAME) is None
    # Four-sided shapes no plane makes rectangles of (each a different kite) are no cards.
    rng = np.random.default_rng(4)
    shapes = [np.array([[0, 0], [60, 10], [70, 90], [5, 60]], float) + rng.uniform(0, 900, 2)
              + rng.normal(0, 12, (4, 2)) for _ in range(6)]
    assert guessed_plane(shapes, FRAME) is None


def test_shapes_that_are_no_lone_cards_are_left_out_of_the_guess():
    # Four whole cards and two regions of overlapping cards taken for one (kites no plane
    # makes rectangles of): the four alone give the plane.
    table_cards = cards_on_table(4, seed=5)
    rng = np.random.default_rng(6)
    kites = [np.array([[0, 0], [180, 20], [40, 60], [10, 160]], float)
             + rng.uniform(200, 900, 2) for _ in range(2)]
    frame_cards = seen(table_cards + kites, SLANTED_CAMERA)
    plane = guessed_plane(frame_cards, FRAME)
    assert plane is not None
    guessed_to_true = np.linalg.inv(SLANTED_CAMERA) @ np.linalg.inv(plane)
    for point in [(640, 360), (100, 100), (1180, 620)]:
        there = cv2.perspectiveTransform(np.float64([[point]]), plane).reshape(2)
        assert slant(guessed_to_true, tuple(there)) < 1.08
    # One card left beside them is no plane's evidence: any one four-sided shape fits some
    # plane.
    assert guessed_plane(seen(table_cards[:1] + kites, SLANTED_CAMERA), FRAME) is None
