"""A deck reprinted with indices in all four corners (tableside/vision/four_corners.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tableside.vision.decks import find_corner_indices, load_deck
from tableside.vision.four_corners import in_four_corners

DECKS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "decks"


@pytest.fixture(scope="module")
def decks():
    if not DECKS.is_dir():
        pytest.fail(f"the shared decks are missing: expected {DECKS}")
    two = load_deck(DECKS / "kde-standard")
    return two, in_four_corners(two)


def test_a_number_card_gains_an_upright_top_right_and_a_turned_bottom_left_index(decks):
    two, four = decks
    face = four.faces["7h"]
    width = face.image.shape[1]
    assert four.name == "kde-standard-four-corners"
    assert len(face.indices) == 4
    top_left, bottom_right, top_right, bottom_left = face.indices
    assert (top_right.turned, bottom_left.turned) == (False, True)
    # As far from the right side as the original is from the left, at the same height.
    assert top_right.rank.x1 == pytest.approx(width - top_left.rank.x0, abs=2)
    assert top_right.rank.y0 == top_left.rank.y0
    assert bottom_left.suit.x0 == pytest.approx(width - bottom_right.suit.x1, abs=2)
    # The copy is printed there: the top-left index, measured on the face mirrored, is it.
    mirrored = find_corner_indices(np.ascontiguousarray(face.image[:, ::-1]), ten=False)[0]
    assert mirrored.rank.height == pytest.approx(top_left.rank.height, abs=1)
    assert mirrored.rank.y0 == pytest.approx(top_left.rank.y0, abs=1)
    # The original faces are left as they were.
    assert len(two.faces["7h"].indices) == 2


def test_a_corner_a_court_picture_reaches_keeps_its_card_as_it_is(decks):
    two, four = decks
    kept = [name for name, face in four.faces.items() if len(face.indices) == 2]
    assert kept, "every card took copies: the picture test let a court card's corner through"
    for name in kept:
        assert np.array_equal(four.faces[name].image, two.faces[name].image)
