"""The index reader's two networks on batches of any size."""

from __future__ import annotations

import numpy as np

from tableside.vision.patches import CHANNELS, GLANCE, GLANCE_CHANNELS, PATCH
from tableside.vision.reader import NO_INDEX, IndexReader


def test_the_reader_judges_an_empty_batch_as_nothing():
    # A frame (or a training scene) can leave no candidate to look at.
    reader = IndexReader()
    assert reader.glance(np.zeros((0, GLANCE_CHANNELS, GLANCE, GLANCE), np.float32)).shape == (0,)
    judged = reader.judge(np.zeros((0, CHANNELS, PATCH, PATCH), np.float32))
    assert judged.shape == (0, NO_INDEX + 1)
