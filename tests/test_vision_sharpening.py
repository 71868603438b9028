"""The blur a frame shows, and which frames are sharpened (tableside/vision/sharpening.py)."""

from __future__ import annotations

import random

import cv2
import numpy as np
import pytest
from test_vision_recognition import load_group

from tableside.vision.scenes import SceneOptions, draw_scene
from tableside.vision.sharpening import SHARPEN_OVER, blur_sigma, sharpened


@pytest.fixture(scope="module")
def sharp_frame() -> np.ndarray:
    decks = load_group(["kde-standard", "gnome-tango"])
    return draw_scene(random.Random(173_000), decks, SceneOptions(blur=0.0)).image


def test_the_blur_of_a_frame_is_measured_on_its_steepest_edges(sharp_frame):
    measured = [blur_sigma(cv2.GaussianBlur(sharp_frame, (0, 0), sigma))
                for sigma in (1.5, 2.0, 2.5)]
    assert measured[:2] == pytest.approx([1.5, 2.0], abs=0.3)
    # Blurrier still, an edge spreads past the reach its contrast is measured in: the measure
    # falls short, but still rises.
    assert measured[2] > measured[1]


def test_a_frame_as_sharp_as_the_tests_draw_is_read_as_it_is(sharp_frame):
    assert blur_sigma(sharp_frame) < 1.0
    assert sharpened(sharp_frame) is sharp_frame
    # The tests' blurriest frames (sigma 1.0) are not sharpened either.
    mildly = cv2.GaussianBlur(sharp_frame, (0, 0), 1.0)
    assert blur_sigma(mildly) <= SHARPEN_OVER
    assert sharpened(mildly) is mildly


def test_a_blurred_frame_is_sharpened(sharp_frame):
    blurred = cv2.GaussianBlur(sharp_frame, (0, 0), 2.0)
    sharper = sharpened(blurred)
    assert sharper is not blurred and sharper.shape == blurred.shape
    assert blur_sigma(sharper) < blur_sigma(blurred)


def test_a_frame_without_edges_has_no_blur_to_tell():
    blank = np.full((720, 1280, 3), 90, np.uint8)
    assert blur_sigma(blank) is None
    assert sharpened(blank) is blank
