"""scripts/train_card_reader.py --teachers: what the readers being learnt from say of a patch."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from train_card_reader import teachers_readings

from tableside.vision.networks import Network, softmax
from tableside.vision.reader import MODEL_PATH, SECOND_PATH


def test_teachers_readings_are_the_mean_of_each_readers_rank_and_suit_chances():
    rng = np.random.default_rng(7)
    # Training patches are stored as int8, 127 for 1.0 (as_float).
    patches = rng.integers(-40, 128, (70, 5, 32, 32), dtype=np.int8)
    readings = teachers_readings([MODEL_PATH, SECOND_PATH], patches, threads=1)
    as_read = patches.astype(np.float32) / 127
    expected = np.zeros((len(patches), 18), np.float32)
    for path in (MODEL_PATH, SECOND_PATH):
        logits = Network(path, "onnxruntime")(as_read)
        expected[:, :14] += softmax(logits[:, :14]) / 2
        expected[:, 14:] += softmax(logits[:, 14:]) / 2
    assert readings.shape == (70, 18)
    np.testing.assert_allclose(readings, expected, atol=1e-5)
    np.testing.assert_allclose(readings[:, :14].sum(axis=1), 1.0, atol=1e-5)
    np.testing.assert_allclose(readings[:, 14:].sum(axis=1), 1.0, atol=1e-5)
