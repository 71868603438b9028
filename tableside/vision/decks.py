"""Card face images of one deck design, with where each corner index sits on the face.

A deck is a folder of ``<rank><suit>.png`` images (``As.png``, ``Td.png``; transparent outside
the rounded corners or not). The scene generator and the training script need to know where the
rank and the suit of each corner index are, to label what the reader should find; that is
measured here from the image itself (the inked shapes nearest the top-left corner, and the same
on the face turned half round), so any deck folder works without hand-made annotations.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from tableside.cards import RANK_CHARS, SUIT_CHARS

CARD_NAMES = tuple(rank + suit for rank in RANK_CHARS for suit in SUIT_CHARS)

# An inked pixel is darker (in its least bright colour channel, so that yellow and blue ink
# count as well as black and red) than this share of the paper around it.
INK_SHARE = 0.7
# A card's printed outline lies within this share of its width from its edge.
RIM = 0.045


@dataclass(frozen=True)
class Box:
    """An axis-aligned box in a card face's pixels: left, top, right, bottom (exclusive)."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    def union(self, other: Box) -> Box:
        return Box(min(self.x0, other.x0), min(self.y0, other.y0),
                   max(self.x1, other.x1), max(self.y1, other.y1))

    def turned(self, width: float, height: float) -> Box:
        """The same box on the face turned half round (180 degrees)."""
        return Box(width - self.x1, height - self.y1, width - self.x0, height - self.y0)


@dataclass(frozen=True)
class CornerIndex:
    """One corner index: the box of the rank (all of "10") and the box of the suit under it.

    ``turned`` is True for the index in the bottom-right corner, printed upside down, or with
    ``upright`` printed standing as the top one does (its suit over its rank), as on some art
    decks: seen with the card turned half round, its rank and suit stand on their heads.
    """

    rank: Box
    suit: Box
    turned: bool
    upright: bool = False

    @property
    def box(self) -> Box:
        return self.rank.union(self.suit)


@dataclass(frozen=True)
class CardFace:
    """One card's face: ``image`` is BGRA (alpha 0 outside the card), ``name`` like ``"Td"``."""

    name: str
    image: np.ndarray
    indices: tuple[CornerIndex, ...]

    @property
    def size(self) -> tuple[int, int]:
        return self.image.shape[1], self.image.shape[0]


@dataclass(frozen=True)
class Deck:
    name: str
    faces: dict[str, CardFace]


def load_deck(folder: str | Path) -> Deck:
    """Read the 52 faces of a deck folder and measure their corner indices."""
    folder = Path(folder)
    faces = {}
    for name in CARD_NAMES:
        path = folder / f"{name}.png"
        image = cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
        if image is None:
            raise FileNotFoundError(f"{path} is missing or not an image")
        image = as_bgra(image)
        faces[name] = CardFace(name, image, find_corner_indices(image, ten=name[0] == "T"))
    return Deck(folder.name, faces)


def as_bgra(image: np.ndarray) -> np.ndarray:
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.shape[2] == 3:
        alpha = np.full(image.shape[:2], 255, np.uint8)
        return np.dstack([image, alpha])
    return image


def find_corner_indices(image: np.ndarray, *, ten: bool) -> tuple[CornerIndex, ...]:
    """The top-left index and the bottom-right one (found on the face turned half round).

    ``ten`` says the rank is printed with two figures ("10"), to be joined into one box.
    """
    height, width = image.shape[:2]
    indices = []
    top_left = _top_left_index(image, ten)
    if top_left is not None:
        indices.append(top_left)
    bottom_right = _top_left_index(cv2.rotate(image, cv2.ROTATE_180), ten)
    if bottom_right is not None:
        indices.append(CornerIndex(bottom_right.rank.turned(width, height),
                                   bottom_right.suit.turned(width, height), turned=True))
    return tuple(indices)


def ink_mask(image: np.ndarray) -> np.ndarray:
    """Pixels of a face printed clearly darker than the paper around them."""
    darkest = image[:, :, :3].min(axis=2)
    alpha = image[:, :, 3]
    paper = np.where(alpha > 128, darkest, 0).astype(np.uint8)
    # The paper's own brightness nearby (glyph strokes are thin, so a wide maximum skips them).
    size = max(9, image.shape[1] // 12) | 1
    level = cv2.dilate(paper, cv2.getStructuringElement(cv2.MORPH_RECT, (size, size)))
    level = cv2.blur(level, (size, size)).astype(np.float32)
    return ((darkest < INK_SHARE * level) & (alpha > 128)).astype(np.uint8)


def ink_inside_rim(image: np.ndarray) -> np.ndarray:
    """ink_mask without the outline printed along the card's edge (an index may touch it):
    only the ink more than RIM of the face's width inside its edge."""
    edge = max(3, round(RIM * image.shape[1])) | 1
    inside = cv2.erode((image[:, :, 3] > 128).astype(np.uint8),
                       cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (edge, edge)))
    return ink_mask(image) & inside


def _top_left_index(image: np.ndarray, ten: bool) -> CornerIndex | None:
    height, width = image.shape[:2]
    ink = ink_inside_rim(image)
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    marks = []
    for x, y, w, h, area in stats[1:count]:
        # Skip pictures, corner ornaments and specks.
        if w > 0.3 * width or h > 0.3 * height or area < 4 or h < 0.05 * width:
            continue
        if x < 0.3 * width and y < 0.4 * height:
            marks.append(Box(float(x), float(y), float(x + w), float(y + h)))
    if not marks:
        return None
    # The rank is the mark highest up in the left column; "10" is two marks side by side of
    # the same height, close together.
    left_column = [m for m in marks if m.x0 < 0.2 * width]
    first = min(left_column or marks, key=lambda m: m.y0)
    rank = first
    for mark in marks if ten else ():
        gap = max(mark.x0 - rank.x1, rank.x0 - mark.x1)
        if mark is not first and gap < 0.3 * first.height \
                and abs(mark.y0 - first.y0) < 0.2 * first.height \
                and abs(mark.height - first.height) < 0.2 * first.height:
            rank = rank.union(mark)
    # The suit: the biggest mark below the rank, under it and not far down.
    below = [m for m in marks if m.y0 >= rank.y1 - 0.1 * rank.height
             and m.y0 < rank.y1 + 0.8 * rank.height
             and m.x0 < rank.x1 and m.x1 > rank.x0 and m.height < 1.6 * rank.height]
    if not below:
        return None
    suit = min(below, key=lambda m: m.y0)
    return CornerIndex(rank, suit, turned=False)
