"""The blur a frame shows, and which frames are sharpened (tableside/vision/sharpening.py)."""

from __future__ import annotations

import random

import cv2
import numpy as np
import pytest
from test_vision_recognition import load_group

from tableside.vision.scenes import SceneOptions, draw_scene
from tableside.vision.sharpening import SHARPEN_OVER, blur_sigmas, sharpened


@pytest.fixture(scope="module")
def sharp_frame() -> np.ndarray:
    decks = load_group(["kde-standard", "gnome-tango"])
    return draw_scene(random.Random(173_000), decks, SceneOptions(blur=0.0)).image


def test_the_blur_of_a_frame_is_measured_on_its_steepest_edges(sharp_frame):
    measured = [blur_sigmas(cv2.GaussianBlur(sharp_frame, (0, 0), sigma))
                for sigma in (1.5, 2.0, 2.5)]
    for sigma, (across, down) in zip((1.5, 2.0), measured, strict=False):
        assert across == pytest.approx(sigma, abs=0.4) and down == pytest.approx(sigma, abs=0.4)
    # Blurrier still, an edge spreads past the reach its contrast is measured in: the measure
    # falls short, but still rises.
    assert min(measured[2]) > max(measured[1])


def test_a_blur_one_way_is_measured_that_way(sharp_frame):
    across, down = blur_sigmas(cv2.GaussianBlur(sharp_frame, (0, 0), sigmaX=2.0, sigmaY=0.01))
    assert across > SHARPEN_OVER and down < 1.0
    across, down = blur_sigmas(cv2.GaussianBlur(sharp_frame, (0, 0), sigmaX=0.01, sigmaY=2.0))
    assert across < 1.0 and down > SHARPEN_OVER


def test_a_frame_as_sharp_as_the_tests_draw_is_read_as_it_is(sharp_frame):
    assert max(blur_sigmas(sharp_frame)) < 1.0
    assert sharpened(sharp_frame) is sharp_frame
    # The tests' blurriest frames (sigma 1.0) are not sharpened either.
    mildly = cv2.GaussianBlur(sharp_frame, (0, 0), 1.0)
    assert max(blur_sigmas(mildly)) <= SHARPEN_OVER
    assert sharpened(mildly) is mildly


def test_a_blurred_frame_is_sharpened_the_way_it_is_blurred(sharp_frame):
    blurred = cv2.GaussianBlur(sharp_frame, (0, 0), 2.0)
    sharper = sharpened(blurred)
    assert sharper is not blurred and sharper.shape == blurred.shape
    assert all(np.less(blur_sigmas(sharper), blur_sigmas(blurred)))
    # Blurred across only: sharpened across, and hardly down (the steps from row to row grow
    # by 12 %; sharpened both ways, by 81 %).
    shaken = cv2.GaussianBlur(sharp_frame, (0, 0), sigmaX=2.0, sigmaY=0.01)
    sharper = sharpened(shaken)
    assert blur_sigmas(sharper)[0] < blur_sigmas(shaken)[0]

    def steps_down(image: np.ndarray) -> float:
        return float(np.abs(np.diff(image.astype(np.int16), axis=0)).mean())

    assert steps_down(sharper) < 1.25 * steps_down(shaken)


def test_a_frame_without_edges_has_no_blur_to_tell():
    blank = np.full((720, 1280, 3), 90, np.uint8)
    assert blur_sigmas(blank) is None
    assert sharpened(blank) is blank
