"""Frames of a table drawn for the camera tests: large, clean cards where a test puts them.

The cards come from the deck the demo draws itself (:func:`tableside.demo.render.classic_deck`),
130 pixels wide on plain felt under a steady light, so that the recognizer reads them
reliably and a test can look at what the table feed makes of them. The calibration marks the
whole 1280 x 720 frame as a table of 1280 x 720 mm, the board zone across the middle and a
zone for seats 1 and 2 at the bottom left and right.
"""

from __future__ import annotations

import random

import cv2
import numpy as np

from tableside.demo.render import classic_deck
from tableside.vision.calibration import Calibration, Zone

FRAME = (1280, 720)
CARD_WIDTH = 130
BOARD_Y = 250
SEAT_Y = 590
SEAT_X = {1: 260, 2: 1020}
_DECK = classic_deck(random.Random(11))


def calibration() -> Calibration:
    width, height = FRAME
    corners = ((0.0, 0.0), (float(width), 0.0), (float(width), float(height)), (0.0, float(height)))
    return Calibration(corners, (float(width), float(height)), (
        Zone("board", "board", _box(width / 2, BOARD_Y, 1100, 260)),
        *(Zone(f"seat {seat}", "seat", _box(x, SEAT_Y, 440, 250), seat)
          for seat, x in SEAT_X.items())))


def board_places(count: int) -> list[tuple[float, float]]:
    step = CARD_WIDTH * 1.25
    return [(FRAME[0] / 2 + (i - (count - 1) / 2) * step, BOARD_Y) for i in range(count)]


def seat_places(seat: int, count: int) -> list[tuple[float, float]]:
    step = CARD_WIDTH * 1.2
    return [(SEAT_X[seat] + (i - (count - 1) / 2) * step, SEAT_Y) for i in range(count)]


def table_frame(cards: dict[str, tuple[float, float]] | list[tuple[str, tuple[float, float]]],
                seed: int = 0) -> np.ndarray:
    """A frame (BGR) with each named card face up at its centre, slightly turned (a list of
    pairs may name a card twice)."""
    rng = random.Random(seed)
    width, height = FRAME
    frame = np.full((height, width, 3), (45, 100, 35), np.uint8)
    noise = np.random.default_rng(seed).normal(0, 2.0, frame.shape)
    frame = np.clip(frame + noise, 0, 255).astype(np.uint8)
    for name, centre in (cards.items() if isinstance(cards, dict) else cards):
        _paste(frame, _DECK.faces[name].image, centre, rng.uniform(-4, 4))
    return frame


def _paste(frame: np.ndarray, bgra: np.ndarray, centre: tuple[float, float],
           angle: float) -> None:
    height, width = bgra.shape[:2]
    scale = CARD_WIDTH / width
    matrix = cv2.getRotationMatrix2D((width / 2, height / 2), angle, scale)
    matrix[:, 2] += (centre[0] - width / 2, centre[1] - height / 2)
    size = (frame.shape[1], frame.shape[0])
    warped = cv2.warpAffine(bgra, matrix, size, flags=cv2.INTER_AREA,
                            borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    alpha = warped[:, :, 3:4].astype(np.float32) / 255
    frame[:] = (warped[:, :, :3] * alpha + frame * (1 - alpha)).astype(np.uint8)


def _box(x: float, y: float, width: float, height: float) -> tuple[tuple[float, float], ...]:
    return ((x - width / 2, y - height / 2), (x + width / 2, y - height / 2),
            (x + width / 2, y + height / 2), (x - width / 2, y + height / 2))

