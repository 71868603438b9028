"""A still table: frames the recogniser need not read again.

Cards lie still for seconds at a time, and reading a frame is the camera's whole cost: on the
Pi one core, all evening, at a few frames a second. So each frame is first compared with the
last one read, as a thumbnail of block means (BLOCK pixels square, where a camera's noise and
JPEG's ripples average out, while a card put down, turned, pushed or taken away, a hand over the
felt or a chip on an index changes several blocks by far more than CHANGE_LEVELS). Once the
frames read after the last change have all been alike for SETTLE_READS frames in a row, the
temporal fusion has seen the table as it lies (a card counts after APPEAR_AFTER frames and is
gone after VANISH_AFTER: tableside/vision/fusion.py), and alike frames are not read again, except
once every REREAD_SECONDS, so that a change too slight to see here is read all the same.

    still = StillTable()
    if still.needs_reading(frame):
        ...read it...
"""

from __future__ import annotations

import time
from collections.abc import Callable

import cv2
import numpy as np

from tableside.vision.fusion import VANISH_AFTER

BLOCK = 16
# How far (grey levels, 0-255) a block's mean must move to be a change. A camera's noise of
# sigma 6 is 0.4 levels in a block mean of 256 pixels; a card's face against its back, or
# against the felt, tens of levels.
CHANGE_LEVELS = 10
SETTLE_READS = VANISH_AFTER
REREAD_SECONDS = 2.0


class StillTable:
    """Decides frame by frame whether the table changed since the last frame read."""

    def __init__(self, *, settle_reads: int = SETTLE_READS,
                 reread_seconds: float = REREAD_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.settle_reads = settle_reads
        self.reread_seconds = reread_seconds
        self.clock = clock
        self._reference: np.ndarray | None = None  # the last frame read, as a thumbnail
        self._alike = 0  # frames read in a row, each alike to the one read before it
        self._read_at = float("-inf")

    def needs_reading(self, frame: np.ndarray) -> bool:
        """Whether ``frame`` must be read. A True is taken to mean it will be: the frame
        becomes the one later frames are compared with."""
        thumbnail = thumbnail_of(frame)
        now = self.clock()
        alike = self._reference is not None and not changed(self._reference, thumbnail)
        if alike and self._alike >= self.settle_reads and \
                now - self._read_at < self.reread_seconds:
            return False
        self._alike = self._alike + 1 if alike else 0
        self._reference, self._read_at = thumbnail, now
        return True

    def forget(self) -> None:
        """Read the next frames as after a change (what was read is no longer known: the
        fusion was reset for a new hand)."""
        self._reference, self._alike, self._read_at = None, 0, float("-inf")


def thumbnail_of(frame: np.ndarray) -> np.ndarray:
    """The frame's brightness as block means (int16, so that differences do not wrap)."""
    grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    height, width = grey.shape
    size = (max(1, width // BLOCK), max(1, height // BLOCK))
    return cv2.resize(grey, size, interpolation=cv2.INTER_AREA).astype(np.int16)


def changed(before: np.ndarray, after: np.ndarray) -> bool:
    """Whether any block moved by CHANGE_LEVELS or more (or the frame's size changed)."""
    if before.shape != after.shape:
        return True
    return bool((np.abs(after - before) >= CHANGE_LEVELS).any())
