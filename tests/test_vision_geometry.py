"""Plane geometry of the vision modules: which way round a polygon runs, each point's next."""

from __future__ import annotations

import numpy as np

from tableside.vision.geometry import following, signed_area


def test_a_square_running_clockwise_on_screen_has_a_positive_area():
    square = np.array([[0.0, 0.0], [4.0, 0.0], [4.0, 3.0], [0.0, 3.0]])  # y points down
    assert signed_area(square) == 12.0
    assert signed_area(square[::-1]) == -12.0


def test_each_point_is_followed_by_the_next_and_the_last_by_the_first():
    points = np.arange(10.0).reshape(5, 2)
    assert np.array_equal(following(points), np.roll(points, -1, axis=0))
    assert np.array_equal(following(np.array([3, 1, 2])), [1, 2, 3])
    assert following(np.zeros((0, 2))).shape == (0, 2)
