"""Pip shapes: which suit a number card's pips are, from their outline alone.

A corner index's suit symbol is a few pixels high on a small card, and on some designs a club
and a spade look alike there; the pips in the card's middle are the same symbol three to five
times larger. Each pip is cut upright along the card's long side (or upside down: pips of a
card's lower half are printed turned) as its ink share (0 paper, 1 its darkest ink), so that
what says the suit is its shape, not its colour (the ink's colour is judged apart, by
tableside/vision/pips.py), and judged by a small network (``pip_reader.onnx``, trained by
scripts/train_pip_reader.py on drawn scenes of the training decks and of decks drawn by code).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from tableside.vision.marks import MarkPass, Marks
from tableside.vision.networks import Network, softmax
from tableside.vision.whole_cards import CardFrame

PIP_PATCH = 16
SUITS = "cdhs"
MODEL_PATH = Path(__file__).resolve().parent / "models" / "pip_reader.onnx"
# Half the patch's side over the pip's size (the square root of its area): the whole pip and
# some paper round it, whatever its shape.
REACH = 1.0
# Least ink share taken as a patch's darkest ink (a blank patch is not stretched to noise).
MIN_CONTRAST = 0.3


def cut_pips(marks: Marks, marks_pass: MarkPass, pips: np.ndarray,
             corners: np.ndarray, card: CardFrame | None = None) -> np.ndarray:
    """N x 1 x PIP_PATCH x PIP_PATCH float32: the marks ``pips`` of ``marks_pass`` on the whole
    card with these corners, each centred, its ink share, with the patch's up along the card's
    long side (through the card's perspective, so a card seen at a slant is cut square on).
    ``card``: the corners' CardFrame, when the caller has it already."""
    if len(pips) == 0:
        return np.zeros((0, 1, PIP_PATCH, PIP_PATCH), np.float32)
    card = CardFrame.of(corners) if card is None else card
    onto = card.onto
    back = np.linalg.inv(onto)
    centres = cv2.perspectiveTransform(
        marks_pass.centroids[pips].reshape(-1, 1, 2).astype(np.float64), onto).reshape(-1, 2)
    first, second = card.sides
    # In the unit square, a card width across is 1 on the short side's axis and the long
    # side's axis is stretched by the card's aspect.
    aspect = max(first, second) / max(min(first, second), 1.0)
    sizes = np.sqrt(marks_pass.areas[pips] / max(card.area, 1.0) * aspect)  # in card widths
    steps = (np.arange(PIP_PATCH) + 0.5) / PIP_PATCH * 2.0 - 1.0
    across = steps[None, None, :] * REACH * sizes[:, None, None]
    along = steps[None, :, None] * REACH * sizes[:, None, None] / aspect
    across, along = np.broadcast_arrays(across, along)
    if first <= second:  # corners 0 -> 1 is the short side: across is the square's x
        x = centres[:, 0, None, None] + across
        y = centres[:, 1, None, None] + along
    else:
        x = centres[:, 0, None, None] + along
        y = centres[:, 1, None, None] + across
    points = np.stack([x, y], axis=-1).reshape(-1, 1, 2)
    image_points = cv2.perspectiveTransform(points, back).reshape(-1, 2).astype(np.float32)
    return _ink_patches(marks, image_points)


def cut_pips_turned(marks: Marks, marks_pass: MarkPass, pips: np.ndarray, down: np.ndarray
                    ) -> np.ndarray:
    """As :func:`cut_pips`, but each pip upright as a unit vector ``down`` (per pip, N x 2, in
    frame pixels) says, its size its own: for pips whose card's corners are not known, turned
    as the corner index beside them stands."""
    if len(pips) == 0:
        return np.zeros((0, 1, PIP_PATCH, PIP_PATCH), np.float32)
    down = np.asarray(down, np.float64)
    right = np.stack([down[:, 1], -down[:, 0]], axis=1)
    reach = REACH * np.sqrt(marks_pass.areas[pips].astype(np.float64))
    steps = (np.arange(PIP_PATCH) + 0.5) / PIP_PATCH * 2.0 - 1.0
    across = steps[None, None, :, None] * (reach[:, None, None, None] * right[:, None, None])
    along = steps[None, :, None, None] * (reach[:, None, None, None] * down[:, None, None])
    points = marks_pass.centroids[pips][:, None, None] + across + along
    return _ink_patches(marks, points.reshape(-1, 2).astype(np.float32))


def _ink_patches(marks: Marks, image_points: np.ndarray) -> np.ndarray:
    """The ink share at frame points (N * PIP_PATCH^2 x 2, row by row), N patches stretched to
    their darkest ink (N x 1 x PIP_PATCH x PIP_PATCH)."""
    count = len(image_points) // (PIP_PATCH * PIP_PATCH)
    map_x = np.ascontiguousarray(image_points[:, 0]).reshape(-1, PIP_PATCH)
    map_y = np.ascontiguousarray(image_points[:, 1]).reshape(-1, PIP_PATCH)
    darkness = cv2.remap(marks.darkness, map_x, map_y, cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    level = cv2.remap(marks.level, map_x, map_y, cv2.INTER_LINEAR,
                      borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    ink = np.clip(1.0 - darkness / np.maximum(level, 1.0), 0.0, 1.0)
    ink = ink.reshape(count, PIP_PATCH, PIP_PATCH)
    top = np.maximum(ink.reshape(count, -1).max(axis=1), MIN_CONTRAST)[:, None, None]
    return np.minimum(ink / top, 1.0)[:, None].astype(np.float32)


class PipReader:
    """Loads the pip network once; :meth:`suits` judges a batch of pips."""

    def __init__(self, model_path: str | Path = MODEL_PATH, *,
                 backend: str | None = None) -> None:
        self._network = Network(model_path, backend)

    def suits(self, patches: np.ndarray) -> np.ndarray:
        """N x 4 probabilities of the suits (clubs, diamonds, hearts, spades)."""
        if len(patches) == 0:
            return np.zeros((0, len(SUITS)), np.float32)
        return softmax(self._network(patches))
