"""A deck reprinted in German tournament colours (tableside/vision/german_colours.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tableside.vision.decks import load_deck
from tableside.vision.german_colours import GERMAN_INKS, in_german_colours

DECKS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "decks"


@pytest.fixture(scope="module")
def decks():
    if not DECKS.is_dir():
        pytest.fail(f"the shared decks are missing: expected {DECKS}")
    english = load_deck(DECKS / "gnome-anglo_modern_4_color")  # clubs green, spades blue
    return english, in_german_colours(english)


def darkest_ink(image: np.ndarray) -> np.ndarray:
    """The median colour of the face's pixels furthest from white paper."""
    colours = image[..., :3][image[..., 3] > 0].astype(np.float32)
    away = np.linalg.norm(colours - 255.0, axis=1)
    return np.median(colours[away >= np.percentile(away, 97)], axis=0)


@pytest.mark.parametrize("name", ["7c", "7s", "7d", "2c", "9s"])
def test_each_suit_takes_its_german_ink(decks, name):
    _, german = decks
    assert np.abs(darkest_ink(german.faces[name].image) - GERMAN_INKS[name[1]]).max() < 30


def test_hearts_and_the_measured_indices_stay_as_they_were(decks):
    english, german = decks
    assert german.name == "gnome-anglo_modern_4_color-german"
    assert german.faces["7h"].image is english.faces["7h"].image
    for name, face in german.faces.items():
        assert face.indices == english.faces[name].indices
        assert face.image.shape == english.faces[name].image.shape


def test_the_pictures_and_the_paper_keep_their_colours(decks):
    english, german = decks
    before, after = english.faces["Qs"].image, german.faces["Qs"].image
    change = np.abs(before[..., :3].astype(int) - after[..., :3]).max(axis=2)
    # The suit's ink (pips, index, the picture's own blue) changes, the paper hardly (a pixel
    # a shade off white is moved by its shade), the transparent corners not at all.
    paper = np.all(before[..., :3] > 235, axis=2)
    assert (change > 60).sum() > 500
    assert change[paper].max() <= 16
    assert np.array_equal(before[..., 3], after[..., 3])
