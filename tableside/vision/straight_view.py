"""The table seen from straight above, for a camera that looks at it at a slant.

A camera on a shelf or a stand at the table's edge squashes the table along one way and
shears it: a card becomes a trapezium, its indices lean like italics, and the far side of the
table is smaller than the near one. The reader and the geometry of assembly.py expect upright
indices on square corners: drawn scenes with the tests' slant (SceneOptions.perspective 0.1:
the table's corners moved by up to 10 % of the frame) read as well as square on, but at 15 %
80 scenes of five shared decks (seed 710000) read 606 of 614 cards with 4 wrong reports, and
at 20 % 599 of 613 with 5.

Once the dealer has marked the table (calibration.py), its plane is known: a frame is warped
onto it, seen from straight above at the resolution the frame gives the table's middle (the
frame's own edge pixels carried on where the view reaches past them: a black border made the
felt beside it look bright enough to be paper), recognised there, and the readings' corners are
mapped back to the frame's pixels. The same scenes so read: 613 of 614 at 15 %, none wrong, and
610 of 613 at 20 %, none wrong; five other shared decks (seed 730000, 15 %) 615 -> 617 of 618,
and at 25 % (seed 740000) 465 -> 470 of 483 with wrong reports 2 -> 1. A view costs about
25 ms more a frame here (the warp 5-7 ms, the rest a view larger than the frame), so a plane
that nowhere in the frame stretches one way more than SLANTED times the other is not warped.

Where the frame reaches towards the plane's horizon (a camera far to one side), its far pixels
spread over many of the view's, and a view holding the whole frame would be many times its
size. The view is cut there instead (the frame's points most magnified left out, MAX_GROWTH),
not shrunk as a whole: shrunk, one drawn scene's cards 115 px wide became 9 px in the view and
none was read. Of random planes of the scenes' kind none at 10 % reaches past MAX_GROWTH, 11
in 2,000 at 15 %, 128 at 20 %, 323 at 25 %. scripts/score_drawn_scenes.py --dev with the true
plane (--table-plane; read / wrong of shared and drawn decks): at 25 % 2,241 (2) -> 2,269 (3)
of 2,289 and 2,145 (12) -> 2,151 (11) of 2,187; at 20 % 2,338 (1) -> 2,339 (1) and 2,214 (2)
-> 2,217 (2). With the guessed plane (slant.py) at 25 % 2,178 (10) -> 2,184 (12) and 2,089
(15) -> 2,090 (15); at 20 % the same (2,327 and 2,184).

Without a calibration the plane is guessed from the frame's whole cards (slant.py: corners
made right angles again, in the cards' common aspect) and the frame is read both as seen and
straightened, the reading with more sure cards standing (recognizer.py). Before that (session
68) guessing had not paid: one affine from the whole cards, or one homography fitted to them
asking all cards to be one size (the scenes size cards per group), session 60. Session 61
tried cutting each index's patch square on rather than warping the frame: with the true plane's
local stretch at each candidate (an oracle), 200 scenes of the same five decks read 1,486 ->
1,515 of 1,528 at 20 % (wrong 7 either way), 1,529 -> 1,537 of 1,541 at 15 %, and 1,553 -> 1,552
at the tests' 10 %; with the stretch estimated from the nearest whole cards (each card's
perspective onto a 1.45 rectangle, its stretch at its centre, the mean or median of the nearest
three to six) only 1,491-1,494 at 20 % with wrong 8-12, and 1,544 at 10 %: one card's estimate
is 4 % off at the median but 30 % at the 90th percentile (rounded corners, cards overlapping
as one region), and at the tests' slant the true stretch is small enough for that noise to
cost more than it mends. Nor did re-reading doubtful indices from stretched and sheared views
(across 0.8 and 1.25, shear +-0.25; scripts/score_drawn_scenes.py-style probe, 20 %): 1,496 to
1,505 read, wrong 7 -> 10 to 12: more views give a misreading more chances to come out sure.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from tableside.vision.geometry import moved_by

# The plane is taken as a slant worth undoing when, somewhere in the frame (its middle or a
# corner), it stretches one way this many times the other. Of random table planes of the
# scenes' kind (corners moved by up to 10 / 15 / 20 % of the frame) the median reaches 1.26 /
# 1.42 / 1.60; the probes above at 1.4 read as warping every frame (at 15 %: 44 of 80 warped).
SLANTED = 1.4
# The view holds at most this many times the frame's pixels (where the table's far side lies
# near the camera's horizon, its pixels would spread over far more).
MAX_GROWTH = 2.0
# The frame's points whose magnification decides where the view is cut (columns, rows).
EXTENT_GRID = (33, 19)


@dataclass(frozen=True)
class StraightView:
    """Warps frames of one size onto the table plane and maps points back."""

    to_view: np.ndarray  # 3 x 3: frame pixels to view pixels
    from_view: np.ndarray  # its inverse
    size: tuple[int, int]  # the view's width and height

    @staticmethod
    def of(plane: np.ndarray, frame_size: tuple[int, int], slanted: float = SLANTED
           ) -> StraightView | None:
        """The view of frames ``frame_size`` (width, height) big onto ``plane`` (3 x 3: frame
        pixels to table units, as Calibration.homography); None where the camera looks
        straight enough at the table (nowhere stretched ``slanted`` times more one way than
        the other), or the plane's horizon comes into the frame."""
        width, height = frame_size
        points = np.array([[width / 2, height / 2], [0, 0], [width, 0], [width, height],
                           [0, height]], np.float64)
        depths = np.c_[points, np.ones(len(points))] @ plane[2]
        # (The homogeneous coordinate's sign flips past the plane's horizon.)
        if not (depths > 0).all() and not (depths < 0).all():
            return None
        # View pixels as large as frame pixels in the frame's middle.
        middle = _stretch(plane, points[0])
        scale = 1.0 / np.sqrt(abs(float(np.linalg.det(middle))))
        stretches = [np.linalg.svd(_stretch(plane, point) * scale, compute_uv=False)
                     for point in points]
        if all(s[0] / s[1] < slanted for s in stretches):
            return None
        to_view = np.diag([scale, scale, 1.0]) @ plane
        low, high = _extent(to_view, frame_size)
        growth = float(np.prod(high - low)) / (width * height)
        if growth > MAX_GROWTH:
            shrink = np.sqrt(MAX_GROWTH / growth)
            to_view = np.diag([shrink, shrink, 1.0]) @ to_view
            low, high = low * shrink, high * shrink
        to_view = np.array([[1, 0, -low[0]], [0, 1, -low[1]], [0, 0, 1]]) @ to_view
        size = (int(np.ceil(high[0] - low[0])), int(np.ceil(high[1] - low[1])))
        return StraightView(to_view, np.linalg.inv(to_view), size)

    def warp(self, frame: np.ndarray) -> np.ndarray:
        return cv2.warpPerspective(frame, self.to_view, self.size, flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_REPLICATE)

    def back(self, points: np.ndarray) -> np.ndarray:
        """Points of the view (N x 2) in the frame's pixels."""
        return moved_by(self.from_view, points)


