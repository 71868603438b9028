"""Ink marks on card paper: card outlines hug the cards, not the light felt around them."""

from __future__ import annotations

import cv2
import numpy as np

from tableside.vision.marks import find_marks


def table(felt: int, noise: float = 8.0, seed: int = 1) -> np.ndarray:
    """A grey felt with sensor noise, and one white card (100 x 140 px) at (200, 150)."""
    generator = np.random.default_rng(seed)
    image = np.full((400, 600, 3), felt, np.float32)
    image[150:290, 200:300] = 235
    image += generator.normal(0, noise, image.shape)
    image = cv2.GaussianBlur(image, (0, 0), 1.0)
    return np.clip(image, 0, 255).astype(np.uint8)


def test_light_felt_next_to_a_card_stays_out_of_its_outline():
    # Felt about half as bright as the paper: bright next to its dull surroundings, but no
    # paper. The card's outline must stay the card, not grow into the felt around it.
    marks = find_marks(table(felt=125))
    assert len(marks.outlines) == 1
    area = cv2.contourArea(marks.outlines[0].astype(np.float32))
    assert 0.9 * 100 * 140 <= area <= 1.05 * 100 * 140
    # ...and so the felt makes no marks.
    assert all(len(marks_pass) == 0 for marks_pass in marks.passes)

