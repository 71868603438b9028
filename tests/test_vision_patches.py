"""The reading view of a candidate index: its ink is scaled by the index's own darkest ink."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tableside.vision.candidates import Candidates
from tableside.vision.marks import brightness_pair, find_marks
from tableside.vision.patches import (
    _colours_at_full_resolution,
    colourless,
    cut_patches,
    green_inked,
)

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


def index_patch(ink: tuple[int, int, int]) -> np.ndarray:
    """card_on_felt's index in ``ink``, cut as the reader sees it (1 x planes)."""
    marks = find_marks(card_on_felt(ink))
    first = marks.passes[0]
    rank, suit = np.array([RANK_AT], np.float32), np.array([SUIT_AT], np.float32)
    candidate = Candidates(rank, suit, first.marks_at(rank).astype(np.int32),
                           first.marks_at(suit).astype(np.int32), np.zeros(1, np.int32))
    assert candidate.rank_marks[0] >= 0 and candidate.suit_marks[0] >= 0
    return cut_patches(marks, candidate)


# BGR: an English four-colour deck's club green, a German one's spade green; black, red, a
# four-colour deck's blue and yellow.
@pytest.mark.parametrize(("ink", "green"), [
    ((40, 130, 30), True), ((60, 130, 20), True), ((20, 20, 20), False), ((30, 30, 200), False),
    ((190, 90, 20), False), ((150, 100, 60), False), ((20, 140, 240), False)])
def test_an_index_printed_green_is_told(ink, green):
    patch = index_patch(ink)
    assert green_inked(patch).tolist() == [green]
    assert not green_inked(colourless(patch)).any()
    assert np.array_equal(colourless(patch)[:, [0, 3, 4]], patch[:, [0, 3, 4]])


# Black ink, and a pale yellow (a four-colour deck's diamonds, as a camera sees them small):
# the felt in the patch is darker than the pale ink, yet the index must come out at full ink.
@pytest.mark.parametrize("ink", [(20, 20, 20), (120, 200, 235)])
def test_an_index_beside_dark_felt_keeps_its_full_ink(ink):
    ink_plane, rank_plane, suit_plane = index_patch(ink)[0][[0, 3, 4]]
    on_index = (rank_plane > 0) | (suit_plane > 0)
    assert ink_plane[on_index].max() == pytest.approx(1.0)
    assert ink_plane[~on_index].max() > 0.9  # the felt is in the patch, dark


def test_colour_smeared_by_subsampling_comes_back_sharp():
    # A thin yellow stroke on paper through a JPEG, which keeps colour at half resolution: the
    # decoded stroke's blue is smeared over the paper beside it (about 124 for 60), and the
    # reading view's blue gets it back from the brightness, which kept the stroke sharp.
    frame = np.full((32, 32, 3), 250, np.uint8)
    frame[:, 15:17] = (60, 190, 240)
    _, encoded = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 90])
    decoded = cv2.imdecode(encoded, cv2.IMREAD_COLOR)
    pair = brightness_pair(decoded).astype(np.float32)[None]
    colours = [decoded[None, :, :, k].astype(np.float32) for k in range(3)]
    blue, _, _ = _colours_at_full_resolution(colours, pair[..., 0], pair[..., 1],
                                             (1.0, 1.0, 1.0))
    stroke, beside = np.s_[4:28, 15:17], np.s_[4:28, 13:15]
    assert float(decoded[..., 0][stroke].mean()) > 100  # what the readers got before
    assert float(decoded[..., 0][beside].mean()) < 230
    assert abs(float(blue[0][stroke].mean()) - 60) < 12
    assert float(blue[0][beside].mean()) > 240


def test_large_patches_cut_from_halved_parts_are_those_of_the_whole_frame_halved():
    # Large candidates are cut from halved copies of the frame; a batch of few is halved over
    # its patches' part of the frame only (Marks.sampled_over). Whatever the part, at the
    # frame's edges too and on a frame of odd size, the patches are exactly those cut from the
    # whole frame halved.
    generator = np.random.default_rng(3)
    frame = cv2.GaussianBlur(generator.integers(0, 256, (361, 517, 3), np.uint8), (0, 0), 1.5)
    marks = find_marks(frame)
    # Indices of 12 to 150 pixels' span (cut from the frame, or it halved once to three
    # times), some with their patches running off the frame; the largest last.
    rank = np.array([[510, 5], [200, 200], [40, 30], [500, 340], [250, 180], [3, 350],
                     [120, 90]], np.float32)
    down = np.array([[0, 12], [8, 9], [0, 30], [-25, -20], [60, 10], [0, 110], [150, 0]],
                    np.float32)
    count = len(rank)
    candidates = Candidates(rank, rank + down, np.zeros(count, np.int32),
                            np.zeros(count, np.int32), np.zeros(count, np.int32))
    parts = [cut_patches(marks, candidates.subset([n])) for n in range(count - 1)]
    # Each was cut from a part: no halved image was made whole. The largest one's part is
    # most of the frame: it is made whole.
    assert all(depth == 0 for _, depth in marks._sampled)
    parts.append(cut_patches(marks, candidates.subset([count - 1])))
    assert ("brightness", 3) in marks._sampled
    whole = find_marks(frame)
    for view in ("reading", "brightness"):
        for depth in range(4):
            whole.sampled(view, depth)
    for n, part in enumerate(parts):
        assert np.array_equal(part, cut_patches(whole, candidates.subset([n])))


def test_the_glance_halved_plane_by_plane_is_the_glance_halved():
    # The glance's planes are halved each alone (faster), then merged: the same values as the
    # merged view halved, on a frame of odd size, at every depth.
    generator = np.random.default_rng(5)
    frame = cv2.GaussianBlur(generator.integers(0, 256, (361, 517, 3), np.uint8), (0, 0), 1.5)
    marks = find_marks(frame)
    halved = cv2.merge([marks.darkness, marks.level])
    for depth in range(1, 4):
        halved = cv2.pyrDown(halved)
        assert np.array_equal(marks.sampled("glance", depth), halved)
