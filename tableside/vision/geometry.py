"""Plane geometry shared by the vision modules: which way round a polygon's points run."""

from __future__ import annotations

import numpy as np


def signed_area(points: np.ndarray) -> float:
    """Positive when the points (K x 2) run clockwise on screen (y down): top-left, top-right,
    ..."""
    x, y = points[:, 0], points[:, 1]
    return float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y) / 2)
