"""A deck reprinted with indices in all four corners, to score recognition on such decks.

Many European decks (German and Austrian French-suited ones, GNOME's dondorf) print the index
in all four corners, so that a hand fanned either way shows every rank: a card's top two
indices stand upright side by side, its bottom two turned half round. Of the shared decks none
does, nor do the decks tableside/vision/drawn.py draws, so this reprints any deck so: each
card's top-left index (with the paper around it) is copied to the top-right corner, as far
from the right edge as it is from the left, and its bottom-right one to the bottom-left,
where that corner is bare paper (a picture or a pip reaching the corner keeps the card as it
is). The faces' measured indices gain the copies, so that scenes count them as indices in view.

    .venv/bin/python scripts/score_drawn_scenes.py --dev --four-corners
"""

from __future__ import annotations

import numpy as np

from tableside.vision.decks import Box, CardFace, CornerIndex, Deck, ink_inside_rim

# The copy takes this share of the index's width (and height) of paper around it too.
MARGIN = 0.15
# A corner takes the copy only where at most this share of the place it goes (with its margin)
# is inked: bare paper, not a picture or a pip. (The card's printed rim does not count:
# decks.ink_inside_rim.)
MOST_INK = 0.02


def in_four_corners(deck: Deck) -> Deck:
    """``deck`` with each card's two indices printed again in the other two corners."""
    faces = {name: _four_cornered(face) for name, face in deck.faces.items()}
    return Deck(f"{deck.name}-four-corners", faces)


def _four_cornered(face: CardFace) -> CardFace:
    image = face.image.copy()
    height, width = image.shape[:2]
    on_card = face.image[..., 3] > 128
    ink = ink_inside_rim(face.image)
    added = []
    for index in face.indices:
        box = index.box
        margin_x, margin_y = MARGIN * box.width, MARGIN * box.height
        x0 = max(0, int(np.floor(box.x0 - margin_x)))
        x1 = min(width, int(np.ceil(box.x1 + margin_x)))
        y0 = max(0, int(np.floor(box.y0 - margin_y)))
        y1 = min(height, int(np.ceil(box.y1 + margin_y)))
        # The same place mirrored across the card's middle: as far from the other side.
        to_x0 = width - x1
        if to_x0 < x1 and to_x0 + (x1 - x0) > x0:
            continue  # the index reaches the middle: the other corner is the index itself
        place = (slice(y0, y1), slice(to_x0, to_x0 + x1 - x0))
        if ink[place].mean() > MOST_INK:
            continue
        # Colours only, on the card (its rounded corners stay as they are).
        copied = on_card[place] & on_card[y0:y1, x0:x1]
        image[place][copied, :3] = face.image[y0:y1, x0:x1][copied, :3]
        shift = to_x0 - x0
        added.append(CornerIndex(_moved(index.rank, shift), _moved(index.suit, shift),
                                 index.turned, index.upright))
    return CardFace(face.name, image, face.indices + tuple(added))


def _moved(box: Box, shift: float) -> Box:
    return Box(box.x0 + shift, box.y0, box.x1 + shift, box.y1)
