"""The networks' two runners: ONNX Runtime and OpenCV's dnn module read the shipped files alike."""

from __future__ import annotations

import random

import numpy as np
import pytest
from test_vision_recognition import TRAINING, load_group

from tableside.vision.candidates import find_candidates
from tableside.vision.marks import find_marks
from tableside.vision.networks import Network, default_backend
from tableside.vision.patches import cut_glances, cut_patches
from tableside.vision.pip_shapes import MODEL_PATH as PIP_MODEL
from tableside.vision.reader import FINDER_PATH, LETTERS_PATH, READER_PATHS, SIFTER_PATH
from tableside.vision.recognizer import CardRecognizer
from tableside.vision.scenes import draw_scene
from tableside.vision.suit_pips import MODEL_PATH as WITNESS_MODEL


@pytest.fixture(scope="module")
def scene():
    return draw_scene(random.Random(5003), load_group(TRAINING["held_out"]))


def test_onnx_runtime_is_the_default_where_installed():
    # A dependency wherever it has wheels: the recogniser's speed goal counts on it.
    assert default_backend() == "onnxruntime"


@pytest.mark.parametrize("path", [FINDER_PATH, SIFTER_PATH, *READER_PATHS, LETTERS_PATH])
def test_both_runners_give_the_same_outputs_on_a_frames_patches(scene, path):
    marks = find_marks(scene.image)
    candidates = find_candidates(marks)
    glancing = path in (FINDER_PATH, SIFTER_PATH)
    batch = cut_glances(marks, candidates) if glancing else cut_patches(
        marks, candidates.subset(np.arange(min(300, len(candidates)))))
    assert len(batch) > 100
    fast = Network(path, "onnxruntime")(batch)
    plain = Network(path, "opencv")(batch)
    assert fast.shape == plain.shape == (len(batch), plain.shape[1])
    differences = np.abs(fast - plain).max(axis=1)
    if glancing:
        assert differences.max() < 1e-3
    else:
        # The readers' 8-bit convolutions (scripts/quantize_readers.py): the two runners
        # round an odd value the other way when they scale sums back to 8 bits, which moves a
        # few patches' outputs by a few hundredths (on 1,000 patches: 1-2.5 % of them by more
        # than 0.001, the most 0.12). How far differs between machines: on session 53's (AMD
        # EPYC, AVX2 without VNNI), with onnxruntime 1.31 or 1.32 and numpy 2.3 or 2.4 alike,
        # the third reader's outputs differed by more than 0.001 on 93 % of this frame's 300
        # patches, by 0.35 at most (the others' on 1-2.5 %, by 0.05 at most), and onnxruntime's
        # lay the farther from the float reader it was quantized from (its largest difference a
        # patch 0.170 on average, cv2.dnn's 0.137): most likely the overflow of 8-bit products
        # that onnxruntime's quantization notes warn of on x86 CPUs without VNNI (their remedy,
        # 7-bit weights, reduce_range, made all four readers' logits move 0.085-0.112 on average
        # from the float ones against 0.063-0.076 without; not taken: the notes name the
        # overflow for x86 without VNNI only, not for the ARM CPUs of a Pi).
        # What must hold on every CPU: each patch read as the same card by both, and nowhere
        # far apart.
        assert (fast.argmax(axis=1) == plain.argmax(axis=1)).all()
        assert differences.max() < 0.4


def test_both_runners_read_a_scene_alike(scene):
    readings = []
    for backend in ("onnxruntime", "opencv"):
        recognition = CardRecognizer(backend=backend).recognize(scene.image)
        readings.append(sorted((str(s.card), round(s.confidence, 3))
                               for s in recognition.cards))
    assert readings[0] and readings[0] == readings[1]


@pytest.mark.parametrize("model", [PIP_MODEL, WITNESS_MODEL], ids=["pips", "witnesses"])
def test_the_pip_readers_run_on_both(model):
    patches = np.random.default_rng(5).random((7, 1, 16, 16), np.float32)
    fast = Network(model, "onnxruntime")(patches)
    assert np.abs(fast - Network(model, "opencv")(patches)).max() < 1e-3


def test_a_missing_network_or_unknown_runner_is_a_clear_error(tmp_path):
    with pytest.raises(FileNotFoundError, match="missing"):
        Network(tmp_path / "nothing.onnx")
    with pytest.raises(ValueError, match="onnxruntime, opencv"):
        Network(READER_PATHS[0], "tensorflow")
