"""Plane geometry shared by the vision modules: which way round a polygon's points run, each
point's next going round, whether a point lies on a polygon, vectors' lengths, and points moved
by a homography."""

from __future__ import annotations

import cv2
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


def lies_on(point: np.ndarray, corners: np.ndarray) -> bool:
    """Whether a point lies on (inside or on the edge of) the polygon with these corners."""
    return cv2.pointPolygonTest(np.float32(corners).reshape(-1, 1, 2),
                                (float(point[0]), float(point[1])), False) >= 0


def length(vector: np.ndarray) -> np.floating:
    """np.linalg.norm(vector), the same number of the same type: for a contiguous float64
    vector by norm's own way (the square root of the vector's dot product with itself)
    without the checks around it, which cost more than the sum on the 2-vectors that
    assembling a frame's cards measures (some 380 a frame: 2.4 -> 1.0 us each).
    scripts/ab_vision.py: median -0.29 and -0.7 ms a frame, same outputs."""
    if vector.dtype == _FLOAT64 and vector.ndim == 1 and vector.flags.c_contiguous:
        return np.sqrt(vector.dot(vector))
    return np.linalg.norm(vector)


_FLOAT64 = np.dtype(np.float64)


def unit(vector: np.ndarray) -> np.ndarray:
    """The vector scaled to length 1 (a zero vector stays zero)."""
    return vector / max(float(length(vector)), 1e-9)


def norms(vectors: np.ndarray) -> np.ndarray:
    """np.linalg.norm(vectors, axis=-1), the same numbers of the same type: for float
    2-vectors (..., 2) as norm works it out, squares added along the last axis (a sum of two
    is their one addition), without norm's reduction along an axis of two, which cost seven
    times the arithmetic on the thousands of pairs of a frame's candidates compared.
    scripts/ab_vision.py (candidates, patches, the recogniser, the reader and corner indices
    measuring so): median -1.1 and -0.97 ms a frame, same outputs."""
    if vectors.shape[-1] != 2 or vectors.dtype.kind != "f":
        return np.linalg.norm(vectors, axis=-1)
    x, y = vectors[..., 0], vectors[..., 1]
    return np.sqrt(x * x + y * y)


def moved_by(homography: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Points (N x 2) moved by a homography (3 x 3), in float64."""
    return cv2.perspectiveTransform(np.asarray(points, np.float64).reshape(-1, 1, 2),
                                    homography).reshape(-1, 2)
