"""A deck reprinted in German tournament colours, to score recognition on them.

Four-colour decks do not agree on which suit is green. English ones print clubs green and
diamonds blue (so do the shared decks' four-colour designs, with yellow diamonds and blue
spades, and the decks tableside/vision/drawn.py draws); German tournament decks (Turnierbild)
print clubs black, spades green, hearts red and diamonds yellow-orange. No shared deck is
printed the German way, so this reprints any deck so: on each card of a suit, every pixel on
the line from the paper to the suit's ink (measured on the suit's seven, the pixels furthest
from the paper) is moved as far along the line from the paper to the new ink, so that a faint
or smoothed edge stays as faint; other colours (a court card's picture) and the card's rim
keep theirs. The faces keep their measured indices: only colours change.

    .venv/bin/python scripts/score_drawn_scenes.py --dev --german
"""

from __future__ import annotations

import numpy as np

from tableside.vision.decks import CardFace, Deck

# The German inks, as OpenCV orders a colour (blue, green, red); hearts keep theirs.
GERMAN_INKS = {"c": (20, 20, 20), "s": (60, 130, 20), "d": (0, 165, 245)}
# A pixel is the suit's ink (or paper mixed with it) when it lies this near (channel levels)
# the line from the paper to the ink...
NEAR_LINE = 45.0
# ...and takes at least this share of the ink.
LEAST_SHARE = 0.03
# The card's rim (its outline), this share of the face's width wide, keeps its colour.
RIM = 0.035
# The suit's ink: the median of the seven's pixels at least this far from the paper (channel
# levels), the furthest 30 % of them.
INKED = 30.0


def in_german_colours(deck: Deck) -> Deck:
    """``deck`` with clubs black, spades green, diamonds yellow-orange, hearts as they are."""
    inks = {suit: _ink(deck.faces["7" + suit].image) for suit in GERMAN_INKS}
    faces = {}
    for name, face in deck.faces.items():
        suit = name[1]
        if suit not in GERMAN_INKS:
            faces[name] = face
            continue
        image = _reinked(face.image, _paper(face.image), inks[suit],
                         np.float32(GERMAN_INKS[suit]))
        faces[name] = CardFace(name, image, face.indices)
    return Deck(f"{deck.name}-german", faces)


def _paper(image: np.ndarray) -> np.ndarray:
    colours = image[..., :3].astype(np.float32)
    light = colours[(image[..., 3] > 0) & (colours.sum(axis=2) > 600)]
    return np.median(light, axis=0)


def _ink(image: np.ndarray) -> np.ndarray:
    paper = _paper(image)
    colours = image[..., :3].astype(np.float32)[image[..., 3] > 0]
    away = np.linalg.norm(colours - paper, axis=1)
    inked = away > INKED
    return np.median(colours[inked][away[inked] >= np.percentile(away[inked], 70)], axis=0)


def _reinked(image: np.ndarray, paper: np.ndarray, ink: np.ndarray,
             new_ink: np.ndarray) -> np.ndarray:
    colours = image[..., :3].astype(np.float32)
    line = paper - ink
    taken = paper - colours
    share = np.clip(taken @ line / (line @ line), 0.0, 1.0)
    off_line = np.linalg.norm(taken - share[..., None] * line, axis=2)
    on_line = (off_line < NEAR_LINE) & (share > LEAST_SHARE) & (image[..., 3] > 0)
    rim = max(3, int(RIM * image.shape[1]))
    inside = np.zeros_like(on_line)
    inside[rim:-rim, rim:-rim] = True
    on_line &= inside
    reprinted = paper - share[..., None] * (paper - new_ink)
    out = image.copy()
    out[..., :3][on_line] = np.clip(reprinted[on_line], 0, 255).astype(np.uint8)
    return out
