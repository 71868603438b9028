"""Plane geometry shared by the vision modules: which way round a polygon's points run, and
each point's next going round."""

from __future__ import annotations

import numpy as np


def signed_area(points: np.ndarray) -> float:
    """Positive when the points (K x 2) run clockwise on screen (y down): top-left, top-right,
    ..."""
    x, y = points[:, 0], points[:, 1]
    return float(np.sum(x * following(y) - following(x) * y) / 2)


def following(points: np.ndarray) -> np.ndarray:
    """Each point's (row's) next, the first after the last: np.roll(points, -1, axis=0) in a
    fraction of the time, which counts for the small polygons of a frame (some hundred)."""
    return np.concatenate((points[1:], points[:1]))