def _extent(to_view: np.ndarray, frame_size: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """The view's box (its least and greatest corner) onto the frame's table: where the frame
    runs out towards the plane's horizon, the view keeps the frame's points least magnified
    (the grid's, most magnified last) while their box stays within MAX_GROWTH of the frame;
    what lies beyond is cut off, not the whole view shrunk."""
    width, height = frame_size
    xs, ys = np.meshgrid(np.linspace(0, width, EXTENT_GRID[0]),
                         np.linspace(0, height, EXTENT_GRID[1]))
    points = np.stack([xs.ravel(), ys.ravel()], axis=1)
    # How many view pixels a frame pixel becomes, point by point: the determinant of a
    # homography's derivative at a point is the homography's own over the point's depth cubed.
    depths = np.c_[points, np.ones(len(points))] @ to_view[2]
    magnified = np.abs(np.linalg.det(to_view) / depths ** 3)
    order = np.argsort(magnified, kind="stable")
    mapped = moved_by(to_view, points[order])
    low = np.minimum.accumulate(mapped, axis=0)
    high = np.maximum.accumulate(mapped, axis=0)
    areas = np.prod(high - low, axis=1)
    # At least the least magnified half of the frame, shrunk to fit if it must be.
    keep = max(int(np.searchsorted(areas, MAX_GROWTH * width * height, side="right")),
               len(points) // 2)
    return low[keep - 1], high[keep - 1]


def _stretch(homography: np.ndarray, point: np.ndarray) -> np.ndarray:
    """The homography's derivative (2 x 2) at a point: how it maps small steps there."""
    x, y = point
    depth = homography[2, 0] * x + homography[2, 1] * y + homography[2, 2]
    mapped = (homography[:2, :2] @ point + homography[:2, 2]) / depth
    return (homography[:2, :2] - np.outer(mapped, homography[2, :2])) / depth
