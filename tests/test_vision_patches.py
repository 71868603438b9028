"""The reading view of a candidate index: its ink is scaled by the index's own darkest ink."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tableside.vision.candidates import Candidates
from tableside.vision.marks import find_marks
from tableside.vision.patches import _colours_following_brightness, cut_patches

RANK_AT = (133.0, 60.0)
SUIT_AT = (136.0, 90.0)


def card_on_felt(ink: tuple[int, int, int]) -> np.ndarray:
    """A card on dark felt with a 3 of diamonds index close to its left edge, in ``ink``."""
    frame = np.full((300, 400, 3), (40, 70, 35), np.uint8)
    cv2.rectangle(frame, (120, 40), (270, 250), (235, 235, 235), -1)
    cv2.putText(frame, "3", (125, 70), cv2.FONT_HERSHEY_SIMPLEX, 0.9, ink, 3, cv2.LINE_AA)
    diamond = np.array([[136, 78], [145, 90], [136, 102], [127, 90]], np.int32)
    cv2.fillConvexPoly(frame, diamond, ink, cv2.LINE_AA)
    return frame


# Black ink, and a pale yellow (a four-colour deck's diamonds, as a camera sees them small):
# the felt in the patch is darker than the pale ink, yet the index must come out at full ink.
@pytest.mark.parametrize("ink", [(20, 20, 20), (120, 200, 235)])
def test_an_index_beside_dark_felt_keeps_its_full_ink(ink):
    marks = find_marks(card_on_felt(ink))
    first = marks.passes[0]
    rank, suit = np.array([RANK_AT], np.float32), np.array([SUIT_AT], np.float32)
    candidate = Candidates(rank, suit, first.marks_at(rank).astype(np.int32),
                           first.marks_at(suit).astype(np.int32), np.zeros(1, np.int32))
    assert candidate.rank_marks[0] >= 0 and candidate.suit_marks[0] >= 0
    ink_plane, rank_plane, suit_plane = cut_patches(marks, candidate)[0][[0, 3, 4]]
    on_index = (rank_plane > 0) | (suit_plane > 0)
    assert ink_plane[on_index].max() == pytest.approx(1.0)
    assert ink_plane[~on_index].max() > 0.9  # the felt is in the patch, dark


def test_colour_follows_the_brightness_noise_smoothed_strokes_kept():
    # A thin yellow stroke on paper, its colour noisy as a camera's compressed colour is: the
    # reading view's blue keeps the stroke as sharp as it was, and the paper's colour noise
    # is smoothed; a plain blur would have smeared the stroke.
    generator = np.random.default_rng(7)
    stroke = np.zeros((1, 32, 32), np.float32)
    stroke[:, :, 15:17] = 1.0
    red = 250 - 10 * stroke
    green = 250 - 60 * stroke
    blue = 250 - 190 * stroke + generator.normal(0, 6, stroke.shape).astype(np.float32)
    followed, _, _ = _colours_following_brightness(blue, green, red)
    assert abs(float(followed[0, :, 15:17].mean()) - 60) < 5
    assert abs(float(followed[0, :, 12].mean()) - 250) < 5
    paper = np.s_[0, 2:30, 3:11]
    assert float(followed[paper].std()) < 0.6 * float(blue[paper].std())
